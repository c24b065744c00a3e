/**
 * @module routes
 * The transcript operations: post a message (appended only, or with an agent run answered whole or streamed as
 * SSE) and list the whole transcript in seq order.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { framesOf, sseResponse } from "../../http/sse.js";
import { json, jsonBody } from "../shared/json-content.js";
import { PageQuery } from "../shared/pagination.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { RunEventSchema } from "../events/event-schemas.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { isSeqCursor } from "./cursor.js";
import { presentAppended, presentBackgroundRun, presentMessagePage, presentRun } from "./present.js";
import { AppendedMessages, BackgroundRunResult, MessagePage, PostMessageBody, RunResult } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const postMessage = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/messages",
  operationId: "postMessage",
  security: requires("sessions:write"),
  tags: ["messages"],
  summary: "Append a message; for a user message, run the agent",
  description:
    "With `run: false` or a non-user role the message is only appended (201). With a user message and `run` " +
    "(the default) the agent runs until it answers or pauses on an interrupt (200, `run.status` `requires_action` " +
    "with the `interrupts` it waits on), streams its events as SSE when `stream: true` (the stream stays open " +
    "across pauses until the run ends), or, with `background: true`, answers 202 at once while the run goes on.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: {
      required: true,
      content: jsonBody(PostMessageBody, { content: "Remember: the release is on Friday.", run: false }),
    },
  },
  responses: {
    200: {
      ...postAnswer("The run's messages and outcome (or, with stream: true, an SSE stream of events)", RunResult),
      content: {
        ...json(RunResult),
        "text/event-stream": { schema: RunEventSchema },
      },
    },
    201: postAnswer("Appended without a run", AppendedMessages),
    202: postAnswer("A background run, admitted; read it with GET /v1/runs/{run_id}", BackgroundRunResult),
    ...problemResponses({
      codes: [
        "not_found",
        "invalid_tool_pair",
        "session_busy",
        "too_many_runs",
        "model_not_configured",
        "shutting_down",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

const listMessages = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/messages",
  operationId: "listMessages",
  security: requires("sessions:read"),
  tags: ["messages"],
  summary: "The full transcript, compacted rows included, in seq order",
  description:
    "Nothing is ever removed from the transcript: rows a compression took out of the context stay here with " +
    "`in_context: false`, and summaries appear as rows of kind `summary`. Paginated with an opaque `cursor`.",
  request: { params: SessionIdParam, query: PageQuery },
  responses: {
    200: jsonAnswer("A page of messages", MessagePage),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function messageRoutes() {
  const router = createRouter();

  router.openapi(postMessage, async (c) => {
    const { useCases, sseKeepaliveMs } = c.get("services");
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    const outcome = await useCases.postMessage(
      id,
      { ...body, role: body.role ?? "user" },
      {
        signal: c.req.raw.signal,
        idempotency: c.get("idempotencyClaim"),
        caller: c.get("caller"),
      },
    );
    if (outcome.kind === "appended") return c.json(presentAppended(outcome), 201);
    if (outcome.kind === "background") return c.json(presentBackgroundRun(outcome), 202);
    if (outcome.kind === "stream") {
      const { feed } = outcome;
      return sseResponse(framesOf(feed), {
        keepaliveMs: sseKeepaliveMs,
        onCancel: () => feed.cancel(),
        headers: { "X-Run-Id": outcome.runId },
      });
    }
    return c.json(presentRun(outcome), 200);
  });

  router.openapi(listMessages, async (c) => {
    const { transcript } = c.get("services");
    const query = c.req.valid("query");
    const after = decodeCursor(query.cursor, isSeqCursor)?.seq ?? 0;
    return c.json(presentMessagePage(await transcript.page(c.req.valid("param").id, after, query.limit)), 200);
  });

  return router;
}
