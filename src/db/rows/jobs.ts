/**
 * @module jobs
 * The `jobs` and `job_runs` tables' rows as both stores write and read them (the same columns in each dialect).
 */
import type { jobRuns, jobs } from "../schema.js";
import type { JobPatch, JobRecord, JobRunRecord, JobSchedule } from "../records.js";

type Row = typeof jobs.$inferSelect;
type Insert = typeof jobs.$inferInsert;
type RunRow = typeof jobRuns.$inferSelect;

export function jobRecordOf(row: Row): JobRecord {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    key_id: row.keyId,
    prompt: row.prompt,
    schedule: JSON.parse(row.scheduleJson) as JobSchedule,
    session_mode: row.sessionMode,
    session_id: row.sessionId,
    config: JSON.parse(row.configJson) as Record<string, unknown>,
    enabled: row.enabled,
    max_runs: row.maxRuns,
    runs_fired: row.runsFired,
    overlap: row.overlap,
    catch_up: row.catchUp,
    metadata: JSON.parse(row.metadataJson) as Record<string, unknown>,
    deliver: row.deliver,
    skills: JSON.parse(row.skillsJson) as string[],
    next_run_at: row.nextRunAt,
    queued: row.queued,
    last_run_at: row.lastRunAt,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function jobInsertValues(record: JobRecord): Insert {
  return {
    id: record.id,
    name: record.name,
    owner: record.owner,
    keyId: record.key_id,
    prompt: record.prompt,
    scheduleJson: JSON.stringify(record.schedule),
    sessionMode: record.session_mode,
    sessionId: record.session_id,
    configJson: JSON.stringify(record.config),
    enabled: record.enabled,
    maxRuns: record.max_runs,
    runsFired: record.runs_fired,
    overlap: record.overlap,
    catchUp: record.catch_up,
    metadataJson: JSON.stringify(record.metadata),
    deliver: record.deliver,
    skillsJson: JSON.stringify(record.skills),
    nextRunAt: record.next_run_at,
    queued: record.queued,
    lastRunAt: record.last_run_at,
    lastStatus: record.last_status,
    lastError: record.last_error,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

/** The columns a patch sets (JSON fields written as text), with the time of the change. */
export function jobPatchValues(patch: JobPatch, now: number): Partial<Insert> {
  const values: Partial<Insert> = { updatedAt: now };
  const json = { schedule: "scheduleJson", config: "configJson", metadata: "metadataJson", skills: "skillsJson" };
  const plain = {
    name: "name",
    prompt: "prompt",
    session_mode: "sessionMode",
    session_id: "sessionId",
    enabled: "enabled",
    max_runs: "maxRuns",
    overlap: "overlap",
    catch_up: "catchUp",
    deliver: "deliver",
    next_run_at: "nextRunAt",
    queued: "queued",
    last_run_at: "lastRunAt",
    last_status: "lastStatus",
    last_error: "lastError",
    runs_fired: "runsFired",
  } as const;
  const out = values as Record<string, unknown>;
  for (const [key, column] of Object.entries(json))
    if (patch[key as keyof typeof json] !== undefined) out[column] = JSON.stringify(patch[key as keyof typeof json]);
  for (const [key, column] of Object.entries(plain))
    if (patch[key as keyof typeof plain] !== undefined) out[column] = patch[key as keyof typeof plain];
  return values;
}

export function jobRunRecordOf(row: RunRow): JobRunRecord {
  return {
    id: row.id,
    job_id: row.jobId,
    run_id: row.runId,
    session_id: row.sessionId,
    trigger: row.trigger,
    fired_at: row.firedAt,
    error: row.error,
  };
}

export function jobRunInsertValues(record: JobRunRecord): typeof jobRuns.$inferInsert {
  return {
    id: record.id,
    jobId: record.job_id,
    runId: record.run_id,
    sessionId: record.session_id,
    trigger: record.trigger,
    firedAt: record.fired_at,
    error: record.error,
  };
}
