/**
 * @module interrupts
 * The `interrupts` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row, a new interrupt's values, an answer's.
 */
import type { ToolCall } from "../../kernel/chat.js";
import type { GuardHold } from "../../kernel/provenance.js";
import type { interrupts } from "../schema.js";
import type { InterruptAnswer, InterruptRecord, NewInterrupt, ToolOutputInput } from "../records.js";

type Row = typeof interrupts.$inferSelect;
type Insert = typeof interrupts.$inferInsert;

/** The record of a row. */
export function interruptRecordOf(row: Row): InterruptRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    run_id: row.runId,
    kind: row.kind,
    status: row.status,
    tool: row.tool,
    tool_call_id: row.toolCallId,
    arguments: row.argumentsJson,
    tool_calls: row.toolCallsJson ? (JSON.parse(row.toolCallsJson) as ToolCall[]) : [],
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    answered_at: row.answeredAt,
    answered_by: row.answeredBy,
    decision: row.decision,
    reason: row.reason,
    outputs: row.outputsJson ? (JSON.parse(row.outputsJson) as ToolOutputInput[]) : null,
    guard: row.guardJson ? (JSON.parse(row.guardJson) as GuardHold) : null,
  };
}

/** A new interrupt, pending. */
export function interruptInsertValues(interrupt: NewInterrupt): Insert {
  return {
    id: interrupt.id,
    sessionId: interrupt.session_id,
    runId: interrupt.run_id,
    kind: interrupt.kind,
    status: "pending",
    tool: interrupt.tool ?? null,
    toolCallId: interrupt.tool_call_id ?? null,
    argumentsJson: interrupt.arguments ?? null,
    toolCallsJson: interrupt.tool_calls?.length ? JSON.stringify(interrupt.tool_calls) : null,
    createdAt: interrupt.created_at,
    expiresAt: interrupt.expires_at ?? null,
    guardJson: interrupt.guard ? JSON.stringify(interrupt.guard) : null,
  };
}

/** The columns an answer sets (only a pending row takes them). */
export function interruptAnswerValues(answer: InterruptAnswer): Partial<Insert> {
  return {
    status: "answered",
    answeredAt: answer.answered_at,
    answeredBy: answer.answered_by,
    decision: answer.decision ?? null,
    reason: answer.reason ?? null,
    outputsJson: answer.outputs ? JSON.stringify(answer.outputs) : null,
  };
}
