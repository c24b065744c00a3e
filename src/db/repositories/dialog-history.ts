/**
 * @module dialog-history
 * The `dialog_history` table: the closed browser dialogs of each session, read back newest first as
 * `recent_dialogs` after the browser, or the server, is gone.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import { dialogHistory } from "../schema.js";
import { dialogInsertValues, dialogRowOf } from "../rows/dialog-history.js";
import type { DialogHistoryRow } from "../records.js";
import type { DialogHistoryRepository, Sync } from "../store.js";

/** Closed browser dialogs per session, so `recent_dialogs` survives a restart of the server. */
export class SqliteDialogHistoryRepository implements Sync<DialogHistoryRepository> {
  constructor(private readonly db: Db) {}

  insert(row: DialogHistoryRow): void {
    this.db.insert(dialogHistory).values(dialogInsertValues(row)).run();
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
      .map((row) => dialogRowOf(row));
  }
}
