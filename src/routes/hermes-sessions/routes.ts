/**
 * @module routes
 * `/api/sessions*` in the Hermes Agent API server's shape, as thin adapters over our sessions, transcript and runs:
 * the offset-paged list, create (a client-chosen id accepted), read, PATCH of the title and Hermes's flags, delete,
 * the transcript window, fork, chat (whole, or streamed with Hermes's event names) and search across sessions.
 * Errors are problem+json with the OpenAI envelope's `error` member, which Hermes clients read.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.js";
import type { SessionRecord } from "../shared/records.js";
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
import { HttpError } from "../../http/errors.js";
import type { ContentPart } from "../../kernel/chat.js";
import { SESSION_KEY_HEADER, sessionKeyOf } from "../openai/headers.js";
import { hermesRuntime } from "../runs/hermes-status.js";
import { requires } from "../../http/route-access.js";
import { ownerFilter } from "../../domain/shared/owner-scope.js";

const TAG = "hermes-sessions";

const listRoute = createRoute({
  method: "get",
  path: "/api/sessions",
  operationId: "listHermesSessions",
  security: requires("sessions:read"),
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
  security: requires("sessions:write"),
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
    ...problemResponses({ codes: ["session_exists", "invalid_title"], body: true, idempotent: true, hermes: true }),
  },
});

const searchRoute = createRoute({
  method: "get",
  path: "/api/sessions/search",
  operationId: "searchHermesSessions",
  security: requires("sessions:read"),
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
  security: requires("sessions:read"),
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
  security: requires("sessions:write"),
  tags: [TAG],
  summary: "Rename a session, pin, archive, hide or end it",
  description:
    "Only `title` (unique: another session's title is 400 `invalid_title`), `pinned`, `archived`, `hidden`, `unread` " +
    "and `end_reason` (ends it, setting `ended_at`; the first reason wins); any other field is 400 " +
    "`unsupported_session_field` and nothing changes.",
  request: {
    params: HermesSessionIdParam,
    body: { required: true, content: jsonBody(PatchHermesSessionSchema, { pinned: true }) },
  },
  responses: {
    200: jsonAnswer("The session", HermesSessionEnvelopeSchema),
    ...problemResponses({ codes: ["not_found", "unsupported_session_field", "invalid_title"], body: true }),
  },
});

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/api/sessions/{session_id}",
  operationId: "deleteHermesSession",
  security: requires("sessions:write"),
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
  security: requires("sessions:read"),
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
  security: requires("sessions:write"),
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
    ...problemResponses({
      codes: ["not_found", "session_exists", "invalid_title"],
      body: true,
      idempotent: true,
      hermes: true,
    }),
  },
});

const CHAT_CODES = [
  "not_found",
  "session_busy",
  "too_many_runs",
  "model_error",
  "model_not_configured",
  "missing_message",
  "invalid_author",
  "invalid_session_key",
  "session_key_requires_auth",
] as const;

const chatRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/chat",
  operationId: "chatHermesSession",
  security: requires("sessions:write"),
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
    ...problemResponses({ codes: [...CHAT_CODES], body: true, idempotent: true, hermes: true }),
  },
});

const chatStreamRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/chat/stream",
  operationId: "chatHermesSessionStream",
  security: requires("sessions:write"),
  tags: [TAG],
  summary: "Run the agent on a message, streamed in Hermes's frames and order",
  description:
    "`run.started` (with `user_message` and `runtime`), `message.started` (the assistant message's id), then " +
    "`assistant.delta`, `tool.progress` (reasoning), `tool.started`/`tool.completed`/`tool.failed` and " +
    "`approval.request`, each with that `message_id`; then `assistant.completed`, the run's end (`run.completed` with " +
    "the turn's rows, `run.failed` or `run.cancelled`) and `done`. Every frame's data has an increasing integer `seq` " +
    "and a numeric `ts`. The body's message is `message` or `input`. Closing the stream cancels the run.",
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
    ...problemResponses({ codes: [...CHAT_CODES], body: true, idempotent: true, hermes: true }),
  },
});

/** What PATCH /api/sessions/{id} changes; Hermes refuses any other field. */
const PATCHABLE = new Set(["title", "end_reason", "pinned", "archived", "hidden", "unread"]);

