/**
 * @module client
 * One OpenAI client per distinct endpoint configuration, reused for the life of the process; the demo model's
 * (DEMO_BASE_URL) calls the in-process demo endpoint instead of the network. Retries and timeouts are the SDK's own
 * (`model.max_retries`, `model.timeout_s`): it backs off between attempts and waits as long as a 429 or 503 asks in
 * `retry-after-ms` (Azure) or `retry-after`. Every request carries the trace context of the span it is made in
 * (`traceparent`), so a provider that traces joins the server's trace.
 */
import { context, propagation } from "@opentelemetry/api";
import OpenAI from "openai";
import { DEMO_BASE_URL } from "../../config/schema.js";
import { demoFetch } from "./demo/model.js";

/** The `fetch` requests to `baseURL` go through: the in-process demo endpoint for DEMO_BASE_URL, else the network. */
function fetchFor(baseURL: string | null | undefined): typeof fetch {
  const send = baseURL?.replace(/\/+$/, "") === DEMO_BASE_URL ? demoFetch : fetch;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    propagation.inject(context.active(), headers, {
      set: (carrier, key, value) => carrier.set(key, value),
    });
    return send(input, { ...init, headers });
  };
}

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
        // The demo model is served in-process: its requests never reach the network.
        fetch: fetchFor(endpoint.baseURL),
      });
      this.clients.set(key, client);
    }
    return client;
  }
}
