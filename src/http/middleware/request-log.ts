/**
 * @module request-log
 * One pino line per request: method, path, status, duration, request id. Bodies and headers are not logged.
 */
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../logger.js";
import type { AppEnv } from "../env.js";

/** One pino line per request; bodies and headers are not logged. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: durationMs,
        request_id: c.get("requestId"),
      },
      "request",
    );
  };
}
