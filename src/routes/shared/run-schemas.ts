/**
 * @module run-schemas
 * The wire shapes a run and what it waits on share across the transcript, run and event operations: a run's status,
 * an interrupt (approval, client tool calls, page dialog), and a client's own tool as it declares one.
 */
import { z } from "@hono/zod-openapi";
import { PendingDialogSchema } from "../browser/schemas.js";
import { ToolCallSchema } from "./chat-schemas.js";
import { CLIENT_TOOL_NAME } from "../../domain/shared/config-policy.js";
import { GuardHoldSchema } from "./provenance-schemas.js";

export const RunStatusSchema = z
  .enum(["running", "requires_action", "completed", "incomplete", "failed", "interrupted", "cancelled"])
  .openapi("RunStatus", {
    description:
      "running; requires_action: waiting on interrupts (approvals, client tool outputs); completed; incomplete " +
      "(iteration budget or output limit); failed; interrupted (the server stopped or the session was deleted); " +
      "cancelled (by POST /v1/runs/{id}/cancel or its client going away)",
    example: "completed",
  });

const INTERRUPT_ID_EXAMPLE = "int_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

export const InterruptSchema = z
  .object({
    id: z.string().openapi({ description: "Interrupt id (a dialog's is its d-N id)", example: INTERRUPT_ID_EXAMPLE }),
    kind: z.enum(["approval", "client_tool", "dialog", "guard"]).openapi({
      description:
        "approval: a tool call waits for a person; guard: an action that follows untrusted content waits for a " +
        "person (see `guard`); client_tool: the client's own tool calls wait for outputs; dialog: a page's JS dialog",
      example: "approval",
    }),
    status: z
      .enum(["pending", "answered", "cancelled"])
      .openapi({ description: "pending until answered; cancelled with its run", example: "pending" }),
    session_id: z.string().openapi({ description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    run_id: z.string().nullable().openapi({
      description: "The run that waits (a dialog's: the session's active run, if any)",
      example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    tool: z
      .string()
      .optional()
      .openapi({ description: "Approval and guard: the tool the model called", example: "browser_cdp" }),
    tool_call_id: z
      .string()
      .optional()
      .openapi({ description: "Approval and guard: the tool call", example: "call_1" }),
    arguments: z.string().optional().openapi({
      description: "Approval and guard: its arguments (JSON text, secrets redacted)",
      example: '{"method":"Network.getCookies"}',
    }),
    guard: GuardHoldSchema.optional().openapi({
      description: "Guard: the action held, why, and the untrusted content read before it (page, frame, excerpt)",
    }),
    tool_calls: z
      .array(ToolCallSchema)
      .optional()
      .openapi({ description: "Client tools: the calls whose outputs the run waits for" }),
    dialog: PendingDialogSchema.optional().openapi({ description: "Dialog: the pending dialog" }),
    created_at: z
      .string()
      .openapi({ description: "When it was raised (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
    expires_at: z
      .string()
      .nullable()
      .openapi({
        description:
          "When it times out: an approval's agent.approvals.on_timeout applies; a dialog is dismissed by the " +
          "must_respond watchdog (null under an auto dialog policy)",
        example: "2026-12-01T10:10:00.000Z",
      }),
    answer: z
      .object({
        by: z.enum(["user", "policy", "timeout", "client"]).openapi({ description: "Who answered", example: "user" }),
        at: z.string().openapi({ description: "When (ISO 8601)", example: "2026-12-01T10:01:00.000Z" }),
        decision: z
          .enum(["approve", "deny"])
          .nullable()
          .openapi({ description: "An approval's decision", example: "approve" }),
        reason: z.string().nullable().openapi({ description: "The reason given with a denial", example: null }),
        action: z
          .enum(["accept", "dismiss"])
          .optional()
          .openapi({ description: "A dialog's answer", example: "accept" }),
      })
      .openapi("InterruptAnswerGiven", { description: "How an interrupt was answered; null while pending" })
      .nullable(),
    answer_route: z.string().openapi({
      description: "The request that answers it",
      example: `POST /v1/sessions/ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T/interrupts/${INTERRUPT_ID_EXAMPLE}`,
    }),
  })
  .openapi("Interrupt", { description: "Something a run (or the page) waits on a person or the client for" });

/** The function of a tool the client runs itself, as OpenAI declares one; a chat request may carry more fields. */
export const clientToolFunctionFields = {
  name: z
    .string()
    .regex(CLIENT_TOOL_NAME, "letters, digits, _ and -, at most 64")
    .openapi({ description: "Tool name; must not be one of the server's tools", example: "get_weather" }),
  description: z
    .string()
    .max(10_000)
    .optional()
    .openapi({ description: "What it does", example: "Current weather of a city" }),
  parameters: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({
      description: "JSON Schema of its arguments",
      example: { type: "object", properties: { city: { type: "string" } } },
    }),
};

export const ClientToolSchema = z
  .object({
    type: z.literal("function").openapi({ description: "Always function", example: "function" }),
    function: z.object(clientToolFunctionFields).strict().openapi({ description: "The function the model may call" }),
  })
  .strict()
  .openapi("ClientTool", {
    description:
      "A tool the client runs itself (OpenAI function shape): a call to it pauses the run until its output is sent",
  });

export const ClientToolsField = z.array(ClientToolSchema).max(128);
