/**
 * API keys across two real replicas on one PostgreSQL database: a key each replica holds in its cache is refused by
 * both once it is revoked — through one of them, or from the command line — without waiting for the cache to run out
 * (the revocation is announced as it commits); a key's concurrent runs and its tokens of the day are counted over
 * both replicas; its requests of the minute are counted by each.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { runCli } from "../fixtures/cli-process.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { createTestDatabase } from "../fixtures/postgres.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

const API_KEY = "replicas-keys-admin-key";
const admin = { authorization: `Bearer ${API_KEY}` };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** Far longer than the test: a refusal seen within it came from the announcement, not the cache running out. */
const REFUSED_WITHIN_MS = 5_000;

type Made = { id: string; key: string };

let database: { url: string; drop(): Promise<void> };
let fake: FakeModelServer;
let a: ServerProcess;
let b: ServerProcess;
const dir = tempDir("caduceus-replica-keys-");

const startReplica = (id: string) =>
  startServerProcess({
    DATABASE_URL: database.url,
    CADUCEUS_REPLICA_ID: id,
    CADUCEUS_API_KEY: API_KEY,
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "e2e",
    CADUCEUS_MODEL: "fake-model",
  });

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeModel();
  [a, b] = await Promise.all([startReplica("keys-a"), startReplica("keys-b")]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fake?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function makeKey(body: Record<string, unknown>): Promise<Made> {
  const res = await a.call("POST", "/v1/admin/keys", body, { ...admin, "content-type": "application/json" });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Made;
}

const status = async (replica: ServerProcess, key: string) =>
  (await replica.call("GET", "/v1/sessions", undefined, bearer(key))).status;

/** Resolves once the replica refuses the key; fails after REFUSED_WITHIN_MS. */
const refusedBy = (replica: ServerProcess, key: string) =>
  waitFor(async () => (await status(replica, key)) === 401, REFUSED_WITHIN_MS);

describe("API keys on two replicas", () => {
  it("refuses a revoked key on both replicas, whichever revoked it", async () => {
    const viaApi = await makeKey({ name: "revoked through a replica", scopes: ["sessions:read"] });
    const viaCli = await makeKey({ name: "revoked from the command line", scopes: ["sessions:read"] });
    // Each replica has read (and keeps) both keys.
    for (const replica of [a, b]) for (const key of [viaApi, viaCli]) expect(await status(replica, key.key)).toBe(200);

    expect((await a.call("DELETE", `/v1/admin/keys/${viaApi.id}`, undefined, admin)).status).toBe(204);
    expect(await status(a, viaApi.key)).toBe(401);
    await refusedBy(b, viaApi.key);

    const revoked = await runCli(["keys", "revoke", viaCli.id], { cwd: dir, env: { DATABASE_URL: database.url } });
    expect(revoked.code, revoked.stderr).toBe(0);
    await refusedBy(a, viaCli.key);
    await refusedBy(b, viaCli.key);
  });

  it("counts a key's concurrent runs over both replicas", async () => {
    const key = await makeKey({
      name: "one run",
      scopes: ["sessions:read", "sessions:write"],
      limits: { concurrent_runs: 1 },
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.respondWith(async () => {
      await gate;
      return { content: "done" };
    });
    const json = { ...bearer(key.key), "content-type": "application/json" };
    const first = await a.call("POST", "/v1/runs", { input: "first" }, json);
    expect(first.status).toBe(202);
    const refused = await b.call("POST", "/v1/runs", { input: "second" }, json);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("concurrent_runs 1");
    release();
    const completed = (runId: string) =>
      waitFor(async () => {
        const run = (await (await b.call("GET", `/v1/runs/${runId}`, undefined, json)).json()) as { status: string };
        return run.status === "completed";
      }, 10_000);
    await completed(((await first.json()) as { run_id: string }).run_id);
    fake.respondWith(null);
    const third = await b.call("POST", "/v1/runs", { input: "third" }, json);
    expect(third.status).toBe(202);
    // Its model call is made before the next test scripts the model's answers.
    await completed(((await third.json()) as { run_id: string }).run_id);
  });

  it("counts a key's tokens of the day over both replicas", async () => {
    const key = await makeKey({
      name: "budgeted",
      scopes: ["sessions:read", "sessions:write"],
      limits: { tokens_per_day: 100 },
    });
    const json = { ...bearer(key.key), "content-type": "application/json" };
    fake.enqueue({ content: "spent", usage: { prompt_tokens: 90, completion_tokens: 20 } });
    const session = (await (await a.call("POST", "/v1/sessions", {}, json)).json()) as { id: string };
    expect((await a.call("POST", `/v1/sessions/${session.id}/messages`, { content: "spend" }, json)).status).toBe(200);
    const refused = await b.call("POST", `/v1/sessions/${session.id}/messages`, { content: "more" }, json);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "token_budget_exceeded", limit: 100, used: 110 });
  });

  it("counts a key's requests of the minute on each replica", async () => {
    const key = await makeKey({ name: "chatty", scopes: ["sessions:read"], limits: { requests_per_minute: 2 } });
    expect([await status(a, key.key), await status(a, key.key), await status(a, key.key)]).toEqual([200, 200, 429]);
    expect(await status(b, key.key)).toBe(200);
  });
});
