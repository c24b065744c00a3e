/**
 * @module dialogs
 * The JavaScript dialogs of one session's browser: each is answered by the session's dialog policy or by the
 * agent, dismissed by the must_respond watchdog, or closed by the browser itself, and recorded with who closed it.
 */
import type { BrowserConfig } from "../../config/schema.js";
import { DomainError } from "../../kernel/errors.js";
import { redactSecrets } from "../../kernel/redaction.js";
import type {
  ClosedBy,
  ClosedDialogView,
  DialogAction,
  DialogType,
  PendingDialogView,
} from "../shared/browser-views.js";

export type OpenDialogInput = {
  type: DialogType;
  message: string;
  default_prompt: string;
  frame_id: string | null;
  via: "native" | "bridge";
  /** Unblocks the page: answers the native dialog or fulfils the held bridge request. */
  answer(accept: boolean, promptText: string): Promise<void>;
};

type PendingDialog = OpenDialogInput & {
  id: string;
  opened_at: number;
  expires_at: number | null;
  watchdog: NodeJS.Timeout | null;
};

export type DialogQueueDeps = {
  settings(): Pick<BrowserConfig, "dialog_policy" | "dialog_timeout_s">;
  /** Persists a closed dialog and tells the session's event stream. */
  closed(dialog: ClosedDialogView, defaultPrompt: string): void;
  opened(dialog: PendingDialogView): void;
  now(): number;
  warn(message: string, error: unknown): void;
};

const toView = (d: PendingDialog): PendingDialogView => ({
  id: d.id,
  type: d.type,
  message: redactSecrets(d.message),
  default_prompt: redactSecrets(d.default_prompt),
  opened_at: new Date(d.opened_at).toISOString(),
  frame_id: d.frame_id,
  via: d.via,
  expires_at: d.expires_at === null ? null : new Date(d.expires_at).toISOString(),
});

/**
 * The dialogs of one supervisor: ids `d-1`, `d-2`, …, the session's policy, the must_respond
 * watchdog, and retirement with who closed each one. A dialog is recorded as closed before the page
 * is unblocked, so a close event that follows the answer is never mistaken for a remote close.
 */
export class DialogQueue {
  private sequence = 0;
  private readonly pendingById = new Map<string, PendingDialog>();
  private readonly openListeners = new Set<(dialog: PendingDialogView) => void>();

  constructor(private readonly deps: DialogQueueDeps) {}

  pending(): PendingDialogView[] {
    return [...this.pendingById.values()].map(toView);
  }

  hasPending(): boolean {
    return this.pendingById.size > 0;
  }

  /** Calls `listener` for the next dialogs that open (used to end a browser action early). */
  onOpened(listener: (dialog: PendingDialogView) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  open(input: OpenDialogInput): PendingDialogView {
    this.sequence += 1;
    const { dialog_policy: policy, dialog_timeout_s: timeoutS } = this.deps.settings();
    const openedAt = this.deps.now();
    const dialog: PendingDialog = {
      ...input,
      id: `d-${this.sequence}`,
      opened_at: openedAt,
      expires_at: policy === "must_respond" ? openedAt + timeoutS * 1000 : null,
      watchdog: null,
    };
    const view = toView(dialog);
    this.deps.opened(view);
    if (policy === "must_respond") {
      this.pendingById.set(dialog.id, dialog);
      dialog.watchdog = setTimeout(() => void this.settle(dialog, "dismiss", "", "watchdog"), timeoutS * 1000);
      dialog.watchdog.unref();
    } else {
      const action: DialogAction = policy === "auto_accept" ? "accept" : "dismiss";
      void this.settle(dialog, action, dialog.default_prompt, "auto_policy");
    }
    for (const listener of this.openListeners) listener(view);
    return view;
  }

  /**
   * Answers a pending dialog, recorded as closed by `by` (the agent's tool, or a person or client through the API);
   * errors name what to do next.
   */
  async respond(
    action: DialogAction,
    promptText: string | undefined,
    dialogId: string | undefined,
    by: "agent" | "user",
  ): Promise<PendingDialogView> {
    const pending = [...this.pendingById.values()];
    if (pending.length === 0)
      throw new DomainError("no_dialog_open", "no dialog is open; read pending_dialogs in GET /snapshot");
    let dialog: PendingDialog | undefined;
    if (dialogId !== undefined) {
      dialog = this.pendingById.get(dialogId);
      if (!dialog) {
        throw new DomainError(
          "dialog_not_found",
          `dialog ${dialogId} is not pending; pending: ${pending.map((d) => d.id).join(", ")}`,
          { details: { candidates: pending.map(toView) } },
        );
      }
    } else if (pending.length > 1) {
      throw new DomainError(
        "dialog_ambiguous",
        `${pending.length} dialogs are pending; name one with dialog_id (${pending.map((d) => d.id).join(", ")})`,
        { details: { candidates: pending.map(toView) } },
      );
    } else {
      dialog = pending[0]!;
    }
    const view = toView(dialog);
    await this.settle(dialog, action, promptText ?? (action === "accept" ? dialog.default_prompt : ""), by);
    return view;
  }

  /** The browser closed native dialogs by itself (navigation, another client, a crash). */
  closedRemotely(
    match: (dialog: { frame_id: string | null; via: "native" | "bridge" }) => boolean,
    limit = Infinity,
  ): void {
    let closed = 0;
    for (const dialog of [...this.pendingById.values()]) {
      if (closed >= limit) break;
      if (!match(dialog)) continue;
      closed += 1;
      this.retire(dialog, "remote", null);
    }
  }

  /** Unblocks every pending page (dismiss) and records them as closed remotely; used on stop. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.pendingById.values()].map((dialog) => this.settle(dialog, "dismiss", "", "remote")));
  }

  private async settle(
    dialog: PendingDialog,
    action: DialogAction,
    promptText: string,
    closedBy: ClosedBy,
  ): Promise<void> {
    if (closedBy !== "auto_policy" && !this.pendingById.has(dialog.id)) return;
    this.retire(dialog, closedBy, action);
    try {
      await dialog.answer(action === "accept", promptText);
    } catch (error) {
      // Most often the browser already closed it (navigation, another client); it stays retired.
      this.deps.warn(`answering dialog ${dialog.id} failed`, error);
    }
  }

  private retire(dialog: PendingDialog, closedBy: ClosedBy, action: DialogAction | null): void {
    this.pendingById.delete(dialog.id);
    if (dialog.watchdog) clearTimeout(dialog.watchdog);
    const view = toView(dialog);
    this.deps.closed(
      {
        id: view.id,
        type: view.type,
        message: view.message,
        opened_at: view.opened_at,
        closed_at: new Date(this.deps.now()).toISOString(),
        closed_by: closedBy,
        frame_id: view.frame_id,
        action,
      },
      view.default_prompt,
    );
  }
}
