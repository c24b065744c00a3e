/**
 * @module interrupts
 * The `interrupts` table on PostgreSQL, as the SQLite repository (../../repositories/interrupts.ts) keeps it: what a
 * paused run waits on, answered once — the update only takes a pending row, and its row lock makes two answers from
 * two replicas take turns, so only the first wins.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { InterruptRepository } from "../../store.js";
import type { InterruptAnswer, InterruptRecord, NewInterrupt } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { interrupts } from "../schema.js";
import { interruptAnswerValues, interruptInsertValues, interruptRecordOf } from "../../rows/interrupts.js";

const pendingOrder = [asc(interrupts.createdAt), asc(interrupts.id)];

export class PgInterruptRepository implements InterruptRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(interrupt: NewInterrupt): Promise<InterruptRecord> {
    const [row] = await this.conn.exec.insert(interrupts).values(interruptInsertValues(interrupt)).returning();
    return interruptRecordOf(row);
  }

  /** A policy's answer, recorded as it is made: the row is stored already answered (both writes, or neither). */
  async createAnswered(interrupt: NewInterrupt, answer: InterruptAnswer): Promise<InterruptRecord> {
    return this.conn.transaction(async () => {
      await this.create(interrupt);
      return (await this.answer(interrupt.id, answer))!;
    });
  }

  async get(id: string): Promise<InterruptRecord | null> {
    const [row] = await this.conn.exec.select().from(interrupts).where(eq(interrupts.id, id));
    return row ? interruptRecordOf(row) : null;
  }

  async forRun(runId: string): Promise<InterruptRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(interrupts)
      .where(eq(interrupts.runId, runId))
      .orderBy(asc(interrupts.createdAt), asc(interrupts.id));
    return rows.map(interruptRecordOf);
  }

  async pendingForRun(runId: string): Promise<InterruptRecord[]> {
    return (await this.forRun(runId)).filter((interrupt) => interrupt.status === "pending");
  }

  async pendingForSession(sessionId: string): Promise<InterruptRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(interrupts)
      .where(and(eq(interrupts.sessionId, sessionId), eq(interrupts.status, "pending")))
      .orderBy(asc(interrupts.createdAt), asc(interrupts.id));
    return rows.map(interruptRecordOf);
  }

  async pendingForRuns(runIds: string[]): Promise<InterruptRecord[]> {
    if (runIds.length === 0) return [];
    const where = and(inArray(interrupts.runId, runIds), eq(interrupts.status, "pending"));
    return (
      await this.conn.exec
        .select()
        .from(interrupts)
        .where(where)
        .orderBy(...pendingOrder)
    ).map(interruptRecordOf);
  }

  /** Every pending interrupt of the server (at start-up: the timeouts to arm again). */
  async allPending(): Promise<InterruptRecord[]> {
    const rows = await this.conn.exec.select().from(interrupts).where(eq(interrupts.status, "pending"));
    return rows.map(interruptRecordOf);
  }

  /** Records the answer if the interrupt is still pending; null when it was not (answered, cancelled or gone). */
  async answer(id: string, answer: InterruptAnswer): Promise<InterruptRecord | null> {
    const [row] = await this.conn.exec
      .update(interrupts)
      .set(interruptAnswerValues(answer))
      .where(and(eq(interrupts.id, id), eq(interrupts.status, "pending")))
      .returning();
    return row ? interruptRecordOf(row) : null;
  }

  /** The run stopped waiting (cancelled, interrupted): its pending interrupts can no longer be answered. */
  async cancelPendingForRun(runId: string, now: number, reason: string): Promise<number> {
    const result = await this.conn.exec
      .update(interrupts)
      .set({ status: "cancelled", answeredAt: now, reason })
      .where(and(eq(interrupts.runId, runId), eq(interrupts.status, "pending")));
    return result.rowCount ?? 0;
  }
}
