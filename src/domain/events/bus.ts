import type { EventRepository } from "../../db/repositories/events.js";

export type SessionEvent = { id: number; session_id: string; type: string; data: unknown; created_at: number };
export type EventListener = (event: SessionEvent) => void;

/**
 * Session events are persisted first (so `Last-Event-ID` can replay them) and then handed to live
 * subscribers. A listener that throws is isolated from the publisher.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly closeHandlers = new Set<() => void>();

  constructor(
    private readonly repository: EventRepository,
    private readonly now: () => number = Date.now,
  ) {}

  publish(sessionId: string, type: string, data: unknown): SessionEvent | null {
    let event: SessionEvent;
    try {
      event = this.repository.insert(sessionId, type, data, this.now());
    } catch {
      // The session was deleted while something still reported on it: nothing left to tell.
      return null;
    }
    for (const listener of this.listeners.get(sessionId) ?? []) {
      try {
        listener(event);
      } catch {
        /* a broken subscriber must not break the publisher */
      }
    }
    return event;
  }

  subscribe(sessionId: string, listener: EventListener): () => void {
    let set = this.listeners.get(sessionId);
    if (!set) {
      set = new Set();
      this.listeners.set(sessionId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Runs `handler` when the bus closes (the server is stopping); the returned function forgets it. */
  onClose(handler: () => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  /** Tells every live stream that no more events will come, so it can finish what it has queued. */
  close(): void {
    for (const handler of [...this.closeHandlers]) handler();
    this.closeHandlers.clear();
  }

  /** Whether anyone is listening live to the session (worth producing fine-grained events for). */
  hasListeners(sessionId: string): boolean {
    return (this.listeners.get(sessionId)?.size ?? 0) > 0;
  }

  replay(sessionId: string, afterId: number, limit?: number): SessionEvent[] {
    return this.repository.after(sessionId, afterId, limit);
  }
}
