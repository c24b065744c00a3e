import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";
import { describe, expect } from "vitest";
import { withApp } from "../fixtures/suite.js";

/**
 * GET /metrics scraped after real traffic (a run through the fake model, a failed request) and read with a Prometheus
 * text parser: the families exist with their types, and the samples count what happened.
 */
const it = withApp({
  overrides: {
    server: { api_key: "metrics-admin-key-0123456789" },
    models: { prices: { "fake-model": { input_per_million: 2, output_per_million: 10 } } },
  },
});

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric family ${name}`);
  return found;
}

const valueOf = (f: PrometheusFamily, labels: Record<string, string>) =>
  Number(f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

describe("GET /metrics", () => {
  it("counts requests, runs, model calls and tokens, and exposes latency histograms and live gauges", async ({
    app,
    fake,
  }) => {
    fake.enqueue({ content: "Hello.", usage: { prompt_tokens: 30, completion_tokens: 3 } });
    const id = await app.createSession();
    const posted = await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Hi" });
    expect(posted.status).toBe(200);
    expect((await app.call("GET", "/v1/sessions/ses_unknown")).status).toBe(404);

    const res = await app.call("GET", "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(await res.text());

    const requests = family(families, "caduceus_http_requests_total");
    expect(requests.type).toBe("COUNTER");
    expect(valueOf(requests, { method: "POST", route: "/v1/sessions/:id/messages", status: "200" })).toBe(1);
    expect(valueOf(requests, { method: "GET", route: "/v1/sessions/:id", status: "404" })).toBe(1);
    const latency = family(families, "caduceus_http_request_duration_seconds");
    expect(latency.type).toBe("HISTOGRAM");
    // The parser folds a histogram's labelled series into one set of buckets (prom2json's shape).
    expect(Number(latency.metrics[0].buckets?.["+Inf"])).toBeGreaterThanOrEqual(1);

    expect(valueOf(family(families, "caduceus_runs_total"), { status: "completed" })).toBe(1);
    const calls = family(families, "caduceus_model_calls_total");
    expect(valueOf(calls, { model: "fake-model", purpose: "agent", outcome: "ok" })).toBe(1);
    const tokens = family(families, "caduceus_model_tokens_total");
    expect(valueOf(tokens, { model: "fake-model", purpose: "agent", kind: "input" })).toBe(30);
    expect(valueOf(tokens, { model: "fake-model", purpose: "agent", kind: "output" })).toBe(3);
    // Priced from models.prices, as the usage report prices it: 30 × $2 and 3 × $10 per million tokens.
    const cost = family(families, "caduceus_model_cost_usd_total");
    expect(valueOf(cost, { model: "fake-model", purpose: "agent" })).toBeCloseTo(0.00009, 10);
    // One series only (fake-model, agent): its buckets are its own.
    const modelLatency = family(families, "caduceus_model_call_duration_seconds");
    expect(modelLatency.metrics[0].buckets?.["+Inf"]).toBe("1");
    for (const name of [
      "caduceus_model_time_to_first_token_seconds",
      "caduceus_model_fallbacks_total",
      "caduceus_compressions_total",
      "caduceus_compression_tokens_saved_total",
    ])
      expect(family(families, name).help).not.toBe("");
    expect(family(families, "caduceus_browsers_live").metrics[0].value).toBe("0");
    expect(family(families, "caduceus_interrupts_waiting").metrics[0].value).toBe("0");
    expect(Number(family(families, "caduceus_event_loop_lag_seconds").metrics[0].value)).toBeGreaterThanOrEqual(0);
  });

  it("measures time to first token on a streamed call", async ({ app, fake }) => {
    fake.enqueue({ content: "Streamed answer." });
    const id = await app.createSession();
    const res = await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Stream it", stream: true });
    await res.text();
    const families = parsePrometheusTextFormat(await (await app.call("GET", "/metrics")).text());
    const ttft = family(families, "caduceus_model_time_to_first_token_seconds");
    expect(ttft.type).toBe("HISTOGRAM");
    expect(Number(ttft.metrics[0].buckets?.["+Inf"])).toBeGreaterThanOrEqual(1);
  });
});
