/**
 * @module routes
 * The session operations: create, list (newest first), get, update and delete.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { json } from "../shared/json-content.js";
import { PageQuery } from "../shared/pagination.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { problemResponses } from "../shared/problem-responses.js";
import { sessionBodyHook } from "./body-hook.js";
import { isSessionCursor } from "./cursor.js";
import { presentSession, presentSessionPage } from "./present.js";
import { CreateSessionBody, SessionPage, SessionSchema, UpdateSessionBody } from "./schemas.js";

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

export function sessionRoutes() {
  const router = createRouter();

  router.openapi(
    createSession,
    async (c) => {
      const snapshot = await c.get("services").useCases.createSession(c.req.valid("json"));
      c.header("Location", `/v1/sessions/${snapshot.session.id}`);
      return c.json(presentSession(snapshot), 201);
    },
    sessionBodyHook,
  );

  router.openapi(listSessions, (c) => {
    const { sessions } = c.get("services");
    const query = c.req.valid("query");
    const page = sessions.list(query.limit, decodeCursor(query.cursor, isSessionCursor));
    return c.json(
      presentSessionPage(
        page.sessions.map((s) => sessions.snapshot(s)),
        page.next,
      ),
      200,
    );
  });

  router.openapi(getSession, (c) => {
    const { sessions } = c.get("services");
    return c.json(presentSession(sessions.snapshot(sessions.require(c.req.valid("param").id))), 200);
  });

  router.openapi(
    patchSession,
    async (c) => {
      const snapshot = await c.get("services").useCases.updateSession(c.req.valid("param").id, c.req.valid("json"));
      return c.json(presentSession(snapshot), 200);
    },
    sessionBodyHook,
  );

  router.openapi(deleteSession, async (c) => {
    await c.get("services").useCases.deleteSession(c.req.valid("param").id);
    return c.body(null, 204);
  });

  return router;
}
