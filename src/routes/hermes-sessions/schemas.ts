/**
 * @module schemas
 * The Hermes Agent API server's session resources (`/api/sessions*`) as this server answers them: the session in
 * Hermes's shape inside `{object: "hermes.session", session}`, the offset-paged list, the transcript window, the
 * create / update / fork / chat bodies, the chat answer, the cross-session search and the chat stream's frames.
 */
import { HermesRuntimeSchema, HermesUsageSchema } from "../runs/schemas.js";
import { HERMES_RUN_STATUSES } from "../runs/hermes-status.js";
import { z } from "@hono/zod-openapi";
import { CLIENT_SESSION_ID } from "../../domain/compat/chat-sessions.js";
import { SearchQuery } from "../context/schemas.js";
import { ContentSchema } from "../shared/chat-schemas.js";

const SESSION_ID = z.string().openapi({ description: "The session", example: "webui-chat-7" });
const CLIENT_ID = z
  .string()
  .max(256)
  .regex(CLIENT_SESSION_ID, "a path-safe id: letters, digits and . _ : @ -, no '..', at most 256 characters");

export const HermesSessionSchema = z
  .object({
    id: SESSION_ID,
    source: z.string().openapi({ description: "Who made it (`api_server` when not said)", example: "hermes_webui" }),
    model: z.string().nullable().openapi({ description: "Its own model, if set", example: null }),
    title: z.string().nullable().openapi({ description: "Its title", example: "Release notes" }),
    has_system_prompt: z
      .boolean()
      .openapi({ description: "Whether it has a system prompt (the text is not sent)", example: false }),
    started_at: z.number().openapi({ description: "Created, in Unix seconds", example: 1764601200.5 }),
    last_active: z.number().openapi({ description: "Last written to, in Unix seconds", example: 1764601260.1 }),
    ended_at: z.number().nullable().openapi({ description: "When it ended (Unix seconds), if it did", example: null }),
    end_reason: z.string().nullable().openapi({ description: "Why it ended (`branched` once forked)", example: null }),
    message_count: z.number().int().openapi({ description: "Rows in its transcript", example: 12 }),
    input_tokens: z.number().int().openapi({ description: "Prompt tokens its runs used", example: 5200 }),
    output_tokens: z.number().int().openapi({ description: "Completion tokens its runs used", example: 640 }),
    cache_read_tokens: z
      .number()
      .int()
      .openapi({ description: "Prompt tokens read from the provider's cache", example: 0 }),
    cache_write_tokens: z
      .number()
      .int()
      .openapi({ description: "Prompt tokens written to the provider's cache", example: 0 }),
    api_call_count: z.number().int().openapi({ description: "Model calls its runs made", example: 6 }),
    tool_call_count: z.number().int().openapi({ description: "Tool calls in its transcript", example: 4 }),
    estimated_cost_usd: z.number().nullable().openapi({
      description:
        "What its model calls cost in US dollars, from the price table (models.prices); null when none had a price",
      example: 0.0142,
    }),
    preview: z
      .string()
      .nullable()
      .openapi({ description: "The opening user message, cut to 80 characters", example: "Summarise the release" }),
    pinned: z.boolean().openapi({ description: "Kept pinned by a client", example: false }),
    archived: z.boolean().openapi({ description: "Archived by a client", example: false }),
    hidden: z.boolean().openapi({ description: "Hidden by a client", example: false }),
    parent_session_id: z.string().nullable().openapi({ description: "The session it was forked from", example: null }),
  })
  .openapi("HermesSession", { description: "A session in the Hermes API server's shape" });

export const HermesSessionEnvelopeSchema = z
  .object({
    object: z.literal("hermes.session").openapi({ description: "Always hermes.session", example: "hermes.session" }),
    session: HermesSessionSchema,
  })
  .openapi("HermesSessionEnvelope");

export const HermesSessionListSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    data: z.array(HermesSessionSchema).openapi({ description: "Most recently active first" }),
    limit: z.number().int().openapi({ description: "The page size asked for", example: 50 }),
    offset: z.number().int().openapi({ description: "Sessions skipped", example: 0 }),
    has_more: z.boolean().openapi({ description: "Whether another page follows", example: false }),
  })
  .openapi("HermesSessionList");

