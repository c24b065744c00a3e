/**
 * @module schemas
 * The Responses API's wire shapes as this server speaks them: the create request (string or item-array `input`,
 * `instructions`, `previous_response_id`, `conversation`, `store`, `stream`, `background`, `metadata`), the response
 * object with its output items (assistant messages, the agent's function calls and their outputs) and usage, the
 * streaming events, and the deletion answer.
 */
import { z } from "@hono/zod-openapi";
import { CLIENT_SESSION_ID } from "../../domain/compat/chat-sessions.js";

const RESPONSE_ID = z.string().openapi({ description: "The response", example: "resp_01JD5Z3Q8V6N2C4K7M9P0R1S2T" });

const InputTextPartSchema = z
  .object({
    type: z.enum(["input_text", "output_text", "text"]).openapi({ description: "A text part", example: "input_text" }),
    text: z.string().openapi({ description: "The text", example: "What is on this page?" }),
  })
  .passthrough();

const InputImagePartSchema = z
  .object({
    type: z.literal("input_image").openapi({ description: "An image part", example: "input_image" }),
    image_url: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The image, as a URL or a data: URL", example: "data:image/png;base64,iVBORw0KGgo=" }),
    detail: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "How closely the model looks: low, high or auto", example: "auto" }),
    file_id: z.string().nullable().optional().openapi({ description: "Not supported: send image_url", example: null }),
  })
  .passthrough();

export const ResponseInputItemSchema = z
  .object({
    type: z.literal("message").optional().openapi({ description: "Always message when sent", example: "message" }),
    role: z
      .enum(["user", "assistant", "system", "developer"])
      .openapi({ description: "Who says it; developer is taken as system", example: "user" }),
    content: z
      .union([
        z.string().openapi({ description: "The text", example: "Hello" }),
        z.array(z.union([InputTextPartSchema, InputImagePartSchema])).openapi({ description: "Text and image parts" }),
      ])
      .openapi({ description: "The message's content" }),
  })
  .passthrough()
  .openapi("ResponseInputItem", { description: "A message of the input; the last one is the user's turn" });

export const CreateResponseRequestSchema = z
  .object({
    model: z
      .string()
      .optional()
      .openapi({ description: "Accepted and echoed; the session's model answers", example: "caduceus" }),
    input: z
      .union([
        z.string().min(1).openapi({ description: "The user's message", example: "Say hello." }),
        z.array(ResponseInputItemSchema).min(1).openapi({ description: "Messages ending with the user's turn" }),
      ])
      .openapi({ description: "What the user says, with earlier turns for a new conversation" }),
    instructions: z.string().nullable().optional().openapi({
      description: "The system prompt; it becomes the conversation's session's",
      example: "Answer briefly.",
    }),
    previous_response_id: z.string().nullable().optional().openapi({
      description: "Continue from this stored response (a branch when it is not the newest)",
      example: null,
    }),
    conversation: z
      .union([
        z.string().max(256).regex(CLIENT_SESSION_ID, "a path-safe id of at most 256 characters"),
        z.object({
          id: z
            .string()
            .max(256)
            .regex(CLIENT_SESSION_ID, "a path-safe id of at most 256 characters")
            .openapi({ description: "The conversation's id", example: "conv-webui-7" }),
        }),
      ])
      .nullable()
      .optional()
      .openapi({ description: "A named conversation (a session id; a new id starts one)", example: "conv-webui-7" }),
    store: z
      .boolean()
      .optional()
      .openapi({ description: "Keep the response readable and continuable (default true)", example: true }),
    stream: z.boolean().optional().openapi({ description: "Answer as server-sent events", example: false }),
    background: z.boolean().optional().openapi({
      description: "Answer at once with an in-progress response; poll GET /v1/responses/{id}",
      example: false,
    }),
    metadata: z
      .record(z.string(), z.string().max(512))
      .optional()
      .openapi({ description: "Up to 16 string pairs kept with the response", example: { ticket: "T-42" } }),
  })
  .passthrough()
  .refine((body) => Object.keys(body.metadata ?? {}).length <= 16, {
    message: "metadata holds at most 16 pairs",
    path: ["metadata"],
  })
  .openapi("CreateResponseRequest", {
    description: "OpenAI's Responses request; fields this server does not use (tools, temperature, …) are accepted",
  });

const OutputTextSchema = z
  .object({
    type: z.literal("output_text").openapi({ description: "Text the assistant wrote", example: "output_text" }),
    text: z.string().openapi({ description: "The text", example: "Hello!" }),
    annotations: z.array(z.unknown()).openapi({ description: "Always empty", example: [] }),
  })
  .openapi("ResponseOutputText");

