/**
 * @module routes
 * The OpenAI-compatible operations: the model list, the capabilities catalogue, and chat completions answered by
 * the agent (whole, or streamed as chunks). Their errors use the OpenAI envelope (src/http/openai-error.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { CLIENT_SESSION_ID } from "../../domain/compat/chat-sessions.js";
import { createRouter } from "../../http/router.js";
import { sseResponse } from "../../http/sse.js";
import { json, jsonBody } from "../shared/json-content.js";
import { IdempotencyHeaders } from "../shared/params.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { describeCapabilities } from "./capabilities.js";
import { chatChunks } from "./chunks.js";
import { SESSION_HEADER, SESSION_KEY_HEADER, sessionKeyOf, wantsToolProgress } from "./headers.js";
import { clientToolCalls, completionIdentity, presentChatCompletion, presentModelList } from "./present.js";
import { hasNoAnswer, runFailure } from "./run-outcome.js";
import {
  CapabilitiesSchema,
  ChatCompletionRequestSchema,
  ChatCompletionSchema,
  ChatStreamFrameSchema,
  ModelListSchema,
  openAiErrorResponses,
} from "./schemas.js";
import { ANY_KEY, requires } from "../../http/route-access.js";

const listModels = createRoute({
  method: "get",
  path: "/v1/models",
  operationId: "listModels",
  security: ANY_KEY,
  tags: ["compatibility"],
  summary: "Models, in the OpenAI list shape",
  description: "The configured model, so OpenAI clients that list models before chatting find one.",
  responses: {
    200: jsonAnswer("The configured model", ModelListSchema),
    ...openAiErrorResponses({}),
  },
});

const capabilities = createRoute({
  method: "get",
  path: "/v1/capabilities",
  operationId: "getCapabilities",
  security: ANY_KEY,
  tags: ["compatibility"],
  summary: "Features and endpoints of this server, for clients that discover them",
  description:
    "What this server supports (streaming, sessions, tool progress, …) and where, in the shape Hermes clients read.",
  responses: { 200: jsonAnswer("Capabilities", CapabilitiesSchema), ...openAiErrorResponses({}) },
});

const chatCompletions = createRoute({
  method: "post",
  path: "/v1/chat/completions",
  operationId: "createChatCompletion",
  security: requires("sessions:write"),
  tags: ["compatibility"],
  summary: "OpenAI chat completions, answered by the agent",
  description:
    "Runs the agent on the last user message. The session is the one named by `X-Hermes-Session-Id` (its history comes " +
    "from the database; an id not seen before creates it) or, without the header, the request's own messages: the " +
    "conversation they continue when a client sends it back whole, else a new session holding them. The " +
    "response always carries `X-Hermes-Session-Id`. With `stream: true`: a role chunk, content chunks, a final chunk with " +
    "`finish_reason` and `usage`, then `data: [DONE]`; tool activity arrives as `event: hermes.tool.progress` frames " +
    "(with an empty `choices` array, so OpenAI clients that read every frame as a chunk skip them) unless " +
    "`X-Hermes-Tool-Progress: off` is sent or `server.tool_progress_events` is false. A call that waits for a person " +
    "sends `event: approval.request` (`object: hermes.approval.request`, `run_id` the completion's id, `request_id`, " +
    "`choices`); the stream goes on once POST /v1/runs/{that id}/approval answers it.",
  request: {
    body: {
      required: true,
      content: jsonBody(ChatCompletionRequestSchema, {
        model: "caduceus",
        messages: [{ role: "user", content: "Say hello." }],
      }),
    },
    headers: IdempotencyHeaders.extend({
      "x-hermes-session-id": z
        .string()
        .max(256)
        .regex(CLIENT_SESSION_ID, "a path-safe id: letters, digits and . _ : @ -, no '..', at most 256 characters")
        .optional()
        .openapi({
          description: "Continue this session; an id not seen before creates the session under that id",
          example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
        }),
      "x-hermes-session-key": z
        .string()
        .optional()
        .openapi({
          description:
            "A stable per-channel scope, echoed back; accepted only when the server has an API key (else 403); a " +
            "CR, LF or NUL is 400 `invalid_session_key` (Invalid session key), over 256 characters the same (Session key too long)",
          example: "agent:main:webui:dm:user-42",
        }),
      "x-hermes-tool-progress": z
        .enum(["on", "off", "true", "false", "1", "0"])
        .optional()
        .openapi({ description: "Send hermes.tool.progress frames (default on)", example: "off" }),
    }),
  },
  responses: {
    200: {
      description: "The answer (or, with stream: true, SSE chunks)",
      headers: {
        ...postAnswer("", ChatCompletionSchema).headers,
        [SESSION_KEY_HEADER]: {
          description: "The X-Hermes-Session-Key the request sent, echoed",
          schema: { type: "string", example: "agent:main:webui:dm:user-42" },
        },
        [SESSION_HEADER]: {
          description: "The session this conversation lives in",
          schema: { type: "string", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
        "X-Run-Id": {
          description: "The agent run that answered",
          schema: { type: "string", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
      },
      content: {
        ...json(ChatCompletionSchema),
        "text/event-stream": {
          schema: ChatStreamFrameSchema,
        },
      },
    },
    ...openAiErrorResponses({
      codes: [
        "not_found",
        "invalid_tool_pair",
        "session_busy",
        "too_many_runs",
        "model_error",
        "agent_incomplete",
        "model_not_configured",
        "shutting_down",
        "session_key_requires_auth",
        "invalid_session_key",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

export function openAiCompatRoutes() {
  const router = createRouter();

  router.openapi(listModels, (c) => {
    const { config, now } = c.get("services");
    return c.json(presentModelList(config, now()), 200);
  });

  router.openapi(capabilities, (c) => c.json(describeCapabilities(c.get("services").config), 200));

  router.openapi(chatCompletions, async (c) => {
    const services = c.get("services");
    const body = c.req.valid("json");
    const headers = c.req.valid("header");
    const sessionKey = sessionKeyOf(headers["x-hermes-session-key"], services.config, c.get("caller"));
    const { session, run: started } = await services.useCases.startChatRun({
      messages: body.messages,
      sessionId: headers["x-hermes-session-id"]?.trim() || null,
      stream: body.stream === true,
      tools: body.tools?.map((tool) => ({
        type: "function" as const,
        function: {
          name: tool.function.name,
          ...(tool.function.description !== undefined ? { description: tool.function.description } : {}),
          ...(tool.function.parameters !== undefined ? { parameters: tool.function.parameters } : {}),
        },
      })),
      signal: c.req.raw.signal,
      idempotency: c.get("idempotencyClaim"),
      caller: c.get("caller"),
    });
    const identity = completionIdentity(started.runId, services.now(), body.model, services.config);
    const sessionHeaders: Record<string, string> = { [SESSION_HEADER]: session.id, "X-Run-Id": started.runId };
    if (sessionKey) sessionHeaders[SESSION_KEY_HEADER] = sessionKey;

    if (started.feed) {
      const feed = started.feed;
      const progress = wantsToolProgress(
        headers["x-hermes-tool-progress"],
        services.config.server.tool_progress_events,
      );
      return sseResponse(chatChunks(feed, identity, progress, session.id), {
        keepaliveMs: services.sseKeepaliveMs,
        headers: sessionHeaders,
        onCancel: () => feed.cancel(),
      });
    }
    const finished = await started.done;
    for (const [name, value] of Object.entries(sessionHeaders)) c.header(name, value);
    if (hasNoAnswer(finished.run, clientToolCalls(finished.interrupts).length))
      throw runFailure(finished.run, sessionHeaders);
    return c.json(presentChatCompletion(identity, finished), 200);
  });

  return router;
}
