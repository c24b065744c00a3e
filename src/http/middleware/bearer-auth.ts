/**
 * @module bearer-auth
 * `Authorization: Bearer <key>` on every route but the health checks, the API reference and the inspector page's
 * own files; or the inspector's sign-in cookie, with `X-CSRF-Token` on anything that changes state. The key is the
 * server's (`server.api_key`: an admin) or an API key (its owner, scopes and limits): the request acts as that caller
 * from here on. A server without `server.api_key` (loopback only) asks for no key, as before keys existed: a request
 * without one acts as an admin, and one that shows an API key (`cad_…`) acts as that key — refused when it is not live.
 * Hand-written rather than hono's bearer-auth: a refusal must be our 401 (problem+json, or the OpenAI envelope on
 * the compatible routes, rendered by the app's error handler) with `WWW-Authenticate`, noted in the audit log; and the
 * key becomes the principal that scopes idempotency keys (the same for a cookie made with that key).
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Authentication } from "../../domain/keys/api-keys.js";
import { callerOfKey } from "../../domain/shared/owner-scope.js";
import { KEY_PREFIX } from "../../domain/keys/key-secrets.js";
import { keyPrincipal, principalOf, sameSecret, type InspectorSignIn } from "../../domain/inspector/sign-in.js";
import { serverCaller } from "../../domain/shared/owner-scope.js";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";

const PUBLIC_PATHS = new Set(["/health", "/v1/health", "/openapi.json", "/docs", "/", "/ui", "/ui/session"]);

/** The inspector's sign-in cookie. */
export const UI_COOKIE = "caduceus_ui";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD"]);
const SERVER_ACTOR = { key_id: null, owner: null };

/** The inspector's files (its page and assets) are public: the page asks for the key itself. */
function isPublic(path: string, method: string): boolean {
  if (PUBLIC_PATHS.has(path) && (path !== "/ui/session" || method !== "DELETE")) return true;
  return path.startsWith("/docs/") || (path.startsWith("/ui/") && path !== "/ui/session");
}

/** What the middleware asks of the API keys. */
export type KeyAuthenticator = { authenticate(secret: string): Promise<Authentication> };

export type BearerAuthOptions = {
  apiKey: string | null;
  keys: KeyAuthenticator;
  signIn: InspectorSignIn;
  isServed?: (path: string) => boolean;
  /** Paths the operator made public besides the fixed ones (`/metrics` with `metrics.public: true`). */
  alsoPublic?: string[];
};

const REFUSALS: Record<Exclude<Authentication, { ok: true }>["reason"], string> = {
  unknown: "the API key is not valid",
  revoked: "the API key was revoked",
  expired: "the API key has expired",
};

/**
 * Bearer auth (or the inspector cookie) on everything but the health checks, the API reference and the page. A path
 * no route serves is answered 404 before any key is asked for, as the Hermes API server does (its clients probe
 * routes and read a 401 as "this route exists"); the API's paths are public in its OpenAPI document anyway.
 */
export function bearerAuth(options: BearerAuthOptions): MiddlewareHandler<AppEnv> {
  const { apiKey, keys, signIn, isServed = () => true, alsoPublic = [] } = options;
  return async (c, next) => {
    const trail = c.get("auditTrail");
    if (c.req.method === "OPTIONS" || isPublic(c.req.path, c.req.method) || alsoPublic.includes(c.req.path))
      return next();
    const refuse = (message: string, actor: { key_id: string | null; owner: string | null } = SERVER_ACTOR) => {
      trail.for(actor).note({ action: "auth.denied", detail: { method: c.req.method, path: c.req.path } });
      return new HttpError("unauthorized", message, { headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' } });
    };
    const header = c.req.header("authorization") ?? "";
    const secret = /^Bearer\s+(.+)$/i.exec(header)?.[1].trim() ?? null;
    if (!apiKey && !secret?.startsWith(KEY_PREFIX)) {
      c.set("caller", serverCaller(trail.for(SERVER_ACTOR)));
      return next();
    }
    // Answered here, not passed on: nothing after this (a browser's forwarding to its replica, a body read) runs for
    // a caller that has shown no key.
    if (!isServed(c.req.path)) throw new HttpError("not_found", `no route for ${c.req.method} ${c.req.path}`);
    if (secret !== null) {
      if (apiKey && sameSecret(secret, apiKey)) {
        c.set("caller", serverCaller(trail.for(SERVER_ACTOR)));
        c.set("principal", principalOf(secret));
        return next();
      }
      const shown = await keys.authenticate(secret);
      if (!shown.ok)
        throw refuse(REFUSALS[shown.reason], shown.key ? { key_id: shown.key.id, owner: shown.key.owner } : undefined);
      c.set("caller", callerOfKey(shown.key, trail.for({ key_id: shown.key.id, owner: shown.key.owner })));
      c.set("principal", keyPrincipal(shown.key));
      return next();
    }
    const session = header ? null : await signIn.find(getCookie(c, UI_COOKIE) ?? "");
    if (!session) throw refuse("send the API key as `Authorization: Bearer <key>`");
    // A cookie goes with every request the browser makes to us, asked for by this page or not: what changes
    // state must also show the token only the page was given.
    if (!SAFE_METHODS.has(c.req.method) && !sameSecret(c.req.header(CSRF_HEADER) ?? "", session.csrf_token))
      throw new HttpError(
        "csrf_token_invalid",
        "a request signed in with the inspector cookie that changes something must carry X-CSRF-Token " +
          "(the csrf_token of POST /ui/session or GET /ui/session)",
      );
    const { key } = session;
    c.set(
      "caller",
      key ? callerOfKey(key, trail.for({ key_id: key.id, owner: key.owner })) : serverCaller(trail.for(SERVER_ACTOR)),
    );
    c.set("principal", session.principal);
    return next();
  };
}
