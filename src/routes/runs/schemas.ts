/**
 * @module schemas
 * The run resource and what answers it on the wire: a run with its session, timestamps and pending interrupts, the
 * session's page of runs, the bodies that send a run tool outputs or a steering message, the answer to an interrupt
 * of any kind, and the session's interrupts queue.
 */
import { z } from "@hono/zod-openapi";
import { pageOf } from "../shared/pagination.js";
import { HERMES_RUN_STATUSES } from "./hermes-status.js";
import { InterruptSchema } from "../shared/run-schemas.js";
import { RunSchema } from "../messages/schemas.js";
import { SessionIdParam } from "../shared/params.js";
import { ContentSchema, MAX_TEXT_CHARS, withTextLimit } from "../shared/chat-schemas.js";

const RUN_ID_EXAMPLE = "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

export const RunIdParam = z.object({
  run_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "run_id", in: "path" }, description: "Run id", example: RUN_ID_EXAMPLE }),
});

export const InterruptParams = SessionIdParam.extend({
  interrupt_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "interrupt_id", in: "path" },
      description: "Interrupt id (`int_…`), or a pending dialog's `d-N` id",
      example: "int_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

export const RunResourceSchema = RunSchema.extend({
  object: z
    .literal("hermes.run")
    .openapi({ description: "Always hermes.run (as Hermes clients read it)", example: "hermes.run" }),
  run_id: z
    .string()
    .openapi({ description: "The run id again, where Hermes clients read it", example: RUN_ID_EXAMPLE }),
  session_id: z.string().openapi({ description: "Its session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
  model: z.string().nullable().openapi({ description: "The model it calls", example: "gpt-4o-mini" }),
  background: z.boolean().openapi({ description: "Started with background: true", example: false }),
  output: z.string().nullable().openapi({
    description: "The answer: the run's last assistant text once it has ended with one",
    example: "Done.",
  }),
  created_at: z.string().openapi({ description: "Start (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
  updated_at: z.string().openapi({ description: "Last change (ISO 8601)", example: "2026-12-01T10:00:02.000Z" }),
  finished_at: z
    .string()
    .nullable()
    .openapi({ description: "End (ISO 8601); null while it runs or waits", example: "2026-12-01T10:00:02.000Z" }),
  interrupts: z
    .array(InterruptSchema)
    .openapi({ description: "What it waits on (pending interrupts); empty unless requires_action" }),
  cost_usd: z.number().nullable().openapi({
    description:
      "What its model calls cost in US dollars, from the price table (models.prices); null when none had a price",
    example: 0.00042,
  }),
}).openapi("RunResource", { description: "An agent run, as stored" });

export const RunPage = pageOf(RunResourceSchema, "RunPage");

const seconds = (description: string) =>
  z.number().openapi({ description: `${description} (Unix seconds)`, example: 1764583200.5 });

export const HermesUsageSchema = z
  .object({
    input_tokens: z.number().int().openapi({ description: "Prompt tokens over the run", example: 1200 }),
    output_tokens: z.number().int().openapi({ description: "Completion tokens over the run", example: 80 }),
    total_tokens: z.number().int().openapi({ description: "Their sum", example: 1280 }),
    cache_read_tokens: z
      .number()
      .int()
      .openapi({ description: "Prompt tokens read from the provider's cache (0 if it reports none)", example: 1024 }),
    cache_write_tokens: z
      .number()
      .int()
      .openapi({ description: "Prompt tokens written to the provider's cache (0 if it reports none)", example: 0 }),
  })
  .openapi("HermesRunUsage");

export const HermesRuntimeSchema = z
  .object({
    model: z.string().openapi({ description: "The model that answered", example: "gpt-4o-mini" }),
    provider: z.string().openapi({
      description: "The configured endpoint's provider (openai, openrouter, azure, …; custom for any other)",
      example: "openai",
    }),
    route_source: z.enum(["global", "raw_request"]).openapi({
      description: "global: the server's configured model; raw_request: a model the session or request named",
      example: "global",
    }),
  })
  .openapi("HermesRuntime");

export const HermesApprovalSchema = z
  .object({
    event: z
      .literal("approval.request")
      .openapi({ description: "Always approval.request", example: "approval.request" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    timestamp: seconds("When it was asked"),
    request_id: z
      .string()
      .openapi({ description: "Answer it with this id", example: "int_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    tool: z.string().nullable().openapi({ description: "The tool", example: "browser_navigate" }),
    command: z.string().openapi({ description: "The call, as the person sees it", example: "browser_navigate {…}" }),
    description: z
      .string()
      .openapi({ description: "What it asks", example: "The agent asks to call browser_navigate" }),
    pattern_key: z.string().openapi({
      description: "What a session or always approval of it covers: the tool, or a shell-like tool's command pattern",
      example: "browser_navigate",
    }),
    choices: z.array(z.enum(["once", "session", "always", "deny"])).openapi({ description: "What it can be answered" }),
    expires_at: z.string().nullable().openapi({ description: "When it expires (ISO 8601)", example: null }),
  })
  .openapi("HermesRunApproval");

export const HermesRunSchema = z
  .object({
    object: z.literal("hermes.run").openapi({ description: "Always hermes.run", example: "hermes.run" }),
    id: z.string().openapi({ description: "Run id", example: RUN_ID_EXAMPLE }),
    run_id: z
      .string()
      .openapi({ description: "The run id again, where Hermes clients read it", example: RUN_ID_EXAMPLE }),
    session_id: z.string().openapi({ description: "Its session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    status: z.enum(HERMES_RUN_STATUSES).openapi({
      description:
        "Hermes's vocabulary: running, waiting_for_approval (it waits on a person or the client), completed, " +
        "failed (partial: true when it ran out of budget), cancelled (stopped), interrupted (cut by a restart)",
      example: "completed",
    }),
    completed: z.boolean().openapi({ description: "It finished with an answer", example: true }),
    partial: z
      .boolean()
      .openapi({ description: "It ended with part of an answer (its budget ran out)", example: false }),
    interrupted: z.boolean().openapi({ description: "It was stopped, cancelled or cut by a restart", example: false }),
    created_at: seconds("Start"),
    updated_at: seconds("Last change"),
    finished_at: seconds("End").nullable(),
    model: z.string().nullable().openapi({ description: "The model it calls", example: "gpt-4o-mini" }),
    last_event: z
      .string()
      .nullable()
      .openapi({ description: "The last event it published (Hermes's names)", example: "run.completed" }),
    runtime: HermesRuntimeSchema,
    usage: HermesUsageSchema,
    cost_usd: z.number().nullable().openapi({
      description:
        "What its model calls cost in US dollars, from the price table (models.prices); null when none had a price",
      example: 0.00042,
    }),
    output: z.string().nullable().openapi({ description: "Its answer, once it has ended with one", example: "Done." }),
    error: z.string().nullable().openapi({ description: "Why it failed", example: null }),
    approval: HermesApprovalSchema.optional().openapi({
      description: "While waiting_for_approval: the approval it waits on, as the approval.request event said it",
    }),
    iterations: z.number().int().openapi({ description: "Model calls made", example: 2 }),
    background: z.boolean().openapi({ description: "Started with background: true", example: false }),
    compressed: z.boolean().openapi({ description: "The context was compressed during the run", example: false }),
    interrupts: z
      .array(InterruptSchema)
      .openapi({ description: "What it waits on (pending interrupts); empty unless waiting_for_approval" }),
  })
  .openapi("HermesRun", { description: "A run in the Hermes Agent API server's words" });

export const HermesRunPage = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    data: z.array(HermesRunSchema).openapi({ description: "Runs, newest first" }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Cursor of the next page; null on the last", example: null }),
  })
  .openapi("HermesRunPage");

export const StopAnswer = z
  .object({
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    status: z
      .literal("stopping")
      .openapi({ description: "It is being stopped; it ends cancelled", example: "stopping" }),
  })
  .openapi("RunStopping");

export const HermesSteerAnswer = z
  .object({
    object: z
      .literal("hermes.run.steer")
      .openapi({ description: "Always hermes.run.steer", example: "hermes.run.steer" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    accepted: z.literal(true).openapi({ description: "The run takes it in before its next model call", example: true }),
    id: z.string().openapi({ description: "Steering message id", example: "str_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    content: z.string().openapi({ description: "The message", example: "Use the staging site instead." }),
    created_at: z.string().openapi({ description: "When it was sent (ISO 8601)", example: "2026-12-01T10:00:01.000Z" }),
  })
  .openapi("HermesSteerAnswer");

const HermesMessage = z
  .object({
    role: z.string().min(1).max(32).openapi({ description: "Message role", example: "user" }),
    content: ContentSchema.optional(),
  })
  .passthrough()
  .openapi("SubmittedMessage");

/** Sampling settings for one run, sent to the model with each of its calls. */
export const RunModelOptions = z
  .object({
    temperature: z
      .number()
      .min(0)
      .max(2)
      .optional()
      .openapi({ description: "Sampling temperature, 0 to 2", example: 0.2 }),
    top_p: z.number().min(0).max(1).optional().openapi({ description: "Nucleus sampling mass, 0 to 1", example: 0.9 }),
    max_tokens: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .openapi({ description: "Most tokens one model call may write", example: 800 }),
    presence_penalty: z
      .number()
      .min(-2)
      .max(2)
      .optional()
      .openapi({ description: "Penalty for tokens already present, -2 to 2", example: 0 }),
    frequency_penalty: z
      .number()
      .min(-2)
      .max(2)
      .optional()
      .openapi({ description: "Penalty by how often a token appeared, -2 to 2", example: 0 }),
    seed: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Seed for providers that sample deterministically", example: 7 }),
    stop: z
      .union([z.string().min(1).max(500), z.array(z.string().min(1).max(500)).min(1).max(4)])
      .optional()
      .openapi({ description: "Up to four sequences that end the model's answer", example: ["\n\nUser:"] }),
    reasoning_effort: z
      .enum(["minimal", "low", "medium", "high"])
      .optional()
      .openapi({ description: "How hard a reasoning model thinks before answering", example: "low" }),
  })
  .strict()
  .openapi("RunModelOptions", {
    description: "Sampling settings for this run's model calls; an unknown key is 400 (it would be silently lost)",
    example: { temperature: 0.2, max_tokens: 800 },
  });

export const SubmitRunBody = z
  .object({
    input: z.union([z.string().min(1).max(MAX_TEXT_CHARS), z.array(HermesMessage).min(1).max(10_000)]).openapi({
      description: withTextLimit("The user's turn, or messages whose last is the user's turn"),
      example: "Summarise the release notes.",
    }),
    session_id: z.string().max(256).nullable().optional().openapi({
      description: "Continue this session; an id not seen before creates it",
      example: "session-general-stable",
    }),
    instructions: z
      .string()
      .max(200_000)
      .nullable()
      .optional()
      .openapi({ description: "System prompt of a new session", example: "You are a careful release engineer." }),
    conversation_history: z
      .array(HermesMessage)
      .max(10_000)
      .optional()
      .openapi({ description: "Earlier turns a new session starts with (else the input's earlier messages)" }),
    model: z
      .string()
      .max(200)
      .optional()
      .openapi({
        description:
          "The model for this run only (`runtime.route_source: raw_request`); `hermes-agent`, `caduceus` or " +
          "server.model_name mean the session's model",
        example: "hermes-agent",
      }),
    previous_response_id: z.string().min(1).max(256).nullable().optional().openapi({
      description: "Without session_id: continue the session this response (POST /v1/responses) answered in",
      example: "resp_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    provider: z.string().max(100).nullable().optional().openapi({
      description:
        "The provider the client expects; one other than the configured endpoint's is 409 `model_lock_unavailable`",
      example: "openai",
    }),
    model_options: RunModelOptions.nullable().optional(),
  })
  .passthrough()
  .openapi("SubmitRun", {
    description: "A run submitted as Hermes clients submit one; other fields are accepted and ignored",
  });

export const SubmittedRun = z
  .object({
    object: z.literal("hermes.run").openapi({ description: "Always hermes.run", example: "hermes.run" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    status: z.enum(["started", ...HERMES_RUN_STATUSES]).openapi({
      description:
        "started on the first answer (the run goes on in the background); a replay says the run's status now",
      example: "started",
    }),
    replayed: z.boolean().openapi({
      description: "False on the first answer; true when a retry with the same Idempotency-Key is answered again",
      example: false,
    }),
    session_id: z
      .string()
      .openapi({ description: "The session it runs in", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
  })
  .openapi("SubmittedRun");

export const ApprovalBody = z
  .object({
    choice: z.string().min(1).max(32).openapi({
      description: "once, session or always approve (approve, approved and allow mean once); deny refuses",
      example: "once",
    }),
    all: z.boolean().optional().openapi({ description: "Answer every pending approval of the run", example: false }),
    resolve_all: z.boolean().optional().openapi({ description: "Same as all", example: false }),
    request_id: z.string().min(1).max(256).optional().openapi({
      description: "The interrupt to answer (else the oldest pending)",
      example: "int_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    reason: z
      .string()
      .max(2_000)
      .optional()
      .openapi({ description: "Why, with a denial", example: "not on production" }),
  })
  .passthrough()
  .openapi("RunApproval");

export const ApprovalAnswered = z
  .object({
    object: z
      .literal("hermes.run.approval_response")
      .openapi({ description: "Always hermes.run.approval_response", example: "hermes.run.approval_response" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    choice: z
      .enum(["once", "session", "always", "deny"])
      .openapi({ description: "The choice, normalised", example: "once" }),
    resolved: z.number().int().openapi({ description: "How many approvals it answered", example: 1 }),
  })
  .openapi("RunApprovalAnswered");

export const ToolOutputsBody = z
  .object({
    outputs: z
      .array(
        z
          .object({
            tool_call_id: z.string().min(1).max(200).openapi({ description: "The call it answers", example: "call_1" }),
            output: z
              .string()
              .max(MAX_TEXT_CHARS)
              .openapi({
                description: withTextLimit("The tool's result, as the model reads it"),
                example: "18 °C, light rain",
              }),
          })
          .strict(),
      )
      .min(1)
      .max(128)
      .openapi({ description: "One output per pending client tool call" }),
  })
  .strict()
  .openapi("ToolOutputs");

const SteerPart = z
  .object({
    type: z.string().openapi({ description: "The part's type (text parts are read)", example: "text" }),
    text: z.string().optional().openapi({ description: "A text part's text", example: "Use staging." }),
  })
  .passthrough();
const SteerText = z
  .union([z.string().max(200_000), z.array(SteerPart).max(1_000)])
  .openapi({ description: "Text, or content parts whose text parts are joined" });

export const SteerBody = z
  .object({
    content: SteerText.optional().openapi({
      description: "A user message for the run to take in before its next model call",
      example: "Use the staging site instead.",
    }),
    input: SteerText.optional().openapi({
      description: "Same as content (Hermes clients send it so)",
      example: "Use staging.",
    }),
    message: SteerText.optional().openapi({ description: "Same as content", example: "Use staging." }),
    text: SteerText.optional().openapi({ description: "Same as content", example: "Use staging." }),
  })
  .passthrough()
  .openapi("Steer", { description: "The message, as `content` (or Hermes's `input`, `message` or `text`)" });

export const InterruptAnswerBody = z
  .object({
    decision: z
      .enum(["approve", "deny"])
      .optional()
      .openapi({ description: "Approval: approve runs the tool, deny refuses it", example: "approve" }),
    reason: z
      .string()
      .max(2_000)
      .nullable()
      .optional()
      .openapi({ description: "Approval: why (the model reads it with a denial)", example: "not on production" }),
    scope: z
      .enum(["once", "session", "always"])
      .optional()
      .openapi({
        description:
          "Approval: how far an approve reaches — this call (once, the default), the tool for the rest of the session, " +
          "or for every session (always: the allowlist, GET /v1/approvals/allowlist)",
        example: "once",
      }),
    outputs: ToolOutputsBody.shape.outputs.optional(),
    action: z
      .enum(["accept", "dismiss"])
      .optional()
      .openapi({ description: "Dialog: accept or dismiss", example: "accept" }),
    prompt_text: z
      .string()
      .max(100_000)
      .optional()
      .openapi({ description: "Dialog: text for a prompt()", example: "yes" }),
  })
  .strict()
  .openapi("InterruptAnswer", {
    description:
      "Exactly one kind of answer: `{decision, reason?}` for an approval, `{outputs}` for client tool calls, `{action, prompt_text?}` for a dialog",
  });

export const InterruptAnswered = z
  .object({ interrupt: InterruptSchema })
  .openapi("InterruptAnswered", { description: "The interrupt as answered" });

export const ToolOutputsAnswered = z
  .object({ interrupt: InterruptSchema, run: HermesRunSchema })
  .openapi("ToolOutputsAnswered", { description: "The answered interrupt and the run, resumed" });

export const InterruptList = z
  .object({ data: z.array(InterruptSchema).openapi({ description: "Everything pending, oldest first" }) })
  .openapi("InterruptList");

export type RunResourceResponse = z.infer<typeof RunResourceSchema>;
export type RunPageResponse = z.infer<typeof RunPage>;
export type HermesRunResponse = z.infer<typeof HermesRunSchema>;
export type SubmittedRunResponse = z.infer<typeof SubmittedRun>;
export type ApprovalAnsweredResponse = z.infer<typeof ApprovalAnswered>;
export type InterruptListResponse = z.infer<typeof InterruptList>;
export type InterruptAnsweredResponse = z.infer<typeof InterruptAnswered>;
export type ToolOutputsAnsweredResponse = z.infer<typeof ToolOutputsAnswered>;