export const HermesListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" }, description: "Sessions per page (1–200)", example: 50 }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ param: { name: "offset", in: "query" }, description: "Sessions to skip", example: 0 }),
  owner: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: "owner", in: "query" },
      description: "With an admin key: list only this owner's. Other keys list their own owner's only.",
      example: "team-support",
    }),
});

export const HermesSessionIdParam = z.object({
  session_id: z.string().openapi({
    param: { name: "session_id", in: "path" },
    description: "The session",
    example: "webui-chat-7",
  }),
});

export const CreateHermesSessionSchema = z
  .object({
    id: CLIENT_ID.optional().openapi({ description: "The id to make it under", example: "webui-chat-7" }),
    session_id: CLIENT_ID.optional().openapi({
      description: "Same as id (some clients send this)",
      example: "webui-chat-7",
    }),
    title: z.string().max(500).nullable().optional().openapi({ description: "Its title", example: "Release notes" }),
    model: z.string().min(1).max(200).nullable().optional().openapi({ description: "Its own model", example: null }),
    system_prompt: z
      .string()
      .max(200_000)
      .nullable()
      .optional()
      .openapi({ description: "Its system prompt", example: "Answer briefly." }),
    source: z.string().min(1).max(100).optional().openapi({ description: "Who makes it", example: "hermes_webui" }),
  })
  .passthrough()
  .openapi("CreateHermesSession", {
    description: "Hermes's create body; fields this server does not use (provider, model locks) are accepted",
  });

export const PatchHermesSessionSchema = z
  .object({
    title: z.string().max(500).nullable().optional().openapi({ description: "A new title", example: "Renamed" }),
    pinned: z.boolean().optional().openapi({ description: "Pin or unpin", example: true }),
    archived: z.boolean().optional().openapi({ description: "Archive or restore", example: false }),
    hidden: z.boolean().optional().openapi({ description: "Hide or show", example: false }),
    unread: z.boolean().optional().openapi({ description: "Accepted and not kept, as Hermes does", example: false }),
    end_reason: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "End the session for this reason (the first reason wins)", example: "user_closed" }),
  })
  .passthrough()
  .openapi("PatchHermesSession", {
    description: "What a Hermes client changes on a session; any other field is 400 unsupported_session_field",
  });

export const ForkHermesSessionSchema = z
  .object({
    id: CLIENT_ID.optional().openapi({ description: "The fork's id", example: "webui-chat-7-branch" }),
    title: z.string().max(500).nullable().optional().openapi({ description: "The fork's title", example: "Branch" }),
    upto_seq: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: "The last row it holds (a message's `id`); all of them by default", example: 8 }),
  })
  .openapi("ForkHermesSession");

export const HermesMessageSchema = z
  .object({
    id: z.number().int().openapi({ description: "The row's seq in the transcript", example: 3 }),
    role: z.enum(["system", "user", "assistant", "tool"]).openapi({ description: "Who said it", example: "assistant" }),
    content: z.string().openapi({ description: "Its text", example: "The release has two fixes." }),
    tool_calls: z
      .array(
        z.object({
          id: z.string().openapi({ description: "The call", example: "call_1" }),
          type: z.literal("function").openapi({ description: "Always function", example: "function" }),
          function: z
            .object({
              name: z.string().openapi({ description: "The tool", example: "browser_navigate" }),
              arguments: z.string().openapi({ description: "Its arguments (JSON)", example: "{}" }),
            })
            .openapi({ description: "What is called" }),
        }),
      )
      .openapi("HermesToolCalls", { description: "The tools an assistant row called" })
      .nullable(),
    tool_call_id: z.string().nullable().openapi({ description: "The call a tool row answers", example: null }),
    tool_name: z.string().nullable().openapi({ description: "The tool a tool row came from", example: null }),
    timestamp: z.number().openapi({ description: "Stored, in Unix seconds", example: 1764601260.1 }),
    kind: z
      .enum(["message", "summary"])
      .openapi({ description: "summary: a compression's summary row", example: "message" }),
    in_context: z.boolean().openapi({ description: "Whether the model still sees it", example: true }),
  })
  .openapi("HermesMessage", { description: "A transcript row in the Hermes API server's shape" });

