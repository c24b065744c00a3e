/**
 * @module runs
 * The `runs` table on PostgreSQL, as the SQLite repository (../../repositories/runs.ts) keeps it: each run's status,
 * iterations and usage, the model and client tools it started with, the replica executing it, and the runs a
 * replica left `running` when it stopped or died. The partial unique index runs_one_active_idx refuses a second
 * active run of a session, whichever replica inserts it.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { RunCursor, RunRepository } from "../../repositories/runs.js";
import type { NewRun, RunPatch, RunRecord } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { runs } from "../schema.js";
import { runRecordOf } from "../../repositories/runs.js";

/**
 * Runs executing on the replica; runs stored before replicas were recorded (null) belong to whichever replica starts
 * first, as they did when there was one process.
 */
const runningOn = (replicaId: string) => sql`(${runs.replicaId} = ${replicaId} or ${runs.replicaId} is null)`;

export class PgRunRepository implements Async<RunRepository> {
  constructor(private readonly conn: PgConnection) {}

  /** Stores a new running run; null when the session has a run running or waiting already (nothing is stored). */
  async create(run: NewRun): Promise<RunRecord | null> {
    const [row] = await this.conn.exec
      .insert(runs)
      .values({
        id: run.id,
        sessionId: run.session_id,
        status: "running",
        model: run.model,
        background: run.background,
        clientToolsJson: run.client_tools.length ? JSON.stringify(run.client_tools) : null,
        replicaId: run.replica_id,
        createdAt: run.now,
        updatedAt: run.now,
      })
      // The one-active-run index refusing it answers null rather than aborting the caller's transaction.
      .onConflictDoNothing()
      .returning();
    return row ? runRecordOf(row) : null;
  }

  async get(id: string): Promise<RunRecord | null> {
    const [row] = await this.conn.exec.select().from(runs).where(eq(runs.id, id));
    return row ? runRecordOf(row) : null;
  }

  /** Runs newest first, of one session or (null) of every session; the cursor is the last run of the previous page. */
  async list(sessionId: string | null, limit = 50, cursor: RunCursor | null = null): Promise<RunRecord[]> {
    const after = cursor ? sql`(${runs.createdAt}, ${runs.id}) < (${cursor.created_at}, ${cursor.id})` : undefined;
    const rows = await this.conn.exec
      .select()
      .from(runs)
      .where(and(sessionId === null ? undefined : eq(runs.sessionId, sessionId), after))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(limit);
    return rows.map(runRecordOf);
  }

  async update(id: string, patch: RunPatch, now: number): Promise<RunRecord | null> {
    const values: Partial<typeof runs.$inferInsert> = { updatedAt: now };
    if (patch.status !== undefined) values.status = patch.status;
    if (patch.iterations !== undefined) values.iterations = patch.iterations;
    if (patch.usage !== undefined) {
      values.promptTokens = patch.usage.prompt_tokens;
      values.completionTokens = patch.usage.completion_tokens;
      values.totalTokens = patch.usage.total_tokens;
    }
    if (patch.compressed !== undefined) values.compressed = patch.compressed;
    if (patch.error !== undefined) values.error = patch.error;
    if (patch.finished_at !== undefined) values.finishedAt = patch.finished_at;
    if (patch.replica_id !== undefined) values.replicaId = patch.replica_id;
    const [row] = await this.conn.exec.update(runs).set(values).where(eq(runs.id, id)).returning();
    return row ? runRecordOf(row) : null;
  }

  /**
   * Moves a paused run back to running on the replica, if it is still paused: answers it, or null when another
   * replica (or another answer) resumed it first. The row lock the update takes decides which.
   */
  async resume(id: string, replicaId: string, now: number): Promise<RunRecord | null> {
    const [row] = await this.conn.exec
      .update(runs)
      .set({ status: "running", replicaId, updatedAt: now })
      .where(and(eq(runs.id, id), eq(runs.status, "requires_action")))
      .returning();
    return row ? runRecordOf(row) : null;
  }

  /**
   * Runs the replica left marked running (at its start-up, or once it is found dead). Inside a transaction each row is
   * locked for it, and rows another replica is closing already are skipped: two replicas that find the same dead one
   * close each of its runs once.
   */
  async listRunning(replicaId: string): Promise<RunRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(runs)
      .where(and(eq(runs.status, "running"), runningOn(replicaId)))
      .for("update", { skipLocked: true });
    return rows.map(runRecordOf);
  }

  /** The session's run that is running or waiting, if any (one at most: a unique index holds it). */
  async activeForSession(sessionId: string): Promise<RunRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(runs)
      .where(and(eq(runs.sessionId, sessionId), inArray(runs.status, ["running", "requires_action"])));
    return row ? runRecordOf(row) : null;
  }

  /** Runs paused on an interrupt, oldest first: they survive a restart and resume when answered. */
  async listRequiringAction(): Promise<RunRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(runs)
      .where(inArray(runs.status, ["requires_action"]))
      .orderBy(runs.createdAt);
    return rows.map(runRecordOf);
  }
}
