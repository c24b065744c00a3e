/**
 * @module routes
 * The context operations: the active context as the model would get it, compression on request, the summary
 * versions, the anchor index and full-text search over the whole transcript.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import {
  isOffsetCursor,
  presentAnchorList,
  presentCompression,
  presentContext,
  presentSearchResult,
  presentSummaryList,
} from "./present.js";
import {
  AnchorList,
  AnchorQuery,
  CompressBody,
  CompressResultSchema,
  ContextSchema,
  SearchQuery,
  SearchResult,
  SummaryList,
} from "./schemas.js";
import { requires } from "../../http/route-access.js";

const getContext = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/context",
  operationId: "getContext",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "The active context exactly as the model would get it",
  description:
    "After a compression: the head, the summary message (with its anchor index and user-message appendix), then the tail, shortened rows shown shortened.",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("Active context and token figures", ContextSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const postCompress = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/compress",
  operationId: "compressContext",
  security: requires("sessions:write"),
  tags: ["context"],
  summary: "Compress the context now",
  description:
    "Runs the session's context engine now (never blocked by anti-thrashing). `dry_run` changes nothing and reports what would be " +
    "compacted, the tokens it would save and the anchors in that span. When the summary model is unreachable (auth, quota, network) " +
    "the context is left unchanged and `reason` says why; other summary failures use a deterministic fallback summary.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: false, content: jsonBody(CompressBody, { dry_run: true }) },
  },
  responses: {
    200: postAnswer("What the compression did", CompressResultSchema),
    ...problemResponses({ codes: ["not_found", "session_busy"], body: true, idempotent: true }),
  },
});

const listSummaries = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/summaries",
  operationId: "listSummaries",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "Every persisted summary version of the session",
  description:
    "Each compression that wrote a summary adds a version (1, 2, …); the latest one is the summary in the context, and " +
    "each keeps what it covered, the tokens before and after, and whether the deterministic fallback wrote it.",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("Summary versions, oldest first", SummaryList),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const listAnchors = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/anchors",
  operationId: "listAnchors",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "The anchor index of the whole transcript",
  description:
    "The exact identifiers (paths, URLs, commit SHAs, error names, issue refs, …) taken from every stored row as it is " +
    "stored (from its decoded text, secrets masked), each with the number of rows it occurs in, the first and last seq " +
    "and whether a row of it is still in the context; filter by `kind`, a substring `q` or `in_context`, page with " +
    "`limit` and `cursor`.",
  request: { params: SessionIdParam, query: AnchorQuery },
  responses: {
    200: jsonAnswer("Anchors with counts and first/last seq", AnchorList),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const searchMessages = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/search",
  operationId: "searchMessages",
  security: requires("sessions:read"),
  tags: ["context"],
  summary: "Full-text search over the whole transcript, compacted rows included",
  description:
    "SQLite FTS5 over every message of the session, compacted or not, best match first; each hit says whether its row is " +
    "still in the active context. Filter by `role`.",
  request: { params: SessionIdParam, query: SearchQuery },
  responses: {
    200: jsonAnswer("Matching messages, best first", SearchResult),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function contextRoutes() {
  const router = createRouter();
  router.openapi(getContext, async (c) => {
    const { context } = c.get("services");
    return c.json(presentContext(await context.view(c.req.valid("param").id)), 200);
  });

  router.openapi(postCompress, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.header("content-type") ? c.req.valid("json") : {};
    const outcome = await c.get("services").useCases.compressSession(id, {
      focusTopic: body.focus_topic ?? null,
      dryRun: body.dry_run ?? false,
      signal: c.req.raw.signal,
      caller: c.get("caller"),
    });
    return c.json(presentCompression(outcome), 200);
  });

  router.openapi(listSummaries, async (c) => {
    const { context } = c.get("services");
    return c.json(presentSummaryList(await context.summaries(c.req.valid("param").id)), 200);
  });

  router.openapi(listAnchors, async (c) => {
    const { context } = c.get("services");
    const query = c.req.valid("query");
    const offset = decodeCursor(query.cursor, isOffsetCursor)?.offset ?? 0;
    const page = await context.anchors(c.req.valid("param").id, {
      kind: query.kind,
      q: query.q,
      inContext: query.in_context === undefined ? undefined : query.in_context === "true",
      limit: query.limit,
      offset,
    });
    return c.json(presentAnchorList(page), 200);
  });

  router.openapi(searchMessages, async (c) => {
    const { context } = c.get("services");
    const query = c.req.valid("query");
    const hits = await context.search(c.req.valid("param").id, query.q, {
      role: query.role ?? null,
      limit: query.limit,
    });
    return c.json(presentSearchResult(hits, query.q), 200);
  });
  return router;
}
