/**
 * @module database
 * Opens a PostgreSQL database with drizzle over a `pg` pool and applies the pending migrations from drizzle-pg/,
 * one replica at a time: replicas started together all try, and a session advisory lock makes the others wait until
 * the first is done (then they find nothing left to apply).
 */
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { PgDb } from "./connection.js";
import * as schema from "./schema.js";

export type PostgresHandle = {
  pool: pg.Pool;
  db: PgDb;
  /** The URL without its password, for the log. */
  url: string;
  close(): Promise<void>;
};

/** Both src/db/postgres and dist/db/postgres sit three levels under the package root, beside drizzle-pg/. */
const MIGRATIONS_DIR = fileURLToPath(new URL("../../../drizzle-pg", import.meta.url));

/** The advisory lock migrations run under: any constant no other application sharing the database takes. */
const MIGRATION_LOCK_KEY = 0x63616475_63657573n; // "caduceus" in ASCII

/** Connections the pool opens at most, unless told otherwise (pg's own default). */
const DEFAULT_POOL_MAX = 10;
/**
 * How long a request waits for a connection before it fails as `store_unavailable`: pg's default is forever, which
 * turns a server that does not answer (a network partition, a full connection table) into requests that hang.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/** Connects, applies pending migrations and answers the handle; the pool is closed again if either fails. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<PostgresHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A client that loses its connection (the server stopped or restarted) emits an error. An idle one is dropped by
  // the pool, which re-emits the error here; a checked-out one (a transaction's) has no listener of the pool's, and
  // its error would end the process. Either way the statement under way fails with the same error, which is where it
  // is answered (503 store_unavailable), and a client released with an error is closed, not reused.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  try {
    await applyMigrations(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { pool, db: drizzle(pool, { schema }), url: withoutPassword(url), close: () => pool.end() };
}

/** Runs the migrator on one dedicated connection holding the advisory lock, released however migrating ends. */
async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // The connection's state is unknown (the lock may still be held): it is closed rather than returned to the pool.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "";
    return parsed.toString();
  } catch {
    // Not a URL: a libpq key=value string.
    return url.replace(/password\s*=\s*('(?:[^'\\]|\\.)*'|\S+)/gi, "password=");
  }
}
