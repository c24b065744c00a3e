/**
 * Jobs refused: each bad input answered 400 naming the field and why, nothing stored; the Hermes routes refuse with
 * Hermes's own plain error strings; webhooks refuse an unknown event naming it.
 */
import { describe, expect } from "vitest";
import { json, type ValidationProblem } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({});

const base = { name: "Check", prompt: "Look at the dashboard.", schedule: { every: "1h" } };

describe("jobs refused", () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ["a cron expression that does not parse", { schedule: { cron: "61 * * * *" } }, "body.schedule.cron", /minute/],
    ["a cron expression of 6 fields", { schedule: { cron: "* * * * * *" } }, "body.schedule.cron", /5 fields/],
    [
      "an unknown time zone",
      { schedule: { cron: "0 9 * * *", timezone: "Mars/Olympus" } },
      "body.schedule.timezone",
      /unknown time zone/,
    ],
    ["an interval under the minimum", { schedule: { every: "30s" } }, "body.schedule.every", /jobs\.min_interval_s/],
    ["an interval of no known form", { schedule: { every: "often" } }, "body.schedule.every", /interval/],
    ["`at` in the past", { schedule: { at: "2020-01-01T00:00:00Z" } }, "body.schedule.at", /past/],
    ["a missing prompt", { prompt: undefined }, "body.prompt", /./],
    ["a blank prompt", { prompt: "   " }, "body.prompt", /empty/],
    ["an over-long prompt", { prompt: "x".repeat(5_001) }, "body.prompt", /5000/],
    ["max_runs < 1", { max_runs: 0 }, "body.max_runs", /./],
  ];
  for (const [what, change, location, message] of cases) {
    it(`answers 400 for ${what}`, async ({ app: t }) => {
      const res = await t.call("POST", "/v1/jobs", { ...base, ...change });
      expect(res.status).toBe(400);
      const problem = await json<ValidationProblem>(res);
      const error = problem.errors.find((e) => e.location === location);
      expect(error, JSON.stringify(problem.errors)).toBeDefined();
      expect(error?.message).toMatch(message);
      expect(await t.query("select id from jobs")).toEqual([]);
    });
  }

  it("answers 404 for a job that does not exist, on every route", async ({ app: t }) => {
    for (const [method, path] of [
      ["GET", "/v1/jobs/abcdefabcdef"],
      ["PATCH", "/v1/jobs/abcdefabcdef"],
      ["DELETE", "/v1/jobs/abcdefabcdef"],
      ["POST", "/v1/jobs/abcdefabcdef/run"],
      ["GET", "/v1/jobs/abcdefabcdef/runs"],
    ])
      expect((await t.call(method, path, method === "PATCH" ? { name: "x" } : undefined)).status).toBe(404);
  });

  it("refuses a change that breaks a rule, leaving the job as it was", async ({ app: t }) => {
    const job = await json<{ id: string }>(await t.call("POST", "/v1/jobs", base));
    const res = await t.call("PATCH", `/v1/jobs/${job.id}`, { schedule: { every: "5s" } });
    expect(res.status).toBe(400);
    const after = await json<{ schedule: unknown }>(await t.call("GET", `/v1/jobs/${job.id}`));
    expect(after.schedule).toEqual({ every: "1h" });
  });
});

describe("Hermes /api/jobs refused", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["no name", { schedule: "every 1h", prompt: "p" }, "Name is required"],
    ["a long name", { name: "n".repeat(201), schedule: "every 1h", prompt: "p" }, "Name must be ≤ 200 characters"],
    ["no schedule", { name: "n", prompt: "p" }, "Schedule is required"],
    [
      "a long prompt",
      { name: "n", schedule: "every 1h", prompt: "p".repeat(5_001) },
      "Prompt must be ≤ 5000 characters",
    ],
    ["repeat 0", { name: "n", schedule: "every 1h", prompt: "p", repeat: 0 }, "Repeat must be a positive integer"],
    [
      "repeat as text",
      { name: "n", schedule: "every 1h", prompt: "p", repeat: "2" },
      "Repeat must be a positive integer",
    ],
  ];
  for (const [what, body, error] of cases) {
    it(`answers 400 {error} for ${what}`, async ({ app: t }) => {
      const res = await t.call("POST", "/api/jobs", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    });
  }

  it("answers a schedule it cannot read, a bad id, a missing job and an empty PATCH as Hermes does", async ({
    app: t,
  }) => {
    const bad = await t.call("POST", "/api/jobs", { name: "n", schedule: "whenever", prompt: "p" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid schedule 'whenever'/);
    const invalid = await t.call("GET", "/api/jobs/not-a-job");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: "Invalid job ID format" });
    for (const [method, path] of [
      ["GET", "/api/jobs/abcdefabcdef"],
      ["DELETE", "/api/jobs/abcdefabcdef"],
      ["POST", "/api/jobs/abcdefabcdef/pause"],
      ["POST", "/api/jobs/abcdefabcdef/run"],
    ]) {
      const res = await t.call(method, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Job not found" });
    }
    const created = (await (
      await t.call("POST", "/api/jobs", { name: "n", schedule: "every 1h", prompt: "p" })
    ).json()) as { job: { id: string } };
    const empty = await t.call("PATCH", `/api/jobs/${created.job.id}`, { color: "blue" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "No valid fields to update" });
  });
});

describe("webhooks refused", () => {
  it("answers 400 naming an unknown event, and stores nothing", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/webhooks", {
      url: "https://hooks.example.com/x",
      events: ["run.completed", "run.exploded"],
    });
    expect(res.status).toBe(400);
    const problem = await json<ValidationProblem>(res);
    expect(problem.errors).toEqual([{ location: "body.events.1", message: "unknown event run.exploded" }]);
    expect(await t.query("select id from webhooks")).toEqual([]);
  });
});
