/**
 * @module run-feed
 * One run's event stream as one feed: its persisted events after `Last-Event-ID` (all of them without one), then its
 * live ones, with no gap and no duplicate, ending after the run's last event (`run.completed`, `run.failed` or
 * `run.cancelled`) — at once when the run had already ended.
 */
import { runIdOf, type EventBus, type SessionEvent } from "./bus.js";
import { EventFeed } from "./feed.js";

const REPLAY_PAGE = 1_000;
/** How long a feed of a run stored as ended waits for the run's last event before it ends without it. */
const FINAL_EVENT_WAIT_MS = 2_000;
const FINAL_EVENTS: ReadonlySet<string> = new Set(["run.completed", "run.failed", "run.cancelled"]);

export function openRunFeed(
  bus: EventBus,
  run: { id: string; sessionId: string },
  afterId: number | null,
  /** Whether the run has ended, read once the replay is done (a run cut by a crash has no final event). */
  hasEnded: () => Promise<boolean>,
): EventFeed {
  const feed = new EventFeed();
  const pending: SessionEvent[] = [];
  let replaying = true;
  let lastId = afterId ?? 0;
  let ended = false;
  let unsubscribe = () => {};
  const deliver = (event: SessionEvent) => {
    if (ended || event.id <= lastId) return;
    lastId = event.id;
    feed.push(event);
    if (FINAL_EVENTS.has(event.type)) {
      ended = true;
      feed.end();
      unsubscribe();
    }
  };
  unsubscribe = bus.subscribe(
    run.sessionId,
    (event) => {
      if (runIdOf(event.data) !== run.id) return;
      if (replaying) pending.push(event);
      else deliver(event);
    },
    () => feed.end(),
  );
  feed.onCancel(unsubscribe);
  const replay = async () => {
    while (!ended) {
      const page = await bus.replayRun(run.id, lastId, REPLAY_PAGE);
      for (const event of page) deliver(event);
      if (page.length < REPLAY_PAGE) break;
    }
    replaying = false;
    for (const event of pending.splice(0)) deliver(event);
    if (!ended && (await hasEnded())) {
      // Ended as stored: its last event is being published, or (a run cut by a crash) never will be.
      const timer = setTimeout(() => {
        if (ended) return;
        ended = true;
        feed.end();
        unsubscribe();
      }, FINAL_EVENT_WAIT_MS);
      timer.unref();
    }
    if (ended) unsubscribe();
  };
  // The feed is handed out at once; what the replay reads is pushed to it as it comes, live events wait behind it.
  void replay().catch(() => feed.end());
  return feed;
}
