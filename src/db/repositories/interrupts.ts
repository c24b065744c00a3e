/**
 * @module interrupts
 * The `interrupts` table: what a paused run waits on (an approval of one tool call, or outputs for the client's own
 * tool calls), listed per run and per session, answered once (the update only takes a pending row, so two answers
 * racing cannot both win), and cancelled with their run.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import { interrupts } from "../schema.js";
import type { InterruptAnswer, InterruptRecord, NewInterrupt, ToolOutputInput } from "../records.js";
import type { ToolCall } from "../../kernel/chat.js";

type Row = typeof interrupts.$inferSelect;

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
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
  };
}

export class InterruptRepository {
  constructor(private readonly db: Db) {}

  create(interrupt: NewInterrupt): InterruptRecord {
    const row = this.db
      .insert(interrupts)
      .values({
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
      })
      .returning()
      .get();
    return interruptRecordOf(row);
  }

  /** A policy's answer, recorded as it is made: the row is stored already answered. */
  createAnswered(interrupt: NewInterrupt, answer: InterruptAnswer): InterruptRecord {
    this.create(interrupt);
    return this.answer(interrupt.id, answer)!;
  }

  get(id: string): InterruptRecord | null {
    const row = this.db.select().from(interrupts).where(eq(interrupts.id, id)).get();
    return row ? interruptRecordOf(row) : null;
  }

  forRun(runId: string): InterruptRecord[] {
    return this.db
      .select()
      .from(interrupts)
      .where(eq(interrupts.runId, runId))
      .orderBy(asc(interrupts.createdAt), asc(interrupts.id))
      .all()
      .map(interruptRecordOf);
  }

  pendingForRun(runId: string): InterruptRecord[] {
    return this.forRun(runId).filter((interrupt) => interrupt.status === "pending");
  }

  pendingForSession(sessionId: string): InterruptRecord[] {
    return this.db
      .select()
      .from(interrupts)
      .where(and(eq(interrupts.sessionId, sessionId), eq(interrupts.status, "pending")))
      .orderBy(asc(interrupts.createdAt), asc(interrupts.id))
      .all()
      .map(interruptRecordOf);
  }

  /** Every pending interrupt of the server (at start-up: the timeouts to arm again). */
  allPending(): InterruptRecord[] {
    return this.db.select().from(interrupts).where(eq(interrupts.status, "pending")).all().map(interruptRecordOf);
  }

  /** Records the answer if the interrupt is still pending; null when it was not (answered, cancelled or gone). */
  answer(id: string, answer: InterruptAnswer): InterruptRecord | null {
    const row = this.db
      .update(interrupts)
      .set({
        status: "answered",
        answeredAt: answer.answered_at,
        answeredBy: answer.answered_by,
        decision: answer.decision ?? null,
        reason: answer.reason ?? null,
        outputsJson: answer.outputs ? JSON.stringify(answer.outputs) : null,
      })
      .where(and(eq(interrupts.id, id), eq(interrupts.status, "pending")))
      .returning()
      .get();
    return row ? interruptRecordOf(row) : null;
  }

  /** The run stopped waiting (cancelled, interrupted): its pending interrupts can no longer be answered. */
  cancelPendingForRun(runId: string, now: number, reason: string): number {
    return this.db
      .update(interrupts)
      .set({ status: "cancelled", answeredAt: now, reason })
      .where(and(eq(interrupts.runId, runId), eq(interrupts.status, "pending")))
      .run().changes;
  }
}
