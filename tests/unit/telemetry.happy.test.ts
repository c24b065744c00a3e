import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { startTracing, tracesUrl } from "../../src/telemetry/tracing.js";

/** Tracing is off unless an endpoint is configured: `telemetry.otlp_endpoint`, or the standard OTLP variables. */
describe("where spans go", () => {
  const config = (otlp: string | null = null) =>
    loadConfig({ env: {}, configPath: null, overrides: { telemetry: { otlp_endpoint: otlp } } });

  it("is nowhere by default: no provider is registered and spans stay no-ops", () => {
    expect(tracesUrl(config(), {})).toBeNull();
    expect(startTracing(config(), { env: {} })).toBeNull();
    expect(trace.getTracer("x").startSpan("s").isRecording()).toBe(false);
  });

  it("follows OTEL_EXPORTER_OTLP_ENDPOINT, its traces variant, and telemetry.otlp_endpoint over both", () => {
    expect(tracesUrl(config(), { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toBe(
      "http://collector:4318/v1/traces",
    );
    expect(tracesUrl(config(), { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/custom" })).toBe(
      "http://c:4318/custom",
    );
    expect(
      tracesUrl(config("http://mine:4318"), {
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/custom",
      }),
    ).toBe("http://mine:4318/v1/traces");
  });
});
