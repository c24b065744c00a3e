/**
 * @module request-metrics
 * Counts every request by method, route template and status, and how long it took to answer (for a stream, until its
 * headers went out).
 */
import type { MiddlewareHandler } from "hono";
import type { ServerMetrics } from "../../telemetry/metrics.js";
import type { AppEnv } from "../env.js";
import { routeTemplateOf } from "../route-template.js";

export function requestMetrics(metrics: ServerMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.requestServed(c.req.method, routeTemplateOf(c), c.res.status, (performance.now() - started) / 1000);
  };
}
