/**
 * @module routes
 * OpenAI's Responses API over the agent: create a response (whole, streamed, or in the background), read one back,
 * delete one. Errors use the OpenAI envelope. Each response is a run of a session; `previous_response_id` and
 * `conversation` pick the session, so a chain survives a restart.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { sseResponse } from "../../http/sse.js";
import { json, jsonBody } from "../shared/json-content.js";
import { IdempotencyHeaders } from "../shared/params.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { openAiErrorResponses } from "../openai/schemas.js";
import { SESSION_HEADER, SESSION_KEY_HEADER, sessionKeyOf } from "../openai/headers.js";
import { presentResponse } from "./present.js";
import {
  CreateResponseRequestSchema,
  DeletedResponseSchema,
  ResponseIdParam,
  ResponseObjectSchema,
  ResponseStreamEventSchema,
  type DeletedResponse,
} from "./schemas.js";
import { responseEvents } from "./stream.js";
import { requires } from "../../http/route-access.js";

const createResponseRoute = createRoute({
  method: "post",
  path: "/v1/responses",
  operationId: "createResponse",
  security: requires("sessions:write"),
  tags: ["compatibility"],
  summary: "OpenAI Responses, answered by the agent",
  description:
    "Runs the agent on the input's last item, the user's turn. The conversation continues `previous_response_id` (a " +
    "fork of it when that response is not its conversation's newest, so branches stay apart) or the session named " +
    "by `conversation` (made under that id when new); otherwise a new session holds the input's earlier items. " +
    "`instructions` become that session's system prompt. With `stream: true` the answer is OpenAI's Responses " +
    "events; with `background: true` it is the in-progress response at once. `store: false` answers but keeps the " +
    "response from being read back or continued (the transcript is still recorded in its session).",
  request: {
    body: {
      required: true,
      content: jsonBody(CreateResponseRequestSchema, { model: "caduceus", input: "Say hello." }),
    },
    headers: IdempotencyHeaders,
  },
  responses: {
    200: {
      description: "The response (or, with stream: true, its events)",
      headers: {
        ...postAnswer("", ResponseObjectSchema).headers,
        [SESSION_HEADER]: {
          description: "The session holding the conversation",
          schema: { type: "string", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
        "X-Run-Id": {
          description: "The agent run that answers",
          schema: { type: "string", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
      },
      content: { ...json(ResponseObjectSchema), "text/event-stream": { schema: ResponseStreamEventSchema } },
    },
    ...openAiErrorResponses({
      codes: [
        "not_found",
        "session_busy",
        "too_many_runs",
        "model_error",
        "model_not_configured",
        "shutting_down",
        "invalid_session_key",
        "session_key_requires_auth",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

const getResponseRoute = createRoute({
  method: "get",
  path: "/v1/responses/{response_id}",
  operationId: "getResponse",
  security: requires("sessions:read"),
  tags: ["compatibility"],
  summary: "A stored response, as it stands",
  description:
    "Read from its run, so a response in progress shows what it has so far. Unstored and deleted ones are 404.",
  request: { params: ResponseIdParam },
  responses: {
    200: jsonAnswer("The response", ResponseObjectSchema),
    ...openAiErrorResponses({ codes: ["not_found"] }),
  },
});

const deleteResponseRoute = createRoute({
  method: "delete",
  path: "/v1/responses/{response_id}",
  operationId: "deleteResponse",
  security: requires("sessions:write"),
  tags: ["compatibility"],
  summary: "Delete a response",
  description:
    "It can no longer be read back or continued from. The conversation's transcript stays in its session: nothing of " +
    "a session is deleted but with the session.",
  request: { params: ResponseIdParam },
  responses: {
    200: jsonAnswer("It is deleted", DeletedResponseSchema),
    ...openAiErrorResponses({ codes: ["not_found"] }),
  },
});

export function responseRoutes() {
  const router = createRouter();

  router.openapi(createResponseRoute, async (c) => {
    const services = c.get("services");
    const body = c.req.valid("json");
    // Checked before anything runs, as Hermes checks it; echoed on the answer.
    const sessionKey = sessionKeyOf(c.req.header(SESSION_KEY_HEADER), services.config, c.get("caller"));
    const { response, session, run } = await services.useCases.createResponse(body, {
      signal: c.req.raw.signal,
      idempotency: c.get("idempotencyClaim"),
      caller: c.get("caller"),
    });
    const model = body.model ?? services.config.model.name ?? "caduceus";
    const current = async () => presentResponse(await services.useCases.viewResponse(response), model);
    const headers: Record<string, string> = { [SESSION_HEADER]: session.id, "X-Run-Id": run.runId };
    if (sessionKey) headers[SESSION_KEY_HEADER] = sessionKey;
    if (run.feed) {
      const feed = run.feed;
      return sseResponse(responseEvents(feed, { runId: run.runId, current }), {
        keepaliveMs: services.sseKeepaliveMs,
        headers,
        onCancel: () => feed.cancel(),
      });
    }
    if (body.background !== true) await run.done;
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.json(await current(), 200);
  });

  router.openapi(getResponseRoute, async (c) => {
    const services = c.get("services");
    const view = await services.useCases.readResponse(c.req.valid("param").response_id);
    return c.json(presentResponse(view, services.config.model.name ?? "caduceus"), 200);
  });

  router.openapi(deleteResponseRoute, async (c) => {
    const id = c.req.valid("param").response_id;
    await c.get("services").useCases.deleteResponse(id);
    const body: DeletedResponse = { id, object: "response", deleted: true };
    return c.json(body, 200);
  });

  return router;
}
