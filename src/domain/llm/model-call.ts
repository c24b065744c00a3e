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
import { classifyLlmError, ModelFailure, type LlmFailureKind } from "../shared/model-errors.js";
import { readChatCompletion, readChatStream, type ModelTurn } from "./chat-turn.js";
import type { ChatMessage, FunctionTool, ModelOptions } from "../../kernel/chat.js";

export type { ModelTurn } from "./chat-turn.js";

export type ModelRequest = {
  model: string;
  messages: ChatMessage[];
  tools: FunctionTool[];
  /** Sampling settings the run's request named (`model_options`); the endpoint's defaults otherwise. */
  options?: ModelOptions | null;
};

/** A model call that failed for good (after the client's own retries), with a message a user can act on. */
export class ModelCallError extends ModelFailure {
  override name = "ModelCallError";
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
  context_length: "the conversation is longer than the model's window; compress the session or use a larger model",
  bad_request: "the endpoint rejected the request",
  malformed: "the endpoint answered with something that is not an OpenAI chat completion",
  unknown: "see the server log",
};

export function describeModelFailure(err: unknown): ModelCallError {
  if (err instanceof ModelCallError) return err;
  if (err instanceof ModelFailure) return new ModelCallError(err.kind, err.message, err.status);
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

/**
 * Each tool's JSON schema as sent, serialized once: a session's tools are the same objects call after call (the
 * providers' constant schemas), and they are most of a short conversation's request.
 */
const serializedSchemas = new WeakMap<object, string>();

/** An object's JSON with one more field, given as JSON, at its end. */
function withField(objectJson: string, name: string, valueJson: string): string {
  return `${objectJson.slice(0, -1)}${objectJson.length > 2 ? "," : ""}"${name}":${valueJson}}`;
}

/** A tool as JSON.stringify would write it (every field it has), its schema taken from the cache. */
function toolJson(tool: FunctionTool): string {
  const { function: fn, ...outer } = tool;
  const { parameters, ...described } = fn;
  let fnJson = JSON.stringify(described);
  if (parameters !== undefined) {
    let schema = serializedSchemas.get(parameters);
    if (schema === undefined) {
      schema = JSON.stringify(parameters);
      serializedSchemas.set(parameters, schema);
    }
    fnJson = withField(fnJson, "parameters", schema);
  }
  return withField(JSON.stringify(outer), "function", fnJson);
}

/**
 * The request as the SDK would send it, with the tools' schemas serialized once rather than on every call; the SDK
 * sends a body given as text with its content type as it is.
 */
function requestOptions(params: ChatCompletionCreateParamsBase, tools: FunctionTool[], signal: AbortSignal) {
  const { tools: _sentAsText, ...rest } = params;
  const head = JSON.stringify(rest);
  const body = tools.length ? withField(head, "tools", `[${tools.map(toolJson).join(",")}]`) : head;
  return { signal, body, headers: { "content-type": "application/json" } };
}

/** One non-streaming call: the whole answer at once. */
async function callOnce(client: OpenAI, request: ModelRequest, signal: AbortSignal): Promise<ModelTurn> {
  const params = { ...baseParams(request), stream: false as const };
  const response = await client.chat.completions.create(params, requestOptions(params, request.tools, signal));
  return readChatCompletion(response, request.model);
}

/** One streaming call: text and thoughts are handed on as they arrive; tool-call fragments are joined. */
async function callStreaming(
  client: OpenAI,
  request: ModelRequest,
  signal: AbortSignal,
  handlers: StreamCallbacks,
): Promise<ModelTurn> {
  const params = { ...baseParams(request), stream: true as const, stream_options: { include_usage: true } };
  const stream = await client.chat.completions.create(params, requestOptions(params, request.tools, signal));
  return readChatStream(stream as AsyncIterable<ChatCompletionChunk>, request.model, signal, handlers);
}

type StreamCallbacks = {
  onDelta: (text: string) => void;
  onReasoningDelta: (text: string) => void;
  onFirstToken?: () => void;
};

/** Calls the model once; every failure comes out as a ModelCallError (or the abort, untouched). */
export async function callModel(
  client: OpenAI,
  request: ModelRequest,
  options: {
    signal: AbortSignal;
    stream: boolean;
    onAttemptFailed: (failure: AttemptFailure) => void;
  } & StreamCallbacks,
): Promise<ModelTurn> {
  const watched = watchedClient(client);
  const watch: AttemptWatch = { signal: options.signal, onFailure: options.onAttemptFailed };
  try {
    return await currentWatch.run(watch, () =>
      options.stream
        ? callStreaming(watched, request, options.signal, options)
        : callOnce(watched, request, options.signal),
    );
  } catch (err) {
    if (options.signal.aborted) throw err;
    throw describeModelFailure(err);
  }
}
