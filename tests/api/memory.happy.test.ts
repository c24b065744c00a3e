/**
 * The owner's memory over REST: both stores with their figures, entries added (201), changed and removed, each
 * owner's apart, secrets masked before they are stored, and everything still there after a restart.
 */
import { describe, expect } from "vitest";
import { PLANTED_SECRETS } from "../fixtures/secrets.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY } from "../fixtures/keys.js";
import { json } from "../fixtures/responses.js";
import type { ApiCaller } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";
import { rmSync } from "node:fs";
import type { GetMemoryResponse, MemoryEntryResponse } from "../../src/routes/memory/schemas.js";

const it = withApp({ overrides: { server: { api_key: SERVER_KEY }, memory: { user_chars: 200 } } });

async function add(who: ApiCaller, store: string, content: string): Promise<MemoryEntryResponse> {
  const res = await who.call("POST", `/v1/memory/${store}/entries`, { content });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<MemoryEntryResponse>(res);
}

async function memoryOf(who: ApiCaller): Promise<GetMemoryResponse> {
  const res = await who.call("GET", "/v1/memory");
  expect(res.status, await res.clone().text()).toBe(200);
  return json<GetMemoryResponse>(res);
}

describe("memory entries", () => {
  it("adds, lists with used and limit, changes and removes entries", async ({ app: t }) => {
    const erin = await makeKey(t, { name: "erin", owner: "erin", scopes: ALL_BUT_ADMIN });
    const empty = await memoryOf(erin);
    expect(empty).toEqual({
      memory: { entries: [], used: 0, limit: 2200 },
      user: { entries: [], used: 0, limit: 200 },
    });
    const first = await add(erin, "user", "Prefers short answers");
    const second = await add(erin, "user", "Works on the billing service");
    expect(first).toMatchObject({ store: "user", source: "api", session_id: null, provenance: [] });
    const listed = await memoryOf(erin);
    expect(listed.user.entries.map((entry) => entry.content)).toEqual([
      "Prefers short answers",
      "Works on the billing service",
    ]);
    // Joined by the three-character delimiter, as Hermes counts them.
    expect(listed.user.used).toBe("Prefers short answers".length + 3 + "Works on the billing service".length);

    const patched = await erin.call("PATCH", `/v1/memory/user/entries/${first.id}`, {
      content: "Prefers terse answers",
    });
    expect(patched.status).toBe(200);
    expect((await json<MemoryEntryResponse>(patched)).content).toBe("Prefers terse answers");
    const removed = await erin.call("DELETE", `/v1/memory/user/entries/${second.id}`);
    expect(removed.status).toBe(204);
    expect((await memoryOf(erin)).user.entries.map((entry) => entry.content)).toEqual(["Prefers terse answers"]);
  });

  it("masks secrets before storing an entry", async ({ app: t }) => {
    const frank = await makeKey(t, { name: "frank", owner: "frank", scopes: ALL_BUT_ADMIN });
    const entry = await add(frank, "memory", `Staging deploy ${PLANTED_SECRETS[0].text}`);
    expect(entry.content).not.toContain(PLANTED_SECRETS[0].needle);
    expect(entry.content).toContain("sk-pro");
    expect(JSON.stringify(await memoryOf(frank))).not.toContain(PLANTED_SECRETS[0].needle);
  });

  it("keeps each owner's memory apart", async ({ app: t }) => {
    const gina = await makeKey(t, { name: "gina", owner: "gina", scopes: ALL_BUT_ADMIN });
    const hal = await makeKey(t, { name: "hal", owner: "hal", scopes: ALL_BUT_ADMIN });
    const hers = await add(gina, "memory", "Gina's build runs on node 20");
    expect((await memoryOf(hal)).memory.entries).toEqual([]);
    // Another owner's entry answers as a missing one, and stays as it was.
    for (const [method, body] of [
      ["PATCH", { content: "taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await hal.call(method, `/v1/memory/memory/entries/${hers.id}`, body);
      expect(res.status).toBe(404);
    }
    expect((await memoryOf(gina)).memory.entries.map((entry) => entry.content)).toEqual([
      "Gina's build runs on node 20",
    ]);
  });

  it("keeps entries across a restart", async () => {
    const dir = tempDir("caduceus-memory-restart-");
    const overrides = { server: { api_key: SERVER_KEY } };
    try {
      const before = await makeTestApp(overrides, { dir });
      await add(before, "user", "Reviews on Fridays");
      await before.close();
      const after = await makeTestApp(overrides, { dir });
      try {
        expect((await memoryOf(after)).user.entries.map((entry) => entry.content)).toEqual(["Reviews on Fridays"]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
