/**
 * @module schemas
 * The OpenAI-compatible wire shapes: the error envelope and the error responses built on it, chat-completion
 * requests and answers, the model list, the capabilities document, and the success body of each operation.
 */
import { z } from "@hono/zod-openapi";
import { ContentSchema, ToolCallIdField, ToolCallsField } from "../shared/chat-schemas.js";
import { clientToolFunctionFields } from "../shared/run-schemas.js";
import { openAiCodeOf } from "../../http/openai-error.js";
import { titleOf } from "../../http/problem.js";
import { errorHeaders, errorStatusesOf, exampleRef, type ErrorSpec } from "../shared/problem-responses.js";
import { CAPABILITIES_OBJECTS, MODEL_OWNERS, PLATFORM_NAMES } from "../shared/identity.js";

export const OpenAIErrorSchema = z
  .object({
    error: z
      .object({
        message: z
          .string()
          .openapi({ description: "What went wrong and what to do next", example: "messages: Required" }),
        type: z.string().openapi({ description: "OpenAI error type", example: "invalid_request_error" }),
        param: z
          .string()
          .nullable()
          .openapi({ description: "The request field at fault, if any", example: "messages" }),
        code: z
          .string()
          .nullable()
          .openapi({ description: "Stable machine-readable code", example: "validation_failed" }),
        hermes: z
          .object({
            run_id: z.string().openapi({ description: "The run", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
            status: z.string().openapi({ description: "How it ended", example: "cancelled" }),
            error: z.string().nullable().openapi({ description: "Why", example: "the client disconnected" }),
          })
          .optional()
          .openapi({
            description: "A run that gave no answer (model_error, agent_incomplete): which, and how it ended",
          }),
      })
      .openapi({ description: "The error" }),
  })
  .openapi("OpenAIError", { description: "OpenAI error envelope, used by the compatibility routes" });

/** The error responses of a compatibility operation: the OpenAI envelope whatever the status, one example per code. */
export function openAiErrorResponses(spec: ErrorSpec) {
  return Object.fromEntries(
    errorStatusesOf({ ...spec, hermes: true }).map(([status, codes]) => [
      status,
      {
        description: codes.map((code) => `${code}: ${titleOf(code)}`).join("; "),
        headers: errorHeaders(codes),
        content: {
          "application/json": {
            schema: OpenAIErrorSchema,
            // Named by the code the envelope carries, which is OpenAI's or Hermes's name where theirs differs.
            examples: Object.fromEntries(
              codes.map((code) => [openAiCodeOf(code), { $ref: exampleRef("openai", code) }]),
            ),
          },
        },
      },
    ]),
  );
}

export const ChatRequestMessageSchema = z
  .object({
    role: z
      .enum(["system", "developer", "user", "assistant", "tool"])
      .openapi({ description: "Message role", example: "user" }),
    content: ContentSchema.optional(),
    tool_calls: ToolCallsField,
    tool_call_id: ToolCallIdField,
    name: z.string().min(1).max(200).optional().openapi({ description: "Participant name", example: "alice" }),
  })
  .passthrough()
  .openapi("ChatRequestMessage");

const ChatToolSchema = z
  .object({
    type: z.literal("function").openapi({ description: "Always function", example: "function" }),
    // OpenAI clients send more (`strict`, …): kept out of what the model is sent, not refused.
    function: z
      .object(clientToolFunctionFields)
      .passthrough()
      .openapi({ description: "The function the model may call" }),
  })
  .passthrough()
  .openapi("ChatTool", { description: "A tool the client runs itself (OpenAI function tool)" });

const ChatToolCallSchema = z
  .object({
    id: z.string().openapi({ description: "Tool call id", example: "call_1" }),
    type: z.literal("function").openapi({ description: "Always function", example: "function" }),
    function: z
      .object({
        name: z.string().openapi({ description: "The client tool", example: "get_weather" }),
        arguments: z.string().openapi({ description: "JSON-encoded arguments", example: '{"city":"Oslo"}' }),
      })
      .openapi({ description: "The function called" }),
  })
  .openapi("ChatToolCall");

export const ChatCompletionRequestSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Echoed back; the session's configured model answers", example: "caduceus" }),
    messages: z
      .array(ChatRequestMessageSchema)
      .min(1)
      .max(10_000)
      .openapi({ description: "The conversation; the last message must be the user's" }),
    stream: z
      .boolean()
      .optional()
      .openapi({ description: "Answer as SSE chunks ending with `data: [DONE]`", example: false }),
    tools: z
      .array(ChatToolSchema)
      .max(128)
      .optional()
      .openapi({
        description:
          "The client's own tools, offered to the model beside the agent's: when the model calls one, the answer ends " +
          'with finish_reason "tool_calls" and those calls; the next request, ending with the `tool` messages, continues the same run',
      }),
  })
  .passthrough()
  .openapi("ChatCompletionRequest", {
    description:
      "OpenAI chat-completions request. Sampling fields (temperature, …) are accepted and ignored; the agent's own " +
      "tools (browser, search) run on the server, the client's `tools` on the client.",
  });

