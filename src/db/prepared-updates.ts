/**
 * @module prepared-updates
 * An UPDATE … WHERE id = ? RETURNING * for whichever columns a patch sets, prepared once per column set: building a
 * drizzle query costs far more than running it, and rows are updated on every turn (sessions, runs).
 */
import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./database.js";

type Prepared<Row> = { get(params: Record<string, unknown>): Row | undefined };

export class PreparedUpdates<Table extends SQLiteTable, Row> {
  private readonly statements = new Map<string, Prepared<Row>>();

  constructor(
    private readonly db: Db,
    private readonly table: Table,
    private readonly idColumn: SQLiteColumn,
  ) {}

  /** Sets the given columns (keys as in the table definition) of the row with this id; the updated row, if any. */
  run(id: string, values: Record<string, unknown>): Row | undefined {
    const columns = Object.keys(values).sort();
    const key = columns.join(",");
    let statement = this.statements.get(key);
    if (!statement) {
      const set: Record<string, unknown> = {};
      for (const column of columns) set[column] = sql.placeholder(column);
      statement = this.db
        .update(this.table)
        .set(set as never)
        .where(eq(this.idColumn, sql.placeholder("__id")))
        .returning()
        .prepare() as unknown as Prepared<Row>;
      this.statements.set(key, statement);
    }
    return statement.get({ ...values, __id: id });
  }
}
