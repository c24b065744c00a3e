/**
 * @module tracing
 * The spans the domain opens, through `@opentelemetry/api` only: without a configured SDK (telemetry off) every call
 * here is a no-op that costs next to nothing. A span is ended however its work ends; a failure marks it an error.
 * Prompts, answers and tool arguments go on a span only where the operator turned `telemetry.capture_content` on.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

/** The instrumentation scope every span of the server is recorded under. */
export const TRACER_NAME = "caduceus";

/** Runs `work` inside a new span that is the active one for everything it awaits, and ends it. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return trace
    .getTracer(TRACER_NAME)
    .startActiveSpan(
      name,
      { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
      async (span) => {
        try {
          return await work(span);
        } catch (err) {
          markFailed(span, err);
          throw err;
        } finally {
          span.end();
        }
      },
    );
}

/** Records why the span's work failed. */
export function markFailed(span: Span, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (err instanceof Error) span.recordException(err);
}

export { SpanKind };
