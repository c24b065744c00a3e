/**
 * @module jobs
 * The `jobs` and `job_runs` tables: jobs listed newest first, the due ones found, each tick claimed by a conditional
 * update of `next_run_at`, and the runs each job fired.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { jobRuns, jobs } from "../schema.js";
import type { JobPatch, JobRecord, JobRunRecord, OwnerFilter } from "../../records.js";
import { jobInsertValues, jobPatchValues, jobRecordOf, jobRunInsertValues, jobRunRecordOf } from "../../rows/jobs.js";
import { ownedBy } from "../../rows/owner-filter.js";
import type { JobRepository } from "../../jobs-store.js";
import type { PgConnection } from "../connection.js";

export class PgJobRepository implements JobRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(record: JobRecord): Promise<JobRecord> {
    const [row] = await this.conn.exec.insert(jobs).values(jobInsertValues(record)).returning();
    return jobRecordOf(row);
  }

  async get(id: string): Promise<JobRecord | null> {
    const [row] = await this.conn.exec.select().from(jobs).where(eq(jobs.id, id));
    return row ? jobRecordOf(row) : null;
  }

  async list(owner: OwnerFilter, limit: number, offset: number, includeDisabled: boolean): Promise<JobRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(jobs)
        .where(and(ownedBy(jobs.owner, owner), includeDisabled ? undefined : eq(jobs.enabled, true)))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit)
        .offset(offset)
    ).map(jobRecordOf);
  }

  async update(id: string, patch: JobPatch, now: number): Promise<JobRecord | null> {
    const [row] = await this.conn.exec.update(jobs).set(jobPatchValues(patch, now)).where(eq(jobs.id, id)).returning();
    return row ? jobRecordOf(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    return ((await this.conn.exec.delete(jobs).where(eq(jobs.id, id))).rowCount ?? 0) > 0;
  }

  async due(now: number, limit: number): Promise<JobRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(jobs)
        .where(and(eq(jobs.enabled, true), isNotNull(jobs.nextRunAt), lte(jobs.nextRunAt, now)))
        .orderBy(asc(jobs.nextRunAt))
        .limit(limit)
    ).map(jobRecordOf);
  }

  async queued(limit: number): Promise<JobRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(jobs)
        .where(and(eq(jobs.enabled, true), eq(jobs.queued, true)))
        .limit(limit)
    ).map(jobRecordOf);
  }

  async claimTick(id: string, expected: number, next: number | null, now: number): Promise<boolean> {
    const result = await this.conn.exec
      .update(jobs)
      .set({ nextRunAt: next, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.nextRunAt, expected)));
    return result.rowCount === 1;
  }

  async settling(limit: number): Promise<JobRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(jobs)
        .where(inArray(jobs.lastStatus, ["running", "requires_action"]))
        .limit(limit)
    ).map(jobRecordOf);
  }

  async settleStatus(
    id: string,
    expected: string,
    status: string,
    error: string | null,
    now: number,
  ): Promise<boolean> {
    const result = await this.conn.exec
      .update(jobs)
      .set({ lastStatus: status, lastError: error, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.lastStatus, expected)));
    return result.rowCount === 1;
  }

  async claimQueued(id: string, now: number): Promise<boolean> {
    const result = await this.conn.exec
      .update(jobs)
      .set({ queued: false, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.queued, true)));
    return result.rowCount === 1;
  }

  async addRun(record: JobRunRecord): Promise<void> {
    await this.conn.exec.insert(jobRuns).values(jobRunInsertValues(record));
  }

  async runs(jobId: string, limit: number): Promise<JobRunRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.jobId, jobId))
        .orderBy(desc(jobRuns.firedAt), desc(jobRuns.id))
        .limit(limit)
    ).map(jobRunRecordOf);
  }

  async runOf(runId: string): Promise<JobRunRecord | null> {
    const [row] = await this.conn.exec.select().from(jobRuns).where(eq(jobRuns.runId, runId));
    return row ? jobRunRecordOf(row) : null;
  }
}
