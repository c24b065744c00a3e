/**
 * @module bearer-auth
 * `Authorization: Bearer <key>` on every route but the health checks, the API reference and the inspector page's
 * own files; or the inspector's sign-in cookie, with `X-CSRF-Token` on anything that changes state. Hand-written
 * rather than hono's bearer-auth: a refusal must be our 401 (problem+json, or the OpenAI envelope on the compatible
 * routes, rendered by the app's error handler) with `WWW-Authenticate`, and the key's hash becomes the principal
 * that scopes idempotency keys (the same for a cookie made with that key).
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { principalOf, sameSecret, type InspectorSignIn } from "../../domain/inspector/sign-in.js";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";

const PUBLIC_PATHS = new Set(["/health", "/v1/health", "/openapi.json", "/docs", "/", "/ui", "/ui/session"]);

/** The inspector's sign-in cookie. */
export const UI_COOKIE = "caduceus_ui";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The inspector's files (its page and assets) are public: the page asks for the key itself. */
function isPublic(path: string, method: string): boolean {
  if (PUBLIC_PATHS.has(path) && (path !== "/ui/session" || method !== "DELETE")) return true;
  return path.startsWith("/docs/") || (path.startsWith("/ui/") && path !== "/ui/session");
}

/**
 * Bearer auth (or the inspector cookie) on everything but the health checks, the API reference and the page. A path
 * no route serves is answered 404 before any key is asked for, as the Hermes API server does (its clients probe
 * routes and read a 401 as "this route exists"); the API's paths are public in its OpenAPI document anyway.
 */
export function bearerAuth(
  apiKey: string | null,
  signIn: InspectorSignIn,
  isServed: (path: string) => boolean = () => true,
  /** Paths the operator made public besides the fixed ones (`/metrics` with `metrics.public: true`). */
  alsoPublic: string[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!apiKey || c.req.method === "OPTIONS") return next();
    if (isPublic(c.req.path, c.req.method) || alsoPublic.includes(c.req.path)) return next();
    // Answered here, not passed on: nothing after this (a browser's forwarding to its replica, a body read) runs for
    // a caller that has shown no key.
    if (!isServed(c.req.path)) throw new HttpError("not_found", `no route for ${c.req.method} ${c.req.path}`);
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match) {
      if (!sameSecret(match[1].trim(), apiKey))
        throw new HttpError("unauthorized", "the API key is not valid", {
          headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' },
        });
      c.set("principal", principalOf(match[1].trim()));
      return next();
    }
    const session = header ? null : await signIn.find(getCookie(c, UI_COOKIE) ?? "");
    if (!session)
      throw new HttpError("unauthorized", "send the API key as `Authorization: Bearer <key>`", {
        headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' },
      });
    // A cookie goes with every request the browser makes to us, asked for by this page or not: what changes
    // state must also show the token only the page was given.
    if (!SAFE_METHODS.has(c.req.method) && !sameSecret(c.req.header(CSRF_HEADER) ?? "", session.csrf_token))
      throw new HttpError(
        "csrf_token_invalid",
        "a request signed in with the inspector cookie that changes something must carry X-CSRF-Token " +
          "(the csrf_token of POST /ui/session or GET /ui/session)",
      );
    c.set("principal", session.principal);
    return next();
  };
}
