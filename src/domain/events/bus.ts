/**
 * @module bus
 * Session events: stored first, then handed to live subscribers; replayed after an id for streams that resume, and
 * ended for good when the session is deleted or the server stops. Old `message.delta` chunks are pruned.
 */
import type { Store } from "../../db/store.js";
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
/** An event to store: a type with its payload. */
export type PendingEvent = { [T in SessionEventType]: { type: T; data: EventPayload<T> } }[SessionEventType];
/** Stores events inside the transaction that calls it (see EventBus.publishWithin). */
export type StageEvents = (events: PendingEvent[]) => Promise<void>;

/**
 * Where a shared database announces each event stored, by any replica, once it is committed — in commit order, which
 * for one session is id order (PostgreSQL's NOTIFY). Without one, events are handed over as this process stores them.
 */
export type EventAnnouncements = {
  /** `missed` is told when announcements may have been lost (the listening connection dropped and is back). */
  listen(announced: (sessionId: string, id: number) => void, missed?: () => void): () => void;
};

/** How long a publish waits for its own announcement before reading the rows itself (a lost notification). */
const ANNOUNCEMENT_WAIT_MS = 2_000;

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
  /** Per session, publishes are stored one after another, in the order they were asked for, awaited or not. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per session, the newest event id handed to its live subscribers: none is handed over twice. */
  private readonly delivered = new Map<string, number>();

  /** Sessions whose newer rows are being read after an announcement; a later one reads again when that ends. */
  private readonly catchingUp = new Map<string, Promise<void>>();
  private readonly catchUpAgain = new Set<string>();
  private readonly stopListening: () => void = () => {};
  /** Who hears of every event this process stores, whatever its session (the metrics, webhooks, jobs). */
  private readonly taps = new Set<(event: SessionEvent) => void>();

  constructor(
    private readonly repository: Store["events"],
    private readonly now: () => number = Date.now,
    /**
     * With several replicas, live events come from the database's announcements, this replica's own included: they
     * are read from the rows in id order, so every subscriber sees what `Last-Event-ID` replay would give.
     */
    private readonly announcements: EventAnnouncements | null = null,
  ) {
    if (announcements)
      this.stopListening = announcements.listen(
        (sessionId, id) => this.announced(sessionId, id),
        () => this.missedAnnouncements(),
      );
  }

  /**
   * Stores the event and hands it to the live subscribers; answers it, or null when its session is gone. Calls are
   * stored in the order they were made, so a caller that does not wait still sees its events in order.
   */
  publish<T extends SessionEventType>(sessionId: string, type: T, data: EventPayload<T>): Promise<SessionEvent | null> {
    return this.inTurn(sessionId, () => this.store(sessionId, type, data));
  }

  /**
   * Runs `write` — a transaction of the caller's — in the session's turn, once the events published before it are
   * stored: the events it stages are stored inside that transaction (one commit for the rows and the events that
   * announce them) and handed to the live subscribers once it has committed, never when it rolled back. `write` must
   * not publish on the same session itself: that would wait for its own turn.
   */
  publishWithin<R>(sessionId: string, write: (stage: StageEvents) => Promise<R>): Promise<R> {
    return this.inTurn(sessionId, async () => {
      const staged: SessionEvent[] = [];
      const result = await write(async (events) => {
        const rows = events.map(({ type, data }) => ({ type, data, runId: runIdOf(data) }));
        const stored = await this.repository.insertAll(sessionId, rows, this.now());
        for (const [i, { type, data }] of events.entries()) staged.push({ ...stored[i], type, data } as SessionEvent);
      });
      for (const event of staged) await this.handOver(event);
      return result;
    });
  }

  /** Runs `work` after the session's earlier publishes; one that fails does not hold back the ones after it. */
  private inTurn<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    const result = (this.queues.get(sessionId) ?? Promise.resolve()).then(work);
    // A session's queue goes once it has drained.
    const tail = result.catch(() => undefined);
    this.queues.set(sessionId, tail);
    void tail.then(() => {
      if (this.queues.get(sessionId) === tail) this.queues.delete(sessionId);
    });
    return result;
  }

  private async store<T extends SessionEventType>(
    sessionId: string,
    type: T,
    data: EventPayload<T>,
  ): Promise<SessionEvent | null> {
    const now = this.now();
    if (now - this.lastDeltaPrune >= DELTA_PRUNE_INTERVAL_MS) {
      this.lastDeltaPrune = now;
      await this.repository.deleteChunksBefore(now - DELTA_EVENT_RETENTION_MS).catch(() => 0);
    }
    let event: SessionEvent;
    try {
      const stored = await this.repository.insert(sessionId, type, data, now, runIdOf(data));
      event = { ...stored, type, data } as SessionEventOf<T> as SessionEvent;
    } catch {
      // The session was deleted while something still reported on it: nothing left to tell.
      return null;
    }
    await this.handOver(event);
    return event;
  }

  /** A stored (and committed) event goes to the taps and the session's live subscribers. */
  private async handOver(event: SessionEvent): Promise<void> {
    for (const tap of this.taps) {
      try {
        tap(event);
      } catch {
        // A broken tap must not break the publisher.
      }
    }
    if (!this.announcements) this.deliver(event);
    else if (this.listeners.has(event.session_id)) await this.deliveredUpTo(event.session_id, event.id);
  }

  /** Hears of every event this process stores from now on; answers the function that stops it. */
  tap(listener: (event: SessionEvent) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  /** Another replica (or this one) stored an event: the session's subscribers here get the rows they lack. */
  private announced(sessionId: string, id: number): void {
    if (!this.listeners.has(sessionId) || id <= (this.delivered.get(sessionId) ?? 0)) return;
    if (!this.delivered.has(sessionId)) this.delivered.set(sessionId, id - 1);
    void this.catchUp(sessionId);
  }

  /**
   * Announcements may have been lost: every session whose subscribers here have been handed an event reads the rows
   * after it. (A session none has been handed yet has no row to read after; its subscribers get what comes next.)
   */
  private missedAnnouncements(): void {
    for (const sessionId of this.listeners.keys()) if (this.delivered.has(sessionId)) void this.catchUp(sessionId);
  }

  /** Reads the session's rows after the last one handed over and hands them over, one reader at a time. */
  private catchUp(sessionId: string): Promise<void> {
    const running = this.catchingUp.get(sessionId);
    if (running) {
      this.catchUpAgain.add(sessionId);
      return running;
    }
    const read = (async () => {
      do {
        this.catchUpAgain.delete(sessionId);
        const after = this.delivered.get(sessionId);
        if (after === undefined) return;
        const rows = (await this.repository.after(sessionId, after).catch(() => [])) as SessionEvent[];
        for (const event of rows) this.deliver(event);
      } while (this.catchUpAgain.has(sessionId));
    })().finally(() => this.catchingUp.delete(sessionId));
    this.catchingUp.set(sessionId, read);
    return read;
  }

  /** Waits until the event is handed to the session's subscribers here (reading it itself if no announcement came). */
  private async deliveredUpTo(sessionId: string, id: number): Promise<void> {
    if (!this.delivered.has(sessionId)) this.delivered.set(sessionId, id - 1);
    if ((this.delivered.get(sessionId) ?? id) >= id) return;
    let timer: NodeJS.Timeout | undefined;
    const handedOver = new Promise<boolean>((resolve) => {
      const list = this.awaiting.get(sessionId) ?? [];
      list.push({ id, resolve: () => resolve(true) });
      this.awaiting.set(sessionId, list);
      timer = setTimeout(() => resolve(false), ANNOUNCEMENT_WAIT_MS);
    });
    if (!(await handedOver)) await this.catchUp(sessionId);
    clearTimeout(timer);
  }

  /** Publishes waiting for the session's subscribers to have their event, resolved as events are handed over. */
  private readonly awaiting = new Map<string, Array<{ id: number; resolve: () => void }>>();

  private settleAwaiting(sessionId: string, upTo: number): void {
    const list = this.awaiting.get(sessionId);
    if (!list) return;
    const waiting = list.filter((entry) => {
      if (entry.id > upTo) return true;
      entry.resolve();
      return false;
    });
    if (waiting.length) this.awaiting.set(sessionId, waiting);
    else this.awaiting.delete(sessionId);
  }

  /**
   * Hands a stored event to the session's live subscribers, once: an event published here and the same event
   * announced by another replica's notification (or this one's own, coming back) is delivered the first time only.
   */
  deliver(event: SessionEvent): void {
    const last = this.delivered.get(event.session_id) ?? 0;
    if (event.id <= last) return;
    const subscribers = this.listeners.get(event.session_id);
    if (subscribers) this.delivered.set(event.session_id, event.id);
    this.settleAwaiting(event.session_id, event.id);
    for (const listener of [...(subscribers?.keys() ?? [])]) {
      try {
        listener(event);
      } catch {
        /* a broken subscriber must not break the publisher */
      }
    }
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
      if (own.size === 0 && this.listeners.get(sessionId) === own) {
        this.listeners.delete(sessionId);
        this.delivered.delete(sessionId);
        this.settleAwaiting(sessionId, Number.POSITIVE_INFINITY);
      }
    };
  }

  /** The session is gone: ends every live subscription to it, so its streams close instead of idling forever. */
  endSession(sessionId: string): void {
    const subscribers = this.listeners.get(sessionId);
    if (!subscribers) return;
    this.listeners.delete(sessionId);
    this.delivered.delete(sessionId);
    this.settleAwaiting(sessionId, Number.POSITIVE_INFINITY);
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
    this.stopListening();
    for (const sessionId of [...this.listeners.keys()]) this.endSession(sessionId);
  }

  /** Whether anyone is listening live to the session (worth producing fine-grained events for). */
  hasListeners(sessionId: string): boolean {
    return (this.listeners.get(sessionId)?.size ?? 0) > 0;
  }

  /** The persisted events of one run after `afterId`, oldest first. */
  async replayRun(runId: string, afterId: number, limit?: number): Promise<SessionEvent[]> {
    return (await this.repository.forRun(runId, afterId, limit)) as SessionEvent[];
  }

  async replay(sessionId: string, afterId: number, limit?: number): Promise<SessionEvent[]> {
    // Rows are written by publish alone, so each stored type names the payload stored with it.
    return (await this.repository.after(sessionId, afterId, limit)) as SessionEvent[];
  }
}
