/**
 * @module chunks
 * A streamed chat completion: the agent's run events translated into `chat.completion.chunk` frames (a role chunk,
 * content chunks (and `reasoning_content` chunks from a reasoning model), a final chunk with finish reason and usage,
 * then `[DONE]`), with tool activity as
 * `hermes.tool.progress` frames when the client wants them.
 */
import type { RunResultSummary } from "../../domain/shared/run-summary.js";
import type { EventFeed } from "../../domain/events/feed.js";
import { openAiErrorBody } from "../../http/openai-error.js";
import { hermesApproval } from "../runs/hermes-frames.js";
import type { SseFrame } from "../../http/sse.js";
import type { InterruptView } from "../../domain/shared/interrupt-view.js";
import { clientToolCalls, type CompletionIdentity } from "./present.js";
import { finishReasonOf, hasNoAnswer, runFailure } from "./run-outcome.js";

function chunk(
  identity: CompletionIdentity,
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  usage?: RunResultSummary["usage"],
) {
  return {
    id: identity.id,
    object: "chat.completion.chunk",
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}

/**
 * The OpenAI SDK hands every `data:` of the stream to its reader as a chunk, named events included: an empty `choices`
 * array keeps `chunk.choices[0]?.delta` and `for (const choice of chunk.choices)` working on these frames.
 */
const PROGRESS_FRAME = { object: "hermes.tool.progress", choices: [] as never[] };

export async function* chatChunks(
  feed: EventFeed,
  identity: CompletionIdentity,
  toolProgress: boolean,
  sessionId = "",
): AsyncGenerator<SseFrame> {
  yield { data: JSON.stringify(chunk(identity, { role: "assistant", content: "" })) };
  let waitingOn: InterruptView[] = [];
  for await (const item of feed) {
    const data = item.data as Record<string, unknown>;
    if (item.type === "run.requires_action") {
      waitingOn = data.interrupts as InterruptView[];
    } else if (item.type === "message.delta") {
      yield { data: JSON.stringify(chunk(identity, { content: data.content })) };
    } else if (item.type === "reasoning.delta") {
      // As reasoning models' own endpoints stream it, so clients that show reasoning find it where they look.
      yield { data: JSON.stringify(chunk(identity, { reasoning_content: data.content })) };
    } else if (toolProgress && item.type === "tool.started") {
      const payload = {
        ...PROGRESS_FRAME,
        tool: data.name,
        toolCallId: data.tool_call_id,
        status: "running",
        label: `${String(data.name)}(${typeof data.arguments === "string" ? data.arguments : ""})`.slice(0, 200),
      };
      yield { event: "hermes.tool.progress", data: JSON.stringify(payload) };
    } else if (toolProgress && item.type === "tool.completed") {
      const payload = {
        ...PROGRESS_FRAME,
        tool: data.name,
        toolCallId: data.tool_call_id,
        status: "completed",
        is_error: data.is_error,
      };
      yield { event: "hermes.tool.progress", data: JSON.stringify(payload) };
    } else if (item.type === "approval.requested") {
      // As Hermes streams it: the run is the completion (`chatcmpl-…`), answered with POST /v1/runs/{that id}/approval;
      // the stream then goes on. Its `choices` are the approval's (as Hermes sends them), not completion choices: an
      // OpenAI client that reads every frame as a chunk tells it by `object`.
      const payload = {
        object: "hermes.approval.request",
        ...hermesApproval(data.interrupt as InterruptView),
        event: "approval.request",
        run_id: identity.id,
        timestamp: Date.now() / 1000,
        session_id: sessionId,
      };
      yield { event: "approval.request", data: JSON.stringify(payload) };
    } else if (item.type === "done") {
      const run = data.run as RunResultSummary;
      const calls = run.status === "requires_action" ? clientToolCalls(waitingOn) : [];
      if (hasNoAnswer(run, calls.length)) {
        // An error object in the stream makes OpenAI clients raise instead of showing a cut answer as final.
        yield { data: JSON.stringify(openAiErrorBody(runFailure(run))) };
      } else {
        if (calls.length) {
          const tool_calls = calls.map((call, index) => ({ index, ...call }));
          yield { data: JSON.stringify(chunk(identity, { tool_calls })) };
        }
        yield { data: JSON.stringify(chunk(identity, {}, finishReasonOf(run), run.usage)) };
      }
    }
  }
  yield { data: "[DONE]" };
}
