/**
 * @module model-call
 * One chat-completions call with a run's messages and tools, streamed (text handed on as it arrives, tool-call
 * fragments joined) or not, read into one ModelTurn; a failure comes out as a ModelCallError that says what to check.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type OpenAI from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { APIError } from "openai";
import { classifyLlmError, type LlmFailureKind } from "../shared/model-errors.js";
import type { ModelCallView } from "../events/event-types.js";
import { normalizeUsage } from "../shared/provider-usage.js";
import type { ToolSchema } from "./tool-registry.js";
import type { ChatMessage, FunctionTool, ModelOptions, TokenUsage, ToolCall } from "../../kernel/chat.js";

/** What one model call produced, however it was transported. */
export type ModelTurn = {
  content: string | null;
  /** What a reasoning model said it thought (`reasoning_content`, or `reasoning`), or null. */
  reasoning: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage: TokenUsage | null;
  /** Of a streamed call: ms from sending the request to the first chunk of text, reasoning or a tool call. */
  firstTokenMs: number | null;
};

export type ModelRequest = {
  model: string;
  messages: ChatMessage[];
  tools: Array<ToolSchema | FunctionTool>;
  /** Sampling settings the run's request named (`model_options`); the endpoint's defaults otherwise. */
  options?: ModelOptions | null;
};

/** A model call that failed for good (after the client's own retries), with a message a user can act on. */
export class ModelCallError extends Error {
  override name = "ModelCallError";
  constructor(
    readonly kind: LlmFailureKind | "empty",
    message: string,
    /** The endpoint's HTTP status, when it answered with one. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** One HTTP attempt of a model call that failed; the SDK may try again (`model.max_retries`). */
export type AttemptFailure = { attempt: number; kind: LlmFailureKind; status: number | null };

/** The header the SDK numbers its retries of one request with (0 on the first attempt). */
const RETRY_COUNT_HEADER = "x-stainless-retry-count";

/** Who hears of the failed attempts of the model call under way (carried across the SDK's awaits). */
type AttemptWatch = { signal: AbortSignal; onFailure: (failure: AttemptFailure) => void };
const currentWatch = new AsyncLocalStorage<AttemptWatch>();

/** The watched copy of each client, built once: building an SDK client costs more than a local request. */
const watchedClients = new WeakMap<OpenAI, OpenAI>();

/**
 * The client with each HTTP attempt watched: the SDK retries failed attempts by itself and tells no one, so each
 * failure is reported to the call's watcher, numbered from the retry count the SDK sends along. The body is left
 * to the SDK.
 */
function watchedClient(client: OpenAI): OpenAI {
  let watched = watchedClients.get(client);
  if (watched) return watched;
  // The client's own fetch (the in-process demo model's, where it is one): the SDK keeps it in its options.
  const send = (client as unknown as { _options?: { fetch?: typeof fetch } })._options?.fetch ?? fetch;
  watched = client.withOptions({
    fetch: async (input, init) => {
      const watch = currentWatch.getStore();
      const attempt = Number(new Headers(init?.headers).get(RETRY_COUNT_HEADER) ?? 0) + 1;
      try {
        const response = await send(input, init);
        if (!response.ok && watch) {
          const error = APIError.generate(response.status, undefined, response.statusText, response.headers);
          watch.onFailure({ attempt, kind: classifyLlmError(error).kind, status: response.status });
        }
        return response;
      } catch (err) {
        // The run's own cancel is no failure; the SDK's timeout aborts the request too, and is one.
        if (watch && !watch.signal.aborted) {
          const timedOut = err instanceof Error && err.name === "AbortError";
          watch.onFailure({ attempt, kind: timedOut ? "timeout" : "network", status: null });
        }
        throw err;
      }
    },
  });
  watchedClients.set(client, watched);
  return watched;
}

const ADVICE: Record<LlmFailureKind, string> = {
  auth: "check model.api_key",
  quota: "the account behind model.api_key is out of quota",
  network: "check model.base_url and that the endpoint is reachable",
  timeout: "raise model.timeout_s or check the endpoint",
  rate_limit: "the endpoint is rate limiting; retry later or raise model.max_retries",
  server: "the endpoint failed; retry later",
  bad_request: "the endpoint rejected the request",
  malformed: "the endpoint answered with something that is not an OpenAI chat completion",
  unknown: "see the server log",
};

export function describeModelFailure(err: unknown): ModelCallError {
  if (err instanceof ModelCallError) return err;
  const { kind, message, status } = classifyLlmError(err);
  const code = status === null ? "" : ` (HTTP ${status})`;
  return new ModelCallError(kind, `model call failed: ${kind}${code}: ${message} — ${ADVICE[kind]}`, status);
}

function baseParams(request: ModelRequest): ChatCompletionCreateParamsBase {
  const params: ChatCompletionCreateParamsBase = {
    ...request.options,
    model: request.model,
    messages: request.messages as unknown as ChatCompletionMessageParam[],
  };
  if (request.tools.length) params.tools = request.tools;
  return params;
}

/** A reasoning model's thoughts on a message or a delta, under either name OpenAI-compatible servers use. */
function reasoningOf(part: unknown): string | null {
  if (typeof part !== "object" || part === null) return null;
  const { reasoning_content: content, reasoning } = part as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof content === "string" && content.length) return content;
  if (typeof reasoning === "string" && reasoning.length) return reasoning;
  return null;
}

function malformed(detail: string): ModelCallError {
  return new ModelCallError("malformed", `model call failed: malformed: ${detail} — ${ADVICE.malformed}`);
}

/** One non-streaming call: the whole answer at once. */
async function callOnce(client: OpenAI, request: ModelRequest, signal: AbortSignal): Promise<ModelTurn> {
  const response = await client.chat.completions.create({ ...baseParams(request), stream: false }, { signal });
  const choice = (response as { choices?: unknown }).choices;
  if (
    !Array.isArray(choice) ||
    choice.length === 0 ||
    typeof (choice[0] as { message?: unknown } | undefined)?.message !== "object"
  ) {
    throw malformed("the response has no choices[0].message");
  }
  const { message, finish_reason } = response.choices[0];
  const toolCalls: ToolCall[] = (message.tool_calls ?? [])
    .filter((call) => call.type === "function")
    .map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.function.name, arguments: call.function.arguments ?? "" },
    }));
  return {
    content: message.content ?? null,
    reasoning: reasoningOf(message),
    toolCalls,
    finishReason: finish_reason ?? null,
    usage: normalizeUsage(response.usage),
    firstTokenMs: null,
  };
}

