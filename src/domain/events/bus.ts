import type { EventRepository } from "../../db/repositories/events.js";

export type SessionEvent = { id: number; session_id: string; type: string; data: unknown; created_at: number };
export type EventListener = (event: SessionEvent) => void;

/**
 * Session events are persisted first (so `Last-Event-ID` can replay them) and then handed to live
 * subscribers. A listener that throws is isolated from the publisher.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly closeHandlers = new Map<string, Set<() => void>>();

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

  /** Runs `handler` when the session's live streams close; the returned function forgets it. */
  onClose(sessionId: string, handler: () => void): () => void {
    let set = this.closeHandlers.get(sessionId);
    if (!set) {
      set = new Set();
      this.closeHandlers.set(sessionId, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.closeHandlers.delete(sessionId);
    };
  }

  /**
   * Tells live streams that no more events will come, so each finishes what it has queued: those of
   * one session (it was deleted), or of every session (the server is stopping).
   */
  close(sessionId?: string): void {
    const ids = sessionId === undefined ? [...this.closeHandlers.keys()] : [sessionId];
    for (const id of ids) {
      const handlers = this.closeHandlers.get(id);
      this.closeHandlers.delete(id);
      for (const handler of handlers ?? []) handler();
    }
  }

  /** Whether anyone is listening live to the session (worth producing fine-grained events for). */
  hasListeners(sessionId: string): boolean {
    return (this.listeners.get(sessionId)?.size ?? 0) > 0;
  }

  replay(sessionId: string, afterId: number, limit?: number): SessionEvent[] {
    return this.repository.after(sessionId, afterId, limit);
  }
}
