/**
 * @module web/trace
 * A run as a trace: its stored events turned into steps on one time line — each model call (from the `model_call` on
 * the assistant message it answered with: start, time to first token, duration, tokens, cost when the API gives
 * one), each tool call (tool.started → tool.completed, with arguments and result), each approval (requested →
 * answered, by whom, after how long), each compression (context.compressing → context.compressed, tokens before and
 * after), each steering message; and the page's dialogs that opened while the run went on, from the browser's dialog
 * history (who closed each, after how long). Pure, so it is built again whenever an event arrives.
 */
import type { Schemas } from "./client.js";
import type { RunEvent } from "./run-events.js";

type ToolCall = Schemas["ToolCall"];
type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
export type TraceDialog = Schemas["ClosedDialog"] | Schemas["PendingDialog"];

type Span = { id: string; start: number; end: number | null };

export type ModelStep = Span & {
  kind: "model";
  firstTokenMs: number | null;
  usage: Usage | null;
  /** US dollars, when the API reports a cost for the call; null otherwise. */
  cost: number | null;
  text: string | null;
  reasoning: string | null;
  toolCalls: ToolCall[];
};
export type ToolStep = Span & {
  kind: "tool";
  name: string;
  arguments: string;
  result: string | null;
  isError: boolean;
};
export type ApprovalStep = Span & {
  kind: "approval";
  tool: string;
  arguments: string;
  answeredBy: string | null;
  decision: string | null;
  scope: string | null;
  reason: string | null;
};
export type DialogStep = Span & {
  kind: "dialog";
  type: string;
  message: string;
  closedBy: string | null;
  action: string | null;
};
export type CompressionStep = Span & {
  kind: "compression";
  trigger: string;
  tokensBefore: number;
  tokensAfter: number | null;
  messagesCompacted: number | null;
  fallbackUsed: boolean;
};
export type SteerStep = Span & { kind: "steer"; content: string };

export type TraceStep = ModelStep | ToolStep | ApprovalStep | DialogStep | CompressionStep | SteerStep;

export type Trace = {
  start: number;
  /** When the run ended; null while it goes on. */
  end: number | null;
  steps: TraceStep[];
  /** The sum of the calls' costs when every call reported one; null otherwise. */
  cost: number | null;
};

const FINAL = new Set(["run.completed", "run.failed", "run.cancelled"]);

/** A cost the API reports beside a model call (a number of US dollars), or null. */
function reportedCost(call: object): number | null {
  return "cost" in call && typeof call.cost === "number" ? call.cost : null;
}

function textOf(content: Schemas["Message"]["content"]): string | null {
  if (content === null) return null;
  if (typeof content === "string") return content;
  return content.map((part) => part.text ?? "").join("\n") || null;
}

