/**
 * @module dialog-history
 * The `dialog_history` table on PostgreSQL, as the SQLite repository (../../repositories/dialog-history.ts) keeps it:
 * the closed browser dialogs of each session, read back newest first.
 */
import { desc, eq } from "drizzle-orm";
import type { DialogHistoryRepository } from "../../repositories/dialog-history.js";
import type { DialogHistoryRow } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { dialogHistory } from "../schema.js";

export class PgDialogHistoryRepository implements Async<DialogHistoryRepository> {
  constructor(private readonly conn: PgConnection) {}

  async insert(row: DialogHistoryRow): Promise<void> {
    await this.conn.exec.insert(dialogHistory).values({
      sessionId: row.session_id,
      dialogId: row.dialog_id,
      type: row.type,
      message: row.message,
      defaultPrompt: row.default_prompt,
      frameId: row.frame_id,
      openedAt: row.opened_at,
      closedAt: row.closed_at,
      closedBy: row.closed_by,
      action: row.action,
    });
  }

  /** The newest `limit` closed dialogs of the session, newest first. */
  async recent(sessionId: string, limit: number): Promise<DialogHistoryRow[]> {
    const rows = await this.conn.exec
      .select()
      .from(dialogHistory)
      .where(eq(dialogHistory.sessionId, sessionId))
      .orderBy(desc(dialogHistory.rowId))
      .limit(limit);
    return rows.map((row) => ({
      session_id: row.sessionId,
      dialog_id: row.dialogId,
      type: row.type,
      message: row.message,
      default_prompt: row.defaultPrompt,
      frame_id: row.frameId,
      opened_at: row.openedAt,
      closed_at: row.closedAt,
      closed_by: row.closedBy,
      action: row.action,
    }));
  }
}
