/**
 * @module schemas
 * Scheduled jobs as the native routes take and answer them: the schedule (cron in a time zone, an interval, once at
 * a time), the prompt, the session its runs use and its config, overlap and catch-up, and the runs it fired.
 */
import { z } from "@hono/zod-openapi";
import { MAX_JOB_NAME_CHARS, MAX_JOB_PROMPT_CHARS } from "../../domain/jobs/jobs.js";
import { SessionConfigInput } from "../sessions/schemas.js";
import { RunStatusSchema } from "../shared/run-schemas.js";
import { nullableIsoTime as iso } from "../shared/times.js";

export const JOB_ID_EXAMPLE = "a1b2c3d4e5f6";

export const JobIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "id", in: "path" },
      description: "The job's id (12 hex digits)",
      example: JOB_ID_EXAMPLE,
    }),
});

const CronSchedule = z
  .object({
    cron: z.string().min(1).max(200).openapi({
      description: "A 5-field cron expression: minute hour day-of-month month day-of-week",
      example: "0 7 * * 1-5",
    }),
    timezone: z.string().min(1).max(64).optional().openapi({
      description: "The IANA time zone the expression is read in (UTC when left out)",
      example: "Europe/Paris",
    }),
  })
  .strict()
  .openapi("CronSchedule", { description: "Fires at the expression's times, in its time zone (DST included)" });

const EverySchedule = z
  .object({
    every: z.string().min(2).max(16).openapi({
      description: "An interval: a number and s, m, h or d; at least `jobs.min_interval_s`",
      example: "15m",
    }),
  })
  .strict()
  .openapi("EverySchedule", { description: "Fires every interval from its creation" });

const AtSchedule = z
  .object({
    at: z.string().min(1).max(64).openapi({ description: "An ISO 8601 time ahead", example: "2026-06-01T07:00:00Z" }),
  })
  .strict()
  .openapi("AtSchedule", { description: "Fires once, then the job has no next run" });

export const ScheduleSchema = z.union([CronSchedule, EverySchedule, AtSchedule]).openapi("JobSchedule", {
  description: "When the job fires",
  example: { cron: "0 7 * * *", timezone: "Europe/Paris" },
});

const SessionChoice = z
  .object({
    mode: z.enum(["new", "reuse"]).openapi({
      description: "`new`: a fresh session per firing, titled after the job; `reuse`: one session that grows",
      example: "new",
    }),
    id: z.string().min(1).max(256).nullable().optional().openapi({
      description: "`reuse`: the caller's session to go on in (made on the first firing otherwise)",
      example: null,
    }),
  })
  .strict()
  .openapi("JobSession", { description: "The session the job's runs use", example: { mode: "new" } });

const jobFields = {
  name: z
    .string()
    .min(1)
    .max(MAX_JOB_NAME_CHARS)
    .openapi({ description: "What the job is called", example: "Morning dashboard check" }),
  schedule: ScheduleSchema,
  prompt: z.string().min(1).max(MAX_JOB_PROMPT_CHARS).openapi({
    description: "The user message each firing runs",
    example: "Open the status page and summarise any incident.",
  }),
  session: SessionChoice.optional(),
  config: SessionConfigInput.optional(),
  enabled: z
    .boolean()
    .optional()
    .openapi({ description: "Fires on schedule (default true); false creates it paused", example: true }),
  max_runs: z
    .number()
    .int()
    .min(1)
    .nullable()
    .optional()
    .openapi({ description: "Fire at most this many times, then stop", example: null }),
  overlap: z.enum(["skip", "queue"]).optional().openapi({
    description: "A tick that finds the previous firing running: skip it (default) or fire when it ends",
    example: "skip",
  }),
  catch_up: z.enum(["none", "one"]).optional().openapi({
    description: "Ticks missed while no server ran: fire once (default) or not at all; never a burst",
    example: "one",
  }),
  metadata: z
    .record(z.string().max(64), z.unknown())
    .optional()
    .openapi({ description: "The client's own data, kept and answered as given", example: { team: "ops" } }),
};

export const CreateJobBody = z.object(jobFields).strict().openapi("CreateJobBody");