export function buildTrace(events: RunEvent[], dialogs: TraceDialog[], runStart: number): Trace {
  const steps: TraceStep[] = [];
  const open = new Map<string, TraceStep>();
  let start = runStart;
  let end: number | null = null;
  let compressions = 0;
  for (const e of events) {
    switch (e.event) {
      case "run.started":
        start = Math.min(start, e.at);
        break;
      case "message.created": {
        const call = e.data.model_call;
        const { message } = e.data;
        if (message.role !== "assistant" || !call) break;
        const callStart = Date.parse(call.started_at);
        steps.push({
          kind: "model",
          id: message.id,
          start: callStart,
          end: callStart + call.duration_ms,
          firstTokenMs: call.first_token_ms,
          usage: call.usage,
          cost: reportedCost(call),
          text: textOf(message.content),
          reasoning: message.reasoning ?? null,
          toolCalls: message.tool_calls ?? [],
        });
        break;
      }
      case "tool.started": {
        const step: ToolStep = {
          kind: "tool",
          id: e.data.tool_call_id,
          start: e.at,
          end: null,
          name: e.data.name,
          arguments: e.data.arguments,
          result: null,
          isError: false,
        };
        open.set(`tool:${step.id}`, step);
        steps.push(step);
        break;
      }
      case "tool.completed": {
        const step = open.get(`tool:${e.data.tool_call_id}`);
        if (step?.kind !== "tool") break;
        step.end = e.at;
        step.result = e.data.content;
        step.isError = e.data.is_error;
        open.delete(`tool:${step.id}`);
        break;
      }
      case "approval.requested": {
        const { interrupt } = e.data;
        const step: ApprovalStep = {
          kind: "approval",
          id: interrupt.id,
          start: Date.parse(interrupt.created_at) || e.at,
          end: null,
          tool: interrupt.tool ?? "a tool",
          arguments: interrupt.arguments ?? "",
          answeredBy: null,
          decision: null,
          scope: null,
          reason: null,
        };
        open.set(`approval:${step.id}`, step);
        steps.push(step);
        break;
      }
      case "approval.responded": {
        const { interrupt } = e.data;
        const step = open.get(`approval:${interrupt.id}`);
        if (step?.kind !== "approval") break;
        step.end = (interrupt.answer && Date.parse(interrupt.answer.at)) || e.at;
        step.answeredBy = interrupt.answer?.by ?? null;
        step.decision = interrupt.answer?.decision ?? null;
        step.reason = interrupt.answer?.reason ?? null;
        step.scope = e.data.scope ?? null;
        open.delete(`approval:${step.id}`);
        break;
      }
      case "context.compressing": {
        const step: CompressionStep = {
          kind: "compression",
          id: `compression-${++compressions}`,
          start: e.at,
          end: null,
          trigger: e.data.trigger,
          tokensBefore: e.data.tokens_before,
          tokensAfter: null,
          messagesCompacted: null,
          fallbackUsed: false,
        };
        open.set("compression", step);
        steps.push(step);
        break;
      }
      case "context.compressed": {
        const step = open.get("compression");
        if (step?.kind !== "compression") break;
        step.end = e.at;
        step.tokensAfter = e.data.tokens_after;
        step.messagesCompacted = e.data.messages_compacted;
        step.fallbackUsed = e.data.fallback_used;
        open.delete("compression");
        break;
      }
      case "run.steered":
        steps.push({ kind: "steer", id: e.data.steer_id, start: e.at, end: e.at, content: e.data.content });
        break;
      default:
        if (FINAL.has(e.event)) end = e.at;
    }
  }
  // A compression the engine gave up on publishes no `compressed`: it ends where the next step starts.
  for (const step of open.values()) {
    if (step.kind !== "compression") continue;
    const next = steps.find((s) => s.start > step.start && s !== step);
    step.end = next ? next.start : end;
  }
  for (const dialog of dialogs) {
    const opened = Date.parse(dialog.opened_at);
    if (opened < start || (end !== null && opened > end)) continue;
    const closed = "closed_at" in dialog ? Date.parse(dialog.closed_at) : null;
    steps.push({
      kind: "dialog",
      id: `dialog-${dialog.id}-${opened}`,
      start: opened,
      end: closed,
      type: dialog.type,
      message: dialog.message,
      closedBy: "closed_by" in dialog ? dialog.closed_by : null,
      action: "action" in dialog ? dialog.action : null,
    });
  }
  steps.sort((a, b) => a.start - b.start);
  const models = steps.filter((s): s is ModelStep => s.kind === "model");
  const costs = models.map((s) => s.cost);
  const cost = costs.length && costs.every((c) => c !== null) ? costs.reduce((sum, c) => sum + (c ?? 0), 0) : null;
  return { start, end, steps, cost };
}

/** Where a step sits on the run's time line, as fractions of it (0–1), for the waterfall's bars. */
export function placement(step: TraceStep, trace: Trace, now: number): { left: number; width: number } {
  const end = trace.end ?? now;
  const span = Math.max(1, end - trace.start);
  const left = Math.min(1, Math.max(0, (step.start - trace.start) / span));
  const stepEnd = step.end ?? end;
  const width = Math.max(0, Math.min(1 - left, (stepEnd - step.start) / span));
  return { left, width };
}
