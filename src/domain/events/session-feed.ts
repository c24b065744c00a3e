/**
 * @module session-feed
 * A session's event stream as one feed: with `Last-Event-ID`, the persisted events after it first, then the live
 * ones, with no gap and no duplicate; without it, live events only.
 */
import type { EventBus, SessionEvent } from "./bus.js";
import { EventFeed } from "./feed.js";

const REPLAY_PAGE = 1_000;

/**
 * A session's events from `afterId` on: the persisted ones first, then live ones, with no gap and
 * no duplicate. The live subscription starts before the replay reads the database, and live events
 * already covered by the replay are skipped by id. Cancelling the feed unsubscribes; deleting the
 * session ends it.
 */
export function openSessionFeed(bus: EventBus, sessionId: string, afterId: number | null): EventFeed {
  const feed = new EventFeed();
  const pending: SessionEvent[] = [];
  let replaying = afterId !== null;
  let lastId = afterId ?? 0;
  const deliver = (event: SessionEvent) => {
    if (event.id <= lastId) return;
    lastId = event.id;
    feed.push(event);
  };
  const unsubscribe = bus.subscribe(
    sessionId,
    (event) => (replaying ? pending.push(event) : deliver(event)),
    () => feed.end(),
  );
  feed.onCancel(unsubscribe);
  if (afterId !== null) {
    const replay = async () => {
      while (true) {
        const page = await bus.replay(sessionId, lastId, REPLAY_PAGE);
        for (const event of page) deliver(event);
        if (page.length < REPLAY_PAGE) break;
      }
      replaying = false;
      for (const event of pending.splice(0)) deliver(event);
    };
    // The feed is handed out at once; what the replay reads is pushed to it as it comes, live events wait behind it.
    void replay().catch(() => feed.end());
  }
  return feed;
}