const ItemStatus = z
  .enum(["in_progress", "completed", "incomplete"])
  .openapi({ description: "The item's state", example: "completed" });

export const ResponseOutputItemSchema = z
  .union([
    z
      .object({
        type: z.literal("reasoning").openapi({ description: "What a reasoning model thought", example: "reasoning" }),
        id: z.string().openapi({ description: "The item", example: "rs_01JD5Z3Q8V6N2C4K7M9P0R1S2T_0" }),
        status: ItemStatus,
        summary: z
          .array(
            z.object({
              type: z.literal("summary_text").openapi({ description: "Plain text", example: "summary_text" }),
              text: z.string().openapi({ description: "The reasoning", example: "Check the logs first." }),
            }),
          )
          .openapi({ description: "The reasoning the model gave, as one text" }),
      })
      .openapi("ResponseReasoningItem"),
    z
      .object({
        type: z.literal("message").openapi({ description: "An assistant message", example: "message" }),
        id: z.string().openapi({ description: "The item", example: "msg_01JD5Z3Q8V6N2C4K7M9P0R1S2T_0" }),
        status: ItemStatus,
        role: z.literal("assistant").openapi({ description: "Always assistant", example: "assistant" }),
        content: z.array(OutputTextSchema).openapi({ description: "Its text" }),
      })
      .openapi("ResponseOutputMessage"),
    z
      .object({
        type: z.literal("function_call").openapi({ description: "A tool the agent called", example: "function_call" }),
        id: z.string().openapi({ description: "The item", example: "fc_call_1" }),
        call_id: z.string().openapi({ description: "The tool call", example: "call_1" }),
        name: z.string().openapi({ description: "The tool", example: "browser_navigate" }),
        arguments: z
          .string()
          .openapi({ description: "Its arguments (JSON)", example: '{"url":"https://example.com"}' }),
        status: ItemStatus,
      })
      .openapi("ResponseFunctionCall"),
    z
      .object({
        type: z
          .literal("function_call_output")
          .openapi({ description: "What the tool gave back", example: "function_call_output" }),
        id: z.string().openapi({ description: "The item", example: "fco_call_1" }),
        call_id: z.string().openapi({ description: "The tool call it answers", example: "call_1" }),
        output: z.string().openapi({ description: "The result the model got", example: '{"ok":true}' }),
        status: ItemStatus,
      })
      .openapi("ResponseFunctionCallOutput"),
  ])
  .openapi("ResponseOutputItem", { description: "One item of the output, in the order the agent produced them" });

export const ResponseUsageSchema = z
  .object({
    input_tokens: z.number().int().openapi({ description: "Prompt tokens over the run's model calls", example: 1200 }),
    input_tokens_details: z
      .object({ cached_tokens: z.number().int().openapi({ description: "Not measured: 0", example: 0 }) })
      .openapi({ description: "Prompt token details" }),
    output_tokens: z.number().int().openapi({ description: "Completion tokens", example: 80 }),
    output_tokens_details: z
      .object({ reasoning_tokens: z.number().int().openapi({ description: "Not measured: 0", example: 0 }) })
      .openapi({ description: "Completion token details" }),
    total_tokens: z.number().int().openapi({ description: "Their sum", example: 1280 }),
  })
  .openapi("ResponseUsage");

