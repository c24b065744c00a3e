/**
 * @module event-schemas
 * The events of a session's streams as OpenAPI documents them: one schema per event type, built from the closed
 * list of src/domain/events/event-types.ts (a type the list gains without a schema here does not compile), each an
 * SSE frame whose `event` names it and whose `data` is its payload; the streams are a `oneOf` of them.
 */
import { z } from "@hono/zod-openapi";
import {
  EVENT_TYPES,
  type EventPayload,
  type EventType,
  type SessionEventType as SessionEventName,
} from "../../domain/events/event-types.js";
import { ClosedDialogSchema, PendingDialogSchema } from "../browser/schemas.js";
import { MessageSchema, RunSchema } from "../messages/schemas.js";
import { InterruptSchema } from "../shared/run-schemas.js";
import { GuardDecisionSchema } from "../shared/provenance-schemas.js";

const RUN_ID = z.string().openapi({ description: "The run", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" });
const TRIGGER = z
  .enum(["manual", "preflight", "threshold", "hygiene"])
  .openapi({ description: "What started the compression", example: "threshold" });
const FRAME = {
  frame_id: z.string().openapi({ description: "The frame", example: "C01F90E73142278092C168237637BA15" }),
  parent_frame_id: z.string().nullable().openapi({ description: "Its parent; null for the top frame", example: null }),
  url: z.string().openapi({ description: "Its URL", example: "http://localhost:8000/frame" }),
};
const RUN_END = { run: RunSchema };
const COMPRESSING_RUN = RUN_ID.optional().openapi({
  description: "The run that compressed (before it, or after one of its model responses); absent for POST /compress",
  example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
});
const MODEL_CALL = z
  .object({
    started_at: z
      .string()
      .openapi({ description: "When the request was sent (ISO 8601)", example: "2026-01-05T10:00:00.000Z" }),
    duration_ms: z
      .number()
      .int()
      .openapi({ description: "From the request to the whole answer, in ms", example: 1840 }),
    first_token_ms: z.number().int().nullable().openapi({
      description: "From the request to its first streamed chunk, in ms; null when the call was not streamed",
      example: 420,
    }),
    usage: z
      .object({
        prompt_tokens: z.number().int().openapi({ description: "Prompt tokens of this call", example: 1200 }),
        completion_tokens: z.number().int().openapi({ description: "Completion tokens of this call", example: 85 }),
        total_tokens: z.number().int().openapi({ description: "Sum of both", example: 1285 }),
      })
      .nullable()
      .openapi({
        description: "The call's own usage as the endpoint reported it; null when it reported none",
        example: { prompt_tokens: 1200, completion_tokens: 85, total_tokens: 1285 },
      }),
  })
  .optional()
  .openapi({ description: "Of an assistant message a model call answered with: what that call took" });

/** Each event type's payload; typed so that a payload the domain publishes and its schema cannot drift apart. */
const PAYLOADS: { [T in EventType]: z.ZodType<EventPayload<T>> } = {
  "run.started": z.object({
    run_id: RUN_ID,
    session_id: z.string().openapi({ description: "The session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    model: z.string().openapi({ description: "The model the run uses", example: "gpt-4o-mini" }),
  }),
  "message.created": z.object({
    run_id: RUN_ID,
    message: MessageSchema,
    model_call: MODEL_CALL,
    model: z.string().optional().openapi({
      description: "On an assistant row a model wrote: the model that answered (a fallback's when one stood in)",
      example: "gpt-4o-mini",
    }),
  }),
  "message.delta": z.object({
    run_id: RUN_ID,
    content: z.string().openapi({ description: "A chunk of the assistant's text", example: "The page " }),
  }),
  "reasoning.delta": z.object({
    run_id: RUN_ID,
    content: z.string().openapi({ description: "A chunk of the model's reasoning", example: "First, check " }),
  }),
  "reasoning.available": z.object({
    run_id: RUN_ID,
    text: z.string().openapi({ description: "The model call's whole reasoning", example: "First, check the logs." }),
  }),
  "model.fallback": z.object({
    run_id: RUN_ID.nullable().openapi({
      description: "The run whose call fell back; null for a compression outside a run",
      example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    purpose: z
      .enum(["agent", "compression"])
      .openapi({ description: "A run's model call, or a compression's summary", example: "agent" }),
    from_model: z.string().openapi({ description: "The model that failed", example: "gpt-4o-mini" }),
    to_model: z
      .string()
      .openapi({ description: "The model that stands in for it", example: "llama-3.3-70b-versatile" }),
    reason: z.string().openapi({
      description: "The class of the failure: network, timeout, rate_limit, server, malformed, empty or context_length",
      example: "rate_limit",
    }),
  }),
  "tool.started": z.object({
    run_id: RUN_ID,
    tool_call_id: z.string().openapi({ description: "The tool call", example: "call_1" }),
    name: z.string().openapi({ description: "The tool", example: "browser_navigate" }),
    arguments: z.string().openapi({ description: "Its arguments (JSON)", example: '{"url":"https://example.com"}' }),
  }),
  "tool.completed": z.object({
    run_id: RUN_ID,
    tool_call_id: z.string().openapi({ description: "The tool call", example: "call_1" }),
    name: z.string().openapi({ description: "The tool", example: "browser_navigate" }),
    is_error: z.boolean().openapi({ description: "Whether the tool failed", example: false }),
    content: z.string().openapi({ description: "The result the model gets", example: '{"ok":true}' }),
  }),
  "context.compressing": z.object({
    run_id: COMPRESSING_RUN,
    session_id: z.string().openapi({ description: "The session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    trigger: TRIGGER,
    engine: z.string().openapi({ description: "The context engine", example: "compressor" }),
    tokens_before: z.number().int().openapi({ description: "Context tokens now", example: 98000 }),
  }),
  "context.compressed": z.object({
    run_id: COMPRESSING_RUN,
    trigger: TRIGGER,
    engine: z.string().openapi({ description: "The context engine", example: "compressor" }),
    summary_id: z.string().nullable().openapi({ description: "The summary version written", example: "sum_01JD5Z" }),
    tokens_before: z.number().int().openapi({ description: "Context tokens before", example: 98000 }),
    tokens_after: z.number().int().openapi({ description: "Context tokens after", example: 21000 }),
    messages_compacted: z.number().int().openapi({ description: "Rows taken out of the context", example: 140 }),
    fallback_used: z.boolean().openapi({ description: "Whether the deterministic fallback wrote it", example: false }),
    anchors_added: z.number().int().openapi({ description: "New anchors indexed", example: 37 }),
  }),
  "browser.starting": z.object({
    mode: z.enum(["launch", "connect", "context"]).openapi({
      description: "Launching Chromium, connecting, or opening a context in the shared Chromium",
      example: "launch",
    }),
    endpoint_kind: z.enum(["local_chromium", "shared_chromium", "cdp_http", "cdp_websocket"]).openapi({
      description: "What is reached (never where: a CDP URL can carry a token)",
      example: "local_chromium",
    }),
  }),
  "browser.disconnected": z.object({
    reason: z.enum(["browser_disconnected", "page_crashed", "page_closed", "idle_closed"]).openapi({
      description:
        "Why the browser went away (idle_closed: unused for browser.idle_close_s; the next action reopens it)",
      example: "page_crashed",
    }),
  }),
  "browser.takeover": z.object({
    tab_id: z.string().nullable().openapi({ description: "The tab the person is working in", example: "t1" }),
  }),
  "browser.released": z.object({
    reason: z
      .enum(["release", "idle"])
      .openapi({ description: "Released by the person, or after two minutes without input", example: "release" }),
  }),
  "dialog.opened": z.object({ dialog: PendingDialogSchema }),
  "dialog.closed": z.object({ dialog: ClosedDialogSchema }),
  "frame.attached": z.object(FRAME),
  "frame.navigated": z.object(FRAME),
  "frame.detached": z.object(FRAME),
  "run.requires_action": z.object({
    run: RunSchema,
    interrupts: z.array(InterruptSchema).openapi({ description: "What the run waits on" }),
  }),
  "approval.requested": z.object({ run_id: RUN_ID, interrupt: InterruptSchema }),
  "approval.responded": z.object({
    run_id: RUN_ID,
    interrupt: InterruptSchema,
    scope: z.enum(["once", "session", "always"]).nullable().optional().openapi({
      description:
        "How far the approval reaches: this call, the rest of the session, or every session (the allowlist); null when denied",
      example: "session",
    }),
  }),
  "guard.held": GuardDecisionSchema,
  "guard.blocked": GuardDecisionSchema,
  "guard.allowed": GuardDecisionSchema,
  "run.steered": z.object({
    run_id: RUN_ID,
    steer_id: z.string().openapi({ description: "The steering message", example: "str_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    content: z.string().openapi({ description: "What it says", example: "Use the staging site instead." }),
  }),
  "run.completed": z.object(RUN_END),
  "run.failed": z.object(RUN_END),
  "run.cancelled": z.object(RUN_END),
  done: z.object(RUN_END),
};

const schemaName = (type: EventType) =>
  `${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}Event`;

/** One SSE frame of the given type: `event`, `id` (absent on frames rebuilt from stored runs), `data`. */
function frameSchema<T extends EventType>(type: T) {
  return z
    .object({
      event: z.literal(type).openapi({ description: "The event type", example: type }),
      id: z.number().int().optional().openapi({
        description:
          "One counter for the whole server, so increasing within a session and a run; resume with Last-Event-ID",
        example: 7,
      }),
      data: PAYLOADS[type].openapi({ description: "The event's payload, sent as the frame's JSON `data:`" }),
    })
    .openapi(schemaName(type), { description: `The \`${type}\` frame` });
}

const frames = EVENT_TYPES.map(frameSchema);
const sessionFrames = EVENT_TYPES.filter((type) => type !== "done").map(frameSchema);

/** `GET /v1/sessions/{id}/events`: every stored event type. */
export const SessionEventSchema = z
  .union(sessionFrames as unknown as [z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]])
  .openapi("SessionEvent", {
    description: "One SSE frame of a session's stream, by `event`; `data` is the frame's JSON",
  });

/** A run's own stream (`POST /messages` with `stream: true`): the session's events while it lasts, then `done`. */
export const RunEventSchema = z
  .union(frames as unknown as [z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]])
  .openapi("RunEvent", { description: "One SSE frame of a run's stream: the session's events, then `done`" });

const HERMES_EVENT_NAMES = [
  ...EVENT_TYPES.filter((type) => type !== "done" && type !== "approval.requested"),
  "approval.request",
] as const;

/** `GET /v1/runs/{id}/events`: the run's events in the Hermes Agent API server's framing (routes/runs/hermes-frames). */
export const HermesRunEventSchema = z
  .object({
    id: z.number().int().openapi({ description: "The frame's `id:`; resume with Last-Event-ID", example: 7 }),
    data: z
      .object({
        event: z.enum(HERMES_EVENT_NAMES).openapi({
          description: "Hermes's name for the event (`approval.request` for our `approval.requested`)",
          example: "message.delta",
        }),
        type: z
          .enum(EVENT_TYPES.filter((type) => type !== "done") as [SessionEventName, ...SessionEventName[]])
          .openapi({
            description: "Our event type; the rest of `data` is that event's payload",
            example: "message.delta",
          }),
        run_id: z.string().nullable().openapi({ description: "The run", example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
        timestamp: z.number().openapi({ description: "When it happened, in Unix seconds", example: 1764601200.5 }),
        delta: z
          .string()
          .optional()
          .openapi({ description: "`message.delta`, `reasoning.delta`: the chunk of text", example: "The " }),
        text: z
          .string()
          .optional()
          .openapi({ description: "`reasoning.available`: the model call's reasoning", example: "Check the logs." }),
        tool: z.string().nullable().optional().openapi({ description: "Tool events: the tool", example: "echo" }),
        preview: z
          .string()
          .optional()
          .openapi({ description: "`tool.started`: the arguments, cut to 200 characters", example: '{"text":"hi"}' }),
        duration: z
          .number()
          .optional()
          .openapi({ description: "`tool.completed`: seconds since its start (0 when not seen)", example: 0.12 }),
        error: z
          .union([z.boolean(), z.string()])
          .optional()
          .openapi({ description: "`tool.completed`: whether it failed; `run.failed`: why", example: false }),
        output: z.string().optional().openapi({ description: "`run.completed`: the answer", example: "Done." }),
        usage: z
          .object({
            input_tokens: z.number().int().openapi({ description: "Prompt tokens over the run", example: 1200 }),
            output_tokens: z.number().int().openapi({ description: "Completion tokens over the run", example: 80 }),
            total_tokens: z.number().int().openapi({ description: "Their sum", example: 1280 }),
          })
          .optional()
          .openapi({ description: "`run.completed`: the run's tokens" }),
        request_id: z.string().optional().openapi({
          description: "Approval events: the interrupt, for `request_id` of the approval",
          example: "int_01",
        }),
        choices: z
          .array(z.enum(["once", "session", "always", "deny"]))
          .optional()
          .openapi({ description: "`approval.request`: what POST /v1/runs/{id}/approval accepts" }),
        choice: z
          .enum(["once", "session", "always", "deny"])
          .nullable()
          .optional()
          .openapi({ description: "`approval.responded`: how it was answered", example: "once" }),
      })
      .passthrough()
      .openapi({
        description: "The frame's JSON `data`: Hermes's fields, then the event's payload (see SessionEvent)",
      }),
  })
  .openapi("HermesRunEvent", {
    description: "One SSE frame of GET /v1/runs/{id}/events: no `event:` line, `data` names the event",
  });
