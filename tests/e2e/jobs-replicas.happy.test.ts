/**
 * @module
 * Two server processes on one PostgreSQL database, both with a scheduler looking every 50 ms: a job on `every: 1s`
 * fires each tick exactly once — the tick is claimed in the database — whichever replica claims it.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { createTestDatabase, storesUnderTest } from "../fixtures/postgres.js";
import { startReplicaProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

const INTERNAL_KEY = "jobs-replicas-internal-key-0123456789";
const onPostgres = storesUnderTest().includes("postgres");

describe.skipIf(!onPostgres)("jobs on two replicas", () => {
  let database: { url: string; drop(): Promise<void> };
  let fake: FakeModelServer;
  const replicas: ServerProcess[] = [];
  const dir = tempDir("caduceus-e2e-jobs-replicas-");

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeModel();
    writeFileSync(join(dir, "config.yaml"), "jobs:\n  min_interval_s: 1\n  poll_interval_ms: 50\n");
    for (const id of ["replica-a", "replica-b"]) {
      replicas.push(
        await startReplicaProcess({
          id,
          databaseUrl: database.url,
          internalKey: INTERNAL_KEY,
          modelBaseUrl: fake.baseUrl,
          args: ["--config", join(dir, "config.yaml")],
        }),
      );
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.stop("SIGTERM");
    await fake?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("fires each tick of `every` exactly once", async () => {
    const [a, b] = replicas;
    const job = (await (
      await a.call("POST", "/v1/jobs", { name: "Tick", schedule: { every: "1s" }, prompt: "Tick." })
    ).json()) as { id: string; next_run_at: string };
    const runs = await waitFor(async () => {
      const page = (await (await b.call("GET", `/v1/jobs/${job.id}/runs`)).json()) as {
        data: Array<{ started_at: string; trigger: string; run_id: string | null }>;
      };
      return page.data.length >= 5 && page.data;
    }, 15_000);
    await a.call("POST", `/v1/jobs/${job.id}/pause`);
    // One firing per tick: a firing claims its tick (and any it was too late for) and fires before the next is due, so
    // no two fire within one second counted from the first tick. (A late firing may come just before an on-time one.)
    const first = Date.parse(job.next_run_at);
    const seconds = runs.map((r) => Math.floor((Date.parse(r.started_at) - first) / 1000));
    expect(Math.min(...seconds)).toBeGreaterThanOrEqual(0);
    expect(new Set(seconds).size).toBe(seconds.length);
    expect(runs.every((r) => r.trigger === "schedule" && r.run_id !== null)).toBe(true);
    expect(new Set(runs.map((r) => r.run_id)).size).toBe(runs.length);
  }, 30_000);
});
