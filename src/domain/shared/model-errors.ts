/**
 * @module model-errors
 * A failed model call, classified the way the agent and the compressor decide on it: retry later, give up, or tell
 * the user what to fix.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

/** The failure classes the agent and the compressor decide on. */
export type LlmFailureKind =
  "auth" | "quota" | "network" | "timeout" | "rate_limit" | "server" | "bad_request" | "malformed" | "unknown";

export function classifyLlmError(err: unknown): { kind: LlmFailureKind; message: string; status: number | null } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof APIConnectionTimeoutError) return { kind: "timeout", message, status: null };
  if (err instanceof APIConnectionError) return { kind: "network", message, status: null };
  if (err instanceof APIError) {
    // `instanceof` narrows to APIError<any, …>: read its fields by their runtime type.
    const status = typeof err.status === "number" ? err.status : null;
    const code = typeof err.code === "string" ? err.code : "";
    if (status === 401 || status === 403) return { kind: "auth", message, status };
    if (status === 402 || code === "insufficient_quota") return { kind: "quota", message, status };
    if (status === 429) return { kind: "rate_limit", message, status };
    if (status !== null && status >= 500) return { kind: "server", message, status };
    if (status !== null && status >= 400) return { kind: "bad_request", message, status };
    return { kind: "unknown", message, status };
  }
  if (err instanceof SyntaxError) return { kind: "malformed", message, status: null };
  return { kind: "unknown", message, status: null };
}
