/**
 * @module steers
 * The `run_steers` table on PostgreSQL, as the SQLite repository (../../repositories/steers.ts) keeps it: user
 * messages sent to a run while it goes on, kept until the run takes them into the transcript.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { SteerRepository } from "../../store.js";
import type { SteerRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { runSteers } from "../schema.js";
import { steerInsertValues, steerRecordOf } from "../../rows/steers.js";

export class PgSteerRepository implements SteerRepository {
  constructor(private readonly conn: PgConnection) {}

  async add(steer: Omit<SteerRecord, "taken_seq">): Promise<SteerRecord> {
    const [row] = await this.conn.exec.insert(runSteers).values(steerInsertValues(steer)).returning();
    return steerRecordOf(row);
  }

  /** The run's steers not yet in the transcript, oldest first. */
  async waiting(runId: string): Promise<SteerRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(runSteers)
      .where(and(eq(runSteers.runId, runId), isNull(runSteers.takenSeq)))
      .orderBy(asc(runSteers.createdAt), asc(runSteers.id));
    return rows.map(steerRecordOf);
  }

  async markTaken(id: string, seq: number): Promise<void> {
    await this.conn.exec.update(runSteers).set({ takenSeq: seq }).where(eq(runSteers.id, id));
  }
}
