/**
 * @module routes
 * Recall across sessions: the anchors of every session of the caller's owner, newest first, and full-text search
 * over their stored rows, best first.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { requires } from "../../http/route-access.js";
import { createRouter } from "../../http/router.js";
import { isOffsetCursor } from "../context/present.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { isAnchorCursor, presentCrossSearch, presentSessionAnchors } from "./present.js";
import { CrossSearchQuery, CrossSearchResult, SessionAnchorList, SessionAnchorQuery } from "./schemas.js";

const listSessionAnchors = createRoute({
  method: "get",
  path: "/v1/anchors",
  operationId: "listSessionAnchors",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "Anchors across every session of the caller",
  description:
    "The identifiers (paths, URLs, SHAs, PR and issue refs, errors, commands, …) of every session of the API key's owner " +
    "(an admin key: every owner's), one row per session, kind and value, newest first. `value` finds one exactly (a hex " +
    "prefix of 6+ digits finds full SHAs), `q` a substring, `kind` one kind.",
  request: { query: SessionAnchorQuery },
  responses: {
    200: jsonAnswer("Anchors, newest first", SessionAnchorList),
    ...problemResponses({ codes: [] }),
  },
});

const searchSessions = createRoute({
  method: "get",
  path: "/v1/search",
  operationId: "searchSessions",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "Full-text search across every session of the caller",
  description:
    "Every stored row of every session of the API key's owner (an admin key: every owner's), compacted ones included, " +
    "ranked by BM25, with the query rules of a session's own search. `session_id` keeps to one session.",
  request: { query: CrossSearchQuery },
  responses: {
    200: jsonAnswer("Hits, best first", CrossSearchResult),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function recallRoutes() {
  const router = createRouter();
  router.openapi(listSessionAnchors, async (c) => {
    const query = c.req.valid("query");
    const page = await c.get("services").recall.anchors(c.get("caller"), {
      kind: query.kind,
      value: query.value,
      q: query.q,
      limit: query.limit,
      after: decodeCursor(query.cursor, isAnchorCursor) ?? undefined,
    });
    return c.json(presentSessionAnchors(page), 200);
  });

  router.openapi(searchSessions, async (c) => {
    const query = c.req.valid("query");
    const page = await c.get("services").recall.search(c.get("caller"), {
      q: query.q,
      limit: query.limit,
      offset: decodeCursor(query.cursor, isOffsetCursor)?.offset ?? 0,
      sessionId: query.session_id,
    });
    return c.json(presentCrossSearch(page, query.q), 200);
  });
  return router;
}
