/**
 * @module present
 * The OpenAI shapes of this server's answers: the model list and a whole chat completion, both named by the
 * identity every completion (and every chunk of a streamed one) repeats.
 */
import type { Config } from "../../config/schema.js";
import type { FinishedRun } from "../../domain/agent/run-params.js";
import { contentText } from "../../kernel/text.js";
import { finishReasonOf } from "./run-outcome.js";
import { identityOf, servedModelId } from "../shared/identity.js";
import type { ChatCompletionResponse, ListModelsResponse } from "./schemas.js";

/** What every chunk of a completion, and the whole completion, carries. */
export type CompletionIdentity = { id: string; created: number; model: string };

const unixSeconds = (ms: number) => Math.floor(ms / 1000);

export function completionIdentity(
  runId: string,
  nowMs: number,
  requestedModel: string | undefined,
  config: Config,
): CompletionIdentity {
  return {
    id: `chatcmpl-${runId}`,
    created: unixSeconds(nowMs),
    model: requestedModel ?? servedModelId(config),
  };
}

export function presentModelList(config: Config, nowMs: number): ListModelsResponse {
  return {
    object: "list",
    data: [
      {
        id: servedModelId(config),
        object: "model",
        created: unixSeconds(nowMs),
        owned_by: identityOf(config).owner,
        permission: [],
        root: servedModelId(config),
        parent: null,
      },
    ],
  };
}

/** The calls of the client's own tools a paused run waits on, in the OpenAI shape. */
export function clientToolCalls(interrupts: FinishedRun["interrupts"]) {
  return interrupts
    .filter((i) => i.kind === "client_tool")
    .flatMap((i) => i.tool_calls ?? [])
    .map((call) => ({ id: call.id, type: "function" as const, function: call.function }));
}

/** A finished run's last assistant words (or, paused, the client tool calls it waits on) as the one choice. */
export function presentChatCompletion(identity: CompletionIdentity, finished: FinishedRun): ChatCompletionResponse {
  const toolCalls = finished.run.status === "requires_action" ? clientToolCalls(finished.interrupts) : [];
  const last = finished.messages.at(-1);
  const answer = toolCalls.length
    ? last?.role === "assistant" && last.content !== null
      ? last
      : undefined
    : [...finished.messages].reverse().find((m) => m.role === "assistant" && m.content !== null);
  return {
    id: identity.id,
    object: "chat.completion",
    created: identity.created,
    model: identity.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: answer ? contentText(answer.content) : null,
          ...(answer?.reasoning ? { reasoning_content: answer.reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishReasonOf(finished.run),
      },
    ],
    usage: finished.run.usage,
  };
}
