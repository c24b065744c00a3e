import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect } from "vitest";
import { testTools, waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import type { FakeModelServer } from "../fixtures/fake-model.js";
import { withApp } from "../fixtures/suite.js";
import { startTracing, type Tracing } from "../../src/telemetry/tracing.js";

/**
 * Traces of one run, collected with the SDK's in-memory exporter: the request's server span continues the caller's
 * `traceparent`, the run's span is its child, each model call (GenAI conventions) and tool call the run's, and the
 * model provider is sent the trace context of the call that asked it. Prompts and answers go on spans only with
 * `telemetry.capture_content: true`.
 */

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`;

const plain = withApp({ tools: [testTools.echo] });
const capturing = withApp({ tools: [testTools.echo], overrides: { telemetry: { capture_content: true } } });

/** A new exporter per traced app: shutting a provider down stops its exporter for good. */
let exporter = new InMemorySpanExporter();
let tracing: Tracing | null = null;

function startCollecting(app: AgentApp): void {
  exporter = new InMemorySpanExporter();
  tracing = startTracing(app.app.services.config, { processor: new SimpleSpanProcessor(exporter) });
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

/** Posts a message whose answer is one echo call, then the final words; returns the finished spans. */
async function tracedRun(app: AgentApp, fake: FakeModelServer): Promise<ReadableSpan[]> {
  fake.enqueue(
    { tool_calls: [{ id: "call_echo_1", name: "echo", arguments: { text: "traced" } }] },
    { content: "All done.", usage: { prompt_tokens: 50, completion_tokens: 4 } },
  );
  const id = await app.createSession();
  exporter.reset();
  const res = await app.call(
    "POST",
    `/v1/sessions/${id}/messages`,
    { content: "Echo it." },
    { traceparent: TRACEPARENT },
  );
  expect(res.status).toBe(200);
  return waitFor(() => {
    const spans = exporter.getFinishedSpans();
    return spans.some((span) => span.name === "POST /v1/sessions/:id/messages") && spans;
  });
}

describe("traces of a run", () => {
  plain.beforeAll(({ app }) => startCollecting(app));
  plain.afterAll(async () => {
    await tracing?.shutdown();
    tracing = null;
  });

  plain(
    "the tree of one run: request → run → model calls and tool call, in the caller's trace",
    async ({ app, fake }) => {
      fake.reset();
      const spans = await tracedRun(app, fake);
      for (const span of spans) expect(span.spanContext().traceId).toBe(TRACE_ID);

      const [request] = named(spans, "POST /v1/sessions/:id/messages");
      expect(parentOf(request)).toBe(CALLER_SPAN);
      expect(request.attributes).toMatchObject({
        "http.route": "/v1/sessions/:id/messages",
        "http.response.status_code": 200,
      });

      const [run] = named(spans, "invoke_agent");
      expect(parentOf(run)).toBe(request.spanContext().spanId);
      expect(run.attributes).toMatchObject({
        "caduceus.run.status": "completed",
        "gen_ai.request.model": "fake-model",
      });
      expect(run.attributes["caduceus.run_id"]).toMatch(/^run_/);
      expect(run.attributes["caduceus.session_id"]).toMatch(/^ses_/);

      const calls = named(spans, "chat fake-model");
      expect(calls).toHaveLength(2);
      for (const call of calls) {
        expect(parentOf(call)).toBe(run.spanContext().spanId);
        expect(call.attributes).toMatchObject({
          "gen_ai.operation.name": "chat",
          "gen_ai.request.model": "fake-model",
          "server.address": "127.0.0.1",
        });
        expect(call.attributes["gen_ai.input.messages"]).toBeUndefined();
      }
      expect(calls[1].attributes).toMatchObject({
        "gen_ai.usage.input_tokens": 50,
        "gen_ai.usage.output_tokens": 4,
        "gen_ai.response.finish_reasons": ["stop"],
      });

      const [tool] = named(spans, "execute_tool echo");
      expect(parentOf(tool)).toBe(run.spanContext().spanId);
      expect(tool.attributes).toMatchObject({ "gen_ai.tool.name": "echo", "gen_ai.tool.call.id": "call_echo_1" });
      expect(tool.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();

      // The provider was sent the context of the model-call span that asked it.
      const sent = fake.completions.map((request) => request.headers.traceparent);
      expect(sent).toEqual(calls.map((call) => `00-${TRACE_ID}-${call.spanContext().spanId}-01`));
    },
  );

  plain("a browser action is a span of the tool call that made it", async ({ app, fake, pages }) => {
    fake.reset();
    fake.enqueue(
      { tool_calls: [{ id: "call_nav_1", name: "browser_navigate", arguments: { url: pages.url("127.0.0.1", "/") } }] },
      { content: "Navigated." },
    );
    const id = await app.createSession();
    exporter.reset();
    try {
      expect((await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Open the page." })).status).toBe(200);
      const spans = await waitFor(() => {
        const finished = exporter.getFinishedSpans();
        return finished.some((span) => span.name === "POST /v1/sessions/:id/messages") && finished;
      });
      const [tool] = named(spans, "execute_tool browser_navigate");
      const [action] = named(spans, "browser browser_navigate");
      expect(parentOf(action)).toBe(tool.spanContext().spanId);
      expect(action.attributes).toMatchObject({
        "caduceus.session_id": id,
        "caduceus.browser.action": "browser_navigate",
      });
      expect(action.attributes["caduceus.browser.failed"]).toBeUndefined();
    } finally {
      await app.call("DELETE", `/v1/sessions/${id}/browser`);
    }
  });

  plain("a compression is a span of the request that asked for it", async ({ app }) => {
    const id = await app.createSession();
    exporter.reset();
    await app.call("POST", `/v1/sessions/${id}/compress`, {}, { traceparent: TRACEPARENT });
    const spans = await waitFor(() => {
      const finished = exporter.getFinishedSpans();
      return finished.some((span) => span.name.startsWith("POST /v1/sessions/:id/compress")) && finished;
    });
    const [request] = named(spans, "POST /v1/sessions/:id/compress");
    const [compression] = named(spans, "compression");
    expect(parentOf(compression)).toBe(request.spanContext().spanId);
    expect(compression.attributes).toMatchObject({
      "caduceus.session_id": id,
      "caduceus.compression.trigger": "manual",
    });
  });
});

describe("traces with content capture", () => {
  capturing.beforeAll(({ app }) => startCollecting(app));
  capturing.afterAll(async () => {
    await tracing?.shutdown();
    tracing = null;
  });

  capturing("puts the prompts, the answers and the tool arguments on the spans", async ({ app, fake }) => {
    fake.reset();
    const spans = await tracedRun(app, fake);
    const [first, second] = named(spans, "chat fake-model");
    expect(String(first.attributes["gen_ai.input.messages"])).toContain("Echo it.");
    expect(String(second.attributes["gen_ai.output.messages"])).toContain("All done.");
    const [tool] = named(spans, "execute_tool echo");
    expect(tool.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"text":"traced"}',
      "gen_ai.tool.call.result": "echo: traced",
    });
  });
});
