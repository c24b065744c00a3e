/**
 * @module interrupts
 * The `interrupts` table: what a paused run waits on (an approval of one tool call, or outputs for the client's own
 * tool calls), listed per run and per session, answered once (the update only takes a pending row, so two answers
 * racing cannot both win), and cancelled with their run.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../database.js";
import { interrupts } from "../schema.js";
import type { InterruptAnswer, InterruptRecord, NewInterrupt } from "../records.js";
import { interruptAnswerValues, interruptInsertValues, interruptRecordOf } from "../rows/interrupts.js";
import type { InterruptRepository, Sync } from "../store.js";

const pendingOrder = [asc(interrupts.createdAt), asc(interrupts.id)];

export class SqliteInterruptRepository implements Sync<InterruptRepository> {
  constructor(private readonly db: Db) {}

  create(interrupt: NewInterrupt): InterruptRecord {
    const row = this.db.insert(interrupts).values(interruptInsertValues(interrupt)).returning().get();
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

  pendingForRuns(runIds: string[]): InterruptRecord[] {
    if (runIds.length === 0) return [];
    const where = and(inArray(interrupts.runId, runIds), eq(interrupts.status, "pending"));
    return this.db
      .select()
      .from(interrupts)
      .where(where)
      .orderBy(...pendingOrder)
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
      .set(interruptAnswerValues(answer))
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
