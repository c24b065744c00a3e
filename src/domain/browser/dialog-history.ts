/**
 * @module dialog-history
 * The dialogs a session's pages raised and how each was closed (who closed it, with what), kept in SQLite after the
 * browser is gone and announced as `dialog.closed` events.
 */
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import {
  RECENT_DIALOGS_MAX,
  type ClosedBy,
  type ClosedDialogView,
  type DialogAction,
  type DialogType,
} from "./types.js";

export class DialogHistory {
  constructor(private readonly deps: { store: Store; events: EventBus; logger: Logger }) {}

  /** The session's most recently closed dialogs, newest first. */
  recent(sessionId: string): ClosedDialogView[] {
    return this.deps.store.dialogs.recent(sessionId, RECENT_DIALOGS_MAX).map((row) => ({
      id: row.dialog_id,
      type: row.type as DialogType,
      message: row.message,
      opened_at: new Date(row.opened_at).toISOString(),
      closed_at: new Date(row.closed_at).toISOString(),
      closed_by: row.closed_by as ClosedBy,
      frame_id: row.frame_id,
      action: (row.action as DialogAction | null) ?? null,
    }));
  }

  /** Stores a closed dialog and announces it. */
  record(sessionId: string, dialog: ClosedDialogView, defaultPrompt: string): void {
    try {
      this.deps.store.dialogs.insert({
        session_id: sessionId,
        dialog_id: dialog.id,
        type: dialog.type,
        message: dialog.message,
        default_prompt: defaultPrompt,
        frame_id: dialog.frame_id,
        opened_at: Date.parse(dialog.opened_at),
        closed_at: Date.parse(dialog.closed_at),
        closed_by: dialog.closed_by,
        action: dialog.action,
      });
    } catch (error) {
      // The session was deleted while its browser still reported: nothing left to keep.
      this.deps.logger.debug({ err: error, session_id: sessionId }, "dialog history not recorded");
    }
    this.deps.events.publish(sessionId, "dialog.closed", { dialog });
  }
}
