/**
 * @module routes
 * Runs as resources — read, list, cancel, follow their events, send tool outputs, steer — and the session's one
 * queue of interrupts (approvals, client tool calls, page dialogs), each answered through one route.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { openRunFeed } from "../../domain/events/run-feed.js";
import type { AnyInterruptAnswer } from "../../domain/use-cases/interrupts.js";
import { decodeCursor } from "../../http/cursor.js";
import { HttpError } from "../../http/errors.js";
import { createRouter } from "../../http/router.js";
import { sseResponse } from "../../http/sse.js";
import { HermesRunEventSchema } from "../events/event-schemas.js";
import { hermesRunFrames } from "./hermes-frames.js";
import { parseEventId } from "../events/last-event-id.js";
import { EventsHeaders, EventsQuery } from "../events/schemas.js";
import { jsonBody } from "../shared/json-content.js";
import { PageQuery } from "../shared/pagination.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { openAiErrorResponses } from "../openai/schemas.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { isRunCursor, presentRunPage, presentRunResource, presentSteer } from "./present.js";
import {
  AllRunsPage,
  ApprovalAnswered,
  ApprovalBody,
  SubmitRunBody,
  SubmittedRun,
  InterruptAnswerBody,
  InterruptAnswered,
  InterruptList,
  InterruptParams,
  RunIdParam,
  RunPage,
  RunResourceSchema,
  SteerAnswer,
  SteerBody,
  ToolOutputsAnswered,
  ToolOutputsBody,
} from "./schemas.js";

const getRun = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}",
  operationId: "getRun",
  tags: ["runs"],
  summary: "One run: status, iterations, usage, error, timestamps, its session and what it waits on",
  description:
    "A run started by POST /messages (streamed, background or not) or by a chat completion. `interrupts` lists what " +
    "it waits on while its status is `requires_action`.",
  request: { params: RunIdParam },
  responses: {
    200: jsonAnswer("The run", RunResourceSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const listRuns = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/runs",
  operationId: "listRuns",
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
  tags: ["runs"],
  summary: "Cancel a running or waiting run",
  description:
    "The run ends `cancelled` (streamed, waiting or not): a model call or tool in flight is abandoned, its pending " +
    "interrupts are cancelled, and each open tool call gets a cancelled result so the transcript stays well-formed.",
  request: { params: RunIdParam },
  responses: {
    200: postAnswer("The run, cancelled", RunResourceSchema),
    ...problemResponses({ codes: ["not_found", "run_not_active"], idempotent: true }),
  },
});

const runEvents = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}/events",
  operationId: "streamRunEvents",
  tags: ["runs"],
  summary: "Server-sent events of one run: replayed, then live, ending after its last event",
  description:
    "Every persisted event of the run (after Last-Event-ID when one is sent), then its live events, without gaps or " +
    "duplicates; the stream ends after `run.completed`, `run.failed` or `run.cancelled` (at once for a run that has " +
    "ended). It stays open while the run waits on interrupts. Frames are framed as the Hermes Agent API server frames " +
    "them: no `event:` line, the JSON `data` names the event (`event`, Hermes's name; `type`, ours) and carries " +
    "Hermes's fields beside the event's own payload.",
  request: { params: RunIdParam, query: EventsQuery, headers: EventsHeaders },
  responses: {
    200: {
      description: "An SSE stream of the run's events",
      content: { "text/event-stream": { schema: HermesRunEventSchema } },
    },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const submitToolOutputs = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/tool_outputs",
  operationId: "submitToolOutputs",
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
    ...problemResponses({
      codes: ["not_found", "run_not_active", "tool_outputs_mismatch", "interrupt_already_answered"],
      body: true,
      idempotent: true,
    }),
  },
});

const steerRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/steer",
  operationId: "steerRun",
  tags: ["runs"],
  summary: "Add a user message the run takes in before its next model call",
  description:
    "The message is stored at once and becomes a user message of the transcript (with its seq) before the run's next " +
    "model call, so it never splits a tool call from its result. A run that ends first leaves it in the transcript.",
  request: {
    params: RunIdParam,
    body: { required: true, content: jsonBody(SteerBody, { content: "Use the staging site instead." }) },
  },
  responses: {
    202: postAnswer("Queued for the run", SteerAnswer),
    ...problemResponses({ codes: ["not_found", "run_not_active"], body: true, idempotent: true }),
  },
});

const listInterrupts = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/interrupts",
  operationId: "listInterrupts",
  tags: ["runs"],
  summary: "Everything waiting on a person or the client: approvals, client tool calls, page dialogs",
  description: "Each entry names the route that answers it (`answer_route`).",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("The pending interrupts", InterruptList),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const answerInterrupt = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/interrupts/{interrupt_id}",
  operationId: "answerInterrupt",
  tags: ["runs"],
  summary: "Answer an interrupt of any kind",
  description:
    "`{decision: approve | deny, reason?}` answers an approval, `{outputs: [{tool_call_id, output}]}` the client's " +
    "tool calls, `{action: accept | dismiss, prompt_text?}` a page dialog (`d-N`). Once a run's interrupts are all " +
    "answered it resumes.",
  request: {
    params: InterruptParams,
    body: { required: true, content: jsonBody(InterruptAnswerBody, { decision: "approve" }) },
  },
  responses: {
    200: postAnswer("The interrupt, answered", InterruptAnswered),
    ...problemResponses({
      codes: [
        "not_found",
        "interrupt_not_found",
        "interrupt_already_answered",
        "tool_outputs_mismatch",
        "dialog_not_found",
        "no_dialog_open",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

const submitRun = createRoute({
  method: "post",
  path: "/v1/runs",
  operationId: "submitRun",
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
      codes: ["not_found", "session_busy", "too_many_runs", "model_not_configured", "shutting_down"],
      body: true,
      idempotent: true,
    }),
  },
});

const listAllRuns = createRoute({
  method: "get",
  path: "/v1/runs",
  operationId: "listAllRuns",
  tags: ["runs"],
  summary: "Every session's runs, newest first",
  description:
    "Paginated with an opaque `cursor`; each run as GET /v1/runs/{run_id} answers it. Errors use the OpenAI envelope.",
  request: { query: PageQuery },
  responses: {
    200: jsonAnswer("A page of runs", AllRunsPage),
    ...openAiErrorResponses({}),
  },
});

const stopRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/stop",
  operationId: "stopRun",
  tags: ["runs"],
  summary: "Stop a run (Hermes's name for cancel); a run that has ended is answered as it is",
  description:
    "Like POST /v1/runs/{run_id}/cancel, but a run that has already ended is answered as it stands, not 409.",
  request: { params: RunIdParam },
  responses: {
    200: postAnswer("The run, as it stands after the stop", RunResourceSchema),
    ...problemResponses({ codes: ["not_found"], idempotent: true }),
  },
});

const approveRun = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/approval",
  operationId: "answerRunApproval",
  tags: ["runs"],
  summary: "Answer the run's pending approval with Hermes's choices",
  description:
    "`once`, `session` and `always` approve (this server keeps no standing approvals: each approves the calls answered " +
    "now), `deny` refuses. The oldest pending approval is answered, or `request_id`, or every one with `all`.",
  request: {
    params: RunIdParam,
    body: { required: true, content: jsonBody(ApprovalBody, { choice: "once" }) },
  },
  responses: {
    200: postAnswer("How many approvals were answered", ApprovalAnswered),
    ...problemResponses({
      codes: ["not_found", "run_not_active", "interrupt_already_answered"],
      body: true,
      idempotent: true,
    }),
  },
});

const APPROVAL_CHOICES = ["once", "session", "always", "deny"] as const;
const CHOICE_ALIASES: Record<string, (typeof APPROVAL_CHOICES)[number]> = {
  approve: "once",
  approved: "once",
  allow: "once",
};

function normaliseChoice(raw: string): (typeof APPROVAL_CHOICES)[number] {
  const choice = raw.trim().toLowerCase();
  const known = CHOICE_ALIASES[choice] ?? APPROVAL_CHOICES.find((c) => c === choice);
  if (known) return known;
  throw new HttpError("validation_failed", `invalid approval choice; expected one of: ${APPROVAL_CHOICES.join(", ")}`, {
    errors: [{ location: "body.choice", message: "once, session, always or deny" }],
  });
}

/** The one kind of answer a body carries; a body with none or with several is refused, naming the fields. */
function answerOf(body: {
  decision?: "approve" | "deny";
  reason?: string | null;
  outputs?: Array<{ tool_call_id: string; output: string }>;
  action?: "accept" | "dismiss";
  prompt_text?: string;
}): AnyInterruptAnswer {
  const kinds = (["decision", "outputs", "action"] as const).filter((key) => body[key] !== undefined);
  if (kinds.length !== 1) {
    throw new HttpError(
      "validation_failed",
      kinds.length === 0
        ? "send one answer: decision (approval), outputs (client tools) or action (dialog)"
        : `send one kind of answer, not ${kinds.join(" and ")}`,
      {
        errors: (kinds.length ? kinds : ["decision"]).map((key) => ({
          location: `body.${key}`,
          message: "exactly one of decision, outputs, action",
        })),
      },
    );
  }
  if (body.decision !== undefined) return { decision: body.decision, reason: body.reason ?? null };
  if (body.outputs !== undefined) return { outputs: body.outputs };
  return { action: body.action!, prompt_text: body.prompt_text };
}

