/**
 * @module bearer-auth
 * `Authorization: Bearer <key>` on every route but the health checks and the API reference. Hand-written
 * rather than hono's bearer-auth: a refusal must be our 401 (problem+json, or the OpenAI envelope on the
 * compatible routes, rendered by the app's error handler) with `WWW-Authenticate`, and the key's hash
 * becomes the principal that scopes idempotency keys.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";

const PUBLIC_PATHS = new Set(["/health", "/v1/health", "/openapi.json", "/docs"]);

function sameSecret(given: string, expected: string): boolean {
  // Hash both sides so the comparison is constant-time regardless of length.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Bearer auth on everything but the health checks and the API reference. */
export function bearerAuth(apiKey: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!apiKey || c.req.method === "OPTIONS") return next();
    const path = c.req.path;
    if (PUBLIC_PATHS.has(path) || path.startsWith("/docs/")) return next();
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !sameSecret(match[1].trim(), apiKey)) {
      throw new HttpError(
        "unauthorized",
        match ? "the API key is not valid" : "send the API key as `Authorization: Bearer <key>`",
        { headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' } },
      );
    }
    c.set("principal", createHash("sha256").update(match[1].trim()).digest("hex").slice(0, 16));
    return next();
  };
}
