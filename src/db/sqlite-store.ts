/**
 * @module sqlite-store
 * The store over one SQLite file. Its repositories run synchronously on the one connection; the store hands them
 * out as the async contract, behind a gate: while a transaction is open (its body may await between statements),
 * calls from outside it wait for it to end, so nothing of theirs lands inside it and nothing reads its uncommitted
 * rows. Calls from inside it (however deep, found through async-local storage) go straight through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { ActiveContextCache } from "./active-context-cache.js";
import type { DatabaseHandle } from "./database.js";
import { AnchorRepository } from "./repositories/anchors.js";
import { ContextRowRepository } from "./repositories/context-rows.js";
import { DialogHistoryRepository } from "./repositories/dialog-history.js";
import { EventRepository } from "./repositories/events.js";
import { ForkRepository } from "./repositories/forks.js";
import { IdempotencyRepository } from "./repositories/idempotency.js";
import { UiSessionRepository } from "./repositories/ui-sessions.js";
import { ImageRepository } from "./repositories/images.js";
import { InterruptRepository } from "./repositories/interrupts.js";
import { MessageAnchorRepository } from "./repositories/message-anchors.js";
import { MessageRepository } from "./repositories/messages.js";
import { ReplicaRepository } from "./repositories/replicas.js";
import { ResponseRepository } from "./repositories/responses.js";
import { RunRepository } from "./repositories/runs.js";
import { SessionRepository } from "./repositories/sessions.js";
import { SteerRepository } from "./repositories/steers.js";
import { SummaryRepository } from "./repositories/summaries.js";
import { TranscriptSearchRepository } from "./repositories/transcript-search.js";
import type { Async, Store } from "./store.js";
import { asStoreFailure, mapMethods, translatingFailures } from "./store-failures.js";

/** One connection's transaction gate: at most one transaction open, and only its own calls run while it is. */
class TransactionGate {
  private readonly inside = new AsyncLocalStorage<true>();
  /** Resolves when the open transaction ends; null when none is open. */
  private ended: Promise<void> | null = null;

  /** Runs `fn` now, or once the open transaction (not the caller's own) has ended. */
  call<T>(fn: () => T): Promise<T> {
    // The common case, no transaction open: run now, without an async frame or a look at the async context.
    if (!this.ended) {
      try {
        return Promise.resolve(fn());
      } catch (error) {
        return Promise.reject(asStoreFailure(error));
      }
    }
    return this.callAfterTransaction(fn);
  }

  private async callAfterTransaction<T>(fn: () => T): Promise<T> {
    while (this.ended && !this.inside.getStore()) await this.ended;
    try {
      return fn();
    } catch (error) {
      throw asStoreFailure(error);
    }
  }

  /** Opens a transaction (waiting for one under way), runs `fn` inside it, commits or rolls back. */
  async transaction<T>(begin: () => void, commit: () => void, rollback: () => void, fn: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return fn();
    while (this.ended) await this.ended;
    let end!: () => void;
    this.ended = new Promise<void>((resolve) => (end = resolve));
    try {
      begin();
      let result: T;
      try {
        result = await this.inside.run(true, fn);
      } catch (error) {
        rollback();
        throw error;
      }
      commit();
      return result;
    } finally {
      this.ended = null;
      end();
    }
  }
}

/** The repository's public methods, each run through the gate and answered as a promise, its failures translated. */
function gated<T extends object>(repository: T, gate: TransactionGate): Async<T> {
  return mapMethods(repository, (call) => gate.call(call)) as Async<T>;
}

export function createSqliteStore(handle: DatabaseHandle): Store {
  const { db, sqlite } = handle;
  const activeContext = new ActiveContextCache();
  const gate = new TransactionGate();
  const wrap = <T extends object>(repository: T) => gated(repository, gate);
  return {
    dialect: "sqlite",
    location: handle.path,
    sessions: wrap(new SessionRepository(db, activeContext)),
    messages: wrap(new MessageRepository(db, sqlite, activeContext)),
    images: wrap(new ImageRepository(db)),
    idempotency: wrap(new IdempotencyRepository(db)),
    events: wrap(new EventRepository(db)),
    summaries: wrap(new SummaryRepository(db)),
    runs: wrap(new RunRepository(db)),
    interrupts: wrap(new InterruptRepository(db)),
    steers: wrap(new SteerRepository(db)),
    anchors: wrap(new AnchorRepository(sqlite)),
    messageAnchors: wrap(new MessageAnchorRepository(sqlite)),
    contextRows: wrap(new ContextRowRepository(db, activeContext)),
    search: wrap(new TranscriptSearchRepository(sqlite)),
    dialogs: wrap(new DialogHistoryRepository(db)),
    responses: wrap(new ResponseRepository(db)),
    forks: wrap(new ForkRepository(sqlite, activeContext)),
    uiSessions: wrap(new UiSessionRepository(db)),
    replicas: wrap(new ReplicaRepository(db)),
    transaction: <T>(fn: () => Promise<T>): Promise<T> =>
      translatingFailures(() =>
        gate.transaction(
          () => {
            sqlite.exec("BEGIN IMMEDIATE");
            activeContext.beginTransaction();
          },
          () => {
            sqlite.exec("COMMIT");
            activeContext.endTransaction(true);
          },
          () => {
            if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
            activeContext.endTransaction(false);
          },
          fn,
        ),
      ),
    ping: () => gate.call(() => (sqlite.prepare("select 1 as ok").get() as { ok: number }).ok === 1),
    close: async () => handle.close(),
  };
}
