/**
 * @module run-feed
 * One run's event stream as one feed: its persisted events after `Last-Event-ID` (all of them without one), then its
 * live ones, with no gap and no duplicate, ending after the run's last event (`run.completed`, `run.failed` or
 * `run.cancelled`) — at once when the run had already ended.
 */
import { runIdOf, type EventBus, type SessionEvent } from "./bus.js";
import { EventFeed } from "./feed.js";

const REPLAY_PAGE = 1_000;
const FINAL_EVENTS: ReadonlySet<string> = new Set(["run.completed", "run.failed", "run.cancelled"]);

export function openRunFeed(
  bus: EventBus,
  run: { id: string; sessionId: string },
  afterId: number | null,
  /** Whether the run has ended, read once the replay is done (a run cut by a crash has no final event). */
  hasEnded: () => boolean,
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
  while (!ended) {
    const page = bus.replayRun(run.id, lastId, REPLAY_PAGE);
    for (const event of page) deliver(event);
    if (page.length < REPLAY_PAGE) break;
  }
  replaying = false;
  for (const event of pending.splice(0)) deliver(event);
  if (!ended && hasEnded()) {
    ended = true;
    feed.end();
  }
  if (ended) unsubscribe();
  return feed;
}
