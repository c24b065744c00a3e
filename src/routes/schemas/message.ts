import { z } from "@hono/zod-openapi";

export const ContentPartSchema = z
  .object({
    type: z.string().min(1).openapi({ description: "Part type (text, image_url, …)", example: "text" }),
    text: z.string().optional().openapi({ description: "Text of a text part", example: "What changed in PR #1234?" }),
  })
  .passthrough()
  .openapi("ContentPart", { description: "One part of a multi-part message (OpenAI chat shape)" });

export const ContentSchema = z
  .union([z.string().max(5_000_000), z.array(ContentPartSchema).max(500), z.null()])
  .openapi("MessageContent", {
    description: "A string, an array of content parts, or null (assistant messages with tool_calls only)",
    example: "Open https://example.com and tell me its title.",
  });

export const ToolCallSchema = z
  .object({
    id: z.string().min(1).max(200).openapi({ description: "Tool call id", example: "call_1" }),
    type: z.literal("function").openapi({ description: "Always function", example: "function" }),
    function: z
      .object({
        name: z.string().min(1).max(200).openapi({ description: "Tool name", example: "browser_navigate" }),
        arguments: z.string().max(1_000_000).openapi({ description: "JSON-encoded arguments", example: '{"url":"https://example.com"}' }),
      })
      .openapi({ description: "The function called" }),
  })
  .openapi("ToolCall", { description: "A tool call made by an assistant message" });

export const RoleSchema = z.enum(["system", "user", "assistant", "tool"]).openapi({ description: "Message role", example: "user" });

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
    tokens: z.number().int().openapi({ description: "Tokens of the stored message (tiktoken)", example: 12 }),
    in_context: z.boolean().openapi({ description: "Whether the row is in the active context", example: true }),
    kind: z.enum(["message", "summary"]).openapi({ description: "message, or a compression summary", example: "message" }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("Message");

export const PostMessageBody = z
  .object({
    role: RoleSchema.default("user"),
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).max(128).optional().openapi({ description: "Tool calls of an assistant message" }),
    tool_call_id: z.string().min(1).max(200).optional().openapi({ description: "For a tool message: the call it answers", example: "call_1" }),
    name: z.string().min(1).max(200).optional().openapi({ description: "Participant or tool name", example: "browser_navigate" }),
    run: z.boolean().optional().openapi({ description: "Run the agent after appending (default true for user messages)", example: false }),
    stream: z.boolean().optional().openapi({ description: "Answer with an SSE stream of the run's events", example: false }),
  })
  .strict()
  .openapi("PostMessage");

export const RunSchema = z
  .object({
    id: z.string().openapi({ description: "Run id", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    status: z.enum(["running", "completed", "incomplete", "failed", "interrupted"]).openapi({ description: "Run status", example: "completed" }),
    iterations: z.number().int().openapi({ description: "Model calls made", example: 2 }),
    usage: z
      .object({
        prompt_tokens: z.number().int().openapi({ description: "Prompt tokens over the run", example: 1200 }),
        completion_tokens: z.number().int().openapi({ description: "Completion tokens over the run", example: 80 }),
        total_tokens: z.number().int().openapi({ description: "Sum of both", example: 1280 }),
      })
      .openapi({ description: "Token usage reported by the model" }),
    compressed: z.boolean().openapi({ description: "Whether the context was compressed during the run", example: false }),
    error: z.string().nullable().optional().openapi({ description: "Why the run failed", example: null }),
  })
  .openapi("Run");

export const AppendedMessages = z
  .object({ messages: z.array(MessageSchema).openapi({ description: "The rows appended" }) })
  .openapi("AppendedMessages");

export const RunResult = z
  .object({
    messages: z.array(MessageSchema).openapi({ description: "The user message and every message the run added" }),
    run: RunSchema,
  })
  .openapi("RunResult");

export const ChatMessageSchema = z
  .object({
    role: RoleSchema,
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional().openapi({ description: "Tool calls" }),
    tool_call_id: z.string().optional().openapi({ description: "Answered call", example: "call_1" }),
    name: z.string().optional().openapi({ description: "Name", example: "browser_navigate" }),
  })
  .openapi("ChatMessage", { description: "A message as the model receives it" });

export const ContextSchema = z
  .object({
    messages: z.array(ChatMessageSchema).openapi({ description: "The active context, in order, as sent to the model" }),
    tokens: z
      .object({
        total: z.number().int().openapi({ description: "Tokens of the active context", example: 18250 }),
        threshold: z.number().int().openapi({ description: "Compression threshold", example: 96000 }),
        context_length: z.number().int().openapi({ description: "Model window", example: 128000 }),
        usage_percent: z.number().openapi({ description: "total / context_length × 100", example: 14.26 }),
      })
      .openapi({ description: "Token figures" }),
    summary_id: z.string().nullable().openapi({ description: "The summary in the context, if any", example: null }),
    compression_count: z.number().int().openapi({ description: "Compressions so far", example: 0 }),
    engine: z.string().openapi({ description: "Active context engine", example: "compressor" }),
  })
  .openapi("Context");
