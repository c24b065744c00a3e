/**
 * @module chat-schemas
 * The chat vocabulary of the wire (content, content parts, tool calls, roles), shared by the transcript, the active
 * context and the OpenAI-compatible requests.
 */
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
        arguments: z
          .string()
          .max(1_000_000)
          .openapi({ description: "JSON-encoded arguments", example: '{"url":"https://example.com"}' }),
      })
      .openapi({ description: "The function called" }),
  })
  .openapi("ToolCall", { description: "A tool call made by an assistant message" });

export const RoleSchema = z
  .enum(["system", "user", "assistant", "tool"])
  .openapi({ description: "Message role", example: "user" });

/** The tool calls a posted assistant message carries (bounded like every request field). */
export const ToolCallsField = z
  .array(ToolCallSchema)
  .max(128)
  .optional()
  .openapi({ description: "Tool calls of an assistant message" });

/** The call a posted tool message answers. */
export const ToolCallIdField = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .openapi({ description: "For a tool message: the call it answers", example: "call_1" });
