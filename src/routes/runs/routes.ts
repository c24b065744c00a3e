/**
 * @module routes
 * Runs as resources — read, list, cancel, follow their events, send tool outputs, steer — and the session's one
 * queue of interrupts (approvals, client tool calls, page dialogs), each answered through one route.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { openRunFeed } from "../../domain/events/run-feed.js";
import { DomainError } from "../../kernel/errors.js";
import { decodeCursor } from "../../http/cursor.js";
import { HttpError } from "../../http/errors.js";
import { createRouter } from "../../http/router.js";
import { sseResponse } from "../../http/sse.js";
import { HermesRunEventSchema } from "../events/event-schemas.js";
import { hermesRunFrames } from "./hermes-frames.js";
import { parseEventId } from "../events/last-event-id.js";
import { EventsHeaders, EventsQuery } from "../events/schemas.js";
import { jsonBody } from "../shared/json-content.js";
import { OwnedPageQuery, PageQuery } from "../shared/pagination.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { openAiErrorResponses } from "../openai/schemas.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { SESSION_KEY_HEADER, sessionKeyOf } from "../openai/headers.js";
import { hermesRuntime, requireServedProvider } from "./hermes-status.js";
import { normaliseChoice, steerText } from "./hermes-inputs.js";
import { isRunCursor, presentHermesRun, presentHermesRunPage, presentRunPage, presentRunResource } from "./present.js";
import {
  ApprovalAnswered,
  HermesRunPage,
  HermesRunSchema,
  HermesSteerAnswer,
  StopAnswer,
  ApprovalBody,
  SubmitRunBody,
  SubmittedRun,
  RunIdParam,
  RunPage,
  RunResourceSchema,
  SteerBody,
  ToolOutputsAnswered,
  ToolOutputsBody,
} from "./schemas.js";
import { ownRunId, requires } from "../../http/route-access.js";
import { ownerFilter } from "../../domain/shared/owner-scope.js";

const getRun = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}",
  operationId: "getRun",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "One run in Hermes's words: status, flags, last event, runtime, usage, its answer and what it waits on",
  description:
    "Any run (started by POST /messages, a chat completion or POST /v1/runs) as the Hermes Agent API server answers " +
    "one: `status` in Hermes's vocabulary (`waiting_for_approval` with the pending `approval`), epoch-second times, " +
    "`completed`/`partial`/`interrupted`, `last_event`, `runtime` and `usage` with the prompt-cache figures. The " +
    "native shape of the same run is GET /v1/sessions/{id}/runs/{run_id}. Errors use the OpenAI envelope.",
  request: { params: RunIdParam },
  responses: {
    200: jsonAnswer("The run", HermesRunSchema),
    ...openAiErrorResponses({ codes: ["run_not_found"] }),
  },
});

const getSessionRun = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/runs/{run_id}",
  operationId: "getSessionRun",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "One run of the session: status, iterations, usage, error, timestamps and what it waits on",
  description:
    "The native shape of a run (`requires_action` while it waits, with its `interrupts`; ISO times). A run of " +
    "another session is not found here.",
  request: { params: SessionIdParam.merge(RunIdParam) },
  responses: {
    200: jsonAnswer("The run", RunResourceSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const listRuns = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/runs",
  operationId: "listRuns",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "The session's runs, newest first",
  description: "Paginated with an opaque `cursor`; each run as GET /v1/runs/{run_id} answers it.",
  request: { params: SessionIdParam, query: PageQuery },
  responses: {
    200: jsonAnswer("A page of runs", RunPage),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const cancelRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/cancel",
  operationId: "cancelRun",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Cancel a running or waiting run",
  description:
    "The run ends `cancelled` (streamed, waiting or not): a model call or tool in flight is abandoned, its pending " +
    "interrupts are cancelled, and each open tool call gets a cancelled result so the transcript stays well-formed.",
  request: { params: RunIdParam },
  responses: {
    200: postAnswer("The run, cancelled", HermesRunSchema),
    ...openAiErrorResponses({ codes: ["run_not_found", "run_not_active"], idempotent: true }),
  },
});

const runEvents = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}/events",
  operationId: "streamRunEvents",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "Server-sent events of one run: replayed, then live, ending after its last event",
  description:
    "Every persisted event of the run (after Last-Event-ID when one is sent), then its live events, without gaps or " +
    "duplicates; the stream ends after `run.completed`, `run.failed` or `run.cancelled` (at once for a run that has " +
    "ended). It stays open while the run waits on interrupts. Frames are framed as the Hermes Agent API server frames " +
    "them: no `event:` line, the JSON `data` names the event (`event`, Hermes's name; `type`, ours) and carries " +
    "Hermes's fields beside the event's own payload; the last names how the run ended (`run.completed` with " +
    "`output`, `usage` and `runtime`) and the stream closes with a `: stream closed` comment.",
  request: { params: RunIdParam, query: EventsQuery, headers: EventsHeaders },
  responses: {
    200: {
      description: "An SSE stream of the run's events",
      content: { "text/event-stream": { schema: HermesRunEventSchema } },
    },
    ...openAiErrorResponses({ codes: ["run_not_found"] }),
  },
});

const submitToolOutputs = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/tool_outputs",
  operationId: "submitToolOutputs",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Send the outputs of the client's own tool calls; the run resumes",
  description:
    "Answers the run's pending `client_tool` interrupt: one output per pending call, no other id (`400 " +
    "tool_outputs_mismatch` names the missing and unknown ids). The outputs become the calls' tool results.",
  request: {
    params: RunIdParam,
    body: {
      required: true,
      content: jsonBody(ToolOutputsBody, { outputs: [{ tool_call_id: "call_1", output: "18 °C, light rain" }] }),
    },
  },
  responses: {
    200: postAnswer("The answered interrupt and the run", ToolOutputsAnswered),
    ...openAiErrorResponses({
      codes: ["run_not_found", "run_not_active", "tool_outputs_mismatch", "interrupt_already_answered"],
      body: true,
      idempotent: true,
    }),
  },
});

const steerRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/steer",
  operationId: "steerRun",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Add a user message the run takes in before its next model call",
  description:
    "The message (`input`, `message`, `text` or `content`) is stored at once and becomes a user message of the " +
    "transcript (with its seq) before the run's next model call, so it never splits a tool call from its result; " +
    "`run.steered` is published. Only a running run takes it (409 `run_not_accepting_steer` otherwise); a blank " +
    "message is 400 `invalid_steer_input`.",
  request: {
    params: RunIdParam,
    body: { required: true, content: jsonBody(SteerBody, { input: "Use the staging site instead." }) },
  },
  responses: {
    200: postAnswer("Accepted by the run", HermesSteerAnswer),
    ...openAiErrorResponses({
      codes: ["run_not_found", "run_not_accepting_steer", "invalid_steer_input"],
      body: true,
      idempotent: true,
    }),
  },
});

const submitRun = createRoute({
  method: "post",
  path: "/v1/runs",
  operationId: "submitRun",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Submit a run as Hermes clients do; it goes on in the background",
  description:
    "`input` is the user's turn (or messages ending with it). `session_id` (or `X-Hermes-Session-Id`) continues that " +
    "session, whose history comes from the database; an id not seen before creates it. A new session starts with " +
    "`conversation_history` (else the input's earlier messages) and `instructions` as its system prompt. Answers 202 " +
    "at once; follow the run with GET /v1/runs/{run_id} and its events. Errors use the OpenAI envelope.",
  request: {
    headers: IdempotencyHeaders.extend({
      "x-hermes-session-id": z
        .string()
        .max(256)
        .optional()
        .openapi({ description: "The session, when the body names none", example: "session-general-stable" }),
    }),
    body: { required: true, content: jsonBody(SubmitRunBody, { input: "Summarise the release notes." }) },
  },
  responses: {
    202: postAnswer("Admitted; the run goes on in the background", SubmittedRun),
    ...openAiErrorResponses({
      codes: [
        "not_found",
        "session_busy",
        "too_many_runs",
        "model_not_configured",
        "model_lock_unavailable",
        "shutting_down",
        "invalid_session_key",
        "session_key_requires_auth",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

const listAllRuns = createRoute({
  method: "get",
  path: "/v1/runs",
  operationId: "listAllRuns",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "Every session's runs, newest first; or, with Idempotency-Key, the run that key submitted",
  description:
    "The runs of the caller's own sessions (an admin key: every owner's, or `owner`'s). Paginated with an opaque `cursor`; each run as GET /v1/runs/{run_id} answers it. With an `Idempotency-Key` " +
    "header: the run a POST /v1/runs with that key (from the same caller) started, as a one-run page (404 " +
    "`run_not_found` when none did). Errors use the OpenAI envelope.",
  request: {
    query: OwnedPageQuery,
    headers: z.object({
      "idempotency-key": z
        .string()
        .optional()
        .openapi({ description: "Look up the run this key submitted", example: "submit-7f3a" }),
    }),
  },
  responses: {
    200: jsonAnswer("A page of runs", HermesRunPage),
    ...openAiErrorResponses({ codes: ["run_not_found", "invalid_idempotency_key"] }),
  },
});

const stopRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/stop",
  operationId: "stopRun",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Stop a run (Hermes's name for cancel); a run that has ended is answered as it is",
  description:
    "A running or waiting run answers `{run_id, status: stopping}`; it then ends `cancelled` and its events end with " +
    "`run.cancelled` (`interrupted: true, completed: false`). A run that has already ended is answered as it stands.",
  request: { params: RunIdParam },
  responses: {
    200: postAnswer("Stopping, or the run as it stands", z.union([StopAnswer, HermesRunSchema])),
    ...openAiErrorResponses({ codes: ["run_not_found"], idempotent: true }),
  },
});

const approveRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/approval",
  operationId: "answerRunApproval",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Answer the run's pending approval with Hermes's choices",
  description:
    "`once` approves the calls answered now; `session` also approves that tool (a shell-like tool: that command " +
    "pattern) for the rest of the session, `always` for every session (the allowlist, GET /v1/approvals/allowlist); " +
    "`deny` refuses. The oldest pending approval is answered, or `request_id`, or every one with `all`. Neither " +
    "widens a tool the operator's policy denies.",
  request: {
    params: RunIdParam,
    body: { required: true, content: jsonBody(ApprovalBody, { choice: "once" }) },
  },
  responses: {
    200: postAnswer("How many approvals were answered", ApprovalAnswered),
    ...openAiErrorResponses({
      codes: [
        "run_not_found",
        "invalid_approval_choice",
        "approval_not_active",
        "approval_not_pending",
        "interrupt_already_answered",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

/** A run the Hermes routes do not know is `run_not_found`, as Hermes names it. */
async function orRunNotFound<T>(runId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found")
      throw new HttpError("run_not_found", `Run not found: ${runId}`);
    throw err;
  }
}

