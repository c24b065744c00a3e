/**
 * @module hermes-input
 * What Hermes clients send `/api/jobs` read into our job inputs, refused as Hermes refuses it: a plain error string
 * (`Name is required`, `Repeat must be a positive integer`, `Name must be ≤ 200 characters`, …) in `{error}`.
 */
import { parseHermesSchedule } from "../../domain/jobs/hermes-schedule.js";
import { MAX_JOB_NAME_CHARS, MAX_JOB_PROMPT_CHARS, type JobChanges, type JobInput } from "../../domain/jobs/jobs.js";

/** A request Hermes refuses with this text and status. */
export class HermesRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export const JOB_ID_PATTERN = /^[a-f0-9]{12}$/;
/** The fields a PATCH may change; anything else is dropped, as Hermes drops it. */
const UPDATE_FIELDS = ["name", "schedule", "prompt", "deliver", "skills", "skill", "repeat", "enabled"];

const EMPTY_PAYLOAD =
  "Cron job has nothing to run: the prompt is blank and no script or skill(s) are set. Provide a prompt, a script, " +
  "or at least one skill.";

type Body = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return value === undefined || value === null ? "" : JSON.stringify(value);
}

function skillsOf(body: Body): string[] | undefined {
  const raw = body.skills ?? (body.skill === undefined || body.skill === null ? undefined : [body.skill]);
  if (raw === undefined || raw === null) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).map((item) => text(item).trim()).filter(Boolean);
  return [...new Set(list)];
}

function repeatOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new HermesRefusal("Repeat must be a positive integer");
  return value;
}

function checkLengths(body: Body): void {
  if (text(body.name).length > MAX_JOB_NAME_CHARS)
    throw new HermesRefusal(`Name must be ≤ ${MAX_JOB_NAME_CHARS} characters`);
  if (text(body.prompt).length > MAX_JOB_PROMPT_CHARS)
    throw new HermesRefusal(`Prompt must be ≤ ${MAX_JOB_PROMPT_CHARS} characters`);
}

/** POST /api/jobs's body as a job to create. */
export function hermesCreateInput(body: Body, now: number): JobInput {
  const name = text(body.name).trim();
  const schedule = text(body.schedule).trim();
  if (!name) throw new HermesRefusal("Name is required");
  checkLengths(body);
  if (!schedule) throw new HermesRefusal("Schedule is required");
  const maxRuns = repeatOf(body.repeat);
  const prompt = text(body.prompt).trim();
  if (!prompt) throw new HermesRefusal(EMPTY_PAYLOAD);
  const parsed = parseHermesSchedule(schedule, now);
  return {
    name,
    schedule: parsed,
    prompt,
    deliver: body.deliver === undefined || body.deliver === null ? "local" : text(body.deliver),
    skills: skillsOf(body) ?? [],
    // A one-shot fires once, as Hermes counts it.
    max_runs: maxRuns ?? ("at" in parsed ? 1 : null),
    enabled: body.paused !== true,
  };
}

/** PATCH /api/jobs/{id}'s body as changes. */
export function hermesUpdateInput(body: Body, now: number): JobChanges {
  const present = Object.keys(body).filter((key) => UPDATE_FIELDS.includes(key));
  if (present.length === 0) throw new HermesRefusal("No valid fields to update");
  checkLengths(body);
  const changes: JobChanges = {};
  if (body.name !== undefined) changes.name = text(body.name).trim();
  if (body.prompt !== undefined) changes.prompt = text(body.prompt);
  if (body.schedule !== undefined) changes.schedule = parseHermesSchedule(text(body.schedule), now);
  if (body.deliver !== undefined) changes.deliver = text(body.deliver);
  const skills = skillsOf(body);
  if (skills !== undefined) changes.skills = skills;
  if (body.repeat !== undefined) changes.max_runs = repeatOf(body.repeat) ?? null;
  if (typeof body.enabled === "boolean") changes.enabled = body.enabled;
  return changes;
}
