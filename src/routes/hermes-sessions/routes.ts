/**
 * @module routes
 * `/api/sessions*` in the Hermes Agent API server's shape, as thin adapters over our sessions, transcript and runs:
 * the offset-paged list, create (a client-chosen id accepted), read, PATCH of the title and Hermes's flags, delete,
 * the transcript window, fork, chat (whole, or streamed with Hermes's event names) and search across sessions.
 * Errors are problem+json with the OpenAI envelope's `error` member, which Hermes clients read.
 */
import { createRoute } from "@hono/zod-openapi";
import { sessionExists } from "../../domain/use-cases/fork-session.js";
import { createRouter } from "../../http/router.js";
import { sseResponse } from "../../http/sse.js";
import { IdempotencyHeaders } from "../shared/params.js";
import { jsonBody } from "../shared/json-content.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { presentChatAnswer, presentHermesMessage, presentHermesSession, presentSearch } from "./present.js";
import {
  CreateHermesSessionSchema,
  ForkHermesSessionSchema,
  HermesChatAnswerSchema,
  HermesChatSchema,
  HermesChatStreamFrameSchema,
  HermesDeletedSchema,
  HermesListQuery,
  HermesMessageListSchema,
  HermesMessagesQuery,
  HermesSearchQuery,
  HermesSearchResultSchema,
  HermesSessionEnvelopeSchema,
  HermesSessionIdParam,
  HermesSessionListSchema,
  PatchHermesSessionSchema,
} from "./schemas.js";
import { chatStreamFrames } from "./stream.js";

const TAG = "hermes-sessions";

const listRoute = createRoute({
  method: "get",
  path: "/api/sessions",
  operationId: "listHermesSessions",
  tags: [TAG],
  summary: "Sessions, most recently active first, by offset",
  description:
    "Hermes's paging: `limit` (default 50, at most 200), `offset`, and `has_more`. Every session is listed, ours and Hermes clients' alike.",
  request: { query: HermesListQuery },
  responses: { 200: jsonAnswer("A page of sessions", HermesSessionListSchema), ...problemResponses({}) },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/sessions",
  operationId: "createHermesSession",
  tags: [TAG],
  summary: "Create a session, under the client's id when it sends one",
  description:
    "`id` (or `session_id`) names it; an id in use is 409 `session_exists`. `source` records which client made it.",
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: true,
      content: jsonBody(CreateHermesSessionSchema, { id: "webui-chat-7", title: "Release notes" }),
    },
  },
  responses: {
    201: jsonAnswer("The session", HermesSessionEnvelopeSchema),
    ...problemResponses({ codes: ["session_exists"], body: true, idempotent: true }),
  },
});

const searchRoute = createRoute({
  method: "get",
  path: "/api/sessions/search",
  operationId: "searchHermesSessions",
  tags: [TAG],
  summary: "Full-text search across every session's transcript",
  description: "Compacted rows included; identifiers (paths, error codes, PR numbers) are searched as written.",
  request: { query: HermesSearchQuery },
  responses: { 200: jsonAnswer("The hits, best first", HermesSearchResultSchema), ...problemResponses({}) },
});

