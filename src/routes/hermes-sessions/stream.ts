/**
 * @module stream
 * A session chat streamed as the Hermes API server streams one (`POST /api/sessions/{id}/chat/stream`), in its order:
 * `run.started` (with the user's message and the runtime), `message.started` (the assistant message's id), then
 * `assistant.delta` per chunk of text, `tool.progress` for the model's reasoning, `tool.started` and `tool.completed`
 * (`tool.failed` for a call that errs) and `approval.request` when a call waits for a person, each carrying the
 * message id; then `assistant.completed` with the answer and the run's end — `run.completed`, `run.failed` or
 * `run.cancelled` with the turn's rows, usage and runtime — and `done` last. Every frame's data carries the session,
 * the run, a `seq` counting from 1 and `ts` in Unix seconds.
 */
import { randomBytes } from "node:crypto";
import type { StoredMessage } from "../shared/records.js";
import type { RunResultSummary } from "../../domain/shared/run-summary.js";
import type { FeedItem } from "../../domain/events/feed.js";
import type { SseFrame } from "../../http/sse.js";
import { hermesApproval, hermesUsage } from "../runs/hermes-frames.js";
import { hermesEndEvent, hermesOutcome, type HermesRuntime } from "../runs/hermes-status.js";
import { turnMessages } from "./present.js";

export type ChatStreamContext = {
  sessionId: string;
  /** The user's message as the client sent it. */
  userMessage: unknown;
  runtime: HermesRuntime;
  now: () => number;
  /** The run's rows and its answer, read once it has ended. */
  ended: (runId: string) => Promise<{ rows: StoredMessage[]; output: string | null }>;
};

const PREVIEW_CHARS = 200;

/** The frames of one streamed turn, numbered. */
class TurnFrames {
  private seq = 0;
  readonly messageId = `msg_${randomBytes(16).toString("hex")}`;

  constructor(
    private readonly ctx: ChatStreamContext,
    private readonly runId: string,
  ) {}

  frame(event: string, fields: Record<string, unknown>): SseFrame {
    this.seq += 1;
    const { sessionId, now } = this.ctx;
    return {
      event,
      data: JSON.stringify({ ...fields, session_id: sessionId, run_id: this.runId, seq: this.seq, ts: now() / 1000 }),
    };
  }

  /** A frame about the assistant message being written. */
  ofMessage(event: string, fields: Record<string, unknown>): SseFrame {
    return this.frame(event, { message_id: this.messageId, ...fields });
  }
}

export async function* chatStreamFrames(
  feed: AsyncIterable<FeedItem>,
  ctx: ChatStreamContext,
  runId: string,
): AsyncGenerator<SseFrame> {
  const turn = new TurnFrames(ctx, runId);
  const argumentsOf = new Map<string, string>();
  for await (const item of feed) {
    switch (item.type) {
      case "run.started":
        yield turn.frame("run.started", {
          user_message: { role: "user", content: ctx.userMessage },
          runtime: ctx.runtime,
        });
        yield turn.frame("message.started", { message: { id: turn.messageId, role: "assistant" } });
        break;
      case "message.delta":
        if (item.data.content) yield turn.ofMessage("assistant.delta", { delta: item.data.content });
        break;
      case "reasoning.available":
        // Hermes streams the model's reasoning as the progress of a `_thinking` tool.
        yield turn.ofMessage("tool.progress", { tool_name: "_thinking", delta: item.data.text });
        break;
      case "tool.started":
        argumentsOf.set(item.data.tool_call_id, item.data.arguments);
        yield turn.ofMessage("tool.started", toolFields(item.data.name, item.data.tool_call_id, item.data.arguments));
        break;
      case "tool.completed":
        yield turn.ofMessage(
          item.data.is_error ? "tool.failed" : "tool.completed",
          toolFields(item.data.name, item.data.tool_call_id, argumentsOf.get(item.data.tool_call_id) ?? ""),
        );
        break;
      case "approval.requested":
        yield turn.ofMessage("approval.request", {
          event: "approval.request",
          timestamp: ctx.now() / 1000,
          ...hermesApproval(item.data.interrupt),
        });
        break;
      case "done":
        yield* endFrames(item.data.run, ctx, turn);
        return;
      default:
        break;
    }
  }
}

function toolFields(name: string, toolCallId: string, args: string) {
  let parsed: unknown = args;
  try {
    parsed = JSON.parse(args) as unknown;
  } catch {
    /* arguments that are not JSON are shown as sent */
  }
  return { tool_name: name, tool_call_id: toolCallId, preview: args.slice(0, PREVIEW_CHARS), args: parsed };
}

async function* endFrames(run: RunResultSummary, ctx: ChatStreamContext, turn: TurnFrames): AsyncGenerator<SseFrame> {
  const { rows, output } = await ctx.ended(run.id);
  const { completed, partial, interrupted } = hermesOutcome(run.status);
  const flags = { completed, partial, interrupted, runtime: ctx.runtime };
  yield turn.ofMessage("assistant.completed", { content: output ?? "", ...flags });
  yield turn.ofMessage(hermesEndEvent(run.status), {
    ...flags,
    ...(run.error ? { error: run.error } : {}),
    messages: turnMessages(rows),
    usage: hermesUsage(run.usage),
  });
  yield turn.frame("done", {});
}
