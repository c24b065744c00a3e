/**
 * @module routes
 * Scheduled jobs (native): create, list, read, change, delete; pause, resume, fire one now; the runs each fired.
 * A job is its creating key's owner's, and its runs start in that owner's and key's name.
 */
import { createRoute } from "@hono/zod-openapi";
import { decodeCursor, encodeCursor } from "../../http/cursor.js";
import { createRouter } from "../../http/router.js";
import { requires } from "../../http/route-access.js";
import type { JobInput } from "../../domain/jobs/jobs.js";
import { jsonBody } from "../shared/json-content.js";
import { OwnedPageQuery } from "../shared/pagination.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { presentJob, presentJobRun } from "./present.js";
import { CreateJobBody, JobFiredSchema, JobIdParam, JobPage, JobRunList, JobSchema, UpdateJobBody } from "./schemas.js";

const TAGS = ["jobs"];
const RUNS_LISTED = 100;

const isOffset = (value: unknown): value is { offset: number } =>
  typeof value === "object" && value !== null && Number.isInteger((value as { offset?: unknown }).offset);

const createJob = createRoute({
  method: "post",
  path: "/v1/jobs",
  operationId: "createJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Create a scheduled job",
  description:
    "Runs `prompt` on `schedule` — `{cron, timezone?}`, `{every}` (at least `jobs.min_interval_s`) or `{at}` — " +
    "with no client connected, as the calling key's owner (its limits and usage count the runs). A cron expression " +
    "that does not parse, an unknown time zone, a short interval, an `at` in the past, a missing or over-long prompt " +
    "and `max_runs < 1` are answered 400 naming the field.",
  request: {
    body: {
      required: true,
      content: jsonBody(CreateJobBody, {
        name: "Morning dashboard check",
        schedule: { cron: "0 7 * * 1-5", timezone: "Europe/Paris" },
        prompt: "Open https://status.example.com and summarise any incident.",
      }),
    },
  },
  responses: {
    201: {
      ...postAnswer("Created", JobSchema),
      headers: {
        ...postAnswer("Created", JobSchema).headers,
        Location: { description: "The job's URL", schema: { type: "string", example: "/v1/jobs/a1b2c3d4e5f6" } },
      },
    },
    ...problemResponses({ body: true, idempotent: true, codes: ["not_found"] }),
  },
});

const listJobs = createRoute({
  method: "get",
  path: "/v1/jobs",
  operationId: "listJobs",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "List jobs, newest first",
  description: "The caller's own jobs (an admin key: every owner's, or `owner`'s), paused ones included.",
  request: { query: OwnedPageQuery },
  responses: { 200: jsonAnswer("A page of jobs", JobPage), ...problemResponses({}) },
});

const getJob = createRoute({
  method: "get",
  path: "/v1/jobs/{id}",
  operationId: "getJob",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "One job, with its next run",
  description: "Its schedule, state, next and last run; another owner's job is not found.",
  request: { params: JobIdParam },
  responses: { 200: jsonAnswer("The job", JobSchema), ...problemResponses({ codes: ["not_found"] }) },
});

const updateJob = createRoute({
  method: "patch",
  path: "/v1/jobs/{id}",
  operationId: "updateJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Change a job",
  description: "Fields left out stay as they are; a new schedule (or `enabled`) computes the next run again.",
  request: {
    params: JobIdParam,
    body: { required: true, content: jsonBody(UpdateJobBody, { schedule: { every: "30m" } }) },
  },
  responses: {
    200: jsonAnswer("The changed job", JobSchema),
    ...problemResponses({ body: true, codes: ["not_found"] }),
  },
});

