/**
 * @module schemas
 * The run resource and what answers it on the wire: a run with its session, timestamps and pending interrupts, the
 * session's page of runs, the bodies that send a run tool outputs or a steering message, the answer to an interrupt
 * of any kind, and the session's interrupts queue.
 */
import { z } from "@hono/zod-openapi";
import { pageOf } from "../shared/pagination.js";
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
}).openapi("RunResource", { description: "An agent run, as stored" });

export const RunPage = pageOf(RunResourceSchema, "RunPage");

export const AllRunsPage = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    data: z.array(RunResourceSchema).openapi({ description: "Runs, newest first" }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Cursor of the next page; null on the last", example: null }),
  })
  .openapi("AllRunsPage");

const HermesMessage = z
  .object({
    role: z.string().min(1).max(32).openapi({ description: "Message role", example: "user" }),
    content: ContentSchema.optional(),
  })
  .passthrough()
  .openapi("SubmittedMessage");

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
      .openapi({ description: "Accepted and ignored: the session's model runs", example: "hermes-agent" }),
  })
  .passthrough()
  .openapi("SubmitRun", {
    description: "A run submitted as Hermes clients submit one; other fields are accepted and ignored",
  });

export const SubmittedRun = z
  .object({
    object: z.literal("hermes.run").openapi({ description: "Always hermes.run", example: "hermes.run" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    status: z
      .literal("started")
      .openapi({ description: "Always started: the run goes on in the background", example: "started" }),
    replayed: z
      .boolean()
      .openapi({ description: "Always false in the body; a replay says so in Idempotency-Replayed", example: false }),
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

const SteerText = z.string().min(1).max(200_000);

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
  .strict()
  .openapi("Steer", { description: "The message, as `content` (or Hermes's `input`, `message` or `text`)" });

export const SteerAnswer = z
  .object({
    id: z.string().openapi({ description: "Steering message id", example: "str_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    run_id: z.string().openapi({ description: "The run", example: RUN_ID_EXAMPLE }),
    content: z.string().openapi({ description: "The message", example: "Use the staging site instead." }),
    status: z.literal("queued").openapi({
      description: "Queued: stored, and added to the transcript (with its seq) before the run's next model call",
      example: "queued",
    }),
    created_at: z.string().openapi({ description: "When it was sent (ISO 8601)", example: "2026-12-01T10:00:01.000Z" }),
  })
  .openapi("SteerAnswer");

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
  .object({ interrupt: InterruptSchema, run: RunResourceSchema })
  .openapi("ToolOutputsAnswered", { description: "The answered interrupt and the run, resumed" });

export const InterruptList = z
  .object({ data: z.array(InterruptSchema).openapi({ description: "Everything pending, oldest first" }) })
  .openapi("InterruptList");

export type RunResourceResponse = z.infer<typeof RunResourceSchema>;
export type RunPageResponse = z.infer<typeof RunPage>;
export type AllRunsPageResponse = z.infer<typeof AllRunsPage>;
export type SubmittedRunResponse = z.infer<typeof SubmittedRun>;
export type ApprovalAnsweredResponse = z.infer<typeof ApprovalAnswered>;
export type SteerResponse = z.infer<typeof SteerAnswer>;
export type InterruptListResponse = z.infer<typeof InterruptList>;
export type InterruptAnsweredResponse = z.infer<typeof InterruptAnswered>;
export type ToolOutputsAnsweredResponse = z.infer<typeof ToolOutputsAnswered>;
