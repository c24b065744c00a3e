/**
 * @module hermes-routes
 * `/api/jobs*` in the Hermes Agent API server's shape, over the same jobs as /v1/jobs: list (`include_disabled`),
 * create (answered 200 `{job}`), read, PATCH, delete (`{ok: true}`), pause, resume and run now (`{job}`). Refusals
 * are Hermes's plain strings in `{error}`: "Invalid job ID format", "Job not found", "Name is required", …
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.js";
import { createRouter } from "../../http/router.js";
import { requires } from "../../http/route-access.js";
import { DomainError } from "../../kernel/errors.js";
import type { JobRecord } from "../shared/records.js";
import { json, jsonBody } from "../shared/json-content.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { HermesJobSchema, presentHermesJob } from "./hermes-present.js";
import { hermesCreateInput, HermesRefusal, hermesUpdateInput, JOB_ID_PATTERN } from "./hermes-input.js";

const TAGS = ["jobs"];

const HermesError = z
  .object({ error: z.string().openapi({ description: "What is wrong, as Hermes words it", example: "Job not found" }) })
  .openapi("HermesJobError");
const JobAnswer = z.object({ job: HermesJobSchema }).openapi("HermesJobAnswer");
const JobListAnswer = z
  .object({ jobs: z.array(HermesJobSchema).openapi({ description: "The jobs" }) })
  .openapi("HermesJobList");
const Body = z.record(z.string(), z.unknown()).openapi("HermesJobBody", {
  description:
    "`name`, `schedule` (`every 1h`, `30m`, `in 30m`, a cron expression or an ISO time), `prompt`, `deliver`, " +
    "`skills`, `repeat` (a positive integer), `paused`; a PATCH takes name, schedule, prompt, deliver, skills, " +
    "skill, repeat and enabled",
  example: { name: "Hourly price check", schedule: "every 1h", prompt: "Check the price of the widget." },
});
const IdParam = z.object({
  job_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "job_id", in: "path" }, description: "12 hex digits", example: "a1b2c3d4e5f6" }),
});
const ListQuery = z.object({
  include_disabled: z
    .string()
    .max(8)
    .optional()
    .openapi({
      param: { name: "include_disabled", in: "query" },
      description: "`true` or `1`: paused jobs too",
      example: "true",
    }),
});

/**
 * The refusals of an operation: the transport's (problem+json) and, for 400 and 404, Hermes's `{error}` string as
 * the job routes answer their own refusals.
 */
function refusals(spec: { body?: boolean; idempotent?: boolean }) {
  const problems: Record<string, { description: string; content?: object }> = problemResponses({
    ...spec,
    hermes: true,
    codes: ["not_found"],
  });
  const refusal = (status: "400" | "404") => ({
    description: `${problems[status]?.description ?? "Refused"}; the job routes' own refusals: Hermes's error string`,
    content: { ...problems[status]?.content, ...json(HermesError) },
  });
  return { ...problems, 400: refusal("400"), 404: refusal("404") };
}

const route = (method: "get" | "post" | "patch" | "delete", path: string, operationId: string, summary: string) =>
  createRoute({
    method,
    path,
    operationId,
    security: requires(method === "get" ? "sessions:read" : "sessions:write"),
    tags: TAGS,
    summary,
    description: `${summary.replace(" (Hermes)", "")}, answered \`{job}\` as Hermes answers; the same job as on /v1/jobs.`,
    request: path.includes("{job_id}") ? { params: IdParam } : {},
    responses: { 200: jsonAnswer("The job", JobAnswer), ...refusals({ idempotent: method === "post" }) },
  });

