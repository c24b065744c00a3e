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
} from "../shared/browser-views.js";

export class DialogHistory {
  constructor(private readonly deps: { store: Store; events: EventBus; logger: Logger }) {}

  /** The session's most recently closed dialogs, newest first. */
  async recent(sessionId: string): Promise<ClosedDialogView[]> {
    return (await this.deps.store.dialogs.recent(sessionId, RECENT_DIALOGS_MAX)).map((row) => ({
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

  /**
   * Stores a closed dialog and announces it; resolves once both are done. Both are asked for before anything is
   * awaited, the row first: the event keeps its place among the session's events (the browser's next ones, a frame
   * navigating after the answer, come after it), and the row is written ahead of it.
   */
  async record(sessionId: string, dialog: ClosedDialogView, defaultPrompt: string): Promise<void> {
    const stored = this.deps.store.dialogs
      .insert({
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
      })
      .catch((error: unknown) => {
        // The session was deleted while its browser still reported: nothing left to keep.
        this.deps.logger.debug({ err: error, session_id: sessionId }, "dialog history not recorded");
      });
    const announced = this.deps.events.publish(sessionId, "dialog.closed", { dialog });
    await Promise.all([stored, announced]);
  }
}
