/**
 * @module runs
 * The `runs` table on PostgreSQL, as the SQLite repository (../../repositories/runs.ts) keeps it: each run's status,
 * iterations and usage, the model and client tools it started with, the replica executing it, and the runs a
 * replica left `running` when it stopped or died. The partial unique index runs_one_active_idx refuses a second
 * active run of a session, whichever replica inserts it.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { OwnerFilter, RunCursor } from "../../records.js";
import { ownedBy } from "../../rows/owner-filter.js";
import type { RunRepository } from "../../store.js";
import type { NewRun, RunPatch, RunRecord, SessionUsage } from "../../records.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { NamedUpdates } from "../named-statements.js";
import { RUN_IS_ACTIVE, runIsActive, runs, sessions, storableText, toolCalls } from "../schema.js";
import { modelOptionsJson, runPatchValues, runRecordOf, sessionUsageOf } from "../../rows/runs.js";

/**
 * Runs executing on the replica; runs stored before replicas were recorded (null) belong to whichever replica starts
 * first, as they did when there was one process.
 */
const runningOn = (replicaId: string) => sql`(${runs.replicaId} = ${replicaId} or ${runs.replicaId} is null)`;

/** The updates of a run's columns, and its rows as read; a turn updates its run twice and reads the active one. */
const updates = new NamedUpdates("run", runs, runs.id);
const GET_RUN = namedStatement("get_run", `select ${updates.rows.list} from runs where id = $1`);
const ACTIVE_RUN = namedStatement(
  "active_run",
  `select ${updates.rows.list} from runs where session_id = $1 and ${RUN_IS_ACTIVE}`,
);

/**
 * A new running run: $1 id, $2 session, $3 model, $4 background, $5 the client's tools as JSON or null, $6 the
 * replica, $7 now, $8 the model options as JSON or null, $9 the API key that started it or null. The one-active-run
 * index refusing it answers no row rather than aborting the caller's transaction.
 */
const CREATE_RUN = namedStatement(
  "create_run",
  `insert into runs (id, session_id, status, model, background, client_tools_json, replica_id, created_at, updated_at,
    model_options_json, key_id)
  values ($1, $2, 'running', $3, $4, $5, $6, $7, $7, $8, $9)
  on conflict do nothing
  returning ${updates.rows.list}`,
);

export class PgRunRepository implements RunRepository {
  constructor(private readonly conn: PgConnection) {}

  /** Stores a new running run; null when the session has a run running or waiting already (nothing is stored). */
  async create(run: NewRun): Promise<RunRecord | null> {
    const [raw] = await this.conn.query(CREATE_RUN, [
      run.id,
      run.session_id,
      storableText(run.model),
      run.background,
      run.client_tools.length ? JSON.stringify(run.client_tools) : null,
      run.replica_id,
      run.now,
      modelOptionsJson(run.model_options),
      run.key_id ?? null,
    ]);
    return raw ? runRecordOf(updates.rows.read(raw)) : null;
  }

  async get(id: string): Promise<RunRecord | null> {
    const [raw] = await this.conn.query(GET_RUN, [id]);
    return raw ? runRecordOf(updates.rows.read(raw)) : null;
  }

  /** Runs newest first, of one session or (null) of every session; the cursor is the last run of the previous page. */
  async list(
    sessionId: string | null,
    limit = 50,
    cursor: RunCursor | null = null,
    owner: OwnerFilter = null,
  ): Promise<RunRecord[]> {
    const after = cursor ? sql`(${runs.createdAt}, ${runs.id}) < (${cursor.created_at}, ${cursor.id})` : undefined;
    const owned = owner
      ? inArray(
          runs.sessionId,
          this.conn.exec.select({ id: sessions.id }).from(sessions).where(ownedBy(sessions.owner, owner)),
        )
      : undefined;
    const rows = await this.conn.exec
      .select()
      .from(runs)
      .where(and(sessionId === null ? undefined : eq(runs.sessionId, sessionId), after, owned))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(limit);
    return rows.map(runRecordOf);
  }

  async update(id: string, patch: RunPatch, now: number): Promise<RunRecord | null> {
    const values = runPatchValues(patch, now);
    const update = updates.prepare(id, values);
    const [raw] = await this.conn.query(update.statement, update.values);
    return raw ? runRecordOf(updates.rows.read(raw)) : null;
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
   * close each of its runs once. Only `runId` when given.
   */
  async listRunning(replicaId: string, runId?: string): Promise<RunRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(runs)
      .where(
        and(eq(runs.status, "running"), runningOn(replicaId), runId === undefined ? undefined : eq(runs.id, runId)),
      )
      .for("update", { skipLocked: true });
    return rows.map(runRecordOf);
  }

  /** The session's run that is running or waiting, if any (one at most: a unique index holds it). */
  async activeForSession(sessionId: string): Promise<RunRecord | null> {
    const [raw] = await this.conn.query(ACTIVE_RUN, [sessionId]);
    return raw ? runRecordOf(updates.rows.read(raw)) : null;
  }

  /** How many runs the key started are running or waiting, on any replica. */
  async activeCountOfKey(keyId: string): Promise<number> {
    const [row] = await this.conn.exec
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(runs)
      .where(and(eq(runs.keyId, keyId), runIsActive));
    return row?.count ?? 0;
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

  /** What each session's runs have used, in two grouped reads whatever their number; a session with none is absent. */
  async usageOfSessions(sessionIds: string[]): Promise<Map<string, SessionUsage>> {
    if (sessionIds.length === 0) return new Map();
    const sums = await this.conn.exec
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
      .groupBy(runs.sessionId);
    const tools = await this.conn.exec
      .select({ sessionId: toolCalls.sessionId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(toolCalls)
      .where(inArray(toolCalls.sessionId, sessionIds))
      .groupBy(toolCalls.sessionId);
    return sessionUsageOf(sums, tools);
  }
}