const listRoute = createRoute({
  method: "get",
  path: "/api/jobs",
  operationId: "listHermesJobs",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "List jobs (Hermes)",
  description: "Enabled jobs; paused ones too with `include_disabled=true`.",
  request: { query: ListQuery },
  responses: { 200: jsonAnswer("The jobs", JobListAnswer), ...problemResponses({}) },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/jobs",
  operationId: "createHermesJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Create a job (Hermes)",
  description: "Answered 200 `{job}`, as Hermes answers; the same job as on /v1/jobs.",
  request: {
    body: {
      required: true,
      content: jsonBody(Body, { name: "Hourly price check", schedule: "every 1h", prompt: "Check the price." }),
    },
  },
  responses: { 200: jsonAnswer("The job", JobAnswer), ...refusals({ body: true, idempotent: true }) },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/api/jobs/{job_id}",
  operationId: "updateHermesJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Change a job (Hermes)",
  description: "Takes name, schedule, prompt, deliver, skills, skill, repeat and enabled; other fields are dropped.",
  request: { params: IdParam, body: { required: true, content: jsonBody(Body, { schedule: "every 2h" }) } },
  responses: { 200: jsonAnswer("The job", JobAnswer), ...refusals({ body: true }) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/api/jobs/{job_id}",
  operationId: "deleteHermesJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Delete a job (Hermes)",
  description: "Answered `{ok: true}`; the sessions and runs it made stay.",
  request: { params: IdParam },
  responses: {
    200: jsonAnswer(
      "Deleted",
      z.object({ ok: z.literal(true).openapi({ description: "Deleted", example: true }) }).openapi("HermesJobDeleted"),
    ),
    ...refusals({}),
  },
});

const getRoute = route("get", "/api/jobs/{job_id}", "getHermesJob", "One job (Hermes)");
const pauseRoute = route("post", "/api/jobs/{job_id}/pause", "pauseHermesJob", "Pause a job (Hermes)");
const resumeRoute = route("post", "/api/jobs/{job_id}/resume", "resumeHermesJob", "Resume a job (Hermes)");
const runRoute = route("post", "/api/jobs/{job_id}/run", "runHermesJob", "Fire a job now (Hermes)");

type Refused = { error: string };

/** Runs a handler, answering Hermes's refusals (and our validation failures) as its plain error strings. */
async function hermesAnswer<T>(
  c: Context<AppEnv>,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: 400 | 404; body: Refused }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof HermesRefusal) return { ok: false, status: error.status, body: { error: error.message } };
    if (error instanceof DomainError && (error.code === "validation_failed" || error.code === "not_found"))
      return { ok: false, status: error.code === "not_found" ? 404 : 400, body: { error: error.message } };
    throw error;
  }
}

/** The job the path names, as the caller sees it; Hermes's refusals for a malformed id and a missing job. */
async function jobOf(c: Context<AppEnv>, id: string | undefined): Promise<JobRecord> {
  if (id === undefined || !JOB_ID_PATTERN.test(id)) throw new HermesRefusal("Invalid job ID format");
  const job = await c.get("services").jobs.find(id, c.get("caller"));
  if (!job) throw new HermesRefusal("Job not found", 404);
  return job;
}

async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HermesRefusal("Invalid JSON");
  return body as Record<string, unknown>;
}

export function hermesJobRoutes() {
  const router = createRouter();
  const answer = async (c: Context<AppEnv>, work: () => Promise<JobRecord>) => {
    const result = await hermesAnswer(c, work);
    if (!result.ok) return c.json(result.body, result.status);
    return c.json({ job: presentHermesJob(result.value, c.get("services").now()) }, 200);
  };

  router.openapi(listRoute, async (c) => {
    const { jobs, now } = c.get("services");
    const flag = (c.req.valid("query").include_disabled ?? "").toLowerCase();
    const found = await jobs.list(c.get("caller"), {
      limit: 1_000,
      offset: 0,
      includeDisabled: flag === "true" || flag === "1",
    });
    return c.json({ jobs: found.map((job) => presentHermesJob(job, now())) }, 200);
  });

  router.openapi(createRouteDef, (c) =>
    answer(c, async () => {
      const { jobs, now } = c.get("services");
      return jobs.create(hermesCreateInput(await bodyOf(c), now()), c.get("caller"));
    }),
  );

  router.openapi(getRoute, (c) => answer(c, () => jobOf(c, c.req.param("job_id"))));

  router.openapi(updateRoute, (c) =>
    answer(c, async () => {
      const { jobs, now } = c.get("services");
      const job = await jobOf(c, c.req.valid("param").job_id);
      return jobs.update(job.id, hermesUpdateInput(await bodyOf(c), now()), c.get("caller"));
    }),
  );

  router.openapi(deleteRoute, async (c) => {
    const result = await hermesAnswer(c, async () => {
      const job = await jobOf(c, c.req.valid("param").job_id);
      await c.get("services").jobs.delete(job.id, c.get("caller"));
    });
    if (!result.ok) return c.json(result.body, result.status);
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(pauseRoute, (c) =>
    answer(c, async () => c.get("services").jobs.pause((await jobOf(c, c.req.param("job_id"))).id, c.get("caller"))),
  );

  router.openapi(resumeRoute, (c) =>
    answer(c, async () => c.get("services").jobs.resume((await jobOf(c, c.req.param("job_id"))).id, c.get("caller"))),
  );

  router.openapi(runRoute, (c) =>
    answer(c, async () => {
      const { jobs } = c.get("services");
      const job = await jobOf(c, c.req.param("job_id"));
      // Hermes answers the job whatever the firing did: a firing that could not start shows in its last_status.
      const fired = await jobs.runNow(job.id, c.get("caller")).catch(() => null);
      return fired?.job ?? (await jobOf(c, job.id));
    }),
  );

  return router;
}
