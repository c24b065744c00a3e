/**
 * @module schemas
 * The run resource and what answers it on the wire: a run with its session, timestamps and pending interrupts, the
 * session's page of runs, the bodies that send a run tool outputs or a steering message, the answer to an interrupt
 * of any kind, and the session's interrupts queue.
 */
import { z } from "@hono/zod-openapi";
import { pageOf } from "../shared/pagination.js";
import { InterruptSchema, RunStatusSchema } from "../shared/run-schemas.js";

const RUN_ID_EXAMPLE = "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

export const RunIdParam = z.object({
  run_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "run_id", in: "path" }, description: "Run id", example: RUN_ID_EXAMPLE }),
});

export const InterruptParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "id", in: "path" },
      description: "Session id",
      example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
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

export const RunResourceSchema = z
  .object({
    id: z.string().openapi({ description: "Run id", example: RUN_ID_EXAMPLE }),
    session_id: z.string().openapi({ description: "Its session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    status: RunStatusSchema,
    model: z.string().nullable().openapi({ description: "The model it calls", example: "gpt-4o-mini" }),
    background: z.boolean().openapi({ description: "Started with background: true", example: false }),
    iterations: z.number().int().openapi({ description: "Model calls made", example: 2 }),
    usage: z
      .object({
        prompt_tokens: z.number().int().openapi({ description: "Prompt tokens over the run", example: 1200 }),
        completion_tokens: z.number().int().openapi({ description: "Completion tokens over the run", example: 80 }),
        total_tokens: z.number().int().openapi({ description: "Sum of both", example: 1280 }),
      })
      .openapi({ description: "Token usage reported by the model" }),
    compressed: z
      .boolean()
      .openapi({ description: "Whether the context was compressed during the run", example: false }),
    error: z.string().nullable().openapi({ description: "Why it failed, was cancelled or interrupted", example: null }),
    created_at: z.string().openapi({ description: "Start (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
    updated_at: z.string().openapi({ description: "Last change (ISO 8601)", example: "2026-12-01T10:00:02.000Z" }),
    finished_at: z
      .string()
      .nullable()
      .openapi({ description: "End (ISO 8601); null while it runs or waits", example: "2026-12-01T10:00:02.000Z" }),
    interrupts: z
      .array(InterruptSchema)
      .openapi({ description: "What it waits on (pending interrupts); empty unless requires_action" }),
  })
  .openapi("RunResource", { description: "An agent run, as stored" });

export const RunPage = pageOf(RunResourceSchema, "RunPage");

export const ToolOutputsBody = z
  .object({
    outputs: z
      .array(
        z
          .object({
            tool_call_id: z.string().min(1).max(200).openapi({ description: "The call it answers", example: "call_1" }),
            output: z
              .string()
              .max(5_000_000)
              .openapi({ description: "The tool's result, as the model reads it", example: "18 °C, light rain" }),
          })
          .strict(),
      )
      .min(1)
      .max(128)
      .openapi({ description: "One output per pending client tool call" }),
  })
  .strict()
  .openapi("ToolOutputs");

export const SteerBody = z
  .object({
    content: z.string().min(1).max(200_000).openapi({
      description: "A user message for the run to take in before its next model call",
      example: "Use the staging site instead.",
    }),
  })
  .strict()
  .openapi("Steer");

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
export type SteerResponse = z.infer<typeof SteerAnswer>;
export type InterruptListResponse = z.infer<typeof InterruptList>;
export type InterruptAnsweredResponse = z.infer<typeof InterruptAnswered>;
export type ToolOutputsAnsweredResponse = z.infer<typeof ToolOutputsAnswered>;
