/**
 * @module job-scheduler
 * The scheduler: every `jobs.poll_interval_ms` it reads the jobs whose tick has come and claims each tick in the
 * database (a conditional update of `next_run_at`), so with several replicas each tick fires exactly once. A tick
 * missed while no server ran (later than LATE_AFTER_MS) fires once with `catch_up: one` and not at all with `none`;
 * the next tick is always the first one still ahead — never a burst. A tick that finds the previous firing still
 * running is skipped (`overlap: skip`) or held and fired when it ends (`queue`). Each look also records how the runs
 * jobs fired ended, whichever replica ran them, announcing a failure once.
 */
import type { JobRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { FINAL_RUN_STATUSES } from "../../kernel/chat.js";
import type { Logger } from "../../logger.js";
import type { JobFiring, JobNotices } from "./job-firing.js";
import { tickAfter } from "./schedule.js";

/** The most due jobs (and queued ticks) one look handles; the rest wait for the next look. */
const JOBS_PER_LOOK = 50;
/** A tick later than this (or three looks, if longer) was missed, not just reached late by a busy look. */
const LATE_AFTER_MS = 5_000;

export type JobSchedulerDeps = {
  store: Store;
  firing: JobFiring;
  notices: JobNotices;
  now: () => number;
  logger: Logger;
  pollIntervalMs: number;
};

export class JobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private readonly lateAfterMs: number;

  constructor(private readonly deps: JobSchedulerDeps) {
    this.lateAfterMs = Math.max(LATE_AFTER_MS, 3 * deps.pollIntervalMs);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), this.deps.pollIntervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** One look at the due jobs and the queued ticks; a look under way is joined, not doubled. */
  look(): Promise<void> {
    this.looking ??= this.lookOnce().finally(() => (this.looking = null));
    return this.looking;
  }

  private async lookOnce(): Promise<void> {
    const { store, now, logger } = this.deps;
    try {
      for (const job of await store.jobs.due(now(), JOBS_PER_LOOK)) await this.tick(job);
      for (const job of await store.jobs.settling(JOBS_PER_LOOK)) await this.settle(job);
      for (const job of await store.jobs.queued(JOBS_PER_LOOK)) await this.fireQueued(job);
    } catch (err) {
      logger.error({ err }, "the job scheduler could not look at the due jobs");
    }
  }

  private async tick(job: JobRecord): Promise<void> {
    const { store, now, logger } = this.deps;
    const due = job.next_run_at;
    if (due === null) return;
    const at = now();
    // A job that fired its max_runs (and was resumed) fires no more.
    const spent = job.max_runs !== null && job.runs_fired >= job.max_runs;
    const next = spent ? null : tickAfter(job.schedule, due, at);
    if (!(await store.jobs.claimTick(job.id, due, next, at))) return;
    if (spent) {
      await store.jobs.update(job.id, { enabled: false }, at);
      return;
    }
    const missed = at - due > this.lateAfterMs;
    if (missed && job.catch_up === "none") {
      logger.info({ job_id: job.id, due }, "a tick missed while no server ran was skipped (catch_up: none)");
      if (next === null) await store.jobs.update(job.id, { enabled: false }, at);
      return;
    }
    if (await this.previousRunning(job)) {
      if (job.overlap === "queue") await store.jobs.update(job.id, { queued: true }, at);
      else logger.info({ job_id: job.id }, "a tick was skipped: the previous firing still runs (overlap: skip)");
      if (next === null && job.overlap === "skip") await store.jobs.update(job.id, { enabled: false }, at);
      return;
    }
    await this.fire(job, missed ? "catch_up" : "schedule");
  }

  private async fireQueued(job: JobRecord): Promise<void> {
    if (await this.previousRunning(job)) return;
    if (!(await this.deps.store.jobs.claimQueued(job.id, this.deps.now()))) return;
    await this.fire(job, "queued");
  }

  private async fire(job: JobRecord, trigger: "schedule" | "catch_up" | "queued"): Promise<void> {
    const fresh = (await this.deps.store.jobs.get(job.id)) ?? job;
    // Recorded and announced by the firing; nothing more to do here.
    await this.deps.firing.fire(fresh, trigger).catch(() => undefined);
  }

  /** Whether the job's newest firing still runs or waits on a person. */
  private async previousRunning(job: JobRecord): Promise<boolean> {
    const [last] = await this.deps.store.jobs.runs(job.id, 1);
    if (!last?.run_id) return false;
    const run = await this.deps.store.runs.get(last.run_id);
    return run !== null && !FINAL_RUN_STATUSES.has(run.status);
  }

  /**
   * A job whose last firing's run has ended records how (claimed with a conditional update, so one replica does it),
   * and a failure is announced.
   */
  private async settle(job: JobRecord): Promise<void> {
    const { store, now } = this.deps;
    const [last] = await store.jobs.runs(job.id, 1);
    const run = last?.run_id ? await store.runs.get(last.run_id) : null;
    const expected = job.last_status;
    if (expected === null) return;
    if (run && !FINAL_RUN_STATUSES.has(run.status)) {
      if (run.status !== expected) await store.jobs.settleStatus(job.id, expected, run.status, null, now());
      return;
    }
    const status = run?.status ?? "failed";
    const error = run ? run.error : "the run is gone";
    if (!(await store.jobs.settleStatus(job.id, expected, status, error, now()))) return;
    if (status === "failed") this.deps.notices.jobFailed(job, error ?? "the run failed", run?.id ?? null);
  }
}