const getRouteDef = createRoute({
  method: "get",
  path: "/api/sessions/{session_id}",
  operationId: "getHermesSession",
  tags: [TAG],
  summary: "A session",
  description: "In Hermes's shape: Unix-second times, the opening user message as `preview`, the flags a client set.",
  request: { params: HermesSessionIdParam },
  responses: {
    200: jsonAnswer("The session", HermesSessionEnvelopeSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/api/sessions/{session_id}",
  operationId: "patchHermesSession",
  tags: [TAG],
  summary: "Rename a session, pin or archive it",
  description:
    "Only `title`, `pinned` and `archived`; any other field, or a flag that is not a boolean, is a 400 and nothing changes.",
  request: {
    params: HermesSessionIdParam,
    body: { required: true, content: jsonBody(PatchHermesSessionSchema, { pinned: true }) },
  },
  responses: {
    200: jsonAnswer("The session", HermesSessionEnvelopeSchema),
    ...problemResponses({ codes: ["not_found"], body: true }),
  },
});

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/api/sessions/{session_id}",
  operationId: "deleteHermesSession",
  tags: [TAG],
  summary: "Delete a session and everything stored for it",
  description:
    "Its transcript, runs, summaries, anchors, events and responses go with it; a running run is cancelled first.",
  request: { params: HermesSessionIdParam },
  responses: {
    200: jsonAnswer("It is deleted", HermesDeletedSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const messagesRoute = createRoute({
  method: "get",
  path: "/api/sessions/{session_id}/messages",
  operationId: "listHermesSessionMessages",
  tags: [TAG],
  summary: "A window of the transcript: the newest 500 rows by default",
  description:
    "Row seqs are the message ids. Without `offset` the window ends at the newest row (`order: latest`); with it, it starts `offset` rows in (`order: oldest`). Either way the rows come in seq order.",
  request: { params: HermesSessionIdParam, query: HermesMessagesQuery },
  responses: {
    200: jsonAnswer("The rows, in seq order", HermesMessageListSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const forkRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/fork",
  operationId: "forkHermesSession",
  tags: [TAG],
  summary: "A new session holding a copy of this one's transcript, up to a row",
  description:
    "The copy keeps the rows' seqs, the summary versions written within them and their anchors; its context is " +
    "what this session's was at that row. The two go on separately.",
  request: {
    params: HermesSessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: false, content: jsonBody(ForkHermesSessionSchema, { id: "webui-chat-7-branch" }) },
  },
  responses: {
    201: jsonAnswer("The fork", HermesSessionEnvelopeSchema),
    ...problemResponses({ codes: ["not_found", "session_exists"], body: true, idempotent: true }),
  },
});

const CHAT_CODES = ["not_found", "session_busy", "too_many_runs", "model_error", "model_not_configured"] as const;

const chatRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/chat",
  operationId: "chatHermesSession",
  tags: [TAG],
  summary: "Run the agent on a message and answer when it is done",
  description:
    "The message is stored and the agent runs in the session; the answer carries the turn's assistant and tool rows and the usage.",
  request: {
    params: HermesSessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(HermesChatSchema, { message: "Summarise the release notes." }) },
  },
  responses: {
    200: jsonAnswer("The answer and the turn's rows", HermesChatAnswerSchema),
    ...problemResponses({ codes: [...CHAT_CODES], body: true, idempotent: true }),
  },
});

const chatStreamRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/chat/stream",
  operationId: "chatHermesSessionStream",
  tags: [TAG],
  summary: "Run the agent on a message, streamed with Hermes's event names",
  description:
    "`run.started`, `assistant.delta`, `tool.progress`, `approval.request`, then `assistant.completed` and " +
    "`run.completed` (with the turn's rows), `run.cancelled` or `run.failed`. Closing the stream cancels the run.",
  request: {
    params: HermesSessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(HermesChatSchema, { message: "Summarise the release notes." }) },
  },
  responses: {
    200: {
      description: "An SSE stream of the turn",
      content: { "text/event-stream": { schema: HermesChatStreamFrameSchema } },
    },
    ...problemResponses({ codes: [...CHAT_CODES], body: true, idempotent: true }),
  },
});

