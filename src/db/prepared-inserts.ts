/**
 * @module prepared-inserts
 * An INSERT of one whole row, prepared once: building a drizzle query costs far more than running it, and some rows
 * are written on every turn (a model call's usage, an audit entry). The values are bound as the driver takes them.
 */
import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./database.js";

type Prepared = { run(params: Record<string, unknown>): unknown };

/** better-sqlite3 binds numbers, not booleans; drizzle's own mapping is skipped for placeholders. */
const bound = (value: unknown): unknown => (typeof value === "boolean" ? (value ? 1 : 0) : (value ?? null));

export class PreparedInsert<Table extends SQLiteTable> {
  private readonly statement: Prepared;
  private readonly keys: string[];

  constructor(db: Db, table: Table) {
    this.keys = Object.keys(getTableColumns(table));
    const values: Record<string, unknown> = {};
    for (const key of this.keys) values[key] = sql.placeholder(key);
    this.statement = db
      .insert(table)
      .values(values as never)
      .prepare();
  }

  /** Inserts the row, which names every column (one it leaves out would be stored as null, not its default). */
  run(row: Table["$inferInsert"]): void {
    const params: Record<string, unknown> = {};
    const values = row as Record<string, unknown>;
    for (const key of this.keys) params[key] = bound(values[key]);
    this.statement.run(params);
  }
}
