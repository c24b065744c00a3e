/**
 * @module feed
 * The queue between what produces events (a run, a session's bus) and the one reader that streams them to a
 * client, with the reader going away reported back to the producer.
 */
import type { EventPayload, EventType } from "./event-types.js";

/** One item of a feed: a named event with its data and, for persisted session events, its id. */
export type FeedItem = { [T in EventType]: { type: T; data: EventPayload<T>; id?: number } }[EventType];

/**
 * An unbounded, single-consumer queue of events that a producer pushes into and a reader iterates.
 * `cancel()` is the reader going away (a client disconnected): the producer learns it through
 * `onCancel`, and nothing pushed afterwards is kept.
 */
export class EventFeed implements AsyncIterable<FeedItem> {
  private readonly items: FeedItem[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private cancelled = false;
  private readonly cancelHandlers: Array<() => void> = [];

  push(item: FeedItem): void {
    if (this.ended) return;
    this.items.push(item);
    this.notify();
  }

  /** No more items will come; the reader finishes once it has drained the queue. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.items.length = 0;
    this.end();
    for (const handler of this.cancelHandlers.splice(0)) handler();
  }

  onCancel(handler: () => void): void {
    if (this.cancelled) handler();
    else this.cancelHandlers.push(handler);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<FeedItem> {
    while (true) {
      const item = this.items.shift();
      if (item) {
        yield item;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