const deleteJob = createRoute({
  method: "delete",
  path: "/v1/jobs/{id}",
  operationId: "deleteJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Delete a job",
  description: "It fires no more; the sessions and runs it made stay.",
  request: { params: JobIdParam },
  responses: {
    204: { description: "Deleted", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const verb = (name: "pause" | "resume", summary: string, description: string) =>
  createRoute({
    method: "post",
    path: `/v1/jobs/{id}/${name}`,
    operationId: `${name}Job`,
    security: requires("sessions:write"),
    tags: TAGS,
    summary,
    description,
    request: { params: JobIdParam },
    responses: {
      200: postAnswer("The job", JobSchema),
      ...problemResponses({ idempotent: true, codes: ["not_found"] }),
    },
  });

const pauseJob = verb("pause", "Pause a job", "It fires no more until resumed; a run under way goes on.");
const resumeJob = verb(
  "resume",
  "Resume a job",
  "It fires again from its next tick ahead; missed ticks are not fired.",
);

const runJob = createRoute({
  method: "post",
  path: "/v1/jobs/{id}/run",
  operationId: "runJob",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Fire a job once now",
  description:
    "Starts one run now, whatever its schedule (it counts toward `max_runs`). A run that cannot start is recorded " +
    "in its runs with why, and answered with that error.",
  request: { params: JobIdParam },
  responses: {
    202: postAnswer("The run it fired", JobFiredSchema),
    ...problemResponses({
      idempotent: true,
      codes: ["not_found", "session_busy", "model_not_configured", "too_many_runs", "token_budget_exceeded"],
    }),
  },
});

const listJobRuns = createRoute({
  method: "get",
  path: "/v1/jobs/{id}/runs",
  operationId: "listJobRuns",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "The runs a job fired, newest first",
  description: "Each with its run id, session, status, start and end, tokens and error (the newest 100).",
  request: { params: JobIdParam },
  responses: { 200: jsonAnswer("The runs", JobRunList), ...problemResponses({ codes: ["not_found"] }) },
});

export function jobRoutes() {
  const router = createRouter();

  router.openapi(createJob, async (c) => {
    const { jobs, now } = c.get("services");
    const job = await jobs.create(c.req.valid("json"), c.get("caller"));
    c.header("Location", `/v1/jobs/${job.id}`);
    return c.json(presentJob(job, now()), 201);
  });

  router.openapi(listJobs, async (c) => {
    const { jobs, now } = c.get("services");
    const query = c.req.valid("query");
    const offset = decodeCursor(query.cursor, isOffset)?.offset ?? 0;
    const found = await jobs.list(c.get("caller"), {
      owner: query.owner,
      limit: query.limit + 1,
      offset,
      includeDisabled: true,
    });
    const page = found.slice(0, query.limit);
    const next = found.length > query.limit ? encodeCursor({ offset: offset + query.limit }) : null;
    return c.json({ data: page.map((job) => presentJob(job, now())), next_cursor: next }, 200);
  });

  router.openapi(getJob, async (c) => {
    const { jobs, now } = c.get("services");
    return c.json(presentJob(await jobs.require(c.req.valid("param").id, c.get("caller")), now()), 200);
  });

  router.openapi(updateJob, async (c) => {
    const { jobs, now } = c.get("services");
    const changes = c.req.valid("json") as Partial<JobInput>;
    return c.json(presentJob(await jobs.update(c.req.valid("param").id, changes, c.get("caller")), now()), 200);
  });

  router.openapi(deleteJob, async (c) => {
    await c.get("services").jobs.delete(c.req.valid("param").id, c.get("caller"));
    return c.body(null, 204);
  });

  router.openapi(pauseJob, async (c) => {
    const { jobs, now } = c.get("services");
    return c.json(presentJob(await jobs.pause(c.req.valid("param").id, c.get("caller")), now()), 200);
  });

  router.openapi(resumeJob, async (c) => {
    const { jobs, now } = c.get("services");
    return c.json(presentJob(await jobs.resume(c.req.valid("param").id, c.get("caller")), now()), 200);
  });

  router.openapi(runJob, async (c) => {
    const { jobs, now } = c.get("services");
    const { job, fired } = await jobs.runNow(c.req.valid("param").id, c.get("caller"));
    return c.json({ job: presentJob(job, now()), run: presentJobRun(fired) }, 202);
  });

  router.openapi(listJobRuns, async (c) => {
    const { jobs } = c.get("services");
    const runs = await jobs.runs(c.req.valid("param").id, c.get("caller"), RUNS_LISTED);
    return c.json({ data: runs.map(presentJobRun) }, 200);
  });

  return router;
}
