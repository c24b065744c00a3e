/**
 * @module chat-turn
 * One model answer read into a ModelTurn, streamed (text and thoughts handed on as they arrive, tool-call fragments
 * joined) or whole, every chunk through ./provider-quirks.ts. What cannot be an answer (no chunk at all, a tool call
 * that never got a name) is a `malformed` failure.
 */
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import type { TokenUsage, ToolCall } from "../../kernel/chat.js";
import { ModelFailure } from "../shared/model-errors.js";
import { finishReasonOf, reasoningOf, streamErrorOf, ToolCallAssembler, usageOf } from "./provider-quirks.js";

/** What one model call produced, however it was transported. */
export type ModelTurn = {
  content: string | null;
  /** What a reasoning model said it thought (`reasoning_content`, or `reasoning`), or null. */
  reasoning: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage: TokenUsage | null;
  /** The model that answered (set by the caller that chose it; a fallback's when one stood in). */
  model: string;
  /** The model name the provider reported in its answer, when it did. */
  responseModel: string | null;
};

export function malformedAnswer(detail: string): ModelFailure {
  return new ModelFailure(
    "malformed",
    `model call failed: malformed: ${detail} — the endpoint answered with something that is not an OpenAI chat completion`,
  );
}

/** Handlers of a streamed answer as it arrives. */
export type StreamHandlers = {
  onDelta: (text: string) => void;
  onReasoningDelta: (text: string) => void;
  /** The first text, thought or tool call arrived (time to first token). */
  onFirstToken?: () => void;
};

/** Reads a streamed answer to its end; `signal` tells a cancel (which the SDK ends quietly) from an answer. */
export async function readChatStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  model: string,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<ModelTurn> {
  let content = "";
  let reasoning = "";
  let sawContent = false;
  let firstToken = false;
  let rawFinish: unknown = null;
  let usage: TokenUsage | null = null;
  let responseModel: string | null = null;
  const calls = new ToolCallAssembler();
  let chunks = 0;
  const token = () => {
    if (firstToken) return;
    firstToken = true;
    handlers.onFirstToken?.();
  };
  for await (const chunk of stream) {
    chunks += 1;
    if (typeof chunk !== "object" || chunk === null) throw malformedAnswer("a stream chunk is not an object");
    const streamError = streamErrorOf(chunk);
    if (streamError) throw new ModelFailure("server", `model call failed: server: ${streamError}`);
    usage = usageOf(chunk) ?? usage;
    if (typeof chunk.model === "string" && chunk.model) responseModel = chunk.model;
    // Azure's content-filter chunks and OpenAI's usage chunk have no choice; Azure's annotations have no delta.
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta ?? {};
    const thought = reasoningOf(delta);
    if (thought) {
      token();
      reasoning += thought;
      handlers.onReasoningDelta(thought);
    }
    if (typeof delta.content === "string" && delta.content.length) {
      token();
      content += delta.content;
      sawContent = true;
      handlers.onDelta(delta.content);
    }
    for (const fragment of delta.tool_calls ?? []) {
      token();
      calls.add(fragment);
    }
    if (choice.finish_reason) rawFinish = choice.finish_reason;
  }
  // The SDK ends an aborted stream quietly; what arrived until then is not an answer.
  if (signal.aborted) throw new Error("the model call was aborted");
  if (chunks === 0) throw malformedAnswer("the stream carried no chat-completion chunks");
  const toolCalls = calls.calls();
  if (toolCalls.some((call) => !call.function.name)) throw malformedAnswer("a streamed tool call has no function name");
  return {
    content: sawContent ? content : null,
    reasoning: reasoning || null,
    toolCalls,
    finishReason: finishReasonOf(rawFinish, toolCalls.length),
    usage,
    model,
    responseModel,
  };
}

/** Reads a whole (non-streamed) answer. */
export function readChatCompletion(response: ChatCompletion, model: string): ModelTurn {
  const choices = (response as { choices?: unknown }).choices;
  if (
    !Array.isArray(choices) ||
    choices.length === 0 ||
    typeof (choices[0] as { message?: unknown } | undefined)?.message !== "object"
  ) {
    throw malformedAnswer("the response has no choices[0].message");
  }
  const { message, finish_reason } = response.choices[0];
  const toolCalls: ToolCall[] = (message.tool_calls ?? [])
    .filter((call) => call.type === "function" || (call as { type?: unknown }).type === undefined)
    .map((call) => {
      const fn = (call as { function: { name: string; arguments?: string } }).function;
      return { id: call.id ?? "", type: "function", function: { name: fn.name, arguments: fn.arguments ?? "" } };
    });
  return {
    content: message.content ?? null,
    reasoning: reasoningOf(message),
    toolCalls,
    finishReason: finishReasonOf(finish_reason, toolCalls.length),
    usage: usageOf(response),
    model,
    responseModel: typeof response.model === "string" && response.model ? response.model : null,
  };
}