export function hermesSessionRoutes() {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const { sessions, transcript } = c.get("services");
    const { limit, offset } = c.req.valid("query");
    const page = await sessions.listByActivity(limit, offset);
    const openings = await transcript.openingMessages(page.sessions.map((s) => s.id));
    const data = page.sessions.map((s) => presentHermesSession(s, openings.get(s.id) ?? null));
    return c.json(
      {
        object: "list" as const,
        data,
        limit,
        offset,
        has_more: page.hasMore,
      },
      200,
    );
  });

  router.openapi(createRouteDef, async (c) => {
    const { sessions, transcript, useCases } = c.get("services");
    const body = c.req.valid("json");
    const id = body.id ?? body.session_id;
    if (id && (await sessions.find(id))) throw sessionExists(id);
    const created = await useCases.createSession({
      id,
      title: body.title ?? null,
      model: body.model ?? null,
      system_prompt: body.system_prompt ?? null,
      source: body.source ?? null,
    });
    const session = created.session;
    return c.json(
      {
        object: "hermes.session" as const,
        session: presentHermesSession(session, await transcript.openingMessage(session.id)),
      },
      201,
    );
  });

  router.openapi(searchRoute, async (c) => {
    const { context } = c.get("services");
    const { q, limit } = c.req.valid("query");
    return c.json(presentSearch(q, await context.searchAll(q, limit)), 200);
  });

  router.openapi(getRouteDef, async (c) => {
    const { sessions, transcript } = c.get("services");
    const session = await sessions.require(c.req.valid("param").session_id);
    return c.json(
      {
        object: "hermes.session" as const,
        session: presentHermesSession(session, await transcript.openingMessage(session.id)),
      },
      200,
    );
  });

  router.openapi(patchRoute, async (c) => {
    const { sessions, transcript, useCases } = c.get("services");
    const id = c.req.valid("param").session_id;
    const body = c.req.valid("json");
    await sessions.require(id);
    if (body.title !== undefined) await useCases.updateSession(id, { title: body.title });
    if (body.pinned !== undefined || body.archived !== undefined)
      await sessions.setFlags(id, { pinned: body.pinned, archived: body.archived });
    const session = await sessions.require(id);
    return c.json(
      {
        object: "hermes.session" as const,
        session: presentHermesSession(session, await transcript.openingMessage(id)),
      },
      200,
    );
  });

  router.openapi(deleteRouteDef, async (c) => {
    const id = c.req.valid("param").session_id;
    await c.get("services").useCases.deleteSession(id);
    return c.json({ object: "hermes.session.deleted" as const, id, deleted: true as const }, 200);
  });

  router.openapi(messagesRoute, async (c) => {
    const { transcript } = c.get("services");
    const id = c.req.valid("param").session_id;
    const query = c.req.valid("query");
    const window = await transcript.window(id, { limit: query.limit, offset: query.offset, order: query.order });
    const { offset, order, total } = window;
    return c.json(
      {
        object: "list" as const,
        session_id: id,
        data: window.messages.map(presentHermesMessage),
        pagination: { limit: query.limit, offset, order, returned: window.messages.length, total },
      },
      200,
    );
  });

  router.openapi(forkRoute, async (c) => {
    const { transcript, useCases } = c.get("services");
    const source = c.req.valid("param").session_id;
    const { session } = await useCases.forkSession(source, c.req.valid("json") ?? {});
    return c.json(
      {
        object: "hermes.session" as const,
        session: presentHermesSession(session, await transcript.openingMessage(session.id)),
      },
      201,
    );
  });

  router.openapi(chatRoute, async (c) => {
    const { runs, useCases } = c.get("services");
    const id = c.req.valid("param").session_id;
    const { message } = c.req.valid("json");
    const outcome = await useCases.postMessage(
      id,
      { role: "user", content: message },
      { signal: c.req.raw.signal, idempotency: c.get("idempotencyClaim") },
    );
    if (outcome.kind !== "ran") throw new Error(`a chat answered ${outcome.kind}`);
    const { output } = await runs.view(outcome.run.id);
    return c.json(presentChatAnswer(id, outcome.run, outcome.messages, output), 200);
  });

  router.openapi(chatStreamRoute, async (c) => {
    const { runs, sseKeepaliveMs, useCases } = c.get("services");
    const id = c.req.valid("param").session_id;
    const { message } = c.req.valid("json");
    const outcome = await useCases.postMessage(
      id,
      { role: "user", content: message, stream: true },
      { signal: c.req.raw.signal, idempotency: c.get("idempotencyClaim") },
    );
    if (outcome.kind !== "stream") throw new Error(`a streamed chat answered ${outcome.kind}`);
    const { feed } = outcome;
    const ended = async (runId: string) => {
      const { run, output } = await runs.view(runId);
      return { rows: await runs.messagesOf(run), output };
    };
    return sseResponse(chatStreamFrames(feed, { sessionId: id, ended }), {
      keepaliveMs: sseKeepaliveMs,
      headers: { "X-Run-Id": outcome.runId },
      onCancel: () => feed.cancel(),
    });
  });

  return router;
}