const UsageSchema = z
  .object({
    prompt_tokens: z.number().int().openapi({ description: "Prompt tokens over the whole run", example: 1200 }),
    completion_tokens: z.number().int().openapi({ description: "Completion tokens over the whole run", example: 80 }),
    total_tokens: z.number().int().openapi({ description: "Sum of both", example: 1280 }),
  })
  .openapi("ChatUsage");

export const ChatCompletionSchema = z
  .object({
    id: z.string().openapi({ description: "Completion id", example: "chatcmpl-run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    object: z.literal("chat.completion").openapi({ description: "Always chat.completion", example: "chat.completion" }),
    created: z.number().int().openapi({ description: "Unix seconds", example: 1796020000 }),
    model: z.string().openapi({ description: "The requested model name", example: "caduceus" }),
    choices: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: "Always 0", example: 0 }),
          message: z
            .object({
              role: z.literal("assistant").openapi({ description: "Always assistant", example: "assistant" }),
              content: z
                .string()
                .nullable()
                .openapi({ description: "The agent's final answer", example: "The page title is Example Domain." }),
              reasoning_content: z.string().optional().openapi({
                description: "The reasoning the model gave before that answer, when it is a reasoning model",
                example: "The snapshot names the title.",
              }),
              tool_calls: z
                .array(ChatToolCallSchema)
                .optional()
                .openapi({ description: "Calls of the client's own tools, to run and answer with tool messages" }),
            })
            .openapi({ description: "The answer" }),
          finish_reason: z.enum(["stop", "length", "tool_calls"]).openapi({
            description: "stop; length when the run ended incomplete; tool_calls when it waits for the client's tools",
            example: "stop",
          }),
        }),
      )
      .openapi({ description: "One choice" }),
    usage: UsageSchema,
  })
  .openapi("ChatCompletion");

const ChatChunkSchema = z
  .object({
    id: z.string().openapi({ description: "Completion id", example: "chatcmpl-run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    object: z
      .literal("chat.completion.chunk")
      .openapi({ description: "Always chat.completion.chunk", example: "chat.completion.chunk" }),
    created: z.number().int().openapi({ description: "Unix seconds", example: 1796020000 }),
    model: z.string().openapi({ description: "The requested model name", example: "caduceus" }),
    choices: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: "Always 0", example: 0 }),
          delta: z
            .object({
              role: z
                .literal("assistant")
                .optional()
                .openapi({ description: "First chunk only", example: "assistant" }),
              content: z.string().optional().openapi({ description: "A piece of the answer", example: "The page " }),
              tool_calls: z
                .array(
                  ChatToolCallSchema.extend({
                    index: z.number().int().openapi({ description: "Position", example: 0 }),
                  }),
                )
                .optional()
                .openapi({ description: "Calls of the client's own tools (whole, in one chunk)" }),
            })
            .openapi({ description: "What this chunk adds" }),
          finish_reason: z
            .enum(["stop", "length", "tool_calls"])
            .nullable()
            .openapi({ description: "Set on the final chunk only", example: null }),
        }),
      )
      .openapi({ description: "One choice" }),
    usage: UsageSchema.optional(),
  })
  .openapi("ChatCompletionChunk", { description: "A streamed piece of the answer; the last one carries usage" });

const ToolProgressSchema = z
  .object({
    object: z
      .literal("hermes.tool.progress")
      .openapi({ description: "Always hermes.tool.progress", example: "hermes.tool.progress" }),
    choices: z.array(z.unknown()).max(0).openapi({
      description: "Always empty: OpenAI clients that read this frame as a chunk find no choice in it",
      example: [],
    }),
    tool: z.string().openapi({ description: "The tool", example: "browser_navigate" }),
    toolCallId: z.string().openapi({ description: "The tool call", example: "call_1" }),
    status: z.enum(["running", "completed"]).openapi({ description: "Where the call is", example: "running" }),
    label: z
      .string()
      .optional()
      .openapi({ description: "The call, shortened (running only)", example: "browser_navigate({…})" }),
    is_error: z.boolean().optional().openapi({ description: "Whether it failed (completed only)", example: false }),
  })
  .openapi("ToolProgress", { description: "Tool activity of the agent (not sent with X-Hermes-Tool-Progress: off)" });