const titleInUse = (message: string) =>
  new HttpError("invalid_title", message, { errors: [{ location: "body.title", message: "already in use" }] });

/** A session as the Hermes routes answer it: its opening message and what its runs used, read for it. */
async function hermesSession(c: Context<AppEnv>, session: SessionRecord) {
  const { sessions, transcript } = c.get("services");
  const [opening, usage, costs] = await Promise.all([
    transcript.openingMessage(session.id),
    sessions.usageOf([session.id]),
    sessions.costOf([session.id]),
  ]);
  return presentHermesSession(session, opening, usage.get(session.id), costs.get(session.id) ?? null);
}

export function hermesSessionRoutes() {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const { sessions, transcript } = c.get("services");
    const { limit, offset, owner } = c.req.valid("query");
    const page = await sessions.listByActivity(limit, offset, ownerFilter(c.get("caller"), owner));
    const ids = page.sessions.map((s) => s.id);
    const [openings, usage, costs] = await Promise.all([
      transcript.openingMessages(ids),
      sessions.usageOf(ids),
      sessions.costOf(ids),
    ]);
    const data = page.sessions.map((s) =>
      presentHermesSession(s, openings.get(s.id) ?? null, usage.get(s.id), costs.get(s.id) ?? null),
    );
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
    if (body.title) {
      const holder = await sessions.titleHolder(body.title, null, c.get("caller"));
      if (holder) throw titleInUse(`Title already in use by session ${holder}`);
    }
    const created = await useCases.createSession({
      id,
      title: body.title ?? null,
      model: body.model ?? null,
      system_prompt: body.system_prompt ?? null,
      source: body.source ?? null,
      caller: c.get("caller"),
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
    return c.json(presentSearch(q, await context.searchAll(q, limit, ownerFilter(c.get("caller")))), 200);
  });

  router.openapi(getRouteDef, async (c) => {
    const { sessions } = c.get("services");
    const session = await sessions.require(c.req.valid("param").session_id);
    return c.json({ object: "hermes.session" as const, session: await hermesSession(c, session) }, 200);
  });

  router.openapi(patchRoute, async (c) => {
    const { sessions, useCases } = c.get("services");
    const id = c.req.valid("param").session_id;
    const body = c.req.valid("json");
    await sessions.require(id);
    const unsupported = Object.keys(body)
      .filter((key) => !PATCHABLE.has(key))
      .sort();
    if (unsupported.length)
      throw new HttpError("unsupported_session_field", `Unsupported session fields: ${unsupported.join(", ")}`, {
        errors: unsupported.map((key) => ({ location: `body.${key}`, message: "not a field a client changes" })),
      });
    if (body.title) {
      const holder = await sessions.titleHolder(body.title, id, c.get("caller"));
      if (holder) throw titleInUse(`Title '${body.title}' is already in use by session ${holder}`);
    }
    if (body.title !== undefined) await useCases.updateSession(id, { title: body.title || null });
    if (body.pinned !== undefined || body.archived !== undefined || body.hidden !== undefined)
      await sessions.setFlags(id, { pinned: body.pinned, archived: body.archived, hidden: body.hidden });
    if (body.end_reason) await sessions.end(id, body.end_reason);
    const session = await sessions.require(id);
    return c.json({ object: "hermes.session" as const, session: await hermesSession(c, session) }, 200);
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
    const { sessions, useCases } = c.get("services");
    const sourceId = c.req.valid("param").session_id;
    const body = c.req.valid("json") ?? {};
    const source = await sessions.require(sourceId);
    // As Hermes titles a fork: the title asked for (refused when another session holds it), else the next of the
    // source's title lineage ("T" → "T #2").
    let title = body.title ?? null;
    if (title) {
      const holder = await sessions.titleHolder(title, null, c.get("caller"));
      if (holder) throw titleInUse(`Title '${title}' is already in use by session ${holder}`);
    } else if (source.title) title = await sessions.nextTitleInLineage(source.title, c.get("caller"));
    const { session } = await useCases.forkSession(sourceId, { ...body, title, caller: c.get("caller") });
    await sessions.end(sourceId, "branched");
    return c.json({ object: "hermes.session" as const, session: await hermesSession(c, session) }, 201);
  });

  router.openapi(chatRoute, async (c) => {
    const { runs, useCases, config } = c.get("services");
    const id = c.req.valid("param").session_id;
    const message = chatMessageOf(c.req.valid("json"));
    const sessionKey = sessionKeyOf(c.req.header(SESSION_KEY_HEADER), config, c.get("caller"));
    const outcome = await useCases.postMessage(
      id,
      { role: "user", content: message },
      { signal: c.req.raw.signal, idempotency: c.get("idempotencyClaim"), caller: c.get("caller") },
    );
    if (outcome.kind !== "ran") throw new Error(`a chat answered ${outcome.kind}`);
    const { run, output } = await runs.view(outcome.run.id);
    c.header("X-Hermes-Session-Id", id);
    if (sessionKey) c.header(SESSION_KEY_HEADER, sessionKey);
    return c.json(
      presentChatAnswer(id, outcome.run, outcome.messages, output, hermesRuntime(config, run.model), run.cache),
      200,
    );
  });

  router.openapi(chatStreamRoute, async (c) => {
    const { runs, sseKeepaliveMs, useCases, config, now } = c.get("services");
    const id = c.req.valid("param").session_id;
    const message = chatMessageOf(c.req.valid("json"));
    const sessionKey = sessionKeyOf(c.req.header(SESSION_KEY_HEADER), config, c.get("caller"));
    const outcome = await useCases.postMessage(
      id,
      { role: "user", content: message, stream: true },
      { signal: c.req.raw.signal, idempotency: c.get("idempotencyClaim"), caller: c.get("caller") },
    );
    if (outcome.kind !== "stream") throw new Error(`a streamed chat answered ${outcome.kind}`);
    const { feed } = outcome;
    const ended = async (runId: string) => {
      const { run, output } = await runs.view(runId);
      return { rows: await runs.messagesOf(run), output };
    };
    const { run } = await runs.get(outcome.runId);
    const context = { sessionId: id, userMessage: message, runtime: hermesRuntime(config, run.model), now, ended };
    return sseResponse(chatStreamFrames(feed, context, outcome.runId), {
      keepaliveMs: sseKeepaliveMs,
      headers: {
        "X-Run-Id": outcome.runId,
        "X-Hermes-Session-Id": id,
        ...(sessionKey ? { [SESSION_KEY_HEADER]: sessionKey } : {}),
      },
      onCancel: () => feed.cancel(),
    });
  });

  return router;
}

/**
 * The user's message of a chat body, as Hermes reads it: `message`, else `input` (text or content parts); a body
 * with neither is 400 `missing_message`, and an `author` that is not an object 400 `invalid_author`.
 */
function chatMessageOf(body: { message?: unknown; input?: unknown; author?: unknown }): string | ContentPart[] {
  if (
    body.author !== undefined &&
    body.author !== null &&
    (typeof body.author !== "object" || Array.isArray(body.author))
  )
    throw new HttpError("invalid_author", "author must be an object", {
      errors: [{ location: "body.author", message: "an object ({id, name}) or null" }],
    });
  const message = hasContent(body.message) ? body.message : hasContent(body.input) ? body.input : null;
  if (message === null)
    throw new HttpError("missing_message", "Missing 'message' field", {
      errors: [{ location: "body.message", message: "text or content parts (or input)" }],
    });
  return message;
}

function hasContent(value: unknown): value is string | ContentPart[] {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.length > 0;
}
