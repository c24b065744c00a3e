/**
 * @module event-types
 * The closed list of events the server tells a session's streams about, and the payload each one carries. The bus
 * and the browser supervisor accept only these names with these payloads, so an event cannot be published that a
 * client (or the OpenAPI description built from this list) does not know of.
 */
import type { RunResultSummary } from "../shared/run-summary.js";
import type { ClosedDialogView, PendingDialogView } from "../shared/browser-views.js";
import type { CompressionTrigger } from "../shared/compression.js";
import type { InterruptView } from "../shared/interrupt-view.js";
import type { PublicMessage } from "../shared/message-shape.js";
import type { GuardDecision } from "../../kernel/provenance.js";

/** Every event type, in the order a run typically shows them. */
export const EVENT_TYPES = [
  "run.started",
  "message.created",
  "message.delta",
  "reasoning.delta",
  "reasoning.available",
  "model.fallback",
  "tool.started",
  "tool.completed",
  "context.compressing",
  "context.compressed",
  "browser.starting",
  "browser.disconnected",
  "browser.takeover",
  "browser.released",
  "dialog.opened",
  "dialog.closed",
  "frame.attached",
  "frame.navigated",
  "frame.detached",
  "run.requires_action",
  "approval.requested",
  "approval.responded",
  "guard.held",
  "guard.blocked",
  "guard.allowed",
  "run.steered",
  "run.completed",
  "run.failed",
  "run.cancelled",
  "done",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * `done` ends a run's own stream (POST /messages with `stream: true`, a chat completion); it is never stored, so
 * a session's event log and `GET /events` carry every other type only.
 */
export type SessionEventType = Exclude<EventType, "done">;

type RunRef = { run_id: string };
type FramePayload = { frame_id: string; parent_frame_id: string | null; url: string };
type RunEndPayload = { run: RunResultSummary };

/** What one model call took, on the `message.created` of the assistant message it answered with. */
export type ModelCallView = {
  /** When the request was sent (ISO 8601). */
  started_at: string;
  /** From sending the request to the whole answer, in ms. */
  duration_ms: number;
  /** From sending the request to its first streamed chunk, in ms; null when the call was not streamed. */
  first_token_ms: number | null;
  /** The call's own usage as the endpoint reported it; null when it reported none. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
};

/** The payloads by name; mapped over EVENT_TYPES below, so a listed type without a payload does not compile. */
type Payloads = {
  "run.started": RunRef & { session_id: string; model: string };
  /**
   * A stored row; an assistant row a model call answered with carries what that call took (`model_call`) and the
   * model that answered (`model`: a fallback's when one stood in).
   */
  "message.created": RunRef & { message: PublicMessage; model_call?: ModelCallView; model?: string };
  /** A chunk of an assistant's text as the model streams it; the whole text follows in `message.created`. */
  "message.delta": RunRef & { content: string };
  /** A chunk of a reasoning model's thoughts as it streams them. */
  "reasoning.delta": RunRef & { content: string };
  /** A model call's whole reasoning, once, before the answer it led to; kept with the assistant row. */
  "reasoning.available": RunRef & { text: string };
  /**
   * A model failed with a retryable failure and another stands in (`model.fallbacks`, or the compression chain):
   * `run_id` is null for a compression outside a run. Text already streamed from the failed model is superseded.
   */
  "model.fallback": {
    run_id: string | null;
    purpose: "agent" | "compression";
    from_model: string;
    to_model: string;
    reason: string;
  };
  "tool.started": RunRef & { tool_call_id: string; name: string; arguments: string };
  "tool.completed": RunRef & { tool_call_id: string; name: string; is_error: boolean; content: string };
  /** Published before the engine (and its summary model) is called, so a client can show that work is under way. */
  "context.compressing": {
    /** The run that compressed, when one did (before it or after a model response); absent for POST /compress. */
    run_id?: string;
    session_id: string;
    trigger: CompressionTrigger;
    engine: string;
    tokens_before: number;
  };
  "context.compressed": {
    run_id?: string;
    trigger: CompressionTrigger;
    engine: string;
    summary_id: string | null;
    tokens_before: number;
    tokens_after: number;
    messages_compacted: number;
    fallback_used: boolean;
    anchors_added: number;
  };
  /**
   * Published before the browser is launched or connected to. `endpoint_kind` says what is reached, never where:
   * a CDP URL can carry a token.
   */
  "browser.starting": {
    mode: "launch" | "connect" | "context";
    endpoint_kind: "local_chromium" | "shared_chromium" | "cdp_http" | "cdp_websocket";
  };
  "browser.disconnected": { reason: BrowserLossReason };
  /** A person took the browser over through POST /browser/input; the agent's browser actions wait until release. */
  "browser.takeover": { tab_id: string | null };
  /** The browser is the agent's again: released by the person, or after a quiet spell without input. */
  "browser.released": { reason: "release" | "idle" };
  "dialog.opened": { dialog: PendingDialogView };
  "dialog.closed": { dialog: ClosedDialogView };
  "frame.attached": FramePayload;
  "frame.navigated": FramePayload;
  "frame.detached": FramePayload;
  /** The run paused: it waits on these interrupts (approvals, client tool outputs) and resumes once all are answered. */
  "run.requires_action": { run: RunResultSummary; interrupts: InterruptView[] };
  "approval.requested": RunRef & { interrupt: InterruptView };
  /** An approval was answered: by a person (`user`), the configured policy or the timeout. */
  "approval.responded": RunRef & {
    interrupt: InterruptView;
    /** How far an approval reaches: this call (`once`), the rest of the session, or every session; null when denied. */
    scope?: "once" | "session" | "always" | null;
  };
  /** The guard held an action that follows untrusted content: a `guard` interrupt waits for a person. */
  "guard.held": GuardDecision;
  /** The guard refused an action (block mode, exfiltration, a redirect stopped), or a person (or the timeout) did. */
  "guard.blocked": GuardDecision;
  /** A person approved an action the guard held; it runs. */
  "guard.allowed": GuardDecision;
  /** A steering message was stored for the run (POST /v1/runs/{id}/steer); it joins the transcript before its next model call. */
  "run.steered": RunRef & { steer_id: string; content: string };
  "run.completed": RunEndPayload;
  "run.failed": RunEndPayload;
  /** The run was cancelled (POST /v1/runs/{id}/cancel, or its client went away); its open tool calls were answered. */
  "run.cancelled": RunEndPayload;
  done: RunEndPayload;
};

/** Why a supervised browser went away without being asked to, or was closed for being unused (`idle_closed`). */
export type BrowserLossReason = "browser_disconnected" | "page_crashed" | "page_closed" | "idle_closed";

export type EventPayloads = { [T in EventType]: Payloads[T] };

export type EventPayload<T extends EventType> = EventPayloads[T];
