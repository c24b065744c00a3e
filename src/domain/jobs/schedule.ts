/**
 * @module schedule
 * A job's schedule: checked (a cron expression croner parses, a known IANA time zone, an interval no shorter than the
 * operator's minimum, a time still ahead) and its ticks computed — cron times by croner in the schedule's time zone,
 * so a DST change moves the wall clock, not the job.
 */
import { Cron } from "croner";
import type { JobSchedule } from "../../db/records.js";
import { DomainError, type FieldPath } from "../../kernel/errors.js";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const EVERY = /^(\d{1,9})(s|m|h|d)$/;
const CRON_FIELDS = 5;

function invalid(path: FieldPath, message: string): DomainError {
  return new DomainError("validation_failed", `${path.join(".")}: ${message}`, { fields: [{ path, message }] });
}

/** `30s`, `15m`, `2h`, `1d` in milliseconds; null when it is not of that form. */
export function intervalMs(every: string): number | null {
  const match = EVERY.exec(every.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

function cronOf(expression: string, timezone: string | undefined): Cron {
  return new Cron(expression, { paused: true, timezone });
}

function knownTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a schedule that cannot run: the field at fault and why. `now` is when it is checked (an `at` must be after
 * it); `minIntervalS` the shortest `every` allowed (`jobs.min_interval_s`).
 */
export function checkSchedule(schedule: JobSchedule, now: number, minIntervalS: number, path: FieldPath): void {
  if ("cron" in schedule) {
    const fields = schedule.cron.trim().split(/\s+/);
    if (fields.length !== CRON_FIELDS)
      throw invalid(
        [...path, "cron"],
        `needs 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`,
      );
    if (schedule.timezone !== undefined && !knownTimezone(schedule.timezone))
      throw invalid([...path, "timezone"], `unknown time zone ${JSON.stringify(schedule.timezone)} (an IANA name)`);
    try {
      cronOf(schedule.cron, schedule.timezone);
    } catch (error) {
      throw invalid([...path, "cron"], `does not parse: ${(error as Error).message}`);
    }
    return;
  }
  if ("every" in schedule) {
    const ms = intervalMs(schedule.every);
    if (ms === null) throw invalid([...path, "every"], "an interval like 30s, 15m, 2h or 1d");
    if (ms < minIntervalS * 1000)
      throw invalid([...path, "every"], `shorter than the minimum interval of ${minIntervalS}s (jobs.min_interval_s)`);
    return;
  }
  const at = Date.parse(schedule.at);
  if (Number.isNaN(at)) throw invalid([...path, "at"], "an ISO 8601 time");
  if (at <= now) throw invalid([...path, "at"], "in the past");
}

/** The schedule's first tick after `now`; null for an `at` already past. */
export function firstTick(schedule: JobSchedule, now: number): number | null {
  if ("at" in schedule) {
    const at = Date.parse(schedule.at);
    return at > now ? at : null;
  }
  return tickAfter(schedule, now, now);
}

/**
 * The first tick of a repeating schedule strictly after `after` (an interval counts from `anchor`, a tick it had);
 * null for an `at`, which ticks once.
 */
export function tickAfter(schedule: JobSchedule, anchor: number, after: number): number | null {
  if ("at" in schedule) return null;
  if ("every" in schedule) {
    const ms = intervalMs(schedule.every) ?? UNIT_MS.d;
    const steps = Math.max(1, Math.floor((after - anchor) / ms) + 1);
    return anchor + steps * ms;
  }
  return cronOf(schedule.cron, schedule.timezone).nextRun(new Date(after))?.getTime() ?? null;
}

/** How a schedule reads to a person: `every 15m`, `0 9 * * * (Europe/Paris)`, `once at 2026-06-01T09:00:00.000Z`. */
export function describeSchedule(schedule: JobSchedule): string {
  if ("every" in schedule) return `every ${schedule.every}`;
  if ("cron" in schedule) return schedule.timezone ? `${schedule.cron} (${schedule.timezone})` : schedule.cron;
  return `once at ${new Date(Date.parse(schedule.at)).toISOString()}`;
}
