/**
 * @module interrupt-view
 * An interrupt as clients and events show it: what waits (an approval of one tool call, an action the guard held, the
 * client's own tool calls, or a page's JS dialog), on which run, until when, how it was answered, and the one route
 * that answers it.
 */
import type { InterruptAnswerer, InterruptRecord } from "../../db/records.js";
import type { ToolCall } from "../../kernel/chat.js";
import type { GuardHold } from "../../kernel/provenance.js";
import type { DialogAction, PendingDialogView } from "./browser-views.js";

export type InterruptKind = "approval" | "client_tool" | "dialog" | "guard";

export type InterruptView = {
  id: string;
  kind: InterruptKind;
  status: "pending" | "answered" | "cancelled";
  session_id: string;
  run_id: string | null;
  /** Approval and guard: the tool the model called, its call id and its arguments (JSON text, secrets redacted). */
  tool?: string;
  tool_call_id?: string;
  arguments?: string;
  /** Client tools: the calls whose outputs the run waits for. */
  tool_calls?: ToolCall[];
  /** Dialog: the pending dialog, with its `d-N` id. */
  dialog?: PendingDialogView;
  /** Guard: the action it held, why, and the untrusted content read before it. */
  guard?: GuardHold;
  created_at: string;
  expires_at: string | null;
  answer: {
    by: InterruptAnswerer;
    at: string;
    decision: "approve" | "deny" | null;
    reason: string | null;
    /** Dialog: how it was answered. */
    action?: DialogAction;
  } | null;
  /** The request that answers it: `POST /v1/sessions/{id}/interrupts/{interrupt_id}`. */
  answer_route: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

export function answerRoute(sessionId: string, interruptId: string): string {
  return `POST /v1/sessions/${sessionId}/interrupts/${interruptId}`;
}

export function viewInterrupt(record: InterruptRecord): InterruptView {
  const view: InterruptView = {
    id: record.id,
    kind: record.kind,
    status: record.status,
    session_id: record.session_id,
    run_id: record.run_id,
    created_at: iso(record.created_at),
    expires_at: record.expires_at === null ? null : iso(record.expires_at),
    answer:
      record.status === "answered" && record.answered_by && record.answered_at !== null
        ? { by: record.answered_by, at: iso(record.answered_at), decision: record.decision, reason: record.reason }
        : null,
    answer_route: answerRoute(record.session_id, record.id),
  };
  if (record.kind === "approval" || record.kind === "guard") {
    view.tool = record.tool ?? "";
    view.tool_call_id = record.tool_call_id ?? "";
    view.arguments = record.arguments ?? "{}";
    if (record.guard) view.guard = record.guard;
  } else {
    view.tool_calls = record.tool_calls;
  }
  return view;
}

/**
 * A page dialog as one entry of the session's interrupts queue (its id is the dialog's `d-N`): pending until the
 * watchdog's deadline, or answered by a person with `answered`.
 */
export function viewDialogInterrupt(
  sessionId: string,
  runId: string | null,
  dialog: PendingDialogView,
  answered?: { action: DialogAction; at: string },
): InterruptView {
  return {
    id: dialog.id,
    kind: "dialog",
    status: answered ? "answered" : "pending",
    session_id: sessionId,
    run_id: runId,
    dialog,
    created_at: dialog.opened_at,
    expires_at: dialog.expires_at,
    answer: answered ? { by: "user", at: answered.at, decision: null, reason: null, action: answered.action } : null,
    answer_route: answerRoute(sessionId, dialog.id),
  };
}
