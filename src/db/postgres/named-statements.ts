/**
 * @module named-statements
 * What the hottest PostgreSQL statements are built from, so they can go by name (../connection.ts): a table's select
 * list and the reading of its rows as drizzle would have mapped them, and updates of whichever columns a patch sets,
 * one named statement per set of columns.
 */
import { getTableColumns, getTableName, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { namedStatement, type NamedStatement } from "./connection.js";

const quoted = (name: string) => `"${name}"`;

/** A table's columns for a statement's select or returning list, and its rows read into drizzle's shape. */
export type TableRows<Row> = {
  /** `"id", "title", …`: every column, in the table's order. */
  readonly list: string;
  read(raw: Record<string, unknown>): Row;
};

export function tableRows<T extends PgTable>(table: T): TableRows<T["$inferSelect"]> {
  return columnRows<T["$inferSelect"]>(getTableColumns(table));
}

/** The same for some of a table's columns (keyed as drizzle's select would key them). */
export function columnRows<Row>(columns: Record<string, Column>): TableRows<Row> {
  const entries = Object.entries(columns);
  return {
    list: entries.map(([, column]) => quoted(column.name)).join(", "),
    read(raw) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of entries) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as Row;
    },
  };
}

/**
 * `update <table> set … where <key> = $1 returning *` for the columns a patch sets, as PostgreSQL's counterpart of
 * the SQLite repositories' prepared updates (../prepared-updates.ts): each set of columns is declared once, under a
 * name of its own, and the values go through the columns' own mapping (NUL in free text, booleans, bigints).
 */
export class NamedUpdates<T extends PgTable> {
  private readonly columns: Record<string, Column>;
  private readonly statements = new Map<string, { statement: NamedStatement; keys: string[] }>();
  readonly rows: TableRows<T["$inferSelect"]>;

  constructor(
    private readonly prefix: string,
    private readonly table: T,
    private readonly keyColumn: Column,
  ) {
    this.columns = getTableColumns(table);
    this.rows = tableRows(table);
  }

  /** The statement for the patch's columns and its values ($1 the key, then the columns in the statement's order). */
  prepare(key: unknown, values: Partial<T["$inferInsert"]>): { statement: NamedStatement; values: unknown[] } {
    const set = Object.keys(values)
      .filter((name) => (values as Record<string, unknown>)[name] !== undefined)
      .sort();
    const id = set.join(",");
    let entry = this.statements.get(id);
    if (!entry) {
      for (const name of set) if (!this.columns[name]) throw new Error(`${this.prefix}: no column ${name}`);
      const assignments = set.map((name, i) => `${quoted(this.columns[name].name)} = $${i + 2}`).join(", ");
      entry = {
        keys: set,
        statement: namedStatement(
          `${this.prefix}_update`,
          `update ${quoted(getTableName(this.table))} set ${assignments} where ${quoted(this.keyColumn.name)} = $1 ` +
            `returning ${this.rows.list}`,
        ),
      };
      this.statements.set(id, entry);
    }
    const params = entry.keys.map((name) => {
      const value = (values as Record<string, unknown>)[name];
      return value === null ? null : this.columns[name].mapToDriverValue(value);
    });
    return { statement: entry.statement, values: [key, ...params] };
  }
}

/**
 * `insert into <table> (every column) values ($1, …)`: a whole row written by name, as the SQLite repositories'
 * prepared inserts (../prepared-inserts.ts) are, its values through the columns' own mapping. For rows written on
 * every turn (a model call's usage, an audit entry).
 */
export class NamedInsert<T extends PgTable> {
  private readonly entries: Array<[string, Column]>;
  readonly statement: NamedStatement;

  constructor(label: string, table: T) {
    this.entries = Object.entries(getTableColumns(table));
    const names = this.entries.map(([, column]) => quoted(column.name)).join(", ");
    const params = this.entries.map((_, i) => `$${i + 1}`).join(", ");
    this.statement = namedStatement(label, `insert into ${quoted(getTableName(table))} (${names}) values (${params})`);
  }

  /** The values of a row that names every column (one it leaves out is stored as null, not its default). */
  values(row: T["$inferInsert"]): unknown[] {
    return this.entries.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
  }
}
