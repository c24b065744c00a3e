/**
 * @module run-followers
 * Who follows a run while it lasts: requests waiting for its end or its pause (`done`), and event feeds of the
 * session open until the run ends (across its pauses), ended with `done`. A feed opened for an OpenAI chat client
 * also ends at a pause for the client's own tools, as does a wait that asked for that.
 */
import { contentText } from "../../kernel/text.js";
import { EventFeed } from "../events/feed.js";
import type { EventBus } from "../events/bus.js";
import { publicMessage } from "../shared/message-shape.js";
import type { FinishedRun } from "./run-params.js";

/** A feed that follows a run; one opened for an OpenAI chat client also ends at a pause for its own tools. */
type RunFeed = { feed: EventFeed; untilClientTools: boolean; unsubscribe: () => void };
type Waiter = { untilClientTools: boolean; resolve: (finished: FinishedRun) => void };

/**
 * A stored run as the events a live stream of it would have carried: each message (an assistant's text also as
 * `message.delta`, which OpenAI-compatible streams are built from), the run's end (or its pause), then `done`. The
 * frames carry no ids: they are a rebuilt answer, not the session's persisted events.
 */
export function storedRunFeed(finished: FinishedRun): EventFeed {
  const feed = new EventFeed();
  const { run } = finished;
  for (const message of finished.messages) {
    if (message.role === "assistant" && message.content !== null) {
      feed.push({ type: "message.delta", data: { run_id: run.id, content: contentText(message.content) } });
    }
    feed.push({ type: "message.created", data: { run_id: run.id, message: publicMessage(message) } });
  }
  if (run.status === "completed" || run.status === "incomplete") feed.push({ type: "run.completed", data: { run } });
  else if (run.status === "cancelled") feed.push({ type: "run.cancelled", data: { run } });
  else if (run.status === "requires_action")
    feed.push({ type: "run.requires_action", data: { run, interrupts: finished.interrupts } });
  else if (run.status !== "running") feed.push({ type: "run.failed", data: { run } });
  feed.push({ type: "done", data: { run } });
  feed.end();
  return feed;
}

export class RunFollowers {
  private readonly feeds = new Map<string, Set<RunFeed>>();
  private readonly waiters = new Map<string, Waiter[]>();

  constructor(private readonly events: EventBus) {}

  /** Settles at the run's next end or pause (with `untilClientTools`, only a pause for the client's tools, or its end). */
  waitFor(runId: string, untilClientTools: boolean): Promise<FinishedRun> {
    return new Promise((resolve) => {
      const list = this.waiters.get(runId) ?? [];
      list.push({ untilClientTools, resolve });
      this.waiters.set(runId, list);
    });
  }

  /** A feed of the session's events from now until the run ends; follows the run across its pauses. */
  openFeed(runId: string, sessionId: string, untilClientTools: boolean): EventFeed {
    const feed = new EventFeed();
    const unsubscribe = this.events.subscribe(sessionId, (event) => feed.push(event));
    let set = this.feeds.get(runId);
    if (!set) this.feeds.set(runId, (set = new Set()));
    const entry: RunFeed = { feed, untilClientTools, unsubscribe };
    set.add(entry);
    const own = set;
    feed.onCancel(() => {
      unsubscribe();
      own.delete(entry);
    });
    return feed;
  }

  /** Whether anyone follows the run's events live. */
  hasFeeds(runId: string): boolean {
    return (this.feeds.get(runId)?.size ?? 0) > 0;
  }

  /** The runs someone follows or waits on. */
  followedRuns(): string[] {
    return [...new Set([...this.feeds.keys(), ...this.waiters.keys()])];
  }

  /** The run paused: the waits it answers settle, and a pause for the client's tools ends the feeds that stop there. */
  paused(runId: string, finished: FinishedRun): void {
    const clientTools = finished.interrupts.some((i) => i.kind === "client_tool");
    this.resolveWaiters(runId, finished, (waiter) => !waiter.untilClientTools || clientTools);
    if (clientTools) this.endFeeds(runId, finished, (entry) => entry.untilClientTools);
  }

  /** The run ended (or, at a shutdown, stands where it is): every wait settles, every feed ends with `done`. */
  ended(runId: string, finished: FinishedRun): void {
    this.resolveWaiters(runId, finished, () => true);
    this.endFeeds(runId, finished, () => true);
  }

  private resolveWaiters(runId: string, finished: FinishedRun, matches: (waiter: Waiter) => boolean): void {
    const list = this.waiters.get(runId);
    if (!list) return;
    const keep = list.filter((waiter) => {
      if (!matches(waiter)) return true;
      waiter.resolve(finished);
      return false;
    });
    if (keep.length) this.waiters.set(runId, keep);
    else this.waiters.delete(runId);
  }

  /** Ends the feeds `which` picks with `done` (the run as it stands) and stops them following the run. */
  private endFeeds(runId: string, finished: FinishedRun, which: (entry: RunFeed) => boolean): void {
    const set = this.feeds.get(runId);
    if (!set) return;
    for (const entry of [...set]) {
      if (!which(entry)) continue;
      set.delete(entry);
      entry.unsubscribe();
      entry.feed.push({ type: "done", data: { run: finished.run } });
      entry.feed.end();
    }
    if (set.size === 0) this.feeds.delete(runId);
  }
}
