import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

export type LlmEndpoint = { baseURL: string | null; apiKey: string | null; timeoutMs: number; maxRetries: number };

/** The failure classes the agent and the compressor decide on. */
export type LlmFailureKind =
  "auth" | "quota" | "network" | "timeout" | "rate_limit" | "server" | "bad_request" | "malformed" | "unknown";

/** One OpenAI client per distinct endpoint configuration, reused for the life of the process. */
export class LlmClients {
  private readonly clients = new Map<string, OpenAI>();

  get(endpoint: LlmEndpoint): OpenAI {
    const key = JSON.stringify([endpoint.baseURL, endpoint.apiKey, endpoint.timeoutMs, endpoint.maxRetries]);
    let client = this.clients.get(key);
    if (!client) {
      client = new OpenAI({
        baseURL: endpoint.baseURL ?? undefined,
        // Local OpenAI-compatible servers often need no key; the SDK insists on a value.
        apiKey: endpoint.apiKey ?? "not-needed",
        timeout: endpoint.timeoutMs,
        maxRetries: endpoint.maxRetries,
      });
      this.clients.set(key, client);
    }
    return client;
  }
}

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
