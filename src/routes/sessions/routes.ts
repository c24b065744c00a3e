/**
 * @module routes
 * The session operations: create, list (newest first), get, update and delete.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { OwnedPageQuery } from "../shared/pagination.js";
import { ownerFilter } from "../../domain/shared/owner-scope.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { sessionBodyHook } from "./body-hook.js";
import { isSessionCursor } from "./cursor.js";
import { presentSession, presentSessionPage } from "./present.js";
import { CreateSessionBody, SessionPage, SessionSchema, UpdateSessionBody } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const createSession = createRoute({
  method: "post",
  path: "/v1/sessions",
  operationId: "createSession",
  security: requires("sessions:write"),
  tags: ["sessions"],
  summary: "Create a session",
  description:
    "Every field is optional: the session runs with the server's model and settings unless it names its own. Config " +
    "overrides are checked against what a session may set and what this server allows (CDP hosts, engines).",
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: false,
      content: jsonBody(CreateSessionBody, {
        title: "Release checklist",
        system_prompt: "You are a careful release engineer.",
      }),
    },
  },
  responses: {
    201: {
      ...postAnswer("Created", SessionSchema),
      headers: {
        ...postAnswer("Created", SessionSchema).headers,
        Location: {
          description: "The new session's URL",
          schema: { type: "string", example: "/v1/sessions/ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
      },
    },
    ...problemResponses({ body: true, idempotent: true }),
  },
});

const listSessions = createRoute({
  method: "get",
  path: "/v1/sessions",
  operationId: "listSessions",
  security: requires("sessions:read"),
  tags: ["sessions"],
  summary: "List sessions, newest first",
  description:
    "The caller's own sessions (an admin key: every owner's, or `owner`'s). Paginated with an opaque `cursor`: pass " +
    "`next_cursor` of a page to get the next one.",
  request: { query: OwnedPageQuery },
  responses: { 200: jsonAnswer("A page of sessions", SessionPage), ...problemResponses({}) },
});

const getSession = createRoute({
  method: "get",
  path: "/v1/sessions/{id}",
  operationId: "getSession",
  security: requires("sessions:read"),
  tags: ["sessions"],
  summary: "Get a session with its token statistics",
  description:
    "The settings in force (server defaults overlaid with the session's own), token figures and browser state.",
  request: { params: SessionIdParam },
  responses: { 200: jsonAnswer("The session", SessionSchema), ...problemResponses({ codes: ["not_found"] }) },
});

const patchSession = createRoute({
  method: "patch",
  path: "/v1/sessions/{id}",
  operationId: "updateSession",
  security: requires("sessions:write"),
  tags: ["sessions"],
  summary: "Change title, model, system prompt or config",
  description:
    "Fields left out stay as they are; config overrides merge into the session's own. A browser bound to a CDP endpoint " +
    "the session no longer names is stopped at once.",
  request: {
    params: SessionIdParam,
    body: { required: true, content: jsonBody(UpdateSessionBody, { title: "Release checklist (Friday)" }) },
  },
  responses: {
    200: jsonAnswer("The updated session", SessionSchema),
    ...problemResponses({ codes: ["not_found"], body: true }),
  },
});

const deleteSession = createRoute({
  method: "delete",
  path: "/v1/sessions/{id}",
  operationId: "deleteSession",
  security: requires("sessions:write"),
  tags: ["sessions"],
  summary: "Delete a session, its rows, and stop its browser",
  description:
    "A run in progress is interrupted first and its browser stopped; then the session and everything stored for it " +
    "(transcript, summaries, anchors, events, dialog history) are deleted and its event streams end.",
  request: { params: SessionIdParam },
  responses: {
    204: { description: "Deleted", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function sessionRoutes() {
  const router = createRouter();

  router.openapi(
    createSession,
    async (c) => {
      const snapshot = await c
        .get("services")
        .useCases.createSession({ ...c.req.valid("json"), caller: c.get("caller") });
      c.header("Location", `/v1/sessions/${snapshot.session.id}`);
      return c.json(presentSession(snapshot), 201);
    },
    sessionBodyHook,
  );

  router.openapi(listSessions, async (c) => {
    const { sessions } = c.get("services");
    const query = c.req.valid("query");
    const owner = ownerFilter(c.get("caller"), query.owner);
    const page = await sessions.list(query.limit, decodeCursor(query.cursor, isSessionCursor), owner);
    return c.json(
      presentSessionPage(
        page.sessions.map((s) => sessions.snapshot(s)),
        page.next,
      ),
      200,
    );
  });

  router.openapi(getSession, async (c) => {
    const { sessions } = c.get("services");
    return c.json(presentSession(sessions.snapshot(await sessions.require(c.req.valid("param").id))), 200);
  });

  router.openapi(
    patchSession,
    async (c) => {
      const snapshot = await c
        .get("services")
        .useCases.updateSession(c.req.valid("param").id, { ...c.req.valid("json"), caller: c.get("caller") });
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
