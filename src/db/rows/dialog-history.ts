/**
 * @module dialog-history
 * The `dialog_history` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): a closed dialog's values.
 */
import type { dialogHistory } from "../schema.js";
import type { DialogHistoryRow } from "../records.js";

type Row = typeof dialogHistory.$inferSelect;
type Insert = typeof dialogHistory.$inferInsert;

/** A closed dialog, as the history keeps it. */
export function dialogInsertValues(row: DialogHistoryRow): Insert {
  return {
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
  };
}

/** The record of a row. */
export function dialogRowOf(row: Row): DialogHistoryRow {
  return {
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
  };
}
