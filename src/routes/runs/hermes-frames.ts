/**
 * @module hermes-frames
 * A run's events as `GET /v1/runs/{id}/events` sends them, in the Hermes Agent API server's framing: each frame is
 * a default (`message`) SSE event whose JSON `data` names itself — `event` (Hermes's name), `run_id` and `timestamp`
 * (Unix seconds) first, then Hermes's own fields (`delta`, `tool`, `preview`, `duration`, `error`, an approval's
 * `request_id`, `pattern_key` and `choices`, `accepted` on `run.steered`, and on the run's end — named by how it
 * ended: `run.completed`, `run.failed`, `run.cancelled`, `run.interrupted` — `output`, `usage`, `runtime` and the
 * `completed`/`partial`/`interrupted` flags), then every field of our event's payload under its own name, with `type`
 * giving our event type. Frames keep their `id:`, so `Last-Event-ID` resumes them; the stream ends with
 * `: stream closed`.
 */
import { approvalMatchKey } from "../../domain/agent/approvals.js";
import { runIdOf } from "../../domain/events/bus.js";
import type { FeedItem } from "../../domain/events/feed.js";
import type { InterruptView } from "../../domain/shared/interrupt-view.js";
import type { SseFrame } from "../../http/sse.js";
import type { RunStatus } from "../shared/records.js";
import { hermesOutcome, type HermesRuntime } from "./hermes-status.js";

/** What Hermes's approval events offer; `POST /v1/runs/{id}/approval` takes any of them. */
export const HERMES_APPROVAL_CHOICES = ["once", "session", "always", "deny"] as const;

/** How much of a tool's arguments a `tool.started` frame previews, as Hermes's progress lines do. */
const PREVIEW_CHARS = 200;

/** Our event names where Hermes's differ; the rest are the same. A guard hold is an approval to a Hermes client. */
const HERMES_NAMES: Partial<Record<string, string>> = {
  "approval.requested": "approval.request",
  "guard.held": "approval.request",
};

const END_EVENTS: ReadonlySet<string> = new Set(["run.completed", "run.failed", "run.cancelled"]);

/** A run feed's item: a stored event, with when it was stored. */
type StoredItem = FeedItem & { created_at?: number };

/** What Hermes's approval events say of a pending approval (or a guard hold, approved once or denied). */
export function hermesApproval(interrupt: InterruptView) {
  const guard = interrupt.guard;
  return {
    request_id: interrupt.id,
    tool: interrupt.tool ?? null,
    command: `${interrupt.tool ?? ""} ${interrupt.arguments ?? ""}`.trim(),
    description: guard
      ? `The guard holds ${interrupt.tool ?? "a tool"}: ${guard.reason}`
      : `The agent asks to call ${interrupt.tool ?? "a tool"}`,
    pattern_key: approvalMatchKey(interrupt.tool ?? "", interrupt.arguments ?? null),
    choices: HERMES_APPROVAL_CHOICES.filter((choice) => !guard || choice === "once" || choice === "deny"),
    expires_at: interrupt.expires_at,
  };
}

/** A run's usage in Hermes's words; the prompt-cache figures are the provider's, 0 where it reports none. */
export function hermesUsage(
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number },
  cache: { read_tokens: number; write_tokens: number } = { read_tokens: 0, write_tokens: 0 },
) {
  return {
    input_tokens: usage.prompt_tokens,
    output_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
    cache_read_tokens: cache.read_tokens,
    cache_write_tokens: cache.write_tokens,
  };
}

export type HermesRunFrameDeps = {
  /** The run's answer once it has completed: the text of its last assistant message. */
  outputOf: (runId: string) => Promise<string | null>;
  /** What answered the run, and its prompt-cache figures. */
  runtimeOf: (model: string | null) => HermesRuntime;
  cacheOf: (runId: string) => Promise<{ read_tokens: number; write_tokens: number }>;
  model: string | null;
};

async function hermesFields(event: FeedItem, at: number, deps: HermesRunFrameDeps, toolStarts: Map<string, number>) {
  switch (event.type) {
    case "message.delta":
    case "reasoning.delta":
      return { delta: event.data.content };
    case "reasoning.available":
      return { text: event.data.text };
    case "tool.started":
      toolStarts.set(event.data.tool_call_id, at);
      return { tool: event.data.name, preview: event.data.arguments.slice(0, PREVIEW_CHARS) };
    case "tool.completed": {
      // A stream resumed past the tool's start has no start to measure from.
      const started = toolStarts.get(event.data.tool_call_id);
      const duration = started === undefined ? 0 : Math.round(at - started) / 1000;
      return { tool: event.data.name, duration, error: event.data.is_error };
    }
    case "approval.requested":
      return hermesApproval(event.data.interrupt);
    case "guard.held":
      // Answered like any approval (POST /v1/runs/{id}/approval); a guard hold is approved once or denied.
      return {
        request_id: event.data.interrupt_id,
        tool: event.data.action.tool,
        command: `${event.data.action.tool} ${event.data.action.target ?? ""}`.trim(),
        description: `The guard holds ${event.data.action.tool}: ${event.data.reason}`,
        pattern_key: event.data.action.tool,
        choices: HERMES_APPROVAL_CHOICES.filter((choice) => choice === "once" || choice === "deny"),
      };
    case "approval.responded": {
      const { interrupt } = event.data;
      const decision = interrupt.answer?.decision ?? null;
      return {
        request_id: interrupt.id,
        choice: decision === "approve" ? (event.data.scope ?? "once") : decision === "deny" ? "deny" : null,
        resolved: 1,
        answered_by: interrupt.answer?.by ?? null,
      };
    }
    case "run.steered":
      return { accepted: true };
    case "run.completed":
    case "run.failed":
    case "run.cancelled": {
      const { run } = event.data;
      const { completed, partial, interrupted } = hermesOutcome(run.status);
      const flags = { completed, partial, interrupted };
      if (event.type === "run.cancelled") return flags;
      const usage = hermesUsage(run.usage, await deps.cacheOf(run.id));
      const runtime = deps.runtimeOf(deps.model);
      if (event.type === "run.failed" && !partial) return { error: run.error ?? "agent run failed", ...flags };
      return { output: (await deps.outputOf(run.id)) ?? "", usage, runtime, ...flags };
    }
    default:
      return {};
  }
}

/**
 * Hermes's name of one of our event types: a run's end is named by how the run ended (`run.completed`, `run.failed` —
 * a partial answer too —, `run.cancelled`, `run.interrupted`), given its status.
 */
export function hermesEventName(type: string, runStatus?: RunStatus): string {
  if (END_EVENTS.has(type) && runStatus) return `run.${hermesOutcome(runStatus).status}`;
  return HERMES_NAMES[type] ?? type;
}

/** The run's events as Hermes-framed SSE frames. */
export async function* hermesRunFrames(
  events: AsyncIterable<StoredItem>,
  deps: HermesRunFrameDeps,
): AsyncGenerator<SseFrame> {
  const toolStarts = new Map<string, number>();
  for await (const event of events) {
    const at = event.created_at ?? Date.now();
    const data = {
      event: hermesEventName(event.type, "run" in event.data ? event.data.run.status : undefined),
      run_id: runIdOf(event.data),
      timestamp: at / 1000,
      ...(await hermesFields(event, at, deps, toolStarts)),
      ...event.data,
      type: event.type,
    };
    yield { data: JSON.stringify(data), id: event.id };
  }
}
