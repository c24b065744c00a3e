/**
 * @module cors
 * CORS by allowlist (`server.cors_origins`). Hand-written rather than hono's cors: an origin that is not
 * allowed must be refused with a 403 problem, not merely left without CORS headers.
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";

/**
 * CORS by allowlist. Requests without `Origin`, or from the server's own origin (the /docs page),
 * pass; an origin on the list gets the CORS headers; any other origin is refused with 403.
 */
export function corsAllowlist(origins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (!origin) return next();
    const own = new URL(c.req.url).origin;
    const host = c.req.header("host");
    if (origin === own || (host && (origin === `http://${host}` || origin === `https://${host}`))) return next();
    if (!allowed.has(origin) && !allowed.has("*")) {
      throw new HttpError("forbidden_origin", `origin ${origin} is not in server.cors_origins`);
    }
    if (c.req.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          "Access-Control-Allow-Origin": origin,
          "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
          "Access-Control-Allow-Headers":
            c.req.header("access-control-request-headers") ??
            "authorization, content-type, idempotency-key, x-request-id",
          "Access-Control-Max-Age": "600",
          Vary: "Origin",
        },
      });
    }
    await next();
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set(
      "Access-Control-Expose-Headers",
      "X-Request-Id, Idempotency-Replayed, X-Hermes-Session-Id, Retry-After",
    );
    c.res.headers.append("Vary", "Origin");
  };
}
