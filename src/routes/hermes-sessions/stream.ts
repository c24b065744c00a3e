/**
 * @module stream
 * A session chat streamed as the Hermes API server streams one (`POST /api/sessions/{id}/chat/stream`): named
 * frames `run.started`, `assistant.delta` per chunk of text, `tool.progress` as tools start and finish,
 * `approval.request` when a call waits for a person, then `assistant.completed` with the answer and the run's end —
 * `run.completed` carrying the turn's rows and usage, `run.cancelled` or `run.failed`.
 */
import type { StoredMessage } from "../shared/records.js";
import type { RunResultSummary } from "../../domain/shared/run-summary.js";
import type { FeedItem } from "../../domain/events/feed.js";
import type { SseFrame } from "../../http/sse.js";
import { hermesApproval, hermesUsage } from "../runs/hermes-frames.js";
import { turnMessages } from "./present.js";

export type ChatStreamContext = {
  sessionId: string;
  /** The run's rows and its answer, read once it has ended. */
  ended: (runId: string) => Promise<{ rows: StoredMessage[]; output: string | null }>;
};

const PREVIEW_CHARS = 200;

export async function* chatStreamFrames(
  feed: AsyncIterable<FeedItem>,
  ctx: ChatStreamContext,
): AsyncGenerator<SseFrame> {
  const frame = (event: string, runId: string, fields: Record<string, unknown>): SseFrame => ({
    event,
    data: JSON.stringify({ run_id: runId, session_id: ctx.sessionId, ...fields }),
  });
  for await (const item of feed) {
    switch (item.type) {
      case "run.started":
        yield frame("run.started", item.data.run_id, { model: item.data.model });
        break;
      case "message.delta":
        if (item.data.content) yield frame("assistant.delta", item.data.run_id, { delta: item.data.content });
        break;
      case "reasoning.available":
        yield frame("reasoning.available", item.data.run_id, { text: item.data.text });
        break;
      case "tool.started":
        yield frame("tool.progress", item.data.run_id, {
          tool: item.data.name,
          toolCallId: item.data.tool_call_id,
          status: "running",
          preview: item.data.arguments.slice(0, PREVIEW_CHARS),
        });
        break;
      case "tool.completed":
        yield frame("tool.progress", item.data.run_id, {
          tool: item.data.name,
          toolCallId: item.data.tool_call_id,
          status: item.data.is_error ? "error" : "completed",
        });
        break;
      case "approval.requested":
        yield frame("approval.request", item.data.run_id, hermesApproval(item.data.interrupt));
        break;
      case "done":
        yield* endFrames(item.data.run, ctx, frame);
        return;
      default:
        break;
    }
  }
}

async function* endFrames(
  run: RunResultSummary,
  ctx: ChatStreamContext,
  frame: (event: string, runId: string, fields: Record<string, unknown>) => SseFrame,
): AsyncGenerator<SseFrame> {
  const { rows, output } = await ctx.ended(run.id);
  const completed = run.status === "completed";
  const interrupted = run.status === "cancelled" || run.status === "interrupted" || run.status === "incomplete";
  yield frame("assistant.completed", run.id, { content: output ?? "", completed, interrupted });
  const usage = hermesUsage(run.usage);
  if (run.status === "failed") {
    yield frame("run.failed", run.id, { error: run.error ?? "the run failed", completed: false, usage });
  } else if (run.status === "cancelled" || run.status === "interrupted") {
    yield frame("run.cancelled", run.id, { completed: false, interrupted: true, usage });
  } else {
    yield frame("run.completed", run.id, {
      completed,
      interrupted,
      output: output ?? "",
      messages: turnMessages(rows),
      usage,
    });
  }
}
