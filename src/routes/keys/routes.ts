/**
 * @module routes
 * API keys (admin): create one (its secret answered once), list, read, change and revoke them; the audit log; and,
 * for any key, who a request acts as. The key routes take no Idempotency-Key: a replayed answer would have to store
 * the secret, and only its hash is ever stored.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { ANY_KEY, requires } from "../../http/route-access.js";
import { jsonBody } from "../shared/json-content.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { AuditPageSchema, AuditQuery } from "./audit-schemas.js";
import { presentAuditPage, presentCaller, presentKey } from "./present.js";
import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreateKeyBody,
  CreatedKeySchema,
  CurrentKeySchema,
  KeyIdParam,
  KeyListQuery,
  UpdateKeyBody,
} from "./schemas.js";

const timeOf = (iso: string | null | undefined) =>
  iso === undefined ? undefined : iso === null ? null : Date.parse(iso);

const createKey = createRoute({
  method: "post",
  path: "/v1/admin/keys",
  operationId: "createKey",
  security: requires("admin"),
  tags: ["keys"],
  summary: "Create an API key; its secret is in this answer only",
  description:
    "The key (`cad_…`, 192 random bits) is stored as a hash: keep it from this answer, it cannot be read again. " +
    "Its owner is the key's own id unless one is named; its sessions and everything of them are its owner's. An " +
    "unknown scope is refused naming it.",
  request: {
    body: {
      required: true,
      content: jsonBody(CreateKeyBody, {
        name: "support bot",
        scopes: ["sessions:read", "sessions:write"],
        owner: "team-support",
        limits: { requests_per_minute: 600, concurrent_runs: 2 },
      }),
    },
  },
  responses: {
    201: {
      description: "Created",
      headers: {
        "X-Request-Id": RESPONSE_HEADERS.requestId,
        Location: {
          description: "The key's URL",
          schema: { type: "string", example: "/v1/admin/keys/key_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
      },
      content: { "application/json": { schema: CreatedKeySchema } },
    },
    ...problemResponses({ body: true }),
  },
});

const listKeys = createRoute({
  method: "get",
  path: "/v1/admin/keys",
  operationId: "listKeys",
  security: requires("admin"),
  tags: ["keys"],
  summary: "List the API keys, newest first",
  description: "Never their secrets. Revoked keys only with `include_revoked=true`.",
  request: { query: KeyListQuery },
  responses: { 200: jsonAnswer("The keys", ApiKeyListSchema), ...problemResponses({}) },
});

const getKey = createRoute({
  method: "get",
  path: "/v1/admin/keys/{key_id}",
  operationId: "getKey",
  security: requires("admin"),
  tags: ["keys"],
  summary: "One API key",
  description: "Never its secret; a revoked key is shown with `revoked_at`.",
  request: { params: KeyIdParam },
  responses: { 200: jsonAnswer("The key", ApiKeySchema), ...problemResponses({ codes: ["not_found"] }) },
});

const updateKey = createRoute({
  method: "patch",
  path: "/v1/admin/keys/{key_id}",
  operationId: "updateKey",
  security: requires("admin"),
  tags: ["keys"],
  summary: "Change a key's name, scopes, limits or expiry",
  description:
    'Each field of the body changes one thing (`{"scopes": ["sessions:read"], "limits": ' +
    '{"tokens_per_day": null}}`); those left out stay as they are. Every replica uses the change from the key\'s ' +
    "next request on.",
  request: {
    params: KeyIdParam,
    body: {
      required: true,
      content: jsonBody(UpdateKeyBody, { scopes: ["sessions:read"], limits: { tokens_per_day: null } }),
    },
  },
  responses: {
    200: jsonAnswer("The changed key", ApiKeySchema),
    ...problemResponses({ codes: ["not_found"], body: true }),
  },
});

const revokeKey = createRoute({
  method: "delete",
  path: "/v1/admin/keys/{key_id}",
  operationId: "revokeKey",
  security: requires("admin"),
  tags: ["keys"],
  summary: "Revoke an API key",
  description:
    "Its next request is refused with 401, on every replica. The key stays listed (revoked) so the audit log can " +
    "name it; what its owner made stays its owner's.",
  request: { params: KeyIdParam },
  responses: {
    204: { description: "Revoked", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const listAudit = createRoute({
  method: "get",
  path: "/v1/admin/audit",
  operationId: "listAuditEntries",
  security: requires("admin"),
  tags: ["keys"],
  summary: "The audit log, newest first",
  description:
    "Who (key, owner) did what (key.create, key.update, key.revoke, session.create, session.delete, run.start, " +
    "interrupt.answer, browser.cdp, mcp.change, guard.held, guard.blocked, guard.allowed, auth.denied for 401, 403 " +
    "and another owner's 404) to which resource, with the " +
    "status it was answered with. Entries are kept `audit.retention_days`.",
  request: { query: AuditQuery },
  responses: { 200: jsonAnswer("A page of entries", AuditPageSchema), ...problemResponses({}) },
});

const getCurrentKey = createRoute({
  method: "get",
  path: "/v1/key",
  operationId: "getCurrentKey",
  security: ANY_KEY,
  tags: ["keys"],
  summary: "Who this request acts as: its key, owner and scopes",
  description: "Any key may ask. The server key (and a server with no keys) acts as an admin with no API key.",
  responses: { 200: jsonAnswer("The caller", CurrentKeySchema), ...problemResponses({}) },
});

const isAuditCursor = (value: unknown): value is { before: string } =>
  typeof value === "object" && value !== null && typeof (value as { before?: unknown }).before === "string";

export function keyRoutes() {
  const router = createRouter();

  router.openapi(createKey, async (c) => {
    const body = c.req.valid("json");
    const { key, secret } = await c.get("services").keys.create(
      {
        name: body.name,
        scopes: body.scopes,
        owner: body.owner ?? null,
        expires_at: timeOf(body.expires_at) ?? null,
        limits: body.limits ?? null,
      },
      c.get("caller"),
    );
    c.header("Location", `/v1/admin/keys/${key.id}`);
    return c.json({ ...presentKey(key), key: secret }, 201);
  });

  router.openapi(listKeys, async (c) => {
    const { owner, include_revoked: includeRevoked } = c.req.valid("query");
    const keys = await c.get("services").keys.list(owner ? { owner } : null, includeRevoked === "true");
    return c.json({ data: keys.map(presentKey) }, 200);
  });

  router.openapi(getKey, async (c) => {
    return c.json(presentKey(await c.get("services").keys.require(c.req.valid("param").key_id)), 200);
  });

  router.openapi(updateKey, async (c) => {
    const body = c.req.valid("json");
    const key = await c.get("services").keys.update(
      c.req.valid("param").key_id,
      {
        name: body.name,
        scopes: body.scopes,
        limits: body.limits,
        expires_at: timeOf(body.expires_at),
      },
      c.get("caller"),
    );
    return c.json(presentKey(key), 200);
  });

  router.openapi(revokeKey, async (c) => {
    await c.get("services").keys.revoke(c.req.valid("param").key_id, c.get("caller"));
    return c.body(null, 204);
  });

  router.openapi(listAudit, async (c) => {
    const query = c.req.valid("query");
    const cursor = decodeCursor(query.cursor, isAuditCursor);
    const entries = await c.get("services").audit.list({
      limit: query.limit + 1,
      before_id: cursor?.before ?? null,
      key_id: query.key_id ?? null,
      action: query.action ?? null,
      from: query.from ? Date.parse(query.from) : null,
      to: query.to ? Date.parse(query.to) : null,
    });
    return c.json(presentAuditPage(entries, query.limit), 200);
  });

  router.openapi(getCurrentKey, async (c) => {
    const caller = c.get("caller");
    const key = caller.key_id ? await c.get("services").keys.require(caller.key_id) : null;
    return c.json(presentCaller(caller, key), 200);
  });

  return router;
}
