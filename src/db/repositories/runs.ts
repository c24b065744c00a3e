/**
 * @module runs
 * The `runs` table: each agent run's status, iterations and token usage as it goes, the model and client tools it
 * was started with (so a run paused on an interrupt resumes the same after a restart), the session's runs newest
 * first, the replica executing each, the runs a replica left `running` (a previous process, or one found dead), and
 * the one active run per session a unique index allows.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { PreparedUpdates } from "../prepared-updates.js";
import { runIsActive, runs, sessions, toolCalls } from "../schema.js";
import type { NewRun, OwnerFilter, RunPatch, RunRecord, RunCursor, SessionUsage } from "../records.js";
import { ownedBy } from "../rows/owner-filter.js";
import { modelOptionsJson, runPatchValues, runRecordOf, sessionUsageOf } from "../rows/runs.js";
import type { RunRepository, Sync } from "../store.js";

/**
 * Runs executing on the replica; runs stored before replicas were recorded (null) belong to whichever replica starts
 * first, as they did when there was one process.
 */
const runningOn = (replicaId: string) => sql`(${runs.replicaId} = ${replicaId} or ${runs.replicaId} is null)`;

export class SqliteRunRepository implements Sync<RunRepository> {
  /** Every turn creates a run and updates it as it goes; built once (building costs more than running it). */
  private readonly statements;
  private readonly updates: PreparedUpdates<typeof runs, typeof runs.$inferSelect>;

  constructor(private readonly db: Db) {
    this.statements = {
      create: db
        .insert(runs)
        .values({
          id: sql.placeholder("id"),
          sessionId: sql.placeholder("sessionId"),
          status: "running",
          model: sql.placeholder("model"),
          background: sql.placeholder("background"),
          clientToolsJson: sql.placeholder("clientToolsJson"),
          modelOptionsJson: sql.placeholder("modelOptionsJson"),
          replicaId: sql.placeholder("replicaId"),
          keyId: sql.placeholder("keyId"),
          createdAt: sql.placeholder("now"),
          updatedAt: sql.placeholder("now"),
        })
        .onConflictDoNothing()
        .returning()
        .prepare(),
      get: db
        .select()
        .from(runs)
        .where(eq(runs.id, sql.placeholder("id")))
        .prepare(),
      // Asked before every turn starts.
      activeForSession: db
        .select()
        .from(runs)
        .where(and(eq(runs.sessionId, sql.placeholder("sessionId")), runIsActive))
        .prepare(),
    };
    this.updates = new PreparedUpdates(db, runs, runs.id);
  }

  /** Stores a new running run; null when the session has a run running or waiting already (nothing is stored). */
  create(run: NewRun): RunRecord | null {
    const row = this.statements.create.get({
      id: run.id,
      sessionId: run.session_id,
      model: run.model,
      // better-sqlite3 binds numbers, not booleans; drizzle's mapping is skipped for placeholders.
      background: run.background ? 1 : 0,
      clientToolsJson: run.client_tools.length ? JSON.stringify(run.client_tools) : null,
      modelOptionsJson: modelOptionsJson(run.model_options),
      replicaId: run.replica_id,
      keyId: run.key_id ?? null,
      now: run.now,
    });
    return row ? runRecordOf(row) : null;
  }

  get(id: string): RunRecord | null {
    const row = this.statements.get.get({ id });
    return row ? runRecordOf(row) : null;
  }

  /** Runs newest first, of one session or (null) of every session; the cursor is the last run of the previous page. */
  list(sessionId: string | null, limit = 50, cursor: RunCursor | null = null, owner: OwnerFilter = null): RunRecord[] {
    const after = cursor ? sql`(${runs.createdAt}, ${runs.id}) < (${cursor.created_at}, ${cursor.id})` : undefined;
    const owned = owner
      ? inArray(
          runs.sessionId,
          this.db.select({ id: sessions.id }).from(sessions).where(ownedBy(sessions.owner, owner)),
        )
      : undefined;
    return this.db
      .select()
      .from(runs)
      .where(and(sessionId === null ? undefined : eq(runs.sessionId, sessionId), after, owned))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(limit)
      .all()
      .map(runRecordOf);
  }

  update(id: string, patch: RunPatch, now: number): RunRecord | null {
    const values = runPatchValues(patch, now);
    const row = this.updates.run(id, values);
    return row ? runRecordOf(row) : null;
  }

  /**
   * Moves a paused run back to running on the replica, if it is still paused: answers it, or null when another
   * replica (or another answer) resumed it first.
   */
  resume(id: string, replicaId: string, now: number): RunRecord | null {
    const row = this.db
      .update(runs)
      .set({ status: "running", replicaId, updatedAt: now })
      .where(and(eq(runs.id, id), eq(runs.status, "requires_action")))
      .returning()
      .get();
    return row ? runRecordOf(row) : null;
  }

  /** Runs the replica left marked running (at its start-up, or once it is found dead); only `runId` when given. */
  listRunning(replicaId: string, runId?: string): RunRecord[] {
    return this.db
      .select()
      .from(runs)
      .where(
        and(eq(runs.status, "running"), runningOn(replicaId), runId === undefined ? undefined : eq(runs.id, runId)),
      )
      .all()
      .map(runRecordOf);
  }

  /** The session's run that is running or waiting, if any (one at most: a unique index holds it). */
  activeForSession(sessionId: string): RunRecord | null {
    const row = this.statements.activeForSession.get({ sessionId });
    return row ? runRecordOf(row) : null;
  }

  /** How many runs the key started are running or waiting, on any replica. */
  activeCountOfKey(keyId: string): number {
    const row = this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(runs)
      .where(and(eq(runs.keyId, keyId), runIsActive))
      .get();
    return row?.count ?? 0;
  }

  /** Runs paused on an interrupt, oldest first: they survive a restart and resume when answered. */
  listRequiringAction(): RunRecord[] {
    return this.db
      .select()
      .from(runs)
      .where(inArray(runs.status, ["requires_action"]))
      .orderBy(runs.createdAt)
      .all()
      .map(runRecordOf);
  }

  /** What each session's runs have used, in two grouped reads whatever their number; a session with none is absent. */
  usageOfSessions(sessionIds: string[]): Map<string, SessionUsage> {
    if (sessionIds.length === 0) return new Map();
    const sums = this.db
      .select({
        sessionId: runs.sessionId,
        input: sql<number>`sum(${runs.promptTokens})`.mapWith(Number),
        output: sql<number>`sum(${runs.completionTokens})`.mapWith(Number),
        cacheRead: sql<number>`sum(${runs.cacheReadTokens})`.mapWith(Number),
        cacheWrite: sql<number>`sum(${runs.cacheWriteTokens})`.mapWith(Number),
        calls: sql<number>`sum(${runs.iterations})`.mapWith(Number),
      })
      .from(runs)
      .where(inArray(runs.sessionId, sessionIds))
      .groupBy(runs.sessionId)
      .all();
    const tools = this.db
      .select({ sessionId: toolCalls.sessionId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(toolCalls)
      .where(inArray(toolCalls.sessionId, sessionIds))
      .groupBy(toolCalls.sessionId)
      .all();
    return sessionUsageOf(sums, tools);
  }
}