export const UpdateJobBody = z
  .object({
    name: jobFields.name.optional(),
    schedule: ScheduleSchema.optional(),
    prompt: jobFields.prompt.optional(),
    session: jobFields.session,
    config: jobFields.config,
    enabled: jobFields.enabled,
    max_runs: jobFields.max_runs,
    overlap: jobFields.overlap,
    catch_up: jobFields.catch_up,
    metadata: jobFields.metadata,
  })
  .strict()
  .openapi("UpdateJobBody");

export const JobSchema = z
  .object({
    id: z.string().openapi({ description: "12 hex digits; the same job on /api/jobs", example: JOB_ID_EXAMPLE }),
    name: jobFields.name,
    schedule: ScheduleSchema,
    schedule_display: z
      .string()
      .openapi({ description: "The schedule as a person reads it", example: "0 7 * * * (Europe/Paris)" }),
    prompt: jobFields.prompt,
    session: z
      .object({
        mode: z.enum(["new", "reuse"]).openapi({ description: "How its runs get a session", example: "new" }),
        id: z.string().nullable().openapi({ description: "The session a `reuse` job goes on in", example: null }),
      })
      .openapi({ description: "The session its runs use" }),
    config: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The per-session config its runs get", example: {} }),
    enabled: z.boolean().openapi({ description: "Whether it fires on schedule", example: true }),
    state: z.enum(["scheduled", "paused", "completed"]).openapi({
      description: "Firing on schedule, paused, or done (its time passed, or max_runs fired)",
      example: "scheduled",
    }),
    max_runs: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The most firings; null for no limit", example: null }),
    runs_fired: z.number().int().openapi({ description: "How many runs it started", example: 3 }),
    overlap: z
      .enum(["skip", "queue"])
      .openapi({ description: "What a tick does while the previous firing runs", example: "skip" }),
    catch_up: z
      .enum(["none", "one"])
      .openapi({ description: "What ticks missed while no server ran do", example: "one" }),
    metadata: z.record(z.string(), z.unknown()).openapi({ description: "The client's own data", example: {} }),
    next_run_at: iso("Its next tick (ISO 8601); null when it has none", "2026-06-01T05:00:00.000Z"),
    last_run_at: iso("When it last fired", null),
    last_status: z.string().nullable().openapi({
      description: "How its last firing's run stands or ended, `error` if it could not start",
      example: "completed",
    }),
    last_error: z.string().nullable().openapi({ description: "Why its last firing failed", example: null }),
    owner: z
      .string()
      .nullable()
      .openapi({ description: "Whose job it is: its runs start as this owner and key", example: "team-ops" }),
    created_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-01T09:00:00.000Z" }),
    updated_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-01T09:00:00.000Z" }),
  })
  .openapi("Job");

export const JobPage = z
  .object({
    data: z.array(JobSchema).openapi({ description: "This page's jobs, newest first" }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Cursor of the next page, null on the last page", example: null }),
  })
  .openapi("JobPage");

export const JobRunSchema = z
  .object({
    run_id: z.string().nullable().openapi({
      description: "The run it started; null when it could not start",
      example: "run_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
    session_id: z
      .string()
      .nullable()
      .openapi({ description: "The session the run went in", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    trigger: z.enum(["schedule", "manual", "catch_up", "queued"]).openapi({
      description: "A tick, run now, a missed tick caught up, or a tick queued behind the previous run",
      example: "schedule",
    }),
    status: RunStatusSchema.nullable().openapi({
      description: "The run's status; null when there is no run (any more)",
    }),
    started_at: iso("When it fired (ISO 8601)", "2026-05-02T05:00:00.000Z"),
    finished_at: iso("When its run ended", "2026-05-02T05:00:41.000Z"),
    usage: z
      .object({
        prompt_tokens: z.number().int().openapi({ description: "Input tokens", example: 1200 }),
        completion_tokens: z.number().int().openapi({ description: "Output tokens", example: 300 }),
        total_tokens: z.number().int().openapi({ description: "Both", example: 1500 }),
      })
      .nullable()
      .openapi({
        description: "The run's tokens",
        example: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 },
      }),
    error: z
      .string()
      .nullable()
      .openapi({ description: "Why it could not start, or why its run failed", example: null }),
  })
  .openapi("JobRun");

export const JobRunList = z
  .object({ data: z.array(JobRunSchema).openapi({ description: "The runs it fired, newest first" }) })
  .openapi("JobRunList");

export const JobFiredSchema = z
  .object({
    job: JobSchema,
    run: JobRunSchema,
  })
  .openapi("JobFired", { description: "The job and the run it just fired" });
