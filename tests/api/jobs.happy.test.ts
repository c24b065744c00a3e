/**
 * Scheduled jobs through /v1/jobs: a job fires on its `every` schedule through the agent (a fresh session titled
 * after it, the run listed newest first), pauses and resumes, fires once now, stops after `max_runs`, fires once on
 * `at`, keeps one growing session in `reuse` mode, skips or queues a tick while its previous run still runs, and
 * computes cron times in its time zone across a DST change.
 */
import { describe, expect } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { json, type JobResponse, type JobRunResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const FAST = { jobs: { min_interval_s: 1, poll_interval_ms: 50 } };
const it = withApp({ overrides: FAST });

type Runs = { data: JobRunResponse[] };
type Fired = { job: JobResponse; run: JobRunResponse };

describe("jobs", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("fires on `every` as the agent's runs, each in a fresh session titled after the job", async ({ app: t, fake }) => {
    const res = await t.call("POST", "/v1/jobs", {
      name: "Price watch",
      schedule: { every: "1s" },
      prompt: "Check the widget price.",
    });
    expect(res.status).toBe(201);
    const job = await json<JobResponse>(res);
    expect(job.id).toMatch(/^[a-f0-9]{12}$/);
    expect(res.headers.get("location")).toBe(`/v1/jobs/${job.id}`);
    expect(job.state).toBe("scheduled");
    expect(job.session).toEqual({ mode: "new", id: null });
    expect(Date.parse(job.next_run_at ?? "")).toBeGreaterThan(Date.parse(job.created_at));

    const runs = await waitFor(async () => {
      const page = await json<Runs>(await t.call("GET", `/v1/jobs/${job.id}/runs`));
      return page.data.filter((r) => r.status === "completed").length >= 2 && page.data;
    }, 25_000);
    expect(runs[0].trigger).toBe("schedule");
    expect(Date.parse(runs[0].started_at ?? "")).toBeGreaterThanOrEqual(Date.parse(runs[1].started_at ?? ""));
    const done = runs.find((r) => r.status === "completed")!;
    expect(done.usage?.total_tokens).toBeGreaterThan(0);
    expect(done.finished_at).not.toBeNull();
    expect(new Set(runs.map((r) => r.session_id)).size).toBe(runs.length);
    const session = await json<{ title: string }>(await t.call("GET", `/v1/sessions/${done.session_id}`));
    expect(session.title).toBe("Price watch");
    const sent = fake.completions.map((c) => c.body.messages.at(-1)?.content);
    expect(sent).toContain("Check the widget price.");

    const paused = await json<JobResponse>(await t.call("POST", `/v1/jobs/${job.id}/pause`));
    expect(paused).toMatchObject({ state: "paused", enabled: false, next_run_at: null });
    const resumed = await json<JobResponse>(await t.call("POST", `/v1/jobs/${job.id}/resume`));
    expect(resumed.state).toBe("scheduled");
    expect(Date.parse(resumed.next_run_at ?? "")).toBeGreaterThan(Date.now() - 1_000);
    expect((await t.call("DELETE", `/v1/jobs/${job.id}`)).status).toBe(204);
    expect((await t.call("GET", `/v1/jobs/${job.id}`)).status).toBe(404);
  });

  it("fires once now, and stops after max_runs", async ({ app: t }) => {
    const job = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", {
        name: "Nightly",
        schedule: { cron: "0 3 * * *" },
        prompt: "Summarise the night.",
        max_runs: 1,
        metadata: { team: "ops" },
      }),
    );
    const res = await t.call("POST", `/v1/jobs/${job.id}/run`);
    expect(res.status).toBe(202);
    const fired = await json<Fired>(res);
    expect(fired.run.trigger).toBe("manual");
    expect(fired.run.run_id).toMatch(/^run_/);
    expect(fired.job).toMatchObject({
      runs_fired: 1,
      state: "completed",
      next_run_at: null,
      metadata: { team: "ops" },
    });
    const run = await waitFor(async () => {
      const r = await json<{ status: string }>(await t.call("GET", `/v1/runs/${fired.run.run_id}`));
      return r.status === "completed" && r;
    });
    expect(run.status).toBe("completed");
    // The scheduler's next look records how the run ended.
    const after = await waitFor(async () => {
      const current = await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`));
      return current.last_status === "completed" && current;
    });
    expect(after.last_error).toBeNull();
  });

  it("fires no more after max_runs on schedule, resumed or not", async ({ app: t }) => {
    const job = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", { name: "Twice", schedule: { every: "1s" }, prompt: "p", max_runs: 2 }),
    );
    const done = await waitFor(async () => {
      const current = await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`));
      return current.state === "completed" && current;
    }, 25_000);
    expect(done).toMatchObject({ runs_fired: 2, next_run_at: null, enabled: false });
    await t.call("POST", `/v1/jobs/${job.id}/resume`);
    // The resumed job's next tick finds it spent: it is disabled again without firing.
    const spent = await waitFor(async () => {
      const current = await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`));
      return !current.enabled && current;
    }, 25_000);
    expect(spent).toMatchObject({ runs_fired: 2, state: "completed" });
    expect((await json<Runs>(await t.call("GET", `/v1/jobs/${job.id}/runs`))).data).toHaveLength(2);
  });

  it("fires once on `at`, then has no next run", async ({ app: t }) => {
    const at = new Date(Date.now() + 300).toISOString();
    const job = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", { name: "Once", schedule: { at }, prompt: "Just once." }),
    );
    expect(job.next_run_at).toBe(at);
    const done = await waitFor(async () => {
      const current = await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`));
      return current.state === "completed" && current;
    });
    expect(done).toMatchObject({ next_run_at: null, runs_fired: 1, enabled: false });
    const runs = await json<Runs>(await t.call("GET", `/v1/jobs/${job.id}/runs`));
    expect(runs.data).toHaveLength(1);
  });

  it("goes on in one session in `reuse` mode", async ({ app: t }) => {
    const job = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", {
        name: "Diary",
        schedule: { cron: "0 3 * * *" },
        prompt: "Add today's entry.",
        session: { mode: "reuse" },
      }),
    );
    const first = await json<Fired>(await t.call("POST", `/v1/jobs/${job.id}/run`));
    await waitFor(
      async () => (await json<JobResponse>(await t.call("GET", `/v1/jobs/${job.id}`))).last_status === "completed",
    );
    const second = await json<Fired>(await t.call("POST", `/v1/jobs/${job.id}/run`));
    expect(second.run.session_id).toBe(first.run.session_id);
    expect(second.job.session).toEqual({ mode: "reuse", id: first.run.session_id });
  });

  it("skips a tick while the previous firing runs (overlap: skip), and queues it (queue)", async ({ app: t, fake }) => {
    fake.respondWith(() => ({ content: "slow answer", delay_ms: 1_200 }));
    const skip = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", { name: "Skip", schedule: { every: "1s" }, prompt: "slow", overlap: "skip" }),
    );
    const skipped = await waitFor(async () => {
      const page = await json<Runs>(await t.call("GET", `/v1/jobs/${skip.id}/runs`));
      return page.data.filter((r) => r.status === "completed").length >= 2 && page.data;
    }, 25_000);
    await t.call("POST", `/v1/jobs/${skip.id}/pause`);
    // Each firing started after the one before it ended: the ticks in between were skipped.
    const ordered = [...skipped].reverse().filter((r) => r.finished_at !== null);
    for (let i = 1; i < ordered.length; i++)
      expect(Date.parse(ordered[i].started_at ?? "")).toBeGreaterThanOrEqual(
        Date.parse(ordered[i - 1].finished_at ?? ""),
      );
    expect(skipped.every((r) => r.trigger === "schedule")).toBe(true);

    const queue = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", { name: "Queue", schedule: { every: "1s" }, prompt: "slow", overlap: "queue" }),
    );
    const queued = await waitFor(async () => {
      const page = await json<Runs>(await t.call("GET", `/v1/jobs/${queue.id}/runs`));
      return page.data.some((r) => r.trigger === "queued") && page.data;
    }, 25_000);
    await t.call("POST", `/v1/jobs/${queue.id}/pause`);
    expect(queued.find((r) => r.trigger === "queued")?.run_id).toMatch(/^run_/);
    fake.respondWith(null);
    // Two slow firings of each job, on a loaded machine: longer than one ordinary test's limit.
  }, 60_000);

  it("lists the caller's jobs newest first, a page at a time", async ({ app: t }) => {
    for (const name of ["a", "b", "c"])
      await t.call("POST", "/v1/jobs", { name, schedule: { cron: "0 3 * * *" }, prompt: "p", enabled: false });
    const first = await json<{ data: JobResponse[]; next_cursor: string | null }>(
      await t.call("GET", "/v1/jobs?limit=2"),
    );
    expect(first.data).toHaveLength(2);
    expect(first.data[0].state).toBe("paused");
    const second = await json<{ data: JobResponse[]; next_cursor: string | null }>(
      await t.call("GET", `/v1/jobs?limit=2&cursor=${encodeURIComponent(first.next_cursor ?? "")}`),
    );
    const all = [...first.data, second.data[0]];
    // Every job once, newest first (jobs made in the same millisecond in either order).
    expect(all.map((j) => j.name).sort()).toEqual(["a", "b", "c"]);
    const times = all.map((j) => Date.parse(j.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});

/** The services' clock set just before the 2026 DST changes of New York and Berlin. */
const clock = { base: Date.parse("2026-03-07T20:00:00Z") - Date.now() };
const itDst = withApp({ overrides: FAST, now: () => Date.now() + clock.base });

describe("jobs on cron in a time zone", () => {
  itDst("compute the next time in the zone across a DST change", async ({ app: t }) => {
    const ny = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", {
        name: "NY morning",
        schedule: { cron: "0 9 * * *", timezone: "America/New_York" },
        prompt: "p",
      }),
    );
    // 9:00 on 8 March 2026 is the first morning of EDT (UTC-4), not EST (UTC-5).
    expect(ny.next_run_at).toBe("2026-03-08T13:00:00.000Z");
    expect(ny.schedule_display).toBe("0 9 * * * (America/New_York)");
    clock.base = Date.parse("2026-03-28T12:00:00Z") - Date.now();
    const berlin = await json<JobResponse>(
      await t.call("POST", "/v1/jobs", {
        name: "Berlin night",
        schedule: { cron: "30 2 * * *", timezone: "Europe/Berlin" },
        prompt: "p",
      }),
    );
    // 02:30 does not exist on 29 March 2026 in Berlin (clocks go 02:00 → 03:00): it fires at 03:00 CEST.
    expect(berlin.next_run_at).toBe("2026-03-29T01:00:00.000Z");
  });
});
