/**
 * @module
 * Scheduled jobs in the built server process over a real SQLite file: a job fires on `every`; after `kill -9` and a
 * restart it fires on schedule again; ticks missed while no server ran fire once with `catch_up: one` (never a burst)
 * and not at all with `none`; an `at` whose time passed while the server was down fires once on start.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

type Job = { id: string; runs_fired: number; next_run_at: string | null; state: string };
type Runs = { data: Array<{ trigger: string; status: string | null; started_at: string }> };

describe("jobs in the server process", () => {
  let fake: FakeModelServer;
  let dir: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    fake = await startFakeModel();
    dir = tempDir("caduceus-e2e-jobs-");
    writeFileSync(join(dir, "config.yaml"), "jobs:\n  min_interval_s: 1\n  poll_interval_ms: 100\n");
  });
  afterEach(async () => {
    await server?.stop("SIGKILL");
    server = null;
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (): Promise<ServerProcess> => {
    server = await startServerProcess(
      {
        CADUCEUS_DB: join(dir, "caduceus.db"),
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: "k",
        CADUCEUS_MODEL: "fake-model",
        CADUCEUS_LOG_LEVEL: "info",
      },
      ["--config", join(dir, "config.yaml")],
    );
    return server;
  };
  const runsOf = async (s: ServerProcess, id: string) =>
    ((await (await s.call("GET", `/v1/jobs/${id}/runs`)).json()) as Runs).data;

  it("fires on `every`, and again on schedule after kill -9 and a restart; catch-up fires once", async () => {
    let s = await start();
    const create = async (body: Record<string, unknown>) =>
      (await (await s.call("POST", "/v1/jobs", { prompt: "Check.", ...body })).json()) as Job;
    const every = await create({ name: "every", schedule: { every: "1s" }, catch_up: "one" });
    const none = await create({ name: "none", schedule: { every: "1s" }, catch_up: "none" });
    await waitFor(async () => (await runsOf(s, every.id)).length >= 2, 20_000);
    // Made just before the kill, due a moment after it: it passes while the server is down, however long the
    // interval jobs took to fire twice.
    const atMs = Date.now() + 2_000;
    const once = await create({ name: "at", schedule: { at: new Date(atMs).toISOString() } });

    await s.stop("SIGKILL");
    expect(s.child.signalCode).toBe("SIGKILL");
    // Down long enough for the interval jobs to miss ticks and for the `at` to pass: missed (over 5 s late), not late.
    await new Promise((resolve) => setTimeout(resolve, Math.max(6_500, atMs + 6_500 - Date.now())));
    const before = { every: (await countRuns(dir, every.id)) ?? 0 };
    s = await start();

    const afterRestart = await waitFor(async () => {
      const runs = await runsOf(s, every.id);
      return (
        runs.filter((r) => r.trigger === "schedule" && Date.parse(r.started_at) > Date.now() - 5_000).length >= 2 &&
        runs
      );
    }, 15_000);
    // One catch-up for all the ticks missed, then the schedule again.
    expect(afterRestart.filter((r) => r.trigger === "catch_up")).toHaveLength(1);
    expect(afterRestart.length).toBeGreaterThan(before.every);
    const noneRuns = await waitFor(async () => {
      const runs = await runsOf(s, none.id);
      return runs.some((r) => Date.parse(r.started_at) > Date.now() - 5_000) && runs;
    }, 15_000);
    expect(noneRuns.filter((r) => r.trigger === "catch_up")).toEqual([]);
    const at = await waitFor(async () => {
      const job = (await (await s.call("GET", `/v1/jobs/${once.id}`)).json()) as Job;
      return job.state === "completed" && job;
    }, 15_000);
    expect(at).toMatchObject({ runs_fired: 1, next_run_at: null });
    expect((await runsOf(s, once.id)).map((r) => r.trigger)).toEqual(["catch_up"]);
    for (const id of [every.id, none.id]) await s.call("POST", `/v1/jobs/${id}/pause`);
  }, 60_000);
});

/** The job's firings in the SQLite file, read while no server runs. */
async function countRuns(dir: string, jobId: string): Promise<number | null> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(join(dir, "caduceus.db"), { readonly: true });
  try {
    return (db.prepare("select count(*) as n from job_runs where job_id = ?").get(jobId) as { n: number }).n;
  } finally {
    db.close();
  }
}
