/**
 * @module present
 * Jobs and the runs they fired as the native routes answer them: times in ISO 8601, the state derived, the schedule
 * described.
 */
import type { JobRecord } from "../shared/records.js";
import { jobState, type JobRunView } from "../../domain/jobs/jobs.js";
import { describeSchedule } from "../../domain/jobs/schedule.js";
import { isoOrNull as iso } from "../shared/times.js";

export function presentJob(job: JobRecord, now: number) {
  return {
    id: job.id,
    name: job.name,
    schedule: job.schedule,
    schedule_display: describeSchedule(job.schedule),
    prompt: job.prompt,
    session: { mode: job.session_mode, id: job.session_id },
    config: job.config,
    enabled: job.enabled,
    state: jobState(job, now),
    max_runs: job.max_runs,
    runs_fired: job.runs_fired,
    overlap: job.overlap,
    catch_up: job.catch_up,
    metadata: job.metadata,
    next_run_at: iso(job.next_run_at),
    last_run_at: iso(job.last_run_at),
    last_status: job.last_status,
    last_error: job.last_error,
    owner: job.owner,
    created_at: new Date(job.created_at).toISOString(),
    updated_at: new Date(job.updated_at).toISOString(),
  };
}

export function presentJobRun({ firing, run }: JobRunView) {
  return {
    run_id: firing.run_id,
    session_id: firing.session_id,
    trigger: firing.trigger,
    status: run?.status ?? null,
    started_at: new Date(firing.fired_at).toISOString(),
    finished_at: iso(run?.finished_at ?? null),
    usage: run?.usage ?? null,
    error: firing.error ?? run?.error ?? null,
  };
}

export type JobResponse = ReturnType<typeof presentJob>;
export type JobRunResponse = ReturnType<typeof presentJobRun>;
