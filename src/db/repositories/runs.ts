/**
 * @module runs
 * The `runs` table: each agent run's status, iterations and token usage as it goes, and at start-up the runs a
 * previous process left `running`, which are marked interrupted.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { PreparedUpdates } from "../prepared-updates.js";
import { runs } from "../schema.js";
import type { RunPatch, RunRecord } from "../records.js";

type Row = typeof runs.$inferSelect;

function toRecord(row: Row): RunRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    status: row.status,
    iterations: row.iterations,
    usage: { prompt_tokens: row.promptTokens, completion_tokens: row.completionTokens, total_tokens: row.totalTokens },
    compressed: row.compressed,
    error: row.error,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    finished_at: row.finishedAt,
  };
}

export class RunRepository {
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
          createdAt: sql.placeholder("now"),
          updatedAt: sql.placeholder("now"),
        })
        .returning()
        .prepare(),
      get: db
        .select()
        .from(runs)
        .where(eq(runs.id, sql.placeholder("id")))
        .prepare(),
    };
    this.updates = new PreparedUpdates(db, runs, runs.id);
  }

  create(id: string, sessionId: string, now: number): RunRecord {
    const row = this.statements.create.get({ id, sessionId, now });
    if (!row) throw new Error(`run ${id} was not stored`);
    return toRecord(row);
  }

  get(id: string): RunRecord | null {
    const row = this.statements.get.get({ id });
    return row ? toRecord(row) : null;
  }

  /** The session's runs, newest first. */
  listForSession(sessionId: string, limit = 50): RunRecord[] {
    return this.db
      .select()
      .from(runs)
      .where(eq(runs.sessionId, sessionId))
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(limit)
      .all()
      .map(toRecord);
  }

  update(id: string, patch: RunPatch, now: number): RunRecord | null {
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
    const row = this.updates.run(id, values);
    return row ? toRecord(row) : null;
  }

  /** Runs still marked running (at start-up: the ones a previous process left). */
  listRunning(): RunRecord[] {
    return this.db.select().from(runs).where(eq(runs.status, "running")).all().map(toRecord);
  }

  interruptAllRunning(now: number, reason: string): number {
    return this.db
      .update(runs)
      .set({ status: "interrupted", error: reason, updatedAt: now, finishedAt: now })
      .where(eq(runs.status, "running"))
      .run().changes;
  }
}
