/**
 * @module jobs
 * The `jobs` and `job_runs` tables: jobs listed newest first, the due ones found, each tick claimed by a conditional
 * update of `next_run_at`, and the runs each job fired.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import { jobRuns, jobs } from "../schema.js";
import type { JobPatch, JobRecord, JobRunRecord, OwnerFilter } from "../records.js";
import { jobInsertValues, jobPatchValues, jobRecordOf, jobRunInsertValues, jobRunRecordOf } from "../rows/jobs.js";
import { ownedBy } from "../rows/owner-filter.js";
import type { JobRepository } from "../jobs-store.js";
import type { Sync } from "../store.js";

export class SqliteJobRepository implements Sync<JobRepository> {
  constructor(private readonly db: Db) {}

  create(record: JobRecord): JobRecord {
    return jobRecordOf(this.db.insert(jobs).values(jobInsertValues(record)).returning().get());
  }

  get(id: string): JobRecord | null {
    const row = this.db.select().from(jobs).where(eq(jobs.id, id)).get();
    return row ? jobRecordOf(row) : null;
  }

  list(owner: OwnerFilter, limit: number, offset: number, includeDisabled: boolean): JobRecord[] {
    return this.db
      .select()
      .from(jobs)
      .where(and(ownedBy(jobs.owner, owner), includeDisabled ? undefined : eq(jobs.enabled, true)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit)
      .offset(offset)
      .all()
      .map(jobRecordOf);
  }

  update(id: string, patch: JobPatch, now: number): JobRecord | null {
    const row = this.db.update(jobs).set(jobPatchValues(patch, now)).where(eq(jobs.id, id)).returning().get();
    return row ? jobRecordOf(row) : null;
  }

  delete(id: string): boolean {
    return this.db.delete(jobs).where(eq(jobs.id, id)).run().changes > 0;
  }

  due(now: number, limit: number): JobRecord[] {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.enabled, true), isNotNull(jobs.nextRunAt), lte(jobs.nextRunAt, now)))
      .orderBy(asc(jobs.nextRunAt))
      .limit(limit)
      .all()
      .map(jobRecordOf);
  }

  queued(limit: number): JobRecord[] {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.enabled, true), eq(jobs.queued, true)))
      .limit(limit)
      .all()
      .map(jobRecordOf);
  }

  claimTick(id: string, expected: number, next: number | null, now: number): boolean {
    const result = this.db
      .update(jobs)
      .set({ nextRunAt: next, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.nextRunAt, expected)))
      .run();
    return result.changes === 1;
  }

  settling(limit: number): JobRecord[] {
    return this.db
      .select()
      .from(jobs)
      .where(inArray(jobs.lastStatus, ["running", "requires_action"]))
      .limit(limit)
      .all()
      .map(jobRecordOf);
  }

  settleStatus(id: string, expected: string, status: string, error: string | null, now: number): boolean {
    const result = this.db
      .update(jobs)
      .set({ lastStatus: status, lastError: error, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.lastStatus, expected)))
      .run();
    return result.changes === 1;
  }

  claimQueued(id: string, now: number): boolean {
    const result = this.db
      .update(jobs)
      .set({ queued: false, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.queued, true)))
      .run();
    return result.changes === 1;
  }

  addRun(record: JobRunRecord): void {
    this.db.insert(jobRuns).values(jobRunInsertValues(record)).run();
  }

  runs(jobId: string, limit: number): JobRunRecord[] {
    return this.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobId, jobId))
      .orderBy(desc(jobRuns.firedAt), desc(jobRuns.id))
      .limit(limit)
      .all()
      .map(jobRunRecordOf);
  }

  runOf(runId: string): JobRunRecord | null {
    const row = this.db.select().from(jobRuns).where(eq(jobRuns.runId, runId)).get();
    return row ? jobRunRecordOf(row) : null;
  }
}
