/**
 * @module jobs
 * Scheduled jobs as their owners manage them: created (schedule, prompt, session and config checked), listed,
 * read, changed, paused, resumed, fired at once, deleted, and the runs each fired. Every job is its creating
 * caller's (owner and key); another owner's job is answered exactly as a missing one.
 */
import type {
  JobCatchUp,
  JobOverlap,
  JobPatch,
  JobRecord,
  JobRunRecord,
  JobSchedule,
  JobSessionMode,
  RunRecord,
} from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newJobId } from "../../kernel/ids.js";
import type { SessionService } from "../sessions/service.js";
import type { SessionOwnedConfig } from "../shared/config-policy.js";
import { noteRefused, ownerFilter, visibleTo, type Caller } from "../shared/owner-scope.js";
import type { JobFiring } from "./job-firing.js";
import { checkSchedule, firstTick } from "./schedule.js";

/** The longest prompt a job may carry (Hermes's limit too). */
export const MAX_JOB_PROMPT_CHARS = 5_000;
/** The longest job name. */
export const MAX_JOB_NAME_CHARS = 200;

export type JobInput = {
  name: string;
  schedule: JobSchedule;
  prompt: string;
  session?: { mode: JobSessionMode; id?: string | null };
  config?: SessionOwnedConfig;
  enabled?: boolean;
  max_runs?: number | null;
  overlap?: JobOverlap;
  catch_up?: JobCatchUp;
  metadata?: Record<string, unknown>;
  deliver?: string;
  skills?: string[];
};

export type JobChanges = Partial<Omit<JobInput, "session">> & { session?: JobInput["session"] };

/** Where a job stands: firing on schedule, paused, or done (its `at` passed, or `max_runs` fired). */
export type JobState = "scheduled" | "paused" | "completed";

export function jobState(job: JobRecord, now: number): JobState {
  const done =
    (job.max_runs !== null && job.runs_fired >= job.max_runs) ||
    ("at" in job.schedule && (job.runs_fired > 0 || (!job.enabled && Date.parse(job.schedule.at) <= now)));
  if (done) return "completed";
  return job.enabled ? "scheduled" : "paused";
}

/** A firing with the run it started, as read now (null once the run's session is deleted). */
export type JobRunView = { firing: JobRunRecord; run: RunRecord | null };

export type JobsDeps = {
  store: Store;
  sessions: SessionService;
  firing: JobFiring;
  now: () => number;
  minIntervalS: () => number;
};

function checkPrompt(prompt: string): void {
  if (prompt.trim() === "")
    throw new DomainError("validation_failed", "prompt: required", {
      fields: [{ path: ["prompt"], message: "empty" }],
    });
  if (prompt.length > MAX_JOB_PROMPT_CHARS)
    throw new DomainError("validation_failed", `prompt: longer than ${MAX_JOB_PROMPT_CHARS} characters`, {
      fields: [{ path: ["prompt"], message: `at most ${MAX_JOB_PROMPT_CHARS} characters` }],
    });
}

export class Jobs {
  constructor(private readonly deps: JobsDeps) {}

  async create(input: JobInput, caller: Caller): Promise<JobRecord> {
    const { store, now } = this.deps;
    const at = now();
    checkPrompt(input.prompt);
    checkSchedule(input.schedule, at, this.deps.minIntervalS(), ["schedule"]);
    if (input.max_runs !== undefined && input.max_runs !== null && input.max_runs < 1)
      throw new DomainError("validation_failed", "max_runs: at least 1", {
        fields: [{ path: ["max_runs"], message: "at least 1" }],
      });
    const mode = input.session?.mode ?? "new";
    const sessionId = input.session?.id ?? null;
    if (sessionId !== null) {
      if (mode !== "reuse")
        throw new DomainError("validation_failed", "session.id: only with mode reuse", {
          fields: [{ path: ["session", "id"], message: "only with mode reuse" }],
        });
      await this.deps.sessions.existingFor(sessionId, caller).then((found) => {
        if (!found) throw notFound("session", sessionId);
      });
    }
    await this.deps.sessions.checkConfig(input.config);
    const enabled = input.enabled ?? true;
    const job = await store.jobs.create({
      id: newJobId(),
      name: input.name,
      owner: caller.owner,
      key_id: caller.key_id,
      prompt: input.prompt,
      schedule: input.schedule,
      session_mode: mode,
      session_id: sessionId,
      config: input.config ?? {},
      enabled,
      max_runs: input.max_runs ?? null,
      runs_fired: 0,
      overlap: input.overlap ?? "skip",
      catch_up: input.catch_up ?? "one",
      metadata: input.metadata ?? {},
      deliver: input.deliver ?? "local",
      skills: input.skills ?? [],
      next_run_at: enabled ? firstTick(input.schedule, at) : null,
      queued: false,
      last_run_at: null,
      last_status: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    });
    caller.trail.note({ action: "job.create", resource: { type: "job", id: job.id } });
    return job;
  }