/** The SSE frames of a streamed chat completion, in order: chunks (with tool progress between), then `[DONE]`. */
export const ChatStreamFrameSchema = z
  .union([
    z.object({ data: ChatChunkSchema }).openapi("ChatChunkFrame", { description: "`data:` a chat.completion.chunk" }),
    z
      .object({
        event: z
          .literal("hermes.tool.progress")
          .openapi({ description: "The frame's event", example: "hermes.tool.progress" }),
        data: ToolProgressSchema,
      })
      .openapi("ToolProgressFrame", { description: "`event: hermes.tool.progress`" }),
    z
      .object({ data: OpenAIErrorSchema })
      .openapi("ChatErrorFrame", { description: "The run failed: an error object instead of a final chunk" }),
    z
      .object({ data: z.literal("[DONE]").openapi({ description: "The end of the stream", example: "[DONE]" }) })
      .openapi("ChatDoneFrame", { description: "`data: [DONE]`, the last frame" }),
  ])
  .openapi("ChatStreamFrame", { description: "One SSE frame of a streamed chat completion" });

export const ModelListSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    data: z
      .array(
        z.object({
          id: z.string().openapi({ description: "Model id to send as `model`", example: "gpt-4o" }),
          object: z.literal("model").openapi({ description: "Always model", example: "model" }),
          created: z.number().int().openapi({ description: "Unix seconds", example: 1796020000 }),
          owned_by: z.enum(MODEL_OWNERS).openapi({
            description: "caduceus (hermes with hermes.identity: hermes-agent)",
            example: "caduceus",
          }),
          permission: z
            .array(z.unknown())
            .openapi({ description: "Always empty, as Hermes lists models", example: [] }),
          root: z.string().openapi({ description: "The model the id serves", example: "gpt-4o-mini" }),
          parent: z.null().openapi({ description: "Always null", example: null }),
        }),
      )
      .openapi({ description: "The models" }),
  })
  .openapi("ModelList");

export const CapabilitiesSchema = z
  .object({
    object: z.enum(CAPABILITIES_OBJECTS).openapi({
      description: "caduceus.capabilities (hermes.api_server.capabilities with hermes.identity: hermes-agent)",
      example: "caduceus.capabilities",
    }),
    platform: z.enum(PLATFORM_NAMES).openapi({
      description: "caduceus (hermes-agent with hermes.identity: hermes-agent)",
      example: "caduceus",
    }),
    version: z.string().openapi({ description: "Server version", example: "0.1.0" }),
    model: z.string().nullable().openapi({ description: "The configured model, if any", example: "gpt-4o" }),
    auth: z
      .object({
        type: z.literal("bearer").openapi({ description: "Auth scheme", example: "bearer" }),
        required: z.boolean().openapi({ description: "Whether an API key is required", example: true }),
      })
      .openapi({ description: "Authentication" }),
    runtime: z
      .object({
        mode: z.literal("server_agent").openapi({ description: "The server runs the agent", example: "server_agent" }),
        tool_execution: z.literal("server").openapi({ description: "Where tools run", example: "server" }),
        split_runtime: z.boolean().openapi({ description: "Always false", example: false }),
        description: z
          .string()
          .openapi({ description: "In words", example: "The server runs the agent and its tools" }),
      })
      .openapi({ description: "Where the agent runs, in Hermes's terms" }),
    features: z.record(z.string(), z.union([z.boolean(), z.string()])).openapi({
      description: "Feature flags and header names",
      example: { chat_completions: true, tool_progress_events: true, session_continuity_header: "X-Hermes-Session-Id" },
    }),
    endpoints: z
      .record(
        z.string(),
        z.object({
          method: z.string().openapi({ description: "HTTP method", example: "POST" }),
          path: z.string().openapi({ description: "Path", example: "/v1/chat/completions" }),
        }),
      )
      .openapi({ description: "Endpoints by name" }),
  })
  .openapi("Capabilities");

/** GET /v1/models. */
export type ListModelsResponse = z.infer<typeof ModelListSchema>;
/** GET /v1/capabilities. */
export type CapabilitiesResponse = z.infer<typeof CapabilitiesSchema>;
/** POST /v1/chat/completions without streaming. */
export type ChatCompletionResponse = z.infer<typeof ChatCompletionSchema>;
/** Any error of the compatibility paths. */
export type OpenAIErrorResponse = z.infer<typeof OpenAIErrorSchema>;
