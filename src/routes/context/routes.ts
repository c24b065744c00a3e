/**
 * @module routes
 * The context operations: the active context as the model would get it, compression on request, the summary
 * versions, the anchor index and full-text search over the whole transcript.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { json } from "../shared/json-content.js";
import { SessionIdParam } from "../shared/params.js";
import { problemResponses } from "../shared/problem-responses.js";
import {
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

const getContext = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/context",
  tags: ["context"],
  summary: "The active context exactly as the model would get it",
  description:
    "After a compression: the head, the summary message (with its anchor index and user-message appendix), then the tail, shortened rows shown shortened.",
  request: { params: SessionIdParam },
  responses: {
    200: { description: "Active context and token figures", content: json(ContextSchema) },
    ...problemResponses(401, 404),
  },
});

const postCompress = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/compress",
  tags: ["context"],
  summary: "Compress the context now",
  description:
    "Runs the session's context engine now (never blocked by anti-thrashing). `dry_run` changes nothing and reports what would be " +
    "compacted, the tokens it would save and the anchors in that span. When the summary model is unreachable (auth, quota, network) " +
    "the context is left unchanged and `reason` says why; other summary failures use a deterministic fallback summary.",
  request: { params: SessionIdParam, body: { required: false, content: json(CompressBody) } },
  responses: {
    200: { description: "What the compression did", content: json(CompressResultSchema) },
    ...problemResponses(400, 401, 404, 409, 415),
  },
});

const listSummaries = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/summaries",
  tags: ["context"],
  summary: "Every persisted summary version of the session",
  request: { params: SessionIdParam },
  responses: {
    200: { description: "Summary versions, oldest first", content: json(SummaryList) },
    ...problemResponses(401, 404),
  },
});

const listAnchors = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/anchors",
  tags: ["context"],
  summary: "The anchor index of the compacted turns",
  request: { params: SessionIdParam, query: AnchorQuery },
  responses: {
    200: { description: "Anchors with counts and first/last seq", content: json(AnchorList) },
    ...problemResponses(400, 401, 404),
  },
});

const searchMessages = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/search",
  tags: ["context"],
  summary: "Full-text search over the whole transcript, compacted rows included",
  request: { params: SessionIdParam, query: SearchQuery },
  responses: {
    200: { description: "Matching messages, best first", content: json(SearchResult) },
    ...problemResponses(400, 401, 404),
  },
});

export function contextRoutes() {
  const router = createRouter();
  router.openapi(getContext, (c) => {
    const { context } = c.get("services");
    return c.json(presentContext(context.view(c.req.valid("param").id)), 200);
  });

  router.openapi(postCompress, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.header("content-type") ? c.req.valid("json") : {};
    const outcome = await c.get("services").useCases.compressSession(id, {
      focusTopic: body.focus_topic ?? null,
      dryRun: body.dry_run ?? false,
      signal: c.req.raw.signal,
    });
    return c.json(presentCompression(outcome), 200);
  });

  router.openapi(listSummaries, (c) => {
    const { context } = c.get("services");
    return c.json(presentSummaryList(context.summaries(c.req.valid("param").id)), 200);
  });

  router.openapi(listAnchors, (c) => {
    const { context } = c.get("services");
    const query = c.req.valid("query");
    return c.json(presentAnchorList(context.anchors(c.req.valid("param").id, { kind: query.kind, q: query.q })), 200);
  });

  router.openapi(searchMessages, (c) => {
    const { context } = c.get("services");
    const query = c.req.valid("query");
    const hits = context.search(c.req.valid("param").id, query.q, { role: query.role ?? null, limit: query.limit });
    return c.json(presentSearchResult(hits, query.q), 200);
  });
  return router;
}
