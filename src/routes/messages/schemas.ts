/**
 * @module schemas
 * The transcript's wire shapes: a stored message, the body that posts one, a run's outcome, and the success body
 * of each message operation.
 */
import { z } from "@hono/zod-openapi";
import { pageOf } from "../shared/pagination.js";
import { ContentSchema, RoleSchema, ToolCallIdField, ToolCallSchema, ToolCallsField } from "../shared/chat-schemas.js";
import { ClientToolsField, InterruptSchema, RunStatusSchema } from "../shared/run-schemas.js";
import { ProvenanceSchema } from "../shared/provenance-schemas.js";

export const MessageSchema = z
  .object({
    id: z.string().openapi({ description: "Message id", example: "msg_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    session_id: z.string().openapi({ description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    seq: z.number().int().openapi({ description: "Dense, increasing position in the transcript", example: 1 }),
    role: RoleSchema,
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional().openapi({ description: "Tool calls (assistant only)" }),
    tool_call_id: z.string().optional().openapi({ description: "The call a tool message answers", example: "call_1" }),
    name: z.string().optional().openapi({ description: "Participant or tool name", example: "browser_navigate" }),
    reasoning: z.string().optional().openapi({
      description: "An assistant row's reasoning, as a reasoning model gave it (never sent back to the model)",
      example: "The user wants the title; read the snapshot first.",
    }),
    provenance: ProvenanceSchema.nullable().openapi({
      description:
        "A tool row's sources: the page and its frames, a dialog, an MCP tool, the server's own data or the client; " +
        "null on the other rows",
    }),
    tokens: z.number().int().openapi({ description: "Tokens of the stored message (tiktoken)", example: 12 }),
    in_context: z.boolean().openapi({ description: "Whether the row is in the active context", example: true }),
    kind: z
      .enum(["message", "summary"])
      .openapi({ description: "message, or a compression summary", example: "message" }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("Message");

export const PostMessageBody = z
  .object({
    // Optional rather than defaulted, so generated clients may leave it out; the route fills in "user".
    role: RoleSchema.optional().openapi({ description: "Message role; user when left out", example: "user" }),
    content: ContentSchema,
    tool_calls: ToolCallsField,
    tool_call_id: ToolCallIdField,
    name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Participant or tool name", example: "browser_navigate" }),
    run: z
      .boolean()
      .optional()
      .openapi({ description: "Run the agent after appending (default true for user messages)", example: false }),
    stream: z
      .boolean()
      .optional()
      .openapi({ description: "Answer with an SSE stream of the run's events", example: false }),
    background: z.boolean().optional().openapi({
      description: "Answer 202 at once; the run goes on with no client connected (read it with GET /v1/runs/{id})",
      example: false,
    }),
    tools: ClientToolsField.optional().openapi({
      description:
        "The client's own tools for this run: a call to one pauses the run (requires_action) until POST /v1/runs/{id}/tool_outputs",
    }),
  })
  .strict()
  .openapi("PostMessage");

export const RunSchema = z
  .object({
    id: z.string().openapi({ description: "Run id", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    status: RunStatusSchema,
    iterations: z.number().int().openapi({ description: "Model calls made", example: 2 }),
    usage: z
      .object({
        prompt_tokens: z.number().int().openapi({ description: "Prompt tokens over the run", example: 1200 }),
        completion_tokens: z.number().int().openapi({ description: "Completion tokens over the run", example: 80 }),
        total_tokens: z.number().int().openapi({ description: "Sum of both", example: 1280 }),
      })
      .openapi({ description: "Token usage reported by the model" }),
    compressed: z
      .boolean()
      .openapi({ description: "Whether the context was compressed during the run", example: false }),
    error: z.string().nullable().openapi({
      description: "Why it failed, was cancelled or interrupted; null otherwise",
      example: null,
    }),
  })
  .openapi("Run");

export const AppendedMessages = z
  .object({ messages: z.array(MessageSchema).openapi({ description: "The rows appended" }) })
  .openapi("AppendedMessages");

export const RunResult = z
  .object({
    messages: z.array(MessageSchema).openapi({ description: "The user message and every message the run added" }),
    run: RunSchema,
    interrupts: z
      .array(InterruptSchema)
      .openapi({ description: "What the run waits on when its status is requires_action; empty otherwise" }),
  })
  .openapi("RunResult");

export const BackgroundRunResult = z
  .object({
    messages: z.array(MessageSchema).openapi({ description: "The user message, stored" }),
    run: RunSchema,
  })
  .openapi("BackgroundRunResult", { description: "A background run, admitted and going on" });

export const MessagePage = pageOf(MessageSchema, "MessagePage");

/** POST /v1/sessions/{id}/messages with a run, answered without streaming (200). */
export type PostMessageRunResponse = z.infer<typeof RunResult>;
/** POST /v1/sessions/{id}/messages with background: true (202). */
export type PostMessageBackgroundResponse = z.infer<typeof BackgroundRunResult>;
/** POST /v1/sessions/{id}/messages without a run (201). */
export type PostMessageAppendedResponse = z.infer<typeof AppendedMessages>;
/** GET /v1/sessions/{id}/messages. */
export type ListMessagesResponse = z.infer<typeof MessagePage>;