export function runRoutes() {
  const router = createRouter();

  router.openapi(getRun, async (c) => {
    const { runs, config } = c.get("services");
    const runId = ownRunId(c.req.valid("param").run_id);
    return c.json(presentHermesRun(await orRunNotFound(runId, () => runs.view(runId)), config), 200);
  });

  router.openapi(getSessionRun, async (c) => {
    const { runs, sessions } = c.get("services");
    const { id, run_id: runId } = c.req.valid("param");
    await sessions.require(id);
    const { run, interrupts, output, cost_usd: cost } = await runs.view(runId);
    if (run.session_id !== id) throw new HttpError("not_found", `run ${runId} is not a run of session ${id}`);
    return c.json(presentRunResource(run, interrupts, output, cost), 200);
  });

  router.openapi(listRuns, async (c) => {
    const { runs, sessions } = c.get("services");
    const { id } = c.req.valid("param");
    await sessions.require(id);
    const query = c.req.valid("query");
    return c.json(presentRunPage(await runs.page(id, query.limit, decodeCursor(query.cursor, isRunCursor))), 200);
  });

  router.openapi(cancelRun, async (c) => {
    const { agent, runs, config } = c.get("services");
    const runId = c.req.valid("param").run_id;
    await orRunNotFound(runId, () => agent.cancelRun(runId));
    return c.json(presentHermesRun(await runs.view(runId), config), 200);
  });

  router.openapi(submitRun, async (c) => {
    const { useCases } = c.get("services");
    const body = c.req.valid("json");
    const headers = c.req.valid("header");
    const sessionKey = sessionKeyOf(c.req.header(SESSION_KEY_HEADER), c.get("services").config, c.get("caller"));
    requireServedProvider(c.get("services").config, body.provider);
    const { session, run } = await useCases.submitRun(
      {
        input: body.input,
        session_id: body.session_id ?? headers["x-hermes-session-id"] ?? null,
        session_key: sessionKey,
        instructions: body.instructions,
        conversation_history: body.conversation_history,
        previous_response_id: body.previous_response_id ?? null,
        model: body.model ?? null,
        model_options: body.model_options ?? null,
      },
      { idempotency: c.get("idempotencyClaim"), caller: c.get("caller") },
    );
    c.header("X-Hermes-Session-Id", session.id);
    if (sessionKey) c.header(SESSION_KEY_HEADER, sessionKey);
    return c.json(
      {
        object: "hermes.run" as const,
        run_id: run.runId,
        status: "started" as const,
        replayed: false,
        session_id: session.id,
      },
      202,
    );
  });

  router.openapi(listAllRuns, async (c) => {
    const { runs, config, now } = c.get("services");
    const key = c.req.valid("header")["idempotency-key"]?.trim();
    if (key) {
      // The run a POST /v1/runs with this key started, as the same caller's retry would be answered.
      const runId = await runs.runOfIdempotencyKey(`${c.get("principal") ?? "-"} POST /v1/runs`, key, now());
      if (!runId) throw new HttpError("run_not_found", `Run not found for Idempotency-Key ${key}`);
      const view = await orRunNotFound(runId, () => runs.view(runId));
      return c.json({ object: "list" as const, data: [presentHermesRun(view, config)], next_cursor: null }, 200);
    }
    const query = c.req.valid("query");
    const owner = ownerFilter(c.get("caller"), query.owner);
    const page = await runs.page(null, query.limit, decodeCursor(query.cursor, isRunCursor), owner);
    return c.json(presentHermesRunPage(page, config), 200);
  });

  router.openapi(stopRun, async (c) => {
    const { agent, runs, config } = c.get("services");
    const runId = ownRunId(c.req.valid("param").run_id);
    // A run that has ended is answered as it is, as Hermes does; one still going is stopped (it ends cancelled).
    if (await orRunNotFound(runId, () => runs.hasEnded(runId)))
      return c.json(presentHermesRun(await orRunNotFound(runId, () => runs.view(runId)), config), 200);
    await agent.cancelRun(runId, "stopped by a client").catch((err: unknown) => {
      // It ended while the stop was on its way: the stop has nothing left to do.
      if (!(err instanceof DomainError && err.code === "run_not_active")) throw err;
    });
    return c.json({ run_id: runId, status: "stopping" as const }, 200);
  });

  router.openapi(approveRun, async (c) => {
    const { agent } = c.get("services");
    const runId = ownRunId(c.req.valid("param").run_id);
    const body = c.req.valid("json");
    const choice = normaliseChoice(body.choice);
    const resolved = await orRunNotFound(runId, () =>
      agent.interrupts.answerApprovals(runId, choice === "deny" ? "deny" : "approve", {
        interruptId: body.request_id,
        all: body.all === true || body.resolve_all === true,
        reason: body.reason ?? null,
        scope: choice === "deny" ? undefined : choice,
      }),
    );
    return c.json(
      {
        object: "hermes.run.approval_response" as const,
        run_id: runId,
        choice,
        ...(body.request_id ? { request_id: body.request_id } : {}),
        resolved,
      },
      200,
    );
  });

  router.openapi(runEvents, async (c) => {
    const { runs, events, sseKeepaliveMs, config } = c.get("services");
    const runId = ownRunId(c.req.valid("param").run_id);
    const { run } = await orRunNotFound(runId, () => runs.get(runId));
    const afterId = parseEventId(c.req.header("last-event-id") ?? c.req.valid("query").last_event_id);
    const feed = openRunFeed(events, { id: run.id, sessionId: run.session_id }, afterId, () => runs.hasEnded(run.id));
    c.req.raw.signal.addEventListener("abort", () => feed.cancel(), { once: true });
    const frames = hermesRunFrames(feed, {
      outputOf: async (id) => (await runs.view(id)).output,
      cacheOf: async (id) => (await runs.get(id)).run.cache,
      runtimeOf: (model) => hermesRuntime(config, model),
      model: run.model,
    });
    return sseResponse(frames, {
      keepaliveMs: sseKeepaliveMs,
      onCancel: () => feed.cancel(),
      headers: { "X-Run-Id": run.id },
      closing: "stream closed",
    });
  });

  router.openapi(submitToolOutputs, async (c) => {
    const { agent, runs, config } = c.get("services");
    const { run_id: runId } = c.req.valid("param");
    const interrupt = await orRunNotFound(runId, () =>
      agent.interrupts.submitToolOutputs(runId, c.req.valid("json").outputs),
    );
    return c.json({ interrupt, run: presentHermesRun(await runs.view(runId), config) }, 200);
  });

  router.openapi(steerRun, async (c) => {
    const { agent } = c.get("services");
    const runId = c.req.valid("param").run_id;
    const body = c.req.valid("json");
    const content = [body.input, body.message, body.text, body.content].map(steerText).find(Boolean) ?? "";
    // The run is looked up first: an unknown run is not found whatever the body says.
    await orRunNotFound(runId, () => c.get("services").runs.get(runId));
    if (!content) {
      throw new HttpError(
        "invalid_steer_input",
        "Missing non-empty steer text; expected 'input', 'message', or 'text'.",
        { errors: [{ location: "body.input", message: "a non-empty message is required" }] },
      );
    }
    const steer = await agent.steer(runId, content);
    return c.json(
      {
        object: "hermes.run.steer" as const,
        run_id: runId,
        accepted: true as const,
        id: steer.id,
        content: steer.content,
        created_at: new Date(steer.created_at).toISOString(),
      },
      200,
    );
  });

  return router;
}
