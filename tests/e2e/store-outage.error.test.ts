/**
 * @module store-outage.error.test
 * Two replicas on one PostgreSQL server that crashes (`pg_ctl stop -m immediate`) under load and comes back after
 * 10 s: requests during the outage answer 503 `store_unavailable` with `Retry-After` (never a 500 or a dropped
 * connection), every write acknowledged before, during or after is there once, a run in flight ends `interrupted`
 * and its session takes the next run, the event stream on the other replica hears events again (LISTEN reconnects),
 * and both replicas are ready again without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse } from "../fixtures/agent-harness.js";
import { waitFor } from "../fixtures/browser.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { startPostgresCluster, type PostgresCluster } from "../fixtures/postgres-cluster.js";
import { startReplicaProcess, type ServerProcess } from "../fixtures/server-process.js";

const API_KEY = "outage-e2e-api-key";
const INTERNAL_KEY = "outage-e2e-internal-key-0123456789";
const LEASE_TTL_MS = 3_000;
const REPLICA_OPTIONS = { internalKey: INTERNAL_KEY, apiKey: API_KEY, leaseTtlMs: LEASE_TTL_MS };
const OUTAGE_MS = 10_000;
/** How often the load posts a message, alternating between the replicas. */
const LOAD_INTERVAL_MS = 100;

const auth = { authorization: `Bearer ${API_KEY}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(target: { baseUrl: string }, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${target.baseUrl}${path}`, {
    method,
    headers: body === undefined ? auth : { ...auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

let cluster: PostgresCluster;
let fake: FakeModelServer;
let a: ServerProcess;
let b: ServerProcess;

const startReplica = (id: string): Promise<ServerProcess> =>
  startReplicaProcess({ id, databaseUrl: cluster.url, ...REPLICA_OPTIONS, modelBaseUrl: fake.baseUrl });

beforeAll(async () => {
  cluster = await startPostgresCluster();
  fake = await startFakeModel();
  a = await startReplica("replica-a");
  b = await startReplica("replica-b");
}, 60_000);

afterAll(async () => {
  if (process.env.DEBUG_OUTAGE) console.log("A:\n" + a?.output() + "\nB:\n" + b?.output());
  await Promise.all([a?.stop(), b?.stop()]);
  await fake?.close();
  await cluster?.stop();
}, 60_000);

type Outcome = { status: number; code?: string; retryAfter: string | null; content: string; phase: string };

describe("a PostgreSQL outage under load", () => {
  it("answers 503 store_unavailable while the server is down and loses nothing it acknowledged", async () => {
    const load = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", { title: "load" }), 201);
    const running = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", { title: "running" }), 201);
    const streamed = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", { title: "streamed" }), 201);

    // A run whose model answers in the middle of the outage: it cannot store the answer.
    fake.enqueue({ content: "answered too late", delay_ms: 3_000 });
    const inFlight = call(a, "POST", `/v1/sessions/${running.id}/messages`, { content: "a long question" });

    let phase = "before";
    let stop = false;
    const outcomes: Outcome[] = [];
    const loadDone = (async () => {
      for (let i = 0; !stop; i++) {
        const content = `load ${i}`;
        const at = phase;
        try {
          const res = await call(i % 2 ? b : a, "POST", `/v1/sessions/${load.id}/messages`, { content, run: false });
          const body = (await res.json()) as { code?: string };
          outcomes.push({
            status: res.status,
            code: body.code,
            retryAfter: res.headers.get("retry-after"),
            content,
            phase: at,
          });
        } catch (error) {
          outcomes.push({ status: 0, code: String(error), retryAfter: null, content, phase: at });
        }
        await sleep(LOAD_INTERVAL_MS);
      }
    })();

    await waitFor(
      () => outcomes.filter((o) => o.status === 201).length >= 5,
      "five acknowledged writes before the outage",
      20_000,
    );
    phase = "outage";
    await cluster.halt("immediate");
    await sleep(OUTAGE_MS);
    await cluster.restart();
    phase = "after";
    await waitFor(
      () => outcomes.filter((o) => o.phase === "after" && o.status === 201).length >= 10,
      "ten acknowledged writes after the restart",
      30_000,
    );
    stop = true;
    await loadDone;

    // Every answer was a 201 or a 503 store_unavailable with Retry-After: no 500, no dropped connection.
    const refused = outcomes.filter((o) => o.status !== 201);
    expect(refused.length).toBeGreaterThan(10);
    for (const o of refused) {
      expect(o, JSON.stringify(o)).toMatchObject({ status: 503, code: "store_unavailable" });
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    expect(outcomes.filter((o) => o.phase === "before" && o.status === 201).length).toBeGreaterThanOrEqual(5);

    // Every acknowledged write is stored, once, in order; nothing refused was.
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.content);
    const rows = await json<{ data: Array<{ content: string }> }>(
      await call(b, "GET", `/v1/sessions/${load.id}/messages?limit=200`),
    );
    expect(rows.data.map((row) => row.content)).toEqual(acknowledged);

    // The run in flight ended interrupted, as its answer and its row say, and the session takes the next run.
    const cut = await json<{ run: { id: string; status: string } }>(await inFlight);
    expect(cut.run.status).toBe("interrupted");
    await waitFor(
      async () =>
        (await json<{ status: string }>(await call(b, "GET", `/v1/runs/${cut.run.id}`))).status === "interrupted",
      "the cut run to be recorded as interrupted",
      20_000,
    );
    fake.enqueue({ content: "answered after the outage" });
    const next = await json<{ run: { status: string } }>(
      await call(b, "POST", `/v1/sessions/${running.id}/messages`, { content: "again" }),
    );
    expect(next.run.status).toBe("completed");
    const transcript = await json<{ data: Array<{ role: string; content: string }> }>(
      await call(a, "GET", `/v1/sessions/${running.id}/messages`),
    );
    expect(transcript.data.map((row) => [row.role, row.content])).toEqual([
      ["user", "a long question"],
      ["user", "again"],
      ["assistant", "answered after the outage"],
    ]);

    // LISTEN came back on its own: a run on A is streamed live on B.
    const live = await fetch(`${b.baseUrl}/v1/sessions/${streamed.id}/events`, { headers: auth });
    expect(live.status).toBe(200);
    const heard = readSse(live, (frame) => frame.event === "run.completed", 15_000);
    await sleep(300);
    fake.enqueue({ content: "heard on b" });
    await json(await call(a, "POST", `/v1/sessions/${streamed.id}/messages`, { content: "said on a" }));
    expect((await heard).map((frame) => frame.event)).toContain("run.completed");

    // Both replicas are ready again, and neither was restarted.
    for (const replica of [a, b]) {
      await waitFor(async () => (await call(replica, "GET", "/health/ready")).status === 200, "readiness", 20_000);
      expect(replica.child.exitCode).toBeNull();
    }
  }, 90_000);
});
