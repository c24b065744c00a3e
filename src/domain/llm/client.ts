/**
 * @module client
 * One OpenAI client per distinct endpoint configuration, reused for the life of the process.
 */
import OpenAI from "openai";

export type LlmEndpoint = { baseURL: string | null; apiKey: string | null; timeoutMs: number; maxRetries: number };

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
