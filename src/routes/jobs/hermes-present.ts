/**
 * @module hermes-present
 * A job as Hermes Agent's `/api/jobs` answers one (its `cron/jobs.py` record): the schedule as `{kind, …}` with its
 * display, `repeat {times, completed}`, `state`, ISO times, and the fields this server does not use as Hermes leaves
 * them unset.
 */
import { z } from "@hono/zod-openapi";
import type { JobRecord } from "../shared/records.js";
import { hermesSchedule } from "../../domain/jobs/hermes-schedule.js";
import { jobState } from "../../domain/jobs/jobs.js";
import { JOB_ID_EXAMPLE } from "./schemas.js";
import { isoOrNull as iso } from "../shared/times.js";

/** Hermes's `last_status`: `ok` for a completed run, `error` for one that failed or never started. */
function lastStatus(status: string | null): string | null {
  if (status === null || status === "running" || status === "requires_action") return status;
  return status === "completed" ? "ok" : "error";
}

export function presentHermesJob(job: JobRecord, now: number) {
  const schedule = hermesSchedule(job.schedule);
  return {
    id: job.id,
    name: job.name,
    prompt: job.prompt,
    skills: job.skills,
    skill: job.skills[0] ?? null,
    model: null,
    provider: null,
    base_url: null,
    script: null,
    no_agent: false,
    schedule,
    schedule_display: String(schedule.display),
    repeat: { times: job.max_runs, completed: job.runs_fired },
    enabled: job.enabled,
    state: jobState(job, now),
    paused_at: null,
    paused_reason: null,
    created_at: new Date(job.created_at).toISOString(),
    next_run_at: iso(job.next_run_at),
    last_run_at: iso(job.last_run_at),
    last_status: lastStatus(job.last_status),
    last_error: job.last_error,
    deliver: job.deliver,
    origin: null,
    enabled_toolsets: null,
    workdir: null,
  };
}

const nullField = (description: string) => z.null().openapi({ description, example: null });

export const HermesJobSchema = z
  .object({
    id: z.string().openapi({ description: "12 hex digits; the same job on /v1/jobs", example: JOB_ID_EXAMPLE }),
    name: z.string().openapi({ description: "The job's name", example: "Morning check" }),
    prompt: z.string().openapi({ description: "What each firing runs", example: "Summarise the status page." }),
    skills: z.array(z.string()).openapi({ description: "Skills, kept as given", example: [] }),
    skill: z.string().nullable().openapi({ description: "The first skill", example: null }),
    model: nullField("Not used: the server's model"),
    provider: nullField("Not used"),
    base_url: nullField("Not used"),
    script: nullField("Not used"),
    no_agent: z.boolean().openapi({ description: "Always false: every firing runs the agent", example: false }),
    schedule: z.record(z.string(), z.unknown()).openapi({
      description: "`{kind: interval, minutes}`, `{kind: cron, expr}` or `{kind: once, run_at}`, with `display`",
      example: { kind: "interval", minutes: 60, display: "every 60m" },
    }),
    schedule_display: z.string().openapi({ description: "The schedule as a person reads it", example: "every 60m" }),
    repeat: z
      .object({
        times: z.number().int().nullable().openapi({ description: "The most firings; null for ever", example: null }),
        completed: z.number().int().openapi({ description: "Firings so far", example: 2 }),
      })
      .openapi({ description: "How often it repeats" }),
    enabled: z.boolean().openapi({ description: "Fires on schedule", example: true }),
    state: z
      .enum(["scheduled", "paused", "completed"])
      .openapi({ description: "Where it stands", example: "scheduled" }),
    paused_at: nullField("Not recorded"),
    paused_reason: nullField("Not recorded"),
    created_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-01T09:00:00.000Z" }),
    next_run_at: z.string().nullable().openapi({ description: "Its next tick", example: "2026-05-01T10:00:00.000Z" }),
    last_run_at: z.string().nullable().openapi({ description: "When it last fired", example: null }),
    last_status: z.string().nullable().openapi({ description: "`ok`, `error`, or `running`", example: null }),
    last_error: z.string().nullable().openapi({ description: "Why its last firing failed", example: null }),
    deliver: z.string().openapi({ description: "The delivery target, kept as given", example: "local" }),
    origin: nullField("Not used"),
    enabled_toolsets: nullField("Not used: the session's tools"),
    workdir: nullField("Not used"),
  })
  .openapi("HermesJob");

export type HermesJobResponse = ReturnType<typeof presentHermesJob>;
