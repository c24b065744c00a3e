/**
 * @module request-frame
 * What every request gets around it, in one pass rather than one middleware each: the app's services, its request id
 * (`X-Request-Id`: a sane id the client sent is echoed, to correlate its logs with ours, otherwise one is made), its
 * audit trail (what it noted is written once it is answered, with the status it was answered with), its server span
 * when tracing is on (./request-tracing.ts), its count and duration in the metrics (for a stream, until its headers
 * went out), its log line, and the security headers of its response.
 */
import type { MiddlewareHandler } from "hono";
import { RequestAuditTrail, type AuditLog } from "../../domain/audit/audit-log.js";
import { newId } from "../../kernel/ids.js";
import type { Logger } from "../../logger.js";
import type { Services } from "../../services.js";
import type { ServerMetrics } from "../../telemetry/metrics.js";
import type { AppEnv } from "../env.js";
import { routeTemplateOf } from "../route-template.js";
import { isTracing, traced } from "./request-tracing.js";
import { setSecurityHeaders } from "./security-headers.js";

/** Longest client id echoed; longer ones (or ones with other characters than `[A-Za-z0-9_=-]`) are replaced. */
const REQUEST_ID_MAX_CHARS = 128;
const SANE_REQUEST_ID = /^[\w\-=]+$/;

export type RequestFrameDeps = { services: Services; audit: AuditLog; metrics: ServerMetrics; logger: Logger };

export function requestFrame(deps: RequestFrameDeps): MiddlewareHandler<AppEnv> {
  const { services, audit, metrics, logger } = deps;
  return async (c, next) => {
    const started = performance.now();
    c.set("services", services);
    const sent = c.req.header("x-request-id");
    const requestId = sent && sent.length <= REQUEST_ID_MAX_CHARS && SANE_REQUEST_ID.test(sent) ? sent : newId("req");
    c.set("requestId", requestId);
    c.header("X-Request-Id", requestId);
    const trail = new RequestAuditTrail(audit, requestId);
    c.set("auditTrail", trail);
    // Without a tracer provider a span would be a no-op: none is opened, no context is carried.
    if (isTracing()) await traced(c, next);
    else await next();
    const res = c.res;
    // A response the error handler builds anew (every problem+json) does not carry the id yet.
    res.headers.set("X-Request-Id", requestId);
    setSecurityHeaders(res.headers, c.req.path);
    const status = res.status;
    const seconds = (performance.now() - started) / 1000;
    metrics.requestServed(c.req.method, routeTemplateOf(c), status, seconds);
    if (logger.isLevelEnabled("info"))
      logger.info(
        {
          method: c.req.method,
          path: c.req.path,
          status,
          duration_ms: Math.round(seconds * 100_000) / 100,
          request_id: requestId,
        },
        "request",
      );
    await trail.flush(status);
  };
}
