/**
 * The audit log: who (key, owner) did what — keys made, changed and revoked, sessions made and deleted, runs started,
 * interrupts answered, raw CDP sent, and every refusal (401, 403, another owner's 404) — to which resource, with the
 * status it was answered with; filtered by key, action and time, paged newest first, never holding a secret, and kept
 * `audit.retention_days`.
 */
import { describe, expect } from "vitest";
import { testTools, waitFor } from "../fixtures/agent-harness.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY, withKey, type KeyCaller } from "../fixtures/keys.js";
import { json, type AuditPageResponse } from "../fixtures/responses.js";
import type { ApiCaller } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { HermesRunResponse, SubmittedRunResponse } from "../../src/routes/runs/schemas.js";

const clock = { offsetMs: 0 };
const it = withApp({
  tools: [testTools.echo],
  overrides: { server: { api_key: SERVER_KEY }, audit: { retention_days: 1 } },
  now: () => Date.now() + clock.offsetMs,
});

type Entry = AuditPageResponse["data"][number];

const audit = async (who: ApiCaller, query = ""): Promise<AuditPageResponse> =>
  json<AuditPageResponse>(await who.call("GET", `/v1/admin/audit${query}`));

describe("the audit log", () => {
  let alice: KeyCaller;
  let bob: KeyCaller;
  const secrets: string[] = [];
  it.beforeAll(async ({ app: t }) => {
    alice = await makeKey(t, { name: "alice", owner: "alice", scopes: ALL_BUT_ADMIN });
    bob = await makeKey(t, { name: "bob", owner: "bob", scopes: ["sessions:read"] });
    secrets.push(alice.key.key, bob.key.key);
  });

  it("records what a key did, with its owner, the resource and the status", async ({ app: t, fake }) => {
    const session = await json<{ id: string }>(
      await alice.call("POST", "/v1/sessions", { config: { agent: { approvals: { tools: { echo: "ask" } } } } }),
    );
    fake.enqueue({ tool_calls: [{ id: "call_1", name: "echo", arguments: { text: "x" } }] }, { content: "done" });
    const run = await json<SubmittedRunResponse>(
      await alice.call("POST", "/v1/runs", { input: "echo x", session_id: session.id }),
    );
    await waitFor(async () => {
      const state = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${run.run_id}`));
      return state.status === "waiting_for_approval";
    });
    expect((await alice.call("POST", `/v1/runs/${run.run_id}/approval`, { choice: "once" })).status).toBe(200);
    const cdp = await alice.call("POST", `/v1/sessions/${session.id}/browser/cdp`, { method: "Browser.close" });
    expect(cdp.status).toBe(403);
    await waitFor(async () => {
      const state = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${run.run_id}`));
      return state.status === "completed";
    });
    expect((await alice.call("DELETE", `/v1/sessions/${session.id}`)).status).toBe(204);

    const mine = (await audit(t, `?key_id=${alice.key.id}`)).data;
    const summary = mine.map((entry) => [entry.action, entry.resource?.type ?? null, entry.status]).reverse();
    expect(summary).toEqual([
      ["session.create", "session", 201],
      ["run.start", "run", 202],
      ["interrupt.answer", "run", 200],
      ["browser.cdp", "session", 403],
      ["session.delete", "session", 204],
    ]);
    for (const entry of mine) expect(entry).toMatchObject({ key_id: alice.key.id, owner: "alice" });
    expect(mine.find((entry) => entry.action === "run.start")?.resource?.id).toBe(run.run_id);
    expect(mine.find((entry) => entry.action === "session.delete")?.resource?.id).toBe(session.id);
  });

  it("records every refusal: a wrong key, a revoked one, a missing scope, another owner's resource", async ({
    app: t,
  }) => {
    const before = (await audit(t, "?action=auth.denied")).data.length;
    expect((await withKey(t, "cad_not-a-key-of-ours-at-all-00000000").call("GET", "/v1/sessions")).status).toBe(401);
    const revoked = await makeKey(t, { name: "revoked", scopes: ["sessions:read"] });
    await t.call("DELETE", `/v1/admin/keys/${revoked.key.id}`);
    expect((await revoked.call("GET", "/v1/sessions")).status).toBe(401);
    expect((await bob.call("POST", "/v1/sessions", {})).status).toBe(403);
    const owned = await json<{ id: string }>(await alice.call("POST", "/v1/sessions", {}));
    expect((await bob.call("GET", `/v1/sessions/${owned.id}`)).status).toBe(404);
    const denied = (await audit(t, "?action=auth.denied")).data;
    expect(denied.length - before).toBe(4);
    const [foreign, scope, gone, unknown] = denied;
    expect(unknown).toMatchObject({ key_id: null, status: 401, detail: { method: "GET", path: "/v1/sessions" } });
    expect(gone).toMatchObject({ key_id: revoked.key.id, status: 401 });
    expect(scope).toMatchObject({
      key_id: bob.key.id,
      owner: "bob",
      status: 403,
      detail: { required_scope: "sessions:write" },
    });
    expect(foreign).toMatchObject({
      key_id: bob.key.id,
      status: 404,
      resource: { type: "session", id: owned.id },
    });
  });

  it("records a session's MCP servers set and changed, by whom, and not other changes", async ({ app: t }) => {
    const made = await alice.call("POST", "/v1/sessions", { config: { mcp: { servers: [] } } });
    const { id } = await json<{ id: string }>(made);
    expect((await alice.call("PATCH", `/v1/sessions/${id}`, { title: "renamed" })).status).toBe(200);
    expect((await alice.call("PATCH", `/v1/sessions/${id}`, { config: { mcp: { servers: [] } } })).status).toBe(200);
    const changes = (await audit(t, "?action=mcp.change&limit=200")).data.filter((e) => e.resource?.id === id);
    expect(changes.map((entry) => [entry.key_id, entry.owner, entry.status])).toEqual([
      [alice.key.id, "alice", 200],
      [alice.key.id, "alice", 201],
    ]);
    expect(changes[0].detail).toEqual({ servers: [] });
  });

  it("records the keys made, changed and revoked, and never a secret", async ({ app: t }) => {
    const made = await makeKey(t, { name: "audited", scopes: ["mcp"] });
    secrets.push(made.key.key);
    await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { name: "renamed" });
    await t.call("DELETE", `/v1/admin/keys/${made.key.id}`);
    const entries = (await audit(t, "?limit=200")).data.filter((entry) => entry.resource?.id === made.key.id);
    expect(entries.map((entry) => [entry.action, entry.status, entry.key_id])).toEqual([
      ["key.revoke", 204, null],
      ["key.update", 200, null],
      ["key.create", 201, null],
    ]);
    expect(entries[2].detail).toMatchObject({ name: "audited", scopes: ["mcp"] });
    expect(entries[1].detail).toEqual({ changed: ["name"] });
    const everything = JSON.stringify((await audit(t, "?limit=200")).data);
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice(8));
    }
  });

  it("pages newest first and filters by action and time", async ({ app: t }) => {
    const first = await audit(t, "?limit=2");
    expect(first.data).toHaveLength(2);
    expect(first.data[0].id > first.data[1].id).toBe(true);
    const second = await audit(t, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data[0].id < first.data[1].id).toBe(true);
    const creates = (await audit(t, "?action=key.create&limit=200")).data;
    expect(creates.every((entry: Entry) => entry.action === "key.create")).toBe(true);
    expect(creates.length).toBeGreaterThanOrEqual(3);
    expect((await audit(t, "?to=2001-01-01")).data).toEqual([]);
    const now = new Date(Date.now() + clock.offsetMs + 60_000).toISOString();
    expect((await audit(t, `?from=${encodeURIComponent(now)}`)).data).toEqual([]);
  });

  it("deletes entries older than audit.retention_days", async ({ app: t }) => {
    const oldest = (await audit(t, "?limit=200")).data.at(-1)!;
    clock.offsetMs = 2 * 24 * 60 * 60 * 1000;
    try {
      // The next entry written sweeps the expired ones.
      expect((await withKey(t, "cad_not-a-key-of-ours-at-all-00000000").call("GET", "/v1/sessions")).status).toBe(401);
      const left = (await audit(t, "?limit=200")).data;
      expect(left.map((entry) => entry.id)).not.toContain(oldest.id);
      expect(left).toHaveLength(1);
    } finally {
      clock.offsetMs = 0;
    }
  });
});