export function runRoutes() {
  const router = createRouter();

  router.openapi(getRun, async (c) => {
    const { run, interrupts, output } = await c.get("services").runs.view(c.req.valid("param").run_id);
    return c.json(presentRunResource(run, interrupts, output), 200);
  });

  router.openapi(listRuns, async (c) => {
    const { runs, sessions } = c.get("services");
    const { id } = c.req.valid("param");
    await sessions.require(id);
    const query = c.req.valid("query");
    return c.json(presentRunPage(await runs.page(id, query.limit, decodeCursor(query.cursor, isRunCursor))), 200);
  });

  router.openapi(cancelRun, async (c) => {
    const { agent } = c.get("services");
    const run = await agent.cancelRun(c.req.valid("param").run_id);
    return c.json(presentRunResource(run, []), 200);
  });

  router.openapi(submitRun, async (c) => {
    const { useCases } = c.get("services");
    const body = c.req.valid("json");
    const { session, run } = await useCases.submitRun(
      {
        input: body.input,
        session_id: body.session_id ?? c.req.valid("header")["x-hermes-session-id"] ?? null,
        instructions: body.instructions,
        conversation_history: body.conversation_history,
      },
      { idempotency: c.get("idempotencyClaim") },
    );
    c.header("X-Hermes-Session-Id", session.id);
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
    const query = c.req.valid("query");
    const page = await c.get("services").runs.page(null, query.limit, decodeCursor(query.cursor, isRunCursor));
    return c.json({ object: "list" as const, ...presentRunPage(page) }, 200);
  });

  router.openapi(stopRun, async (c) => {
    const { agent, runs } = c.get("services");
    const runId = c.req.valid("param").run_id;
    // A run that has ended is answered as it is, as Hermes does; one still going is cancelled.
    if (!(await runs.hasEnded(runId))) await agent.cancelRun(runId, "stopped by a client");
    const { run, output } = await runs.view(runId);
    return c.json(presentRunResource(run, [], output), 200);
  });

  router.openapi(approveRun, async (c) => {
    const { agent } = c.get("services");
    const runId = c.req.valid("param").run_id;
    const body = c.req.valid("json");
    const choice = normaliseChoice(body.choice);
    const resolved = await agent.interrupts.answerApprovals(runId, choice === "deny" ? "deny" : "approve", {
      interruptId: body.request_id,
      all: body.all === true || body.resolve_all === true,
      reason: body.reason ?? null,
    });
    return c.json({ object: "hermes.run.approval_response" as const, run_id: runId, choice, resolved }, 200);
  });

  router.openapi(runEvents, async (c) => {
    const { runs, events, sseKeepaliveMs } = c.get("services");
    const { run } = await runs.get(c.req.valid("param").run_id);
    const afterId = parseEventId(c.req.header("last-event-id") ?? c.req.valid("query").last_event_id);
    const feed = openRunFeed(events, { id: run.id, sessionId: run.session_id }, afterId, () => runs.hasEnded(run.id));
    c.req.raw.signal.addEventListener("abort", () => feed.cancel(), { once: true });
    const outputOf = async (runId: string) => (await runs.view(runId)).output;
    return sseResponse(hermesRunFrames(feed, { outputOf }), {
      keepaliveMs: sseKeepaliveMs,
      onCancel: () => feed.cancel(),
      headers: { "X-Run-Id": run.id },
    });
  });

  router.openapi(submitToolOutputs, async (c) => {
    const { agent, runs } = c.get("services");
    const { run_id: runId } = c.req.valid("param");
    const interrupt = await agent.interrupts.submitToolOutputs(runId, c.req.valid("json").outputs);
    const { run, interrupts } = await runs.get(runId);
    return c.json({ interrupt, run: presentRunResource(run, interrupts) }, 200);
  });

  router.openapi(steerRun, async (c) => {
    const { agent } = c.get("services");
    const body = c.req.valid("json");
    const content = (body.content ?? body.input ?? body.message ?? body.text ?? "").trim();
    if (!content) {
      throw new HttpError("validation_failed", "send the steering message as content (or input, message, text)", {
        errors: [{ location: "body.content", message: "a non-empty message is required" }],
      });
    }
    const steer = await agent.steer(c.req.valid("param").run_id, content);
    return c.json(presentSteer(steer), 202);
  });

  router.openapi(listInterrupts, async (c) => {
    const { useCases } = c.get("services");
    return c.json({ data: await useCases.listInterrupts(c.req.valid("param").id) }, 200);
  });

  router.openapi(answerInterrupt, async (c) => {
    const { useCases } = c.get("services");
    const { id, interrupt_id: interruptId } = c.req.valid("param");
    const interrupt = await useCases.answerInterrupt(id, interruptId, answerOf(c.req.valid("json")));
    return c.json({ interrupt }, 200);
  });

  return router;
}