export const ResponseObjectSchema = z
  .object({
    id: RESPONSE_ID,
    object: z.literal("response").openapi({ description: "Always response", example: "response" }),
    created_at: z.number().int().openapi({ description: "Unix seconds", example: 1764601200 }),
    status: z
      .enum(["in_progress", "completed", "incomplete", "failed", "cancelled"])
      .openapi({ description: "Where the run behind it stands", example: "completed" }),
    background: z.boolean().openapi({ description: "Whether it was answered at once and run on", example: false }),
    error: z
      .object({
        code: z.string().openapi({ description: "What kind of failure", example: "server_error" }),
        message: z.string().openapi({ description: "Why it failed", example: "the model answered 500" }),
      })
      .openapi("ResponseError", { description: "Why it failed, when it did" })
      .nullable(),
    incomplete_details: z
      .object({
        reason: z
          .string()
          .openapi({ description: "max_iterations: the agent's step limit ended it", example: "max_iterations" }),
      })
      .openapi("ResponseIncompleteDetails", { description: "Why it is incomplete, when it is" })
      .nullable(),
    instructions: z.string().nullable().openapi({ description: "The instructions it was sent", example: null }),
    max_output_tokens: z.null().openapi({ description: "Not limited here", example: null }),
    model: z.string().openapi({ description: "The model that answered", example: "gpt-4o-mini" }),
    output: z.array(ResponseOutputItemSchema).openapi({ description: "What the agent produced" }),
    parallel_tool_calls: z.boolean().openapi({ description: "Always true", example: true }),
    previous_response_id: z.string().nullable().openapi({ description: "What it continued", example: null }),
    conversation: z
      .object({ id: z.string().openapi({ description: "The conversation", example: "conv-webui-7" }) })
      .openapi("ResponseConversation", { description: "The conversation it was made in, when named" })
      .nullable(),
    store: z.boolean().openapi({ description: "Whether it can be read back", example: true }),
    temperature: z.null().openapi({ description: "Not set here", example: null }),
    text: z
      .object({
        format: z
          .object({ type: z.literal("text").openapi({ description: "Plain text", example: "text" }) })
          .openapi({ description: "The output format" }),
      })
      .openapi({ description: "Text settings" }),
    tool_choice: z.literal("auto").openapi({ description: "The agent picks its tools", example: "auto" }),
    tools: z
      .array(z.unknown())
      .openapi({ description: "Always empty: the agent's own tools are not listed", example: [] }),
    top_p: z.null().openapi({ description: "Not set here", example: null }),
    truncation: z
      .literal("disabled")
      .openapi({ description: "The context engine manages length", example: "disabled" }),
    usage: ResponseUsageSchema.nullable().openapi({ description: "Tokens used; null while in progress" }),
    user: z.null().openapi({ description: "Not used", example: null }),
    metadata: z.record(z.string(), z.string()).openapi({ description: "What the request sent", example: {} }),
    session_id: z.string().openapi({
      description: "The Caduceus session holding the conversation",
      example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    run_id: z.string().openapi({
      description: "The agent run that answered (GET /v1/runs/{id})",
      example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
  })
  .openapi("Response", { description: "OpenAI's Response object, answered by the agent" });

export type ResponseObject = z.infer<typeof ResponseObjectSchema>;
export type ResponseOutputItem = z.infer<typeof ResponseOutputItemSchema>;

export const ResponseStreamEventSchema = z
  .object({
    event: z
      .enum([
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.completed",
        "response.incomplete",
        "response.failed",
      ])
      .openapi({ description: "The event type (also `data.type`)", example: "response.output_text.delta" }),
    data: z
      .object({
        type: z.string().openapi({ description: "The event type", example: "response.output_text.delta" }),
        sequence_number: z.number().int().openapi({ description: "0, 1, 2, … within the stream", example: 5 }),
        response: ResponseObjectSchema.optional().openapi({ description: "created, in_progress and final events" }),
        output_index: z.number().int().optional().openapi({ description: "The item's place in output", example: 0 }),
        item: ResponseOutputItemSchema.optional().openapi({ description: "output_item events: the item" }),
        item_id: z.string().optional().openapi({ description: "Text events: the message item", example: "msg_01JD_0" }),
        content_index: z.number().int().optional().openapi({ description: "Text events: always 0", example: 0 }),
        delta: z.string().optional().openapi({ description: "output_text.delta: the chunk", example: "Hel" }),
        logprobs: z
          .array(z.unknown())
          .optional()
          .openapi({ description: "output_text.delta and .done: always empty (none are kept)", example: [] }),
        text: z.string().optional().openapi({ description: "output_text.done: the whole text", example: "Hello!" }),
        part: OutputTextSchema.optional().openapi({ description: "content_part events: the part" }),
      })
      .openapi({ description: "The frame's JSON `data:`" }),
  })
  .openapi("ResponseStreamEvent", { description: "One SSE frame of a streamed response" });

export const DeletedResponseSchema = z
  .object({
    id: RESPONSE_ID,
    object: z.literal("response").openapi({ description: "Always response", example: "response" }),
    deleted: z.literal(true).openapi({ description: "Always true", example: true }),
  })
  .openapi("DeletedResponse", { description: "The response is gone from the API; its session's transcript stays" });

export type DeletedResponse = z.infer<typeof DeletedResponseSchema>;

export const ResponseIdParam = z.object({
  response_id: z.string().openapi({
    param: { name: "response_id", in: "path" },
    description: "The response",
    example: "resp_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
  }),
});
