/**
 * @module chat-schemas
 * The chat vocabulary of the wire (content, content parts, tool calls, roles), shared by the transcript, the active
 * context and the OpenAI-compatible requests.
 */
import { z } from "@hono/zod-openapi";
import { IMAGE_MIME_TYPES } from "../../kernel/image-refs.js";

export const ContentPartSchema = z
  .object({
    type: z
      .string()
      .min(1)
      .openapi({
        description:
          "Part type (text, image_url, …); `image` parts are written by the server only, in tool messages whose tool " +
          "returned images",
        example: "text",
      }),
    text: z.string().optional().openapi({ description: "Text of a text part", example: "What changed in PR #1234?" }),
    image_id: z.string().optional().openapi({
      description: "Of an `image` part: the image's id; GET /v1/sessions/{id}/images/{image_id} serves its bytes",
      example: "img_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    mime_type: z
      .string()
      .optional()
      .openapi({
        description: `Of an \`image\` part: the image's type, from its bytes (${IMAGE_MIME_TYPES.join(" or ")})`,
        example: "image/png",
      }),
    width: z.number().int().nullable().optional().openapi({
      description: "Of an `image` part: its width in pixels, from the PNG or JPEG header (null when it does not say)",
      example: 1280,
    }),
    height: z.number().int().nullable().optional().openapi({
      description: "Of an `image` part: its height in pixels, from the PNG or JPEG header (null when it does not say)",
      example: 720,
    }),
    byte_length: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Of an `image` part: the size of the stored image in bytes", example: 48213 }),
  })
  .passthrough()
  .openapi("ContentPart", {
    description:
      "One part of a multi-part message (OpenAI chat shape). A tool message whose tool returned images holds its " +
      "text in a text part, then one `image` part per image: a reference, never the bytes",
  });

/**
 * The longest text one message, input or tool output may hold, in characters. The body as a whole is bounded by
 * `server.max_body_bytes` (10 MB by default) first: a text this long fits in it only when it is mostly ASCII.
 */
export const MAX_TEXT_CHARS = 5_000_000;
const TEXT_LIMIT_NOTE =
  "at most 5,000,000 characters, within the request body's limit (server.max_body_bytes, 10 MB by default)";

export const ContentSchema = z
  .union([z.string().max(MAX_TEXT_CHARS), z.array(ContentPartSchema).max(500), z.null()])
  .openapi("MessageContent", {
    description: `A string (${TEXT_LIMIT_NOTE}), an array of at most 500 content parts, or null (assistant messages with tool_calls only)`,
    example: "Open https://example.com and tell me its title.",
  });

/** Describes a text field with the limit it is held to. */
export const withTextLimit = (description: string) => `${description}; ${TEXT_LIMIT_NOTE}`;

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
