import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isLoopbackHost } from "../config.js";
import { AppError } from "../domain/errors.js";
import { newId } from "../kernel/ids.js";
import type { Logger } from "../logger.js";
import type { AppEnv } from "./env.js";
import { findExcessiveNesting } from "./json-depth.js";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a sane client `X-Request-Id`, or makes one. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const id = given && REQUEST_ID_PATTERN.test(given) ? given : newId("req");
    c.set("requestId", id);
    await next();
    c.res.headers.set("X-Request-Id", id);
  };
}

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** The security headers of a JSON response, also sent by the Node adapter on what the app never sees. */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": JSON_CSP,
};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(JSON_SECURITY_HEADERS)) headers.set(name, value);
    const isDocs = c.req.path === "/docs" || c.req.path.startsWith("/docs/");
    if (isDocs) headers.set("Content-Security-Policy", DOCS_CSP);
  };
}

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
      throw new AppError(
        "unauthorized",
        match ? "the API key is not valid" : "send the API key as `Authorization: Bearer <key>`",
        { headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' } },
      );
    }
    c.set("principal", createHash("sha256").update(match[1].trim()).digest("hex").slice(0, 16));
    return next();
  };
}

/** The host name of a Host header value: `[::1]:8642` → `[::1]`, `localhost:8642` → `localhost`. */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.split(":")[0];
}

/**
 * Without an API key the server trusts whoever can reach it on loopback; a web page could still
 * reach it by pointing its own name at 127.0.0.1 (DNS rebinding). Such requests carry that name in
 * `Host`, so without a key only loopback names are served.
 */
export function loopbackHostGuard(apiKey: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (apiKey) return next();
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    const name = hostName(host).toLowerCase();
    if (!isLoopbackHost(name)) {
      throw new AppError(
        "forbidden_origin",
        `host ${name} is not a loopback name; without server.api_key only localhost, 127.0.0.1 and [::1] are served — set server.api_key to serve other names`,
      );
    }
    return next();
  };
}

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
      throw new AppError("forbidden_origin", `origin ${origin} is not in server.cors_origins`);
    }
    if (c.req.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          "Access-Control-Allow-Origin": origin,
          "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE, OPTIONS",
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

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
/**
 * Deepest nesting of arrays and objects a JSON body may have. Parsing deeper text is fine, but the
 * walks that follow (validation, storing a content part with `JSON.stringify`) recurse and overflow
 * the stack around a few thousand levels. The deepest legitimate bodies are tool JSON schemas in
 * /v1/chat/completions, which spend two levels per nested object schema under five of framing
 * (`tools[i].function.parameters`), so 64 still allows about 29 nested object schemas.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * Requests that carry a body must say it is JSON; otherwise a form-encoded body (curl -d) would be
 * read as an empty object. A JSON body nested deeper than {@link JSON_MAX_DEPTH} is refused here,
 * before the route's validator parses it.
 */
export function requireJsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "POST" && method !== "PATCH" && method !== "PUT") return next();
    const type = c.req.header("content-type");
    const length = c.req.header("content-length");
    const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    // A declared non-JSON type is refused even when the length is unknown, so a form body never
    // slips through as an empty object; a bodiless POST without a type stays allowed.
    const declaredOther = type !== undefined && !JSON_TYPE.test(type);
    if (declaredOther || (hasBody && type === undefined)) {
      throw new AppError(
        "unsupported_media_type",
        `send the body as JSON with \`Content-Type: application/json\` (got ${type ?? "no Content-Type"})`,
        { errors: [{ location: "header.content-type", message: "must be application/json" }] },
      );
    }
    // `curl -X POST -H 'Content-Type: application/json' …` with no -d: an empty JSON body means {},
    // so optional bodies work and required fields are reported by name, not as malformed JSON.
    if (type === undefined) return next();
    const text = await c.req.text();
    if (text.trim() === "") (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve("{}");
    const tooDeep = findExcessiveNesting(text, JSON_MAX_DEPTH);
    if (tooDeep?.kind === "proto_key") {
      const location = ["body", ...tooDeep.path].join(".");
      throw new AppError("validation_failed", `the body names the key __proto__ (at ${location}), which no field has`, {
        errors: [{ location, message: "__proto__ is not an accepted key" }],
      });
    }
    if (tooDeep) {
      const location = ["body", ...tooDeep.path].join(".") + (tooDeep.elided ? "…" : "");
      throw new AppError(
        "validation_failed",
        `the body nests arrays and objects more than ${JSON_MAX_DEPTH} levels deep (at ${location})`,
        { errors: [{ location, message: `nested more than ${JSON_MAX_DEPTH} levels deep` }] },
      );
    }
    return next();
  };
}

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
