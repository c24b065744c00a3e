/**
 * @module bus
 * Session events: stored first, then handed to live subscribers; replayed after an id for streams that resume, and
 * ended for good when the session is deleted or the server stops. Old `message.delta` chunks are pruned.
 */
import type { EventRepository } from "../../db/repositories/events.js";
import type { EventPayload, SessionEventType } from "./event-types.js";

/** A stored event of one type, with that type's payload. */
export type SessionEventOf<T extends SessionEventType> = {
  id: number;
  session_id: string;
  type: T;
  data: EventPayload<T>;
  created_at: number;
};
/** Any stored event; its `type` tells which payload `data` is. */
export type SessionEvent = { [T in SessionEventType]: SessionEventOf<T> }[SessionEventType];
export type EventListener = (event: SessionEvent) => void;

/**
 * Streamed text chunks (the answer's and the reasoning's) are kept a day for clients that resume a stream with `Last-Event-ID`; the
 * whole text stays in the transcript and in `message.created`, so older chunks are only bulk.
 */
export const DELTA_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const DELTA_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The run an event belongs to: its `run_id`, or the id of the `run` it carries. */
export function runIdOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const { run_id: runId, run } = data as { run_id?: unknown; run?: { id?: unknown } };
  if (typeof runId === "string") return runId;
  if (typeof run === "object" && run !== null && typeof run.id === "string") return run.id;
  return null;
}

/**
 * Session events are persisted first (so `Last-Event-ID` can replay them) and then handed to live
 * subscribers. A listener that throws is isolated from the publisher.
 */
export class EventBus {
  /** Live subscribers per session, each with what to do when the session's stream ends for good. */
  private readonly listeners = new Map<string, Map<EventListener, (() => void) | undefined>>();
  private lastDeltaPrune = 0;

  constructor(
    private readonly repository: EventRepository,
    private readonly now: () => number = Date.now,
  ) {}

  publish<T extends SessionEventType>(sessionId: string, type: T, data: EventPayload<T>): SessionEvent | null {
    let event: SessionEvent;
    const now = this.now();
    if (now - this.lastDeltaPrune >= DELTA_PRUNE_INTERVAL_MS) {
      this.lastDeltaPrune = now;
      for (const type of ["message.delta", "reasoning.delta"])
        this.repository.deleteOlderThan(type, now - DELTA_EVENT_RETENTION_MS);
    }
    try {
      const stored = this.repository.insert(sessionId, type, data, now, runIdOf(data));
      event = { ...stored, type, data } as SessionEventOf<T> as SessionEvent;
    } catch {
      // The session was deleted while something still reported on it: nothing left to tell.
      return null;
    }
    for (const listener of [...(this.listeners.get(sessionId)?.keys() ?? [])]) {
      try {
        listener(event);
      } catch {
        /* a broken subscriber must not break the publisher */
      }
    }
    return event;
  }

  /** `onEnd` runs (and the subscription is dropped) when the session is deleted: no event can follow. */
  subscribe(sessionId: string, listener: EventListener, onEnd?: () => void): () => void {
    let subscribers = this.listeners.get(sessionId);
    if (!subscribers) {
      subscribers = new Map();
      this.listeners.set(sessionId, subscribers);
    }
    subscribers.set(listener, onEnd);
    const own = subscribers;
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(sessionId) === own) this.listeners.delete(sessionId);
    };
  }

  /** The session is gone: ends every live subscription to it, so its streams close instead of idling forever. */
  endSession(sessionId: string): void {
    const subscribers = this.listeners.get(sessionId);
    if (!subscribers) return;
    this.listeners.delete(sessionId);
    for (const onEnd of subscribers.values()) {
      try {
        onEnd?.();
      } catch {
        /* one subscriber's cleanup must not keep the others open */
      }
    }
  }

  /** The server is stopping: ends every live subscription, each stream after the events it already has. */
  endAll(): void {
    for (const sessionId of [...this.listeners.keys()]) this.endSession(sessionId);
  }

  /** Whether anyone is listening live to the session (worth producing fine-grained events for). */
  hasListeners(sessionId: string): boolean {
    return (this.listeners.get(sessionId)?.size ?? 0) > 0;
  }

  /** The persisted events of one run after `afterId`, oldest first. */
  replayRun(runId: string, afterId: number, limit?: number): SessionEvent[] {
    return this.repository.forRun(runId, afterId, limit) as SessionEvent[];
  }

  replay(sessionId: string, afterId: number, limit?: number): SessionEvent[] {
    // Rows are written by publish alone, so each stored type names the payload stored with it.
    return this.repository.after(sessionId, afterId, limit) as SessionEvent[];
  }
}
