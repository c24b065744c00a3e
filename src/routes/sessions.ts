import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { AppError } from "../domain/errors.js";
import type { AppEnv } from "../http/env.js";
import { createRouter, issuesToFieldErrors } from "./router.js";
import { IdempotencyHeaders, PageQuery, SessionIdParam, pageOf, problemResponses, json } from "./schemas/common.js";
import { CreateSessionBody, SessionSchema, UpdateSessionBody } from "./schemas/session.js";
import type { SessionCursor } from "../db/records.js";

const SessionPage = pageOf(SessionSchema, "SessionPage");

const createSession = createRoute({
  method: "post",
  path: "/v1/sessions",
  tags: ["sessions"],
  summary: "Create a session",
  request: { headers: IdempotencyHeaders, body: { required: false, content: json(CreateSessionBody) } },
  responses: {
    201: { description: "Created", content: json(SessionSchema) },
    ...problemResponses(400, 401, 409, 413, 415),
  },
});

const listSessions = createRoute({
  method: "get",
  path: "/v1/sessions",
  tags: ["sessions"],
  summary: "List sessions, newest first",
  request: { query: PageQuery },
  responses: { 200: { description: "A page of sessions", content: json(SessionPage) }, ...problemResponses(400, 401) },
});

const getSession = createRoute({
  method: "get",
  path: "/v1/sessions/{id}",
  tags: ["sessions"],
  summary: "Get a session with its token statistics",
  request: { params: SessionIdParam },
  responses: { 200: { description: "The session", content: json(SessionSchema) }, ...problemResponses(401, 404) },
});

const patchSession = createRoute({
  method: "patch",
  path: "/v1/sessions/{id}",
  tags: ["sessions"],
  summary: "Change title, model, system prompt or config",
  request: { params: SessionIdParam, body: { required: true, content: json(UpdateSessionBody) } },
  responses: {
    200: { description: "The updated session", content: json(SessionSchema) },
    ...problemResponses(400, 401, 404, 415),
  },
});

const deleteSession = createRoute({
  method: "delete",
  path: "/v1/sessions/{id}",
  tags: ["sessions"],
  summary: "Delete a session, its rows, and stop its browser",
  request: { params: SessionIdParam },
  responses: { 204: { description: "Deleted" }, ...problemResponses(401, 404) },
});

const isSessionCursor = (v: unknown): v is SessionCursor =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as SessionCursor).created_at === "number" &&
  typeof (v as SessionCursor).id === "string";

/** What the validator hands its hook; on a failure it also passes the raw input as `data` (@hono/zod-validator's Hook). */
type ValidationResult<T> = { target: string } & ({ success: true; data: T } | { success: false; error: z.ZodError });

/**
 * The validation hook of the session bodies. The schema knows the shape, the lengths and the keys no
 * session may set; only the running server knows which CDP hosts it allows and which engines it has.
 * A body that fails its schema gets both lists in one answer, so the client fixes everything at once
 * (the checks on the server's configuration run again in the service when the schema passes).
 */
function sessionBodyHook<T>(result: ValidationResult<T>, c: Context<AppEnv>): undefined {
  if (result.success) return undefined;
  const errors = issuesToFieldErrors(result.target, result.error);
  if (result.target === "json") {
    const body = (result as { data?: unknown }).data;
    const config = typeof body === "object" && body !== null ? (body as Record<string, unknown>).config : undefined;
    const failed = new Set(errors.map((e) => e.location));
    errors.push(
      ...c
        .get("services")
        .sessions.configProblems(config)
        .filter((e) => !failed.has(e.location)),
    );
  }
  throw new AppError(
    "validation_failed",
    `${errors.length} field(s) failed validation: ${errors.map((e) => e.location).join(", ")}`,
    { errors },
  );
}

export function sessionRoutes() {
  const router = createRouter();

  router.openapi(
    createSession,
    async (c) => {
      const { sessions } = c.get("services");
      const session = await sessions.createFromClient(c.req.valid("json"));
      c.header("Location", `/v1/sessions/${session.id}`);
      return c.json(sessions.view(session), 201);
    },
    sessionBodyHook,
  );

  router.openapi(listSessions, (c) => {
    const { sessions } = c.get("services");
    const query = c.req.valid("query");
    const page = sessions.list(query.limit, decodeCursor(query.cursor, isSessionCursor));
    return c.json(
      { data: page.sessions.map((s) => sessions.view(s)), next_cursor: page.next ? encodeCursor(page.next) : null },
      200,
    );
  });

  router.openapi(getSession, (c) => {
    const { sessions } = c.get("services");
    return c.json(sessions.view(sessions.require(c.req.valid("param").id)), 200);
  });

  router.openapi(
    patchSession,
    async (c) => {
      const { sessions } = c.get("services");
      const updated = await sessions.update(c.req.valid("param").id, c.req.valid("json"));
      return c.json(sessions.view(updated), 200);
    },
    sessionBodyHook,
  );

  router.openapi(deleteSession, async (c) => {
    await c.get("services").sessions.delete(c.req.valid("param").id);
    return c.body(null, 204);
  });

  return router;
}
