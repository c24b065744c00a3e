/**
 * @module connection
 * The one thing every PostgreSQL repository holds: the drizzle database over the pool, the transaction under way in
 * the caller's async context, if any, which every statement joins (so a use case groups writes made deep in the call
 * tree without passing a handle down), and named statements for the hottest paths, which each connection parses
 * and plans once instead of on every call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as schema from "./schema.js";

export type PgDb = NodePgDatabase<typeof schema>;
/** Where a repository's statements run: the query builder on the pool, or on the transaction's client. */
export type PgExecutor = Pick<PgDb, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * A statement sent by name: each connection of the pool parses and plans it the first time it runs there, and later
 * calls send only the values (no query built, no text parsed). Its text is fixed; the values are `$1`, `$2`, ….
 */
export type NamedStatement = { readonly name: string; readonly text: string };

/**
 * Declares a named statement. Its name carries a digest of its text, so two texts never share one (a connection
 * keeps each name's plan), and declaring the same text again gives the same statement.
 */
export function namedStatement(label: string, text: string): NamedStatement {
  return { name: `caduceus_${label}_${createHash("sha256").update(text).digest("hex").slice(0, 12)}`, text };
}

type Transaction = { client: pg.PoolClient; db: PgDb };

export class PgConnection {
  private readonly current = new AsyncLocalStorage<Transaction>();
  /** A query builder per pooled client, made the first time the client runs a transaction. */
  private readonly builders = new WeakMap<pg.PoolClient, PgDb>();

  constructor(
    readonly db: PgDb,
    private readonly pool: pg.Pool,
  ) {}

  /** Where a statement runs: the caller's transaction, or the pool. */
  get exec(): PgExecutor {
    return this.current.getStore()?.db ?? this.db;
  }

  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs a named statement in the caller's transaction, or on the pool; answers the rows as the driver parsed them. */
  async query<Row extends Record<string, unknown>>(statement: NamedStatement, values: unknown[]): Promise<Row[]> {
    const target = this.current.getStore()?.client ?? this.pool;
    const result = await target.query<Row>({ name: statement.name, text: statement.text, values });
    return result.rows;
  }

  /**
   * Runs `fn` in a transaction on one client of the pool (joining the caller's own, if it is in one): it commits when
   * `fn` resolves and rolls back when it rejects. A client whose rollback failed is closed, not given back.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn();
    const client = await this.pool.connect();
    // What ended the connection's known state: a begin, rollback or commit that failed. Such a client is closed.
    let broken: Error | undefined;
    const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
    try {
      await client.query("begin");
    } catch (error) {
      client.release(asError(error));
      throw error;
    }
    try {
      let result: T;
      try {
        result = await this.current.run({ client, db: this.builderFor(client) }, fn);
      } catch (error) {
        await client.query("rollback").catch((rollbackError: unknown) => (broken = asError(rollbackError)));
        throw error;
      }
      await client.query("commit").catch((commitError: unknown) => {
        broken = asError(commitError);
        throw commitError;
      });
      return result;
    } finally {
      client.release(broken);
    }
  }

  private builderFor(client: pg.PoolClient): PgDb {
    let db = this.builders.get(client);
    if (!db) {
      db = drizzle(client, { schema });
      this.builders.set(client, db);
    }
    return db;
  }
}
