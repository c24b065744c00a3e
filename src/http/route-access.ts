/**
 * @module route-access
 * Who may call an operation, decided in one place for every route (the router wraps each one, ./router.ts):
 * - its scope: the one its OpenAPI `security` names (`requires("browser")`), checked before its input is read — a
 *   key without it is answered 403 `insufficient_scope` naming `required_scope`; a route that names no security
 *   needs `admin` (a new route is closed until it says otherwise);
 * - its path's resources: each id of a kind in OWNED_PARAMS is looked up (../domain/owners/owned-resources.ts) once
 *   the input is valid, and another owner's is answered exactly as the route answers a missing one;
 * - its audit entry, for the operations AUDITED names (the others note theirs where they act).
 * Every refusal is noted in the request's audit trail as `auth.denied`.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { hasScope, visibleTo } from "../domain/shared/owner-scope.js";
import { isScope, type Scope } from "../domain/shared/scopes.js";
import { DomainError, notFound } from "../kernel/errors.js";
import type { AppEnv } from "./env.js";
import { HttpError } from "./errors.js";

/** The document's name for the API key scheme. */
export const SECURITY_SCHEME = "bearerAuth";

type Security = NonNullable<RouteConfig["security"]>;

/** An operation that needs this scope. */
export function requires(scope: Scope): Security {
  return [{ [SECURITY_SCHEME]: [scope] }];
}

/** An operation any key may call, whatever its scopes. */
export const ANY_KEY: Security = [{ [SECURITY_SCHEME]: [] }];

/** A chat completion's id (`chatcmpl-<run id>`) names its run, as Hermes's approval events name it. */
export const ownRunId = (id: string) => (id.startsWith("chatcmpl-") ? id.slice("chatcmpl-".length) : id);

/** A path parameter that names an owned resource, on the routes under `under`, and how a missing one is answered. */
type OwnedParam = {
  param: string;
  under: string;
  kind: string;
  idOf?: (raw: string) => string;
  missing: (id: string) => Error;
};

/**
 * The ids in paths that name owned resources. A resource kind added later (memory) adds its
 * parameter here and registers how its owner is found (OwnedResources).
 */
export const OWNED_PARAMS: OwnedParam[] = [
  { param: "id", under: "/v1/sessions/", kind: "session", missing: (id) => notFound("session", id) },
  { param: "session_id", under: "/api/sessions/", kind: "session", missing: (id) => notFound("session", id) },
  { param: "run_id", under: "/v1/sessions/", kind: "run", missing: (id) => notFound("run", id) },
  {
    param: "run_id",
    under: "/v1/runs/",
    kind: "run",
    idOf: ownRunId,
    missing: (id) => new HttpError("run_not_found", `Run not found: ${id}`),
  },
  {
    param: "interrupt_id",
    under: "/v1/sessions/",
    kind: "interrupt",
    missing: (id) => new DomainError("interrupt_not_found", `interrupt ${id} does not exist`),
  },
  { param: "response_id", under: "/v1/responses/", kind: "response", missing: (id) => notFound("response", id) },
  { param: "id", under: "/v1/jobs/", kind: "job", missing: (id) => notFound("job", id) },
  { param: "id", under: "/v1/webhooks/", kind: "webhook", missing: (id) => notFound("webhook", id) },
  {
    param: "entry_id",
    under: "/v1/approvals/allowlist/",
    kind: "approval_grant",
    missing: (id) => notFound("allowlist entry", id),
  },
];

/** The operations whose audit entry is made here: what they act on is the resource in their path. */
export const AUDITED: Record<string, { action: string; param: string; type: string }> = {
  deleteSession: { action: "session.delete", param: "id", type: "session" },
  deleteHermesSession: { action: "session.delete", param: "session_id", type: "session" },
  answerInterrupt: { action: "interrupt.answer", param: "interrupt_id", type: "interrupt" },
  answerRunApproval: { action: "interrupt.answer", param: "run_id", type: "run" },
  submitToolOutputs: { action: "interrupt.answer", param: "run_id", type: "run" },
  sendCdpCommand: { action: "browser.cdp", param: "id", type: "session" },
  evaluateScript: { action: "browser.cdp", param: "id", type: "session" },
};

/** The scopes an operation's security names; null for a public operation. */
export function scopesOf(route: RouteConfig): Scope[] | null {
  const security = route.security ?? requires("admin");
  if (security.length === 0) return null;
  const named = security.flatMap((requirement) => requirement[SECURITY_SCHEME] ?? []);
  return named.filter(isScope);
}

function scopeCheck(scopes: Scope[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get("caller");
    const missing = scopes.find((scope) => !hasScope(caller, scope));
    if (missing) {
      caller.trail.note({
        action: "auth.denied",
        detail: { method: c.req.method, path: c.req.path, required_scope: missing },
      });
      throw new DomainError(
        "insufficient_scope",
        `this needs the ${missing} scope, which the API key ${caller.key_id ?? ""} does not have`,
        { details: { required_scope: missing } },
      );
    }
    await next();
  };
}

/** Refuses another owner's resources named in the path, as the route refuses missing ones. */
async function checkOwnedParams(c: Context<AppEnv>, path: string): Promise<void> {
  const caller = c.get("caller");
  if (caller.admin) return;
  const owners = c.get("services").owners;
  for (const owned of OWNED_PARAMS) {
    if (!path.startsWith(owned.under) || !path.includes(`{${owned.param}}`)) continue;
    const raw = c.req.param(owned.param);
    if (raw === undefined) continue;
    const id = owned.idOf ? owned.idOf(raw) : raw;
    const owner = await owners.ownerOf(owned.kind, id);
    if (owner === undefined || visibleTo(caller, owner)) continue;
    caller.trail.note({
      action: "auth.denied",
      resource: { type: owned.kind, id },
      detail: { method: c.req.method, path: c.req.path, reason: "another owner's" },
    });
    throw owned.missing(id);
  }
}

type RouteHandler = (c: Context<AppEnv>, next: () => Promise<void>) => Response | Promise<Response>;

/** The route as registered — its security said, its scope checked first — and its handler behind the owner check. */
export function withAccess(route: RouteConfig): {
  route: RouteConfig;
  wrap(handler: RouteHandler): RouteHandler;
} {
  const security = route.security ?? requires("admin");
  const scopes = scopesOf({ ...route, security });
  const middleware = route.middleware === undefined ? [] : [route.middleware].flat();
  const audited = route.operationId ? AUDITED[route.operationId] : undefined;
  return {
    route: { ...route, security, middleware: scopes === null ? middleware : [scopeCheck(scopes), ...middleware] },
    wrap: (handler) => async (c, next) => {
      if (scopes === null) return handler(c, next);
      await checkOwnedParams(c, route.path);
      if (audited) {
        const id = c.req.param(audited.param);
        c.get("caller").trail.note({
          action: audited.action,
          resource: id === undefined ? null : { type: audited.type, id },
          detail: { operation: route.operationId },
        });
      }
      return handler(c, next);
    },
  };
}
