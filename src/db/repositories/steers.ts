/**
 * @module steers
 * The `run_steers` table: user messages sent to a run while it goes on, kept until the run takes them into the
 * transcript (before its next model call), so none is lost when the process stops first.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../database.js";
import { runSteers } from "../schema.js";
import { steerInsertValues, steerRecordOf } from "../rows/steers.js";
import type { SteerRecord } from "../records.js";
import type { SteerRepository, Sync } from "../store.js";

export class SqliteSteerRepository implements Sync<SteerRepository> {
  constructor(private readonly db: Db) {}

  add(steer: Omit<SteerRecord, "taken_seq">): SteerRecord {
    const row = this.db.insert(runSteers).values(steerInsertValues(steer)).returning().get();
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
