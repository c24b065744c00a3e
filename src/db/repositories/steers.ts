/**
 * @module steers
 * The `run_steers` table: user messages sent to a run while it goes on, kept until the run takes them into the
 * transcript (before its next model call), so none is lost when the process stops first.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../database.js";
import { runSteers } from "../schema.js";
import type { SteerRecord } from "../records.js";

type Row = typeof runSteers.$inferSelect;

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
export function steerRecordOf(row: Row): SteerRecord {
  return {
    id: row.id,
    run_id: row.runId,
    session_id: row.sessionId,
    content: row.content,
    created_at: row.createdAt,
    taken_seq: row.takenSeq,
  };
}

export class SteerRepository {
  constructor(private readonly db: Db) {}

  add(steer: Omit<SteerRecord, "taken_seq">): SteerRecord {
    const row = this.db
      .insert(runSteers)
      .values({
        id: steer.id,
        runId: steer.run_id,
        sessionId: steer.session_id,
        content: steer.content,
        createdAt: steer.created_at,
      })
      .returning()
      .get();
    return steerRecordOf(row);
  }

  /** The run's steers not yet in the transcript, oldest first. */
  waiting(runId: string): SteerRecord[] {
    return this.db
      .select()
      .from(runSteers)
      .where(and(eq(runSteers.runId, runId), isNull(runSteers.takenSeq)))
      .orderBy(asc(runSteers.createdAt), asc(runSteers.id))
      .all()
      .map(steerRecordOf);
  }

  markTaken(id: string, seq: number): void {
    this.db.update(runSteers).set({ takenSeq: seq }).where(eq(runSteers.id, id)).run();
  }
}
