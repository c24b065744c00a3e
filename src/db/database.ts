/**
 * @module database
 * Opens the SQLite file with drizzle over better-sqlite3, in WAL mode so a committed transaction survives a crash,
 * and applies the pending migrations from drizzle/, with foreign keys checked once they have run.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema.js";

export type Db = BetterSQLite3Database<typeof schema>;
export type DatabaseHandle = { sqlite: Database.Database; db: Db; path: string; close(): void };

/** Both src/db and dist/db sit two levels under the package root, beside drizzle/. */
const MIGRATIONS_DIR = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * Opens (creating if needed) the SQLite file in WAL mode and applies pending migrations.
 * WAL + synchronous=NORMAL keeps every committed transaction across a process crash.
 */
export function openDatabase(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  applyMigrations(sqlite, db);
  return {
    sqlite,
    db,
    path,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * SQLite's foreign-key-safe schema change procedure: foreign keys off (it cannot be changed
 * inside a transaction), migrate in one transaction, verify with foreign_key_check, keys back on.
 */
function applyMigrations(sqlite: Database.Database, db: Db): void {
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const violations = sqlite.pragma("foreign_key_check") as unknown[];
    if (violations.length > 0) {
      throw new Error(`database migration left ${violations.length} foreign-key violations; restore a backup`);
    }
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
}
