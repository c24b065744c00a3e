/**
 * @module hermes-schedule
 * Hermes Agent's cron job schedules over ours: its schedule strings (`every 2h`, a bare `30m`, `in 30m`, a 5-field
 * cron expression, an ISO time) read into a job's schedule, and a schedule shown as Hermes shows one
 * (`{kind: interval|cron|once, …, display}`).
 */
import type { JobSchedule } from "../../db/records.js";
import { DomainError } from "../../kernel/errors.js";
import { intervalMs } from "./schedule.js";

const DURATION = /^(\d*)\s*(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days)$/;
const CRON_FIELD = /^[A-Za-z\d*\-,/]+$/;

/** `30m` → `30m`, `2 hours` → `2h`, `hour` → `1h`; null when it is not a duration. */
function durationOf(text: string): string | null {
  const match = DURATION.exec(text.trim().toLowerCase());
  if (!match) return null;
  return `${match[1] ? Number(match[1]) : 1}${match[2][0]}`;
}

function invalid(schedule: string): DomainError {
  const message =
    `Invalid schedule '${schedule}'. Use: an interval ('30m', 'every 2h'), a one-shot delay ('in 30m'), ` +
    "a cron expression ('0 9 * * *') or a timestamp ('2026-02-03T14:00:00')";
  return new DomainError("validation_failed", message, { fields: [{ path: ["schedule"], message }] });
}

/** A Hermes schedule string as a job's schedule; `now` places `in 30m`. */
export function parseHermesSchedule(text: string, now: number): JobSchedule {
  const schedule = text.trim();
  const lower = schedule.toLowerCase();
  if (lower.startsWith("every ")) {
    const every = durationOf(lower.slice("every ".length));
    if (every === null) throw invalid(schedule);
    return { every };
  }
  if (lower.startsWith("in ")) {
    const every = durationOf(lower.slice("in ".length));
    const ms = every === null ? null : intervalMs(every);
    if (ms === null) throw invalid(schedule);
    return { at: new Date(now + ms).toISOString() };
  }
  const parts = schedule.split(/\s+/);
  if (parts.length === 5 && parts.every((part) => CRON_FIELD.test(part))) return { cron: schedule };
  if (schedule.includes("T") || /^\d{4}-\d{2}-\d{2}/.test(schedule)) {
    const at = Date.parse(schedule);
    if (Number.isNaN(at)) throw invalid(schedule);
    return { at: new Date(at).toISOString() };
  }
  const every = durationOf(lower);
  if (every !== null) return { every };
  throw invalid(schedule);
}

/** A schedule as Hermes's job records carry it. */
export function hermesSchedule(schedule: JobSchedule): Record<string, unknown> {
  if ("every" in schedule) {
    const minutes = (intervalMs(schedule.every) ?? 0) / 60_000;
    return { kind: "interval", minutes, display: `every ${minutes}m` };
  }
  if ("cron" in schedule) {
    const display = schedule.cron;
    return schedule.timezone
      ? { kind: "cron", expr: schedule.cron, timezone: schedule.timezone, display }
      : { kind: "cron", expr: schedule.cron, display };
  }
  const at = new Date(Date.parse(schedule.at));
  return {
    kind: "once",
    run_at: at.toISOString(),
    display: `once at ${at.toISOString().slice(0, 16).replace("T", " ")}`,
  };
}