export const HermesMessagesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(500)
    .openapi({ param: { name: "limit", in: "query" }, description: "Rows (1–1000)", example: 500 }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ param: { name: "offset", in: "query" }, description: "Rows to skip", example: 0 }),
  order: z
    .enum(["latest", "oldest"])
    .optional()
    .openapi({
      param: { name: "order", in: "query" },
      description:
        "latest (the default without offset): the newest rows; oldest (the default with offset): from the start",
      example: "latest",
    }),
});

export const HermesMessageListSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    session_id: SESSION_ID,
    data: z.array(HermesMessageSchema).openapi({ description: "The window, in seq order" }),
    pagination: z
      .object({
        limit: z.number().int().openapi({ description: "Rows asked for", example: 500 }),
        offset: z.number().int().openapi({ description: "Rows skipped", example: 0 }),
        order: z.enum(["latest", "oldest"]).openapi({ description: "Which end it counts from", example: "latest" }),
        returned: z.number().int().openapi({ description: "Rows in data", example: 12 }),
        total: z.number().int().openapi({ description: "Rows in the transcript", example: 12 }),
      })
      .openapi({ description: "Where the window is" }),
  })
  .openapi("HermesMessageList");

export const HermesChatSchema = z
  .object({
    message: z
      .union([z.string(), ContentSchema])
      .optional()
      .openapi({ description: "The user's message (text, or content parts)", example: "Summarise the release notes." }),
    input: z
      .union([z.string(), ContentSchema])
      .optional()
      .openapi({ description: "The same, where a client sends it as input", example: "Summarise the release notes." }),
    author: z
      .unknown()
      .optional()
      .openapi({
        description: "Who wrote it ({id, name}); anything but an object is 400 invalid_author",
        example: { id: "user-42", name: "Alice" },
      }),
  })
  .passthrough()
  .openapi("HermesChatRequest", { description: "Hermes's chat body; other fields (author, model hints) are accepted" });

export const HermesChatAnswerSchema = z
  .object({
    object: z
      .literal("hermes.session.chat.completion")
      .openapi({ description: "Always hermes.session.chat.completion", example: "hermes.session.chat.completion" }),
    session_id: SESSION_ID,
    run_id: z.string().openapi({ description: "The run that answered", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    status: z
      .enum(HERMES_RUN_STATUSES)
      .openapi({ description: "The run's status, in Hermes's words", example: "completed" }),
    completed: z.boolean().openapi({ description: "Whether the run completed", example: true }),
    partial: z.boolean().openapi({ description: "Whether it ended with part of an answer", example: false }),
    interrupted: z.boolean().openapi({ description: "Whether it was cancelled or cut short", example: false }),
    message: z
      .object({
        role: z.literal("assistant").openapi({ description: "Always assistant", example: "assistant" }),
        content: z.string().openapi({ description: "The answer", example: "Two fixes." }),
      })
      .openapi({ description: "The answer" }),
    messages: z.array(HermesMessageSchema).openapi({ description: "The turn's assistant and tool rows" }),
    usage: HermesUsageSchema,
    runtime: HermesRuntimeSchema,
    error: z.string().nullable().openapi({ description: "Why the run failed, when it did", example: null }),
  })
  .openapi("HermesChatAnswer");

/** `/api/sessions/search` takes the query and limit of a session's own search (GET /v1/sessions/{id}/search). */
export const HermesSearchQuery = SearchQuery.pick({ q: true, limit: true });

export const HermesSearchResultSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    query: z.string().openapi({ description: "What was searched", example: "ENOSPC" }),
    data: z
      .array(
        z.object({
          session_id: SESSION_ID,
          session_title: z.string().nullable().openapi({ description: "The session's title", example: "Deploy" }),
          message_id: z.number().int().openapi({ description: "The row's seq", example: 14 }),
          role: z.string().openapi({ description: "Who said it", example: "tool" }),
          snippet: z
            .string()
            .openapi({ description: "The matching text, matches in [brackets]", example: "write failed: [ENOSPC]" }),
          timestamp: z.number().openapi({ description: "Stored, in Unix seconds", example: 1764601260.1 }),
          in_context: z.boolean().openapi({ description: "Whether the model still sees it", example: false }),
        }),
      )
      .openapi({ description: "Best hits first" }),
  })
  .openapi("HermesSearchResult");

