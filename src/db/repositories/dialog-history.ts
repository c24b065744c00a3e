/**
 * @module dialog-history
 * The `dialog_history` table: the closed browser dialogs of each session, read back newest first as
 * `recent_dialogs` after the browser, or the server, is gone.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import { dialogHistory } from "../schema.js";
import type { DialogHistoryRow } from "../records.js";

/** Closed browser dialogs per session, so `recent_dialogs` survives a restart of the server. */
export class DialogHistoryRepository {
  constructor(private readonly db: Db) {}

  insert(row: DialogHistoryRow): void {
    this.db
      .insert(dialogHistory)
      .values({
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
      })
      .run();
  }

  /** The newest `limit` closed dialogs of the session, newest first. */
  recent(sessionId: string, limit: number): DialogHistoryRow[] {
    return this.db
      .select()
      .from(dialogHistory)
      .where(eq(dialogHistory.sessionId, sessionId))
      .orderBy(desc(dialogHistory.rowId))
      .limit(limit)
      .all()
      .map((row) => ({
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
