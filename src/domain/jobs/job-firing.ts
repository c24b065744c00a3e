/**
 * @module job-firing
 * Firing a job: its run started through the agent like any other, in the name of the job's owner and API key (so the
 * key's limits, quotas and usage count it), on a fresh session titled after the job or on the one session it reuses.
 * A firing that cannot start (a revoked key, no model, a limit reached) is recorded with why, and announced.
 */
import type { JobRecord, JobRunRecord, JobTrigger, SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import type { Logger } from "../../logger.js";
import type { AgentRunner } from "../agent/runner.js";
import type { AuditLog } from "../audit/audit-log.js";
import type { EngineSessions } from "../context/engine-session.js";
import { callerOfKey, SERVER_CALLER, type AuditTrail, type Caller } from "../shared/owner-scope.js";
import type { SessionService } from "../sessions/service.js";
import type { SessionOwnedConfig } from "../shared/config-policy.js";

/** Where a job's failures are announced (the webhooks' `job.failed`). */
export type JobNotices = { jobFailed(job: JobRecord, error: string, runId: string | null): void };

export type JobFiringDeps = {
  store: Store;
  sessions: SessionService;
  engineSessions: EngineSessions;
  agent: AgentRunner;
  audit: AuditLog;
  now: () => number;
  logger: Logger;
  notices: JobNotices;
  /** Counts each firing by how it went (the metrics). */
  onFired?: (trigger: JobTrigger, outcome: "started" | "failed") => void;
};

export class JobFiring {
  constructor(private readonly deps: JobFiringDeps) {}

  /**
   * Starts one run of the job and records the firing; a firing that cannot start is recorded with its error and
   * announced, then its error is thrown (the scheduler logs it, a person's "run now" is answered with it).
   */
  async fire(job: JobRecord, trigger: JobTrigger): Promise<JobRunRecord> {
    const { store, now } = this.deps;
    const firedAt = now();
    try {
      const caller = await this.callerOf(job);
      const session = await this.sessionFor(job, caller);
      const started = await this.deps.agent.start(
        session,
        { role: "user", content: job.prompt },
        { feed: false, background: true, caller },
      );
      const record: JobRunRecord = {
        id: newId("jbr", firedAt),
        job_id: job.id,
        run_id: started.runId,
        session_id: session.id,
        trigger,
        fired_at: firedAt,
        error: null,
      };
      await store.jobs.addRun(record);
      const fired = job.runs_fired + 1;
      const finished = job.max_runs !== null && fired >= job.max_runs;
      const current = (await store.jobs.get(job.id)) ?? job;
      await store.jobs.update(
        job.id,
        {
          runs_fired: fired,
          last_run_at: firedAt,
          last_status: "running",
          last_error: null,
          ...(finished || ("at" in job.schedule && current.next_run_at === null)
            ? { enabled: false, next_run_at: null }
            : {}),
        },
        now(),
      );
      caller.trail.note({ action: "job.fire", resource: { type: "job", id: job.id }, detail: { trigger } });
      this.deps.logger.info({ job_id: job.id, run_id: started.runId, trigger }, "job fired");
      this.deps.onFired?.(trigger, "started");
      return record;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await store.jobs.addRun({
        id: newId("jbr", firedAt),
        job_id: job.id,
        run_id: null,
        session_id: null,
        trigger,
        fired_at: firedAt,
        error: message,
      });
      await store.jobs.update(job.id, { last_run_at: firedAt, last_status: "error", last_error: message }, now());
      this.deps.logger.warn({ job_id: job.id, trigger, err: error }, "a job could not start its run");
      this.deps.notices.jobFailed(job, message, null);
      this.deps.onFired?.(trigger, "failed");
      throw error;
    }
  }

  /** Who the job's runs act as: the key that made it (refused once revoked or expired), else the server. */
  private async callerOf(job: JobRecord): Promise<Caller> {
    const actor = { key_id: job.key_id, owner: job.owner };
    const trail: AuditTrail = {
      note: (note) => void this.deps.audit.record({ ...note, actor, status: null }),
    };
    if (job.key_id === null) return { ...SERVER_CALLER, owner: job.owner, trail };
    const key = await this.deps.store.apiKeys.get(job.key_id);
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= this.deps.now()))
      throw new DomainError("insufficient_scope", `the API key ${job.key_id} that made the job is revoked or expired`);
    return callerOfKey(key, trail);
  }

  /** A fresh session titled after the job, or the one session a `reuse` job goes on in (made on its first firing). */
  private async sessionFor(job: JobRecord, caller: Caller): Promise<SessionRecord> {
    const { sessions, store, now } = this.deps;
    if (job.session_mode === "reuse" && job.session_id) {
      const existing = await sessions.find(job.session_id);
      if (existing) return existing;
    }
    const config = job.config as SessionOwnedConfig;
    await sessions.checkConfig(config);
    const session = await sessions.create({ title: job.name, config, caller });
    await this.deps.engineSessions.sessionStarted(session.id);
    if (job.session_mode === "reuse") await store.jobs.update(job.id, { session_id: session.id }, now());
    return (await store.sessions.get(session.id)) ?? session;
  }
}