export const HermesDeletedSchema = z
  .object({
    object: z
      .literal("hermes.session.deleted")
      .openapi({ description: "Always hermes.session.deleted", example: "hermes.session.deleted" }),
    id: SESSION_ID,
    deleted: z.literal(true).openapi({ description: "Always true", example: true }),
  })
  .openapi("HermesSessionDeleted");

export const HermesChatStreamFrameSchema = z
  .object({
    event: z
      .enum([
        "run.started",
        "message.started",
        "assistant.delta",
        "tool.progress",
        "tool.started",
        "tool.completed",
        "tool.failed",
        "approval.request",
        "assistant.completed",
        "run.completed",
        "run.failed",
        "run.cancelled",
        "done",
      ])
      .openapi({ description: "The frame's `event:` line", example: "assistant.delta" }),
    data: z
      .object({
        session_id: SESSION_ID,
        run_id: z.string().openapi({ description: "The run", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
        seq: z.number().int().openapi({ description: "The frame's number in the turn, from 1", example: 3 }),
        ts: z.number().openapi({ description: "When it was sent (Unix seconds)", example: 1764601200.25 }),
        message_id: z
          .string()
          .optional()
          .openapi({ description: "The assistant message the frame is about", example: "msg_3f0c…" }),
        user_message: z
          .object({
            role: z.literal("user").openapi({ description: "Always user", example: "user" }),
            content: z
              .unknown()
              .openapi({ description: "The message as sent (text or content parts)", example: "Summarise the notes." }),
          })
          .optional()
          .openapi({ description: "run.started: the user's message" }),
        message: z
          .object({
            id: z.string().openapi({ description: "The assistant message's id", example: "msg_3f0c…" }),
            role: z.literal("assistant").openapi({ description: "Always assistant", example: "assistant" }),
          })
          .optional()
          .openapi({ description: "message.started: the assistant message's id" }),
        delta: z
          .string()
          .optional()
          .openapi({ description: "assistant.delta: the chunk; tool.progress: reasoning", example: "Two " }),
        tool_name: z
          .string()
          .optional()
          .openapi({ description: "tool.*: the tool (`_thinking` for reasoning)", example: "browser_navigate" }),
        tool_call_id: z
          .string()
          .optional()
          .openapi({ description: "tool.started/completed: the call", example: "call_1" }),
        preview: z.string().optional().openapi({ description: "tool.*: the arguments, cut", example: '{"url":"…"}' }),
        args: z
          .unknown()
          .optional()
          .openapi({ description: "tool.*: the arguments", example: { url: "https://example.com/" } }),
        content: z
          .string()
          .optional()
          .openapi({ description: "assistant.completed: the answer", example: "Two fixes." }),
        completed: z.boolean().optional().openapi({ description: "Final frames: whether it completed", example: true }),
        partial: z.boolean().optional().openapi({ description: "Final frames: a partial answer", example: false }),
        interrupted: z
          .boolean()
          .optional()
          .openapi({ description: "Final frames: whether it was cut", example: false }),
        runtime: HermesRuntimeSchema.optional(),
        messages: z
          .array(HermesMessageSchema)
          .optional()
          .openapi({ description: "run.*: the turn's assistant and tool rows" }),
        usage: HermesUsageSchema.optional(),
        error: z.string().optional().openapi({ description: "run.failed: why", example: "the model answered 500" }),
      })
      .passthrough()
      .openapi({ description: "The frame's JSON `data:`" }),
  })
  .openapi("HermesChatStreamFrame", { description: "One SSE frame of POST /api/sessions/{id}/chat/stream" });

export type HermesSession = z.infer<typeof HermesSessionSchema>;
export type HermesMessage = z.infer<typeof HermesMessageSchema>;
export type HermesChatAnswer = z.infer<typeof HermesChatAnswerSchema>;
export type HermesSessionList = z.infer<typeof HermesSessionListSchema>;
export type HermesMessageList = z.infer<typeof HermesMessageListSchema>;
export type HermesSearchResult = z.infer<typeof HermesSearchResultSchema>;
