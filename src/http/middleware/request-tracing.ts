/**
 * @module request-tracing
 * A server span per request, child of the caller's trace when it sent a `traceparent` (W3C trace context), and the
 * active span for everything the request does — its run, its model calls (whose requests carry the context on), its
 * tool calls. Named by method and route template once the route is known. Opened only while a tracer provider is
 * registered (./request-frame.ts asks): without one, a span would be a no-op.
 */
import {
  context,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { Context, Next } from "hono";
import { TRACER_NAME } from "../../domain/shared/tracing.js";
import type { AppEnv } from "../env.js";
import { routeTemplateOf } from "../route-template.js";

const headerGetter = {
  get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
  keys: (carrier: Headers) => [...carrier.keys()],
};

/** What the global provider delegates to while none is registered. */
const NO_PROVIDER = new ProxyTracerProvider().getDelegate();

/** Whether a tracer provider is registered (the SDK was started): spans then go somewhere. */
export function isTracing(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NO_PROVIDER;
}

/** Runs the rest of the request inside its server span. */
export async function traced(c: Context<AppEnv>, next: Next): Promise<void> {
  const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headerGetter);
  const span = trace.getTracer(TRACER_NAME).startSpan(
    c.req.method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "http.request.method": c.req.method,
        "url.path": c.req.path,
        "caduceus.request_id": c.get("requestId"),
      },
    },
    parent,
  );
  try {
    await context.with(trace.setSpan(parent, span), () => next());
  } finally {
    const route = routeTemplateOf(c);
    span.updateName(`${c.req.method} ${route}`);
    span.setAttribute("http.route", route);
    span.setAttribute("http.response.status_code", c.res.status);
    if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}
