/**
 * @module connection
 * The one thing every PostgreSQL repository holds: the drizzle database over the pool, and the transaction under
 * way in the caller's async context, if any, which every statement joins (so a use case groups writes made deep in
 * the call tree without passing a handle down).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "./schema.js";

export type PgDb = NodePgDatabase<typeof schema>;
/** A transaction's handle: the same query builder, on the transaction's client. */
export type PgExecutor = Pick<PgDb, "select" | "insert" | "update" | "delete" | "execute">;

export class PgConnection {
  private readonly current = new AsyncLocalStorage<PgExecutor>();

  constructor(readonly db: PgDb) {}

  /** Where a statement runs: the caller's transaction, or the pool. */
  get exec(): PgExecutor {
    return this.current.getStore() ?? this.db;
  }

  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `fn` in a transaction (joining the caller's own, if it is in one). */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn();
    return this.db.transaction((tx) => this.current.run(tx, fn));
  }
}