  /** Newest first: the caller's own (an admin's: every owner's, or `owner`'s). */
  list(
    caller: Caller,
    options: { owner?: string | null; limit: number; offset: number; includeDisabled: boolean },
  ): Promise<JobRecord[]> {
    return this.deps.store.jobs.list(
      ownerFilter(caller, options.owner),
      options.limit,
      options.offset,
      options.includeDisabled,
    );
  }

  /** The job as the caller sees it; another owner's is not found (and the refusal noted). */
  async find(id: string, caller: Caller): Promise<JobRecord | null> {
    const job = await this.deps.store.jobs.get(id);
    if (!job || visibleTo(caller, job.owner)) return job;
    noteRefused(caller, "job", id);
    return null;
  }

  async require(id: string, caller: Caller): Promise<JobRecord> {
    const job = await this.find(id, caller);
    if (!job) throw notFound("job", id);
    return job;
  }

  async update(id: string, changes: JobChanges, caller: Caller): Promise<JobRecord> {
    const { store, now } = this.deps;
    const job = await this.require(id, caller);
    const at = now();
    if (changes.prompt !== undefined) checkPrompt(changes.prompt);
    if (changes.schedule !== undefined) checkSchedule(changes.schedule, at, this.deps.minIntervalS(), ["schedule"]);
    if (changes.config !== undefined) await this.deps.sessions.checkConfig(changes.config);
    const patch: JobPatch = {};
    for (const key of ["name", "prompt", "schedule", "overlap", "catch_up", "metadata", "deliver", "skills"] as const)
      if (changes[key] !== undefined) Object.assign(patch, { [key]: changes[key] });
    if (changes.max_runs !== undefined) patch.max_runs = changes.max_runs;
    if (changes.config !== undefined) patch.config = changes.config;
    if (changes.session !== undefined) {
      patch.session_mode = changes.session.mode;
      patch.session_id = changes.session.id ?? null;
    }
    const enabled = changes.enabled ?? job.enabled;
    patch.enabled = enabled;
    if (changes.schedule !== undefined || changes.enabled !== undefined)
      patch.next_run_at = enabled ? firstTick(changes.schedule ?? job.schedule, at) : null;
    const updated = await store.jobs.update(id, patch, at);
    if (!updated) throw notFound("job", id);
    caller.trail.note({ action: "job.update", resource: { type: "job", id } });
    return updated;
  }

  /** Stops the job's ticks until it is resumed. */
  pause(id: string, caller: Caller): Promise<JobRecord> {
    return this.update(id, { enabled: false }, caller);
  }

  /** Ticks again from the next one ahead. */
  resume(id: string, caller: Caller): Promise<JobRecord> {
    return this.update(id, { enabled: true }, caller);
  }

  async delete(id: string, caller: Caller): Promise<void> {
    await this.require(id, caller);
    await this.deps.store.jobs.delete(id);
    caller.trail.note({ action: "job.delete", resource: { type: "job", id } });
  }

  /** Fires the job once now, whatever its schedule; answers the firing. */
  async runNow(id: string, caller: Caller): Promise<{ job: JobRecord; fired: JobRunView }> {
    const job = await this.require(id, caller);
    caller.trail.note({ action: "job.run", resource: { type: "job", id } });
    const firing = await this.deps.firing.fire(job, "manual");
    const run = firing.run_id ? await this.deps.store.runs.get(firing.run_id) : null;
    return { job: (await this.deps.store.jobs.get(id)) ?? job, fired: { firing, run } };
  }

  /** The runs the job fired, newest first, each with its run as it stands. */
  async runs(id: string, caller: Caller, limit: number): Promise<JobRunView[]> {
    await this.require(id, caller);
    const firings = await this.deps.store.jobs.runs(id, limit);
    return Promise.all(
      firings.map(async (firing) => ({
        firing,
        run: firing.run_id ? await this.deps.store.runs.get(firing.run_id) : null,
      })),
    );
  }
}
