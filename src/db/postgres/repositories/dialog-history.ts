/**
 * @module dialog-history
 * The `dialog_history` table on PostgreSQL, as the SQLite repository (../../repositories/dialog-history.ts) keeps it:
 * the closed browser dialogs of each session, read back newest first.
 */
import { desc, eq } from "drizzle-orm";
import type { DialogHistoryRepository } from "../../store.js";
import type { DialogHistoryRow } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { dialogHistory } from "../schema.js";
import { dialogInsertValues, dialogRowOf } from "../../rows/dialog-history.js";

export class PgDialogHistoryRepository implements DialogHistoryRepository {
  constructor(private readonly conn: PgConnection) {}

  async insert(row: DialogHistoryRow): Promise<void> {
    await this.conn.exec.insert(dialogHistory).values(dialogInsertValues(row));
  }

  /** The newest `limit` closed dialogs of the session, newest first. */
  async recent(sessionId: string, limit: number): Promise<DialogHistoryRow[]> {
    const rows = await this.conn.exec
      .select()
      .from(dialogHistory)
      .where(eq(dialogHistory.sessionId, sessionId))
      .orderBy(desc(dialogHistory.rowId))
      .limit(limit);
    return rows.map((row) => dialogRowOf(row));
  }
}
