import { describe, expect } from "vitest";
import { ActiveContextCache } from "../../src/db/active-context-cache.js";
import { openDatabase } from "../../src/db/database.js";
import type { StoredMessage } from "../../src/db/records.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "context" });
it.beforeEach(({ fake }) => {
  fake.reset();
  fake.respondWith(() => ({ content: "## Goal\nsummarized" }));
});

/** What a process that never read the session gets: a second connection to the same file, its own (empty) cache. */
async function coldRead(t: TestApp, sessionId: string): Promise<StoredMessage[]> {
  const store = createSqliteStore(openDatabase(t.config.database.path));
  try {
    return await store.messages.activeRows(sessionId);
  } finally {
    await store.close();
  }
}

/** The active context as the running server reads it (from memory once kept) equals a cold read from SQLite. */
async function expectInStep(t: TestApp, sessionId: string): Promise<StoredMessage[]> {
  const { messages } = t.app.services.store;
  const served = await messages.activeRows(sessionId);
  expect(served).toEqual(await messages.activeRowsFromDisk(sessionId));
  expect(served).toEqual(await coldRead(t, sessionId));
  return served;
}

let round = 0;
async function addRounds(t: TestApp, id: string, count: number) {
  for (let i = 0; i < count; i++) {
    round += 1;
    await append(
      t,
      id,
      toolRound(`ask ${round}`, "terminal", { command: `make r${round}` }, filler(round, 300), `reply ${round}`),
    );
  }
}

describe("the active context kept in memory", () => {
  it("stays what SQLite holds through appends, compressions with shortened rows, a failed write and deletes", async ({
    app: t,
  }) => {
    const id = await createSessionId(t, { system_prompt: "You are careful." });
    expect(await expectInStep(t, id)).toEqual([]);
    await addRounds(t, id, 14);
    const before = await expectInStep(t, id);
    expect(before.length).toBe(56);

    // A compression moves rows out, shortens old tool output and adds the summary row.
    const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { compressed: boolean }).compressed).toBe(true);
    const after = await expectInStep(t, id);
    expect(after.length).toBeLessThan(before.length);
    // The summary is a row of its own, or (where no role may stand between its neighbours) merged into the next row.
    expect(
      after.some((row) => row.kind === "summary" || JSON.stringify(row.override ?? "").includes("CONTEXT COMPACTION")),
    ).toBe(true);
    await addRounds(t, id, 2);
    await expectInStep(t, id);

    // A transaction that appends and then fails leaves nothing behind, in memory as on disk.
    const { store } = t.app.services;
    await expect(
      store.transaction(async () => {
        await store.messages.append(
          id,
          [{ id: "msg_rolled_back", role: "user", content: "never", tokens: 1, search_text: "never" }],
          Date.now(),
        );
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect((await expectInStep(t, id)).some((row) => row.id === "msg_rolled_back")).toBe(false);

    // Deleted: nothing is served for it any more.
    const other = await createSessionId(t);
    await addRounds(t, other, 1);
    await expectInStep(t, other);
    expect((await t.call("DELETE", `/v1/sessions/${other}`)).status).toBe(204);
    expect(await t.app.services.store.messages.activeRows(other)).toEqual([]);
  });

  it("is rebuilt from SQLite after a restart", async ({ app: t }) => {
    const id = await createSessionId(t);
    await addRounds(t, id, 3);
    const served = await expectInStep(t, id);
    const again = await makeTestApp({}, { dir: t.dir });
    try {
      expect(await again.app.services.store.messages.activeRows(id)).toEqual(served);
    } finally {
      await again.close();
    }
  });
});

describe("the cache's bounds", () => {
  const row = (seq: number, text: string): StoredMessage => ({
    id: `msg_${seq}`,
    session_id: "ses_a",
    seq,
    role: "user",
    content: text,
    provenance: null,
    tokens: 1,
    in_context: true,
    kind: "message",
    created_at: 0,
    position: seq,
    override: null,
    override_tokens: null,
    run_id: null,
  });

  it("drops the least recently used session past its session count", ({ expect }) => {
    const cache = new ActiveContextCache(2, 1_000_000);
    cache.fill("a", [row(1, "a")]);
    cache.fill("b", [row(1, "b")]);
    cache.get("a");
    cache.fill("c", [row(1, "c")]);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toHaveLength(1);
    expect(cache.get("c")).toHaveLength(1);
  });

  it("keeps within its byte budget, and never keeps a session larger than the budget", ({ expect }) => {
    const cache = new ActiveContextCache(100, 2_000);
    cache.fill("big", [row(1, "x".repeat(5_000))]);
    expect(cache.get("big")).toBeUndefined();
    cache.fill("a", [row(1, "x".repeat(900))]);
    cache.fill("b", [row(1, "x".repeat(900))]);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toHaveLength(1);
  });

  it("reads again when an appended row does not sort last", ({ expect }) => {
    const cache = new ActiveContextCache();
    cache.fill("a", [row(5, "five")]);
    cache.appended("a", [{ ...row(6, "summary"), position: 2 }]);
    expect(cache.get("a")).toBeUndefined();
  });
});
