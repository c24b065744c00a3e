/**
 * @module schema-parity.happy.test
 * The two dialects' schemas describe the same tables: every table of the SQLite schema has its PostgreSQL twin with
 * the same columns (SQL names, nullability, whether it is a primary key), and the other way round. The row modules
 * (src/db/rows/) and the store contract rely on it: one record mapper reads both dialects' rows.
 */
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as pgSchema from "../../src/db/postgres/schema.js";
import * as sqliteSchema from "../../src/db/schema.js";

type ColumnShape = { name: string; notNull: boolean; primary: boolean };

/**
 * Columns one dialect has by design, each with why. PostgreSQL indexes the transcript's text in a generated
 * `tsvector` column; SQLite does it in an FTS5 virtual table (migrations), which is no drizzle table.
 */
const PG_ONLY_COLUMNS: Record<string, string[]> = { messages: ["search_vector"] };

/** Each table of a schema module by its SQL name, with its columns as SQL sees them. */
function tablesOf(schema: Record<string, unknown>): Map<string, ColumnShape[]> {
  const tables = new Map<string, ColumnShape[]>();
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const columns = Object.values(getTableColumns(value)).map((column) => ({
      name: column.name,
      notNull: column.notNull,
      primary: column.primary,
    }));
    tables.set(
      getTableName(value),
      columns.sort((a, b) => a.name.localeCompare(b.name)),
    );
  }
  return tables;
}

describe("the SQLite and PostgreSQL schemas", () => {
  const sqlite = tablesOf(sqliteSchema);
  const pg = tablesOf(pgSchema);

  it("name the same tables", () => {
    expect(sqlite.size).toBeGreaterThan(15);
    expect([...pg.keys()].sort()).toEqual([...sqlite.keys()].sort());
  });

  it("give every table the same columns, nullable and keyed alike", () => {
    for (const [table, columns] of sqlite) {
      const twin = (pg.get(table) ?? []).filter((column) => !PG_ONLY_COLUMNS[table]?.includes(column.name));
      expect(twin, table).toEqual(columns);
    }
    // An exception names a column that is really there, so a stale one does not hide a new difference.
    for (const [table, names] of Object.entries(PG_ONLY_COLUMNS))
      for (const name of names) expect(pg.get(table)?.map((column) => column.name)).toContain(name);
  });
});
