/**
 * @module tracing
 * The OpenTelemetry SDK for traces, started by the process entry only when spans have somewhere to go:
 * `telemetry.otlp_endpoint`, else the standard `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `OTEL_EXPORTER_OTLP_ENDPOINT`.
 * Off, the spans the server opens through `@opentelemetry/api` are no-ops. On, spans go to the collector over OTLP/HTTP
 * in batches, trace context is read from and written to `traceparent` (W3C), and the active span follows every await.
 * A test hands its own span processor (an in-memory exporter) instead of an endpoint.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import type { Config } from "../config/schema.js";
import { VERSION } from "../version.js";

export type Tracing = { shutdown(): Promise<void> };

/** Where spans are sent: the configured endpoint's `/v1/traces`, else what the standard variables name; null: off. */
export function tracesUrl(config: Config, env: NodeJS.ProcessEnv = process.env): string | null {
  const base = config.telemetry.otlp_endpoint ?? env.OTEL_EXPORTER_OTLP_ENDPOINT ?? null;
  if (config.telemetry.otlp_endpoint === null && env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
    return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return base ? `${base.replace(/\/+$/, "")}/v1/traces` : null;
}

/** Starts tracing, or answers null when it is off (no endpoint and no processor given). */
export function startTracing(
  config: Config,
  options: { processor?: SpanProcessor; env?: NodeJS.ProcessEnv } = {},
): Tracing | null {
  const url = tracesUrl(config, options.env);
  if (!options.processor && !url) return null;
  const processor = options.processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: url ?? undefined }));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.telemetry.service_name,
      [ATTR_SERVICE_VERSION]: VERSION,
    }),
    spanProcessors: [processor],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return {
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