/** One streaming call: content deltas are handed to `onDelta` as they arrive; tool-call fragments are joined. */
async function callStreaming(
  client: OpenAI,
  request: ModelRequest,
  signal: AbortSignal,
  onDelta: (text: string) => void,
  onReasoningDelta: (text: string) => void,
): Promise<ModelTurn> {
  const sentAt = performance.now();
  let firstTokenMs: number | null = null;
  const stream = await client.chat.completions.create(
    { ...baseParams(request), stream: true, stream_options: { include_usage: true } },
    { signal },
  );
  let content = "";
  let reasoning = "";
  let sawContent = false;
  let finishReason: string | null = null;
  let usage: TokenUsage | null = null;
  const calls = new Map<number, ToolCall>();
  let chunks = 0;
  for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
    chunks += 1;
    if (typeof chunk !== "object" || chunk === null) throw malformed("a stream chunk is not an object");
    usage = normalizeUsage(chunk.usage) ?? usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta ?? {};
    const thought = reasoningOf(delta);
    if (firstTokenMs === null && (thought || delta.content || delta.tool_calls?.length))
      firstTokenMs = Math.round(performance.now() - sentAt);
    if (thought) {
      reasoning += thought;
      onReasoningDelta(thought);
    }
    if (typeof delta.content === "string" && delta.content.length) {
      content += delta.content;
      sawContent = true;
      onDelta(delta.content);
    }
    for (const fragment of delta.tool_calls ?? []) {
      let call = calls.get(fragment.index);
      if (!call) {
        call = { id: fragment.id ?? "", type: "function", function: { name: "", arguments: "" } };
        calls.set(fragment.index, call);
      }
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.function.name += fragment.function.name;
      if (fragment.function?.arguments) call.function.arguments += fragment.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  // The SDK ends an aborted stream quietly; what arrived until then is not an answer.
  if (signal.aborted) throw new Error("the model call was aborted");
  if (chunks === 0) throw malformed("the stream carried no chat-completion chunks");
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  if (toolCalls.some((call) => !call.function.name)) throw malformed("a streamed tool call has no function name");
  return {
    content: sawContent ? content : null,
    reasoning: reasoning || null,
    toolCalls,
    finishReason,
    usage,
    firstTokenMs,
  };
}

/** What one call took, as the assistant message's `message.created` tells it. */
function callView(turn: ModelTurn, startedAt: number, durationMs: number): ModelCallView {
  const { usage } = turn;
  return {
    started_at: new Date(startedAt).toISOString(),
    duration_ms: Math.round(durationMs),
    first_token_ms: turn.firstTokenMs,
    usage: usage && {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
    },
  };
}

/**
 * Calls the model once; every failure comes out as a ModelCallError (or the abort, untouched). The answer carries
 * what the call took (`call`): its start by `now`, its duration and time to first token by the monotonic clock.
 */
export async function callModel(
  client: OpenAI,
  request: ModelRequest,
  options: {
    signal: AbortSignal;
    stream: boolean;
    now: () => number;
    onDelta: (text: string) => void;
    onReasoningDelta: (text: string) => void;
    onAttemptFailed: (failure: AttemptFailure) => void;
  },
): Promise<ModelTurn & { call: ModelCallView }> {
  const watched = watchedClient(client);
  const watch: AttemptWatch = { signal: options.signal, onFailure: options.onAttemptFailed };
  const startedAt = options.now();
  const sentAt = performance.now();
  try {
    const turn = await currentWatch.run(watch, () =>
      options.stream
        ? callStreaming(watched, request, options.signal, options.onDelta, options.onReasoningDelta)
        : callOnce(watched, request, options.signal),
    );
    return { ...turn, call: callView(turn, startedAt, performance.now() - sentAt) };
  } catch (err) {
    if (options.signal.aborted) throw err;
    throw describeModelFailure(err);
  }
}
