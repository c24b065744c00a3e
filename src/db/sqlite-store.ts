/**
 * @module sqlite-store
 * The store over one SQLite file. Its repositories run synchronously on the one connection; the store hands them
 * out as the async contract, behind a gate: while a transaction is open (its body may await between statements),
 * calls from outside it wait for it to end, so nothing of theirs lands inside it and nothing reads its uncommitted
 * rows. Calls from inside it (however deep, found through async-local storage) go straight through.
 */
import { SqliteApprovalGrantRepository } from "./repositories/approval-grants.js";
import { SqlitePrivateValueRepository } from "./repositories/private-values.js";
import { AsyncLocalStorage } from "node:async_hooks";
import { ActiveContextCache } from "./active-context-cache.js";
import type { DatabaseHandle } from "./database.js";
import { SqliteAnchorRepository } from "./repositories/anchors.js";
import { SqliteContextRowRepository } from "./repositories/context-rows.js";
import { SqliteDialogHistoryRepository } from "./repositories/dialog-history.js";
import { SqliteEventRepository } from "./repositories/events.js";
import { SqliteForkRepository } from "./repositories/forks.js";
import { SqliteIdempotencyRepository } from "./repositories/idempotency.js";
import { SqliteUiSessionRepository } from "./repositories/ui-sessions.js";
import { SqliteImageRepository } from "./repositories/images.js";
import { SqliteInterruptRepository } from "./repositories/interrupts.js";
import { SqliteMessageAnchorRepository } from "./repositories/message-anchors.js";
import { SqliteMessageRepository } from "./repositories/messages.js";
import { SqliteReplicaRepository } from "./repositories/replicas.js";
import { SqliteResponseRepository } from "./repositories/responses.js";
import { SqliteRunRepository } from "./repositories/runs.js";
import { SqliteSessionRepository } from "./repositories/sessions.js";
import { SqliteSteerRepository } from "./repositories/steers.js";
import { SqliteSummaryRepository } from "./repositories/summaries.js";
import { SqliteTranscriptSearchRepository } from "./repositories/transcript-search.js";
import { SqliteApiKeyRepository } from "./repositories/api-keys.js";
import { SqliteAuditRepository } from "./repositories/audit-log.js";
import { SqliteModelCallRepository } from "./repositories/model-calls.js";
import { SqliteJobRepository } from "./repositories/jobs.js";
import { SqliteWebhookRepository } from "./repositories/webhooks.js";
import type { Store, Sync } from "./store.js";
import { asStoreFailure, mapMethods, translatingFailures } from "./store-failures.js";
import { SqliteSessionAnchorRepository } from "./repositories/session-anchors.js";
import { SqliteMemoryEntryRepository } from "./repositories/memory-entries.js";

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
function gated<T>(repository: NoInfer<Sync<T>>, gate: TransactionGate): T {
  return mapMethods(repository as object, (call) => gate.call(call)) as T;
}

export function createSqliteStore(handle: DatabaseHandle): Store {
  const { db, sqlite } = handle;
  const activeContext = new ActiveContextCache();
  const gate = new TransactionGate();
  const wrap = <T>(repository: NoInfer<Sync<T>>): T => gated<T>(repository, gate);
  return {
    dialect: "sqlite",
    topology: "sole",
    location: handle.path,
    sessions: wrap(new SqliteSessionRepository(db, activeContext)),
    messages: wrap(new SqliteMessageRepository(db, sqlite, activeContext)),
    images: wrap(new SqliteImageRepository(db)),
    idempotency: wrap(new SqliteIdempotencyRepository(db)),
    events: wrap(new SqliteEventRepository(db)),
    summaries: wrap(new SqliteSummaryRepository(db)),
    runs: wrap(new SqliteRunRepository(db)),
    interrupts: wrap(new SqliteInterruptRepository(db)),
    steers: wrap(new SqliteSteerRepository(db)),
    approvalGrants: wrap(new SqliteApprovalGrantRepository(db)),
    privateValues: wrap(new SqlitePrivateValueRepository(db)),
    anchors: wrap(new SqliteAnchorRepository(sqlite)),
    messageAnchors: wrap(new SqliteMessageAnchorRepository(sqlite)),
    contextRows: wrap(new SqliteContextRowRepository(db, activeContext)),
    search: wrap(new SqliteTranscriptSearchRepository(sqlite)),
    dialogs: wrap(new SqliteDialogHistoryRepository(db)),
    responses: wrap(new SqliteResponseRepository(db)),
    forks: wrap(new SqliteForkRepository(sqlite, activeContext)),
    uiSessions: wrap(new SqliteUiSessionRepository(db)),
    replicas: wrap(new SqliteReplicaRepository(db)),
    apiKeys: wrap(new SqliteApiKeyRepository(db)),
    modelCalls: wrap(new SqliteModelCallRepository(db)),
    audit: wrap(new SqliteAuditRepository(db)),
    sessionAnchors: wrap(new SqliteSessionAnchorRepository(sqlite)),
    memoryEntries: wrap(new SqliteMemoryEntryRepository(db)),
    jobs: wrap(new SqliteJobRepository(db)),
    webhooks: wrap(new SqliteWebhookRepository(db)),
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
