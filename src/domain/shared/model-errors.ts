/**
 * @module model-errors
 * A failed model call, classified the way the agent, the compressor and the fallback chain decide on it: retry later,
 * try the next model, give up, or tell the user what to fix. Errors that arrive inside a stream (an SSE frame with an
 * `error` object, which the SDK raises without an HTTP status) are classified by what the frame says.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

/** The failure classes the agent and the compressor decide on. */
export type LlmFailureKind =
  | "auth"
  | "quota"
  | "network"
  | "timeout"
  | "rate_limit"
  | "server"
  | "context_length"
  | "bad_request"
  | "malformed"
  | "unknown";

/** A model call that failed for good, with the class of its failure (the agent's and the compressor's errors). */
export class ModelFailure extends Error {
  override name = "ModelFailure";
  constructor(
    readonly kind: LlmFailureKind | "empty",
    message: string,
    /** The endpoint's HTTP status, when it answered with one. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Failures another model may not have: the endpoint is down, slow, rate limited past its retry budget, failing, or
 * answering nonsense. Auth and quota failures are the operator's to fix and never fall through silently.
 */
const FALLBACK_KINDS = new Set<LlmFailureKind | "empty">([
  "network",
  "timeout",
  "rate_limit",
  "server",
  "malformed",
  "empty",
  "context_length",
]);

export function fallsThrough(kind: LlmFailureKind | "empty"): boolean {
  return FALLBACK_KINDS.has(kind);
}

/** Providers word an over-long prompt differently; OpenAI and vLLM set `context_length_exceeded`, others only say so. */
const CONTEXT_LENGTH_MESSAGE =
  /context[_ ]length|maximum context|context window|prompt is too long|too many tokens|reduce the length/i;

/** What a stream's error frame says, as the SDK hands it on (`error` is the frame's object). */
function streamErrorKind(error: unknown): LlmFailureKind {
  const frame = (error ?? {}) as { type?: unknown; code?: unknown; message?: unknown };
  const code = frame.code;
  // OpenRouter puts the HTTP status it would have answered with in `code`.
  if (typeof code === "number") return statusKind(code, "");
  const text = [frame.type, code].filter((part): part is string => typeof part === "string").join(" ");
  if (/rate_limit|rate limit|too_many/i.test(text)) return "rate_limit";
  if (/context_length/i.test(text)) return "context_length";
  if (/server_error|internal|overloaded|unavailable|api_error/i.test(text)) return "server";
  return "server";
}

function statusKind(status: number, code: string, message = ""): LlmFailureKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 402 || code === "insufficient_quota") return "quota";
  if (status === 429) return "rate_limit";
  if (status >= 500) return "server";
  if (status === 400 || status === 413) {
    if (code === "context_length_exceeded" || CONTEXT_LENGTH_MESSAGE.test(message)) return "context_length";
  }
  if (status >= 400) return "bad_request";
  return "unknown";
}

export function classifyLlmError(err: unknown): { kind: LlmFailureKind; message: string; status: number | null } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ModelFailure && err.kind !== "empty") return { kind: err.kind, message, status: err.status };
  if (err instanceof APIConnectionTimeoutError) return { kind: "timeout", message, status: null };
  if (err instanceof APIConnectionError) return { kind: "network", message, status: null };
  if (err instanceof APIError) {
    // `instanceof` narrows to APIError<any, …>: read its fields by their runtime type.
    const status = typeof err.status === "number" ? err.status : null;
    const code = typeof err.code === "string" ? err.code : "";
    // No status: the SDK raised an error frame that arrived inside a 200 stream.
    if (status === null) return { kind: streamErrorKind(err.error), message, status };
    return { kind: statusKind(status, code, message), message, status };
  }
  if (err instanceof SyntaxError) return { kind: "malformed", message, status: null };
  return { kind: "unknown", message, status: null };
}

/** The class of any failure a model call ends with: a ModelFailure's own, else the SDK error's. */
export function failureKindOf(err: unknown): LlmFailureKind | "empty" {
  if (err instanceof ModelFailure) return err.kind;
  return classifyLlmError(err).kind;
}
