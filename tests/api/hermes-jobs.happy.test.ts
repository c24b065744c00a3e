/**
 * Hermes's /api/jobs over the same jobs as /v1/jobs: created with Hermes's schedule strings and answered 200 `{job}`
 * in its shape (12-hex id, schedule {kind, …}, schedule_display, repeat {times, completed}, state, ISO times), listed
 * with and without paused jobs, changed, paused, resumed, run now and deleted `{ok: true}`; a job made on either side
 * is the same job on the other. Capabilities advertise the jobs API.
 */
import { describe, expect } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { json, type HermesJobResponse, type JobResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ overrides: { jobs: { min_interval_s: 1, poll_interval_ms: 50 } } });

type JobAnswer = { job: HermesJobResponse };

describe("Hermes /api/jobs", () => {
  it("creates, reads, lists, changes, pauses, resumes, runs and deletes jobs in Hermes's shapes", async ({
    app: t,
  }) => {
    const res = await t.call("POST", "/api/jobs", {
      name: "Hourly price check",
      schedule: "every 1h",
      prompt: "Check the price.",
      deliver: "local",
      skills: ["web"],
      repeat: 5,
    });
    expect(res.status).toBe(200);
    const { job } = await json<JobAnswer>(res);
    expect(job).toMatchObject({
      name: "Hourly price check",
      prompt: "Check the price.",
      schedule: { kind: "interval", minutes: 60, display: "every 60m" },
      schedule_display: "every 60m",
      repeat: { times: 5, completed: 0 },
      enabled: true,
      state: "scheduled",
      deliver: "local",
      skills: ["web"],
      skill: "web",
      last_run_at: null,
      last_status: null,
    });
    expect(job.id).toMatch(/^[a-f0-9]{12}$/);
    expect(job.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Date.parse(job.next_run_at ?? "") - Date.parse(job.created_at)).toBeGreaterThanOrEqual(3_600_000 - 1_000);

    // The same job on the native routes.
    const native = await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`));
    expect(native).toMatchObject({ schedule: { every: "1h" }, max_runs: 5, state: "scheduled" });

    for (const [schedule, expected] of [
      ["30m", { kind: "interval", minutes: 30 }],
      ["0 9 * * 1-5", { kind: "cron", expr: "0 9 * * 1-5", display: "0 9 * * 1-5" }],
      [
        "2030-02-03T14:00:00Z",
        { kind: "once", run_at: "2030-02-03T14:00:00.000Z", display: "once at 2030-02-03 14:00" },
      ],
    ] as const) {
      const other = await json<JobAnswer>(await t.call("POST", "/api/jobs", { name: schedule, schedule, prompt: "p" }));
      expect(other.job.schedule).toMatchObject(expected);
      if (expected.kind === "once") expect(other.job.repeat).toEqual({ times: 1, completed: 0 });
      await t.call("DELETE", `/api/jobs/${other.job.id}`);
    }

    const patched = await json<JobAnswer>(
      await t.call("PATCH", `/api/jobs/${job.id}`, { name: "Price check", schedule: "every 2h", color: "ignored" }),
    );
    expect(patched.job).toMatchObject({ name: "Price check", schedule_display: "every 120m" });
    const paused = await json<JobAnswer>(await t.call("POST", `/api/jobs/${job.id}/pause`));
    expect(paused.job).toMatchObject({ enabled: false, state: "paused", next_run_at: null });
    expect((await json<{ jobs: unknown[] }>(await t.call("GET", "/api/jobs"))).jobs).toEqual([]);
    const all = await json<{ jobs: HermesJobResponse[] }>(await t.call("GET", "/api/jobs?include_disabled=true"));
    expect(all.jobs.map((j) => j.id)).toEqual([job.id]);
    const resumed = await json<JobAnswer>(await t.call("POST", `/api/jobs/${job.id}/resume`));
    expect(resumed.job.state).toBe("scheduled");

    const ran = await json<JobAnswer>(await t.call("POST", `/api/jobs/${job.id}/run`));
    expect(ran.job.repeat.completed).toBe(1);
    const done = await waitFor(async () => {
      const current = await json<JobAnswer>(await t.call("GET", `/api/jobs/${job.id}`));
      return current.job.last_status === "ok" && current.job;
    });
    expect(done.last_run_at).not.toBeNull();

    const deleted = await t.call("DELETE", `/api/jobs/${job.id}`);
    expect(await deleted.json()).toEqual({ ok: true });
    expect((await t.call("GET", `/v1/jobs/${job.id}`)).status).toBe(404);
  });

  it("shows a native job on the Hermes routes, created paused when asked", async ({ app: t }) => {
    const native = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", { name: "Native", schedule: { cron: "15 7 * * *" }, prompt: "p" }),
    );
    const { job } = await json<JobAnswer>(await t.call("GET", `/api/jobs/${native.id}`));
    expect(job).toMatchObject({
      name: "Native",
      schedule: { kind: "cron", expr: "15 7 * * *" },
      repeat: { times: null },
    });
    const paused = await json<JobAnswer>(
      await t.call("POST", "/api/jobs", { name: "Later", schedule: "every 1d", prompt: "p", paused: true }),
    );
    expect(paused.job).toMatchObject({ enabled: false, state: "paused", next_run_at: null });
  });

  it("advertises the jobs API in its capabilities", async ({ app: t }) => {
    const caps = await json<{ features: Record<string, unknown>; endpoints: Record<string, { path: string }> }>(
      await t.call("GET", "/v1/capabilities"),
    );
    expect(caps.features).toMatchObject({ jobs_api: true, webhooks: true });
    expect(caps.endpoints.jobs.path).toBe("/api/jobs");
    expect(caps.endpoints.caduceus_jobs.path).toBe("/v1/jobs");
  });
});
