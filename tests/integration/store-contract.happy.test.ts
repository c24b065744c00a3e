/**
 * @module store-contract.happy.test
 * The store contract (src/db/store.ts), one suite run against each store: every repository through the async
 * contract with real records, in a database of its own. SQLite is the reference; PostgreSQL must answer the same.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewMessage, NewRun, NewSession, SessionRecord, StoredMessage } from "../../src/db/records.js";
import type { Store } from "../../src/db/store.js";
import { newId } from "../../src/kernel/ids.js";
import { storesUnderTest } from "../fixtures/postgres.js";
import { openTestStore, type TestStore } from "../fixtures/stores.js";

/** Past 2^31 ms, so a time column too narrow for epoch milliseconds fails. */
const T0 = 1_700_000_000_000;

/** A word no other test writes, for the lookups that span sessions (search everywhere, replicas, pending rows). */
const unique = (prefix: string) => `${prefix}${randomBytes(5).toString("hex")}`;

function newSession(store: Store, overrides: Partial<NewSession> = {}): Promise<SessionRecord> {
  return store.sessions.create({
    id: newId("ses", T0),
    title: null,
    model: null,
    system_prompt: null,
    system_prompt_tokens: 0,
    config: {},
    now: T0,
    ...overrides,
  });
}

function row(role: NewMessage["role"], content: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return { id: newId("msg", T0), role, content, tokens: 10, search_text: content, ...overrides };
}

function call(id: string, name: string, args: Record<string, unknown>) {
  return { id, type: "function" as const, function: { name, arguments: JSON.stringify(args) } };
}

function newRun(sessionId: string, replicaId: string, overrides: Partial<NewRun> = {}): NewRun {
  return {
    id: newId("run", T0),
    session_id: sessionId,
    model: "gpt-test",
    background: false,
    client_tools: [],
    replica_id: replicaId,
    now: T0,
    ...overrides,
  };
}

const seqs = (rows: StoredMessage[]) => rows.map((r) => r.seq);

describe.each(storesUnderTest())("the %s store", (dialect) => {
  let t: TestStore;
  let store: Store;

  beforeAll(async () => {
    t = await openTestStore(dialect);
    store = t.store;
  });
  afterAll(() => t?.close());

  it("says what it is and answers a ping", async () => {
    expect(store.dialect).toBe(dialect);
    expect(store.location).toEqual(expect.any(String));
    expect(await store.ping()).toBe(true);
  });

  describe("sessions", () => {
    it("creates, reads, updates and deletes a session with its config and flags", async () => {
      const created = await newSession(store, {
        title: "Deploy",
        model: "gpt-test",
        system_prompt: "Be brief.",
        system_prompt_tokens: 3,
        config: { compression: { threshold: 0.6 } },
        source: "hermes",
      });
      expect(created).toMatchObject({
        title: "Deploy",
        model: "gpt-test",
        system_prompt: "Be brief.",
        system_prompt_tokens: 3,
        config: { compression: { threshold: 0.6 } },
        created_at: T0,
        updated_at: T0,
        message_count: 0,
        context_tokens: 0,
        compression_count: 0,
        engine_state: {},
        browser_url: null,
        source: "hermes",
        pinned: false,
        archived: false,
        parent_session_id: null,
        anchors_indexed: true,
      });
      expect(await store.sessions.get(created.id)).toEqual(created);

      const updated = await store.sessions.update(
        created.id,
        {
          title: "Deploy v2",
          engine_state: { strikes: 2 },
          browser_url: "https://example.com/",
          last_prompt_tokens: 120,
          last_completion_tokens: 30,
          pinned: true,
          archived: true,
        },
        T0 + 5,
      );
      expect(updated).toMatchObject({
        title: "Deploy v2",
        model: "gpt-test",
        engine_state: { strikes: 2 },
        browser_url: "https://example.com/",
        last_prompt_tokens: 120,
        last_completion_tokens: 30,
        pinned: true,
        archived: true,
        updated_at: T0 + 5,
      });
      expect(await store.sessions.get(created.id)).toEqual(updated);
      expect(await store.sessions.update("ses_missing", { title: "x" }, T0)).toBeNull();

      await store.sessions.incrementCompressionCount(created.id);
      expect((await store.sessions.get(created.id))?.compression_count).toBe(1);

      await store.messages.append(created.id, [row("user", "hello")], T0 + 6);
      expect(await store.sessions.delete(created.id)).toBe(true);
      expect(await store.sessions.get(created.id)).toBeNull();
      expect(await store.messages.page(created.id, 0, 10)).toEqual([]);
      expect(await store.sessions.delete(created.id)).toBe(false);
    });

    it("finds the newest session holding a derived key", async () => {
      const key = unique("key");
      const older = await newSession(store, { derived_key: key, now: T0 });
      const newer = await newSession(store, { derived_key: key, now: T0 + 1 });
      expect((await store.sessions.findByDerivedKey(key))?.id).toBe(newer.id);
      await store.sessions.update(older.id, { title: "touched" }, T0 + 2);
      expect((await store.sessions.findByDerivedKey(key))?.id).toBe(older.id);
      expect(await store.sessions.findByDerivedKey(unique("key"))).toBeNull();
    });

    it("lists newest first, paged by a (created_at, id) cursor, and by activity", async () => {
      // Far in the future, so these are the newest of the database whatever the other tests made.
      const base = T0 + 1_000_000_000;
      const made: SessionRecord[] = [];
      for (let i = 0; i < 5; i++) made.push(await newSession(store, { now: base + Math.floor(i / 2) }));
      const expected = [...made].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1)).map((s) => s.id);

      const first = await store.sessions.list(2, null);
      const second = await store.sessions.list(2, first[1]);
      const third = await store.sessions.list(2, second[1]);
      expect([...first, ...second, ...third.slice(0, 1)].map((s) => s.id)).toEqual(expected);

      await store.sessions.update(made[0].id, { title: "active" }, base + 100);
      const byActivity = await store.sessions.listByActivity(2, 0);
      expect(byActivity).toHaveLength(3);
      expect(byActivity[0].id).toBe(made[0].id);
      expect((await store.sessions.listByActivity(1, 1))[0].id).toBe(byActivity[1].id);
    });
  });

  describe("messages", () => {
    it("reads the opening message of many sessions and the answer of many runs, each in one read", async () => {
      const a = await newSession(store);
      const b = await newSession(store);
      const none = await newSession(store);
      const runA = (await store.runs.create(newRun(a.id, "replica-reads")))!;
      await store.runs.update(runA.id, { status: "completed" }, T0);
      const runB = (await store.runs.create(newRun(b.id, "replica-reads")))!;
      await store.messages.append(a.id, [row("system", "sys"), row("user", "first a", { run_id: runA.id })], T0);
      await store.messages.append(
        a.id,
        [
          row("assistant", "early answer a", { run_id: runA.id }),
          row("assistant", "", { content: null, run_id: runA.id, tool_calls: [call("c1", "echo", {})] }),
          row("user", "second a"),
        ],
        T0,
      );
      await store.messages.append(b.id, [row("user", "first b", { run_id: runB.id })], T0);
      await store.messages.append(b.id, [row("assistant", "answer b", { run_id: runB.id })], T0);

      const openings = await store.messages.firstOfRoleIn([a.id, b.id, none.id], "user");
      expect(openings.map((m) => [m.session_id, m.content]).sort()).toEqual([
        [a.id, "first a"],
        [b.id, "first b"],
      ]);
      const answers = await store.messages.lastAnswerOfRuns([runA.id, runB.id]);
      expect(answers.map((m) => [m.run_id, m.content]).sort()).toEqual([
        [runA.id, "early answer a"],
        [runB.id, "answer b"],
      ]);
      expect(await store.messages.firstOfRoleIn([], "user")).toEqual([]);
      expect(await store.messages.lastAnswerOfRuns([])).toEqual([]);
    });

    it("appends rows with dense seqs and keeps the session's counters in step", async () => {
      const s = await newSession(store);
      const first = await store.messages.append(
        s.id,
        [row("user", "one", { tokens: 5 }), row("assistant", "two", { tokens: 7, reasoning: "thinking" })],
        T0 + 1,
      );
      expect(seqs(first)).toEqual([1, 2]);
      expect(first[1]).toMatchObject({
        session_id: s.id,
        role: "assistant",
        content: "two",
        tokens: 7,
        in_context: true,
        kind: "message",
        position: 2,
        override: null,
        override_tokens: null,
        run_id: null,
        reasoning: "thinking",
        created_at: T0 + 1,
      });
      const parts = [{ type: "text" as const, text: "three" }];
      const second = await store.messages.append(
        s.id,
        [row("user", "x", { content: parts, tokens: 3 }), row("user", "hidden", { in_context: false, tokens: 100 })],
        T0 + 2,
      );
      expect(seqs(second)).toEqual([3, 4]);
      expect(second[0].content).toEqual(parts);

      const session = await store.sessions.get(s.id);
      expect(session).toMatchObject({
        message_count: 4,
        context_tokens: 15,
        context_message_count: 3,
        updated_at: T0 + 2,
      });
      const page = await store.messages.page(s.id, 1, 2);
      expect(seqs(page)).toEqual([2, 3]);
      expect(page).toEqual([first[1], second[0]]);
      expect(await store.messages.page(s.id, 4, 10)).toEqual([]);
      expect((await store.messages.firstOfRole(s.id, "user"))?.seq).toBe(1);
      expect(await store.messages.firstOfRole(s.id, "tool")).toBeNull();
    });

    it("writes a model response's figures with the rows that answer it, and leaves them otherwise", async () => {
      const s = await newSession(store);
      const figuresOf = async () => {
        const session = await store.sessions.get(s.id);
        return [session?.last_prompt_tokens, session?.last_completion_tokens, session?.message_count];
      };
      // One row, several rows with a tool call, and no row: each statement the append may take.
      await store.messages.append(s.id, [row("assistant", "one")], T0, {
        last_prompt_tokens: 1200,
        last_completion_tokens: 34,
      });
      expect(await figuresOf()).toEqual([1200, 34, 1]);
      await store.messages.append(s.id, [row("user", "plain")], T0 + 1);
      expect(await figuresOf()).toEqual([1200, 34, 2]);
      await store.messages.append(
        s.id,
        [row("assistant", "calls", { tool_calls: [call("call_figures", "echo", {})] }), row("user", "after")],
        T0 + 2,
        { last_prompt_tokens: 1500, last_completion_tokens: 0 },
      );
      expect(await figuresOf()).toEqual([1500, 0, 4]);
      expect(await store.messages.findToolCall(s.id, "call_figures")).toEqual({ seq: 3, name: "echo" });
      await store.messages.append(s.id, [], T0 + 3, { last_prompt_tokens: 7, last_completion_tokens: 8 });
      expect(await figuresOf()).toEqual([7, 8, 4]);
    });

    it("holds a name until the transaction that took it ends, for another transaction taking the same name", async () => {
      const name = `id:${newId("ses", T0)}`;
      const order: string[] = [];
      let locked!: () => void;
      const firstHolds = new Promise<void>((resolve) => (locked = resolve));
      const first = store.transaction(async () => {
        await store.sessions.lockName(name);
        locked();
        await new Promise((resolve) => setTimeout(resolve, 150));
        order.push("first ends");
      });
      await firstHolds;
      const second = store.transaction(async () => {
        await store.sessions.lockName(name);
        order.push("second holds");
      });
      await Promise.all([first, second]);
      expect(order).toEqual(["first ends", "second holds"]);
    });

    it("hands out 1..N with no gap or repeat to appends racing from two stores over one database", async () => {
      const other = await t.another();
      const s = await newSession(store);
      const perStore = 15;
      const appends = [];
      for (let i = 0; i < perStore; i++) {
        for (const [name, writer] of [
          ["a", store],
          ["b", other],
        ] as const) {
          const rows = Array.from({ length: 1 + (i % 3) }, (_, k) => row("user", `${name}${i}.${k}`));
          appends.push(writer.messages.append(s.id, rows, T0 + i));
        }
      }
      const written = (await Promise.all(appends)).flat();
      const total = written.length;
      expect(written.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      // Each append's rows are consecutive.
      for (const batch of await Promise.all(appends)) {
        expect(seqs(batch)).toEqual(batch.map((_, k) => batch[0].seq + k));
      }
      const all = await other.messages.page(s.id, 0, 1000);
      expect(seqs(all)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(await store.sessions.get(s.id)).toMatchObject({ message_count: total, context_message_count: total });
      expect(seqs(await store.messages.append(s.id, [row("user", "last")], T0 + 99))).toEqual([total + 1]);
    });

    it("pairs tool calls with their results", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-pairing")))!;
      await store.messages.append(
        s.id,
        [
          row("user", "open it", { run_id: run.id }),
          row("assistant", "", {
            run_id: run.id,
            tool_calls: [call("call_1", "browser_open", { url: "https://a.test/" }), call("call_2", "shell", {})],
          }),
        ],
        T0,
      );
      expect(await store.messages.findToolCall(s.id, "call_1")).toEqual({ seq: 2, name: "browser_open" });
      expect(await store.messages.findToolCall(s.id, "call_9")).toBeNull();
      // Calls of one row come in no fixed order.
      const unanswered = await store.messages.unansweredToolCalls(s.id, run.id);
      expect(unanswered.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual([
        { id: "call_1", name: "browser_open" },
        { id: "call_2", name: "shell" },
      ]);
      expect(await store.messages.hasToolResult(s.id, "call_1")).toBe(false);
      expect(await store.messages.toolCallArguments(s.id, "call_1")).toEqual({
        seq: 2,
        arguments: JSON.stringify({ url: "https://a.test/" }),
      });

      await store.messages.append(
        s.id,
        [row("tool", "opened", { run_id: run.id, tool_call_id: "call_1", name: "browser_open" })],
        T0,
      );
      expect(await store.messages.hasToolResult(s.id, "call_1")).toBe(true);
      expect(await store.messages.unansweredToolCalls(s.id, run.id)).toEqual([{ id: "call_2", name: "shell" }]);
      const runRows = await store.messages.listForRun(s.id, run.id);
      expect(seqs(runRows)).toEqual([1, 2, 3]);
      expect(runRows[1].tool_calls?.map((c) => c.id)).toEqual(["call_1", "call_2"]);
      expect(runRows[2]).toMatchObject({ tool_call_id: "call_1", name: "browser_open", run_id: run.id });
    });

    it("reads the active context in position order, with what compression changed", async () => {
      const s = await newSession(store);
      await store.messages.append(
        s.id,
        [row("user", "a", { tokens: 10 }), row("assistant", "b", { tokens: 20 }), row("user", "c", { tokens: 30 })],
        T0,
      );
      // A compression: rows 1-2 out, a summary row placed before row 3, row 3 shortened.
      await store.messages.append(
        s.id,
        [row("user", "summary of 1-2", { kind: "summary", position: 2.5, tokens: 4 })],
        T0 + 1,
      );
      await store.contextRows.setInContext(s.id, [1, 2], false);
      await store.contextRows.setOverride(s.id, 3, { content: "c, shortened" }, 6);
      expect(await store.messages.recomputeContextTotals(s.id)).toEqual({ tokens: 10, count: 2 });
      expect(await store.sessions.get(s.id)).toMatchObject({ context_tokens: 10, context_message_count: 2 });

      const active = await store.messages.activeRows(s.id);
      expect(active.map((r) => [r.seq, r.kind, r.position])).toEqual([
        [4, "summary", 2.5],
        [3, "message", 3],
      ]);
      expect(active[1]).toMatchObject({ override: { content: "c, shortened" }, override_tokens: 6, content: "c" });
      expect(await store.messages.activeRowsFromDisk(s.id)).toEqual(active);

      await store.contextRows.setOverride(s.id, 3, null, null);
      await store.contextRows.setInContext(s.id, [1], true);
      expect((await store.messages.activeRows(s.id)).map((r) => [r.seq, r.override])).toEqual([
        [1, null],
        [4, null],
        [3, null],
      ]);
      expect(await store.messages.recomputeContextTotals(s.id)).toEqual({ tokens: 44, count: 3 });
    });
  });

  describe("summaries", () => {
    it("keeps every version, the latest one first to hand", async () => {
      const s = await newSession(store);
      expect(await store.summaries.latest(s.id)).toBeNull();
      const v1 = await store.summaries.insert(s.id, {
        id: newId("sum", T0),
        version: 1,
        body: "## Goal\nfirst",
        covers: { from_seq: 1, to_seq: 4 },
        tokens_before: 900,
        tokens_after: 120,
        model: "gpt-test",
        focus_topic: null,
        fallback_used: false,
        message_id: null,
        created_at: T0,
      });
      expect(v1).toMatchObject({
        session_id: s.id,
        version: 1,
        covers: { from_seq: 1, to_seq: 4 },
        fallback_used: false,
      });
      const v2 = await store.summaries.insert(s.id, {
        ...v1,
        id: newId("sum", T0),
        version: 2,
        body: "## Goal\nsecond",
        covers: { from_seq: 1, to_seq: 9 },
        focus_topic: "deploys",
        fallback_used: true,
        created_at: T0 + 1,
      });
      expect(await store.summaries.latest(s.id)).toEqual(v2);
      expect(await store.summaries.list(s.id)).toEqual([v1, v2]);
    });
  });

  describe("anchors", () => {
    it("adds a span's anchors, widening the known ones, and lists them most frequent first", async () => {
      const s = await newSession(store);
      const added = await store.anchors.upsert(s.id, [
        { kind: "path", value: "src/App.ts", count: 1, first_seq: 3, last_seq: 4 },
        { kind: "path", value: "src/App.ts", count: 2, first_seq: 1, last_seq: 2 },
        { kind: "error", value: "ENOSPC", count: 1, first_seq: 5, last_seq: 5 },
        { kind: "error", value: "apple", count: 1, first_seq: 5, last_seq: 5 },
        { kind: "error", value: "Banana", count: 1, first_seq: 5, last_seq: 5 },
      ]);
      expect(added).toBe(4);
      expect(await store.anchors.upsert(s.id, [])).toBe(0);
      expect(
        await store.anchors.upsert(s.id, [
          { kind: "error", value: "ENOSPC", count: 4, first_seq: 2, last_seq: 9 },
          { kind: "issue", value: "#1234", count: 1, first_seq: 6, last_seq: 6 },
        ]),
      ).toBe(1);
      expect(await store.anchors.list(s.id)).toEqual([
        { kind: "error", value: "ENOSPC", count: 5, first_seq: 2, last_seq: 9 },
        { kind: "path", value: "src/App.ts", count: 3, first_seq: 1, last_seq: 4 },
        { kind: "issue", value: "#1234", count: 1, first_seq: 6, last_seq: 6 },
        // Equal counts and seqs: by value as SQLite compares text (byte order: capitals first).
        { kind: "error", value: "Banana", count: 1, first_seq: 5, last_seq: 5 },
        { kind: "error", value: "apple", count: 1, first_seq: 5, last_seq: 5 },
      ]);
      expect((await store.anchors.list(s.id, { q: "APP" })).map((a) => a.value)).toEqual(["src/App.ts", "apple"]);
      expect((await store.anchors.list(s.id, { kind: "error", limit: 2 })).map((a) => a.value)).toEqual([
        "ENOSPC",
        "Banana",
      ]);
      expect(await store.anchors.list(s.id, { q: "nothing like it" })).toEqual([]);
    });

    it("indexes each row's identifiers and reads them per transcript, seq range or context", async () => {
      const s = await newSession(store);
      await store.messages.append(s.id, [row("user", "a"), row("user", "b"), row("user", "c")], T0);
      await store.contextRows.setInContext(s.id, [1], false);
      await store.messageAnchors.add(s.id, 1, [
        { kind: "path", value: "a.ts" },
        { kind: "path", value: "a.ts" },
        { kind: "sha", value: "3f9a1c2" },
      ]);
      await store.messageAnchors.add(s.id, 2, [
        { kind: "path", value: "a.ts" },
        { kind: "error", value: "ENOSPC" },
      ]);
      await store.messageAnchors.add(s.id, 3, []);
      await store.messageAnchors.add(s.id, 3, [{ kind: "path", value: "a.ts" }]);
      await store.messageAnchors.add(s.id, 3, [{ kind: "path", value: "a.ts" }]);

      expect(await store.messageAnchors.list(s.id)).toEqual([
        { kind: "path", value: "a.ts", count: 3, first_seq: 1, last_seq: 3, in_context: true },
        { kind: "error", value: "ENOSPC", count: 1, first_seq: 2, last_seq: 2, in_context: true },
        { kind: "sha", value: "3f9a1c2", count: 1, first_seq: 1, last_seq: 1, in_context: false },
      ]);
      expect(await store.messageAnchors.count(s.id)).toBe(3);
      expect(await store.messageAnchors.list(s.id, { inContext: false })).toEqual([
        { kind: "sha", value: "3f9a1c2", count: 1, first_seq: 1, last_seq: 1, in_context: false },
      ]);
      expect(await store.messageAnchors.count(s.id, { inContext: true })).toBe(2);
      // Equal counts and seqs: by value as SQLite compares text (byte order: digits first).
      expect(await store.messageAnchors.list(s.id, { seqs: [1] })).toEqual([
        { kind: "sha", value: "3f9a1c2", count: 1, first_seq: 1, last_seq: 1, in_context: false },
        { kind: "path", value: "a.ts", count: 1, first_seq: 1, last_seq: 1, in_context: false },
      ]);
      expect(await store.messageAnchors.list(s.id, { seqs: [] })).toEqual([]);
      expect((await store.messageAnchors.list(s.id, { q: "ENO", kind: "error" })).map((a) => a.value)).toEqual([
        "ENOSPC",
      ]);
      expect((await store.messageAnchors.list(s.id, { limit: 1, offset: 1 })).map((a) => a.value)).toEqual(["ENOSPC"]);
      expect((await store.messageAnchors.list(s.id, { offset: 1 })).map((a) => a.value)).toEqual(["ENOSPC", "3f9a1c2"]);
      expect(await store.messageAnchors.count(s.id, { kind: "path", seqs: [2, 3] })).toBe(1);
    });
  });

  describe("search", () => {
    let s: SessionRecord;
    let other: SessionRecord;
    const word = unique("kw");

    beforeAll(async () => {
      s = await newSession(store, { title: "Search me" });
      other = await newSession(store, { title: "Elsewhere" });
      await store.messages.append(
        s.id,
        [
          row("user", `deploy failed on src/app.ts with ENOSPC near the cache ${word}`),
          row("assistant", "Fixed in commit 3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345, see issue #1234"),
          row("tool", "Le café est fermé", { tool_call_id: "call_x", name: "shell", in_context: false }),
          row("user", "the cache is warm"),
        ],
        T0,
      );
      await store.messages.append(other.id, [row("user", `the ${word} elsewhere`)], T0 + 1);
    });

    const found = async (text: string, role?: string) =>
      (await store.search.search(s.id, text, { role: role ?? null, limit: 10 })).map((hit) => hit.seq).sort();

    it("finds identifiers as written: paths, error codes, issue numbers, a short SHA", async () => {
      expect(await found("src/app.ts")).toEqual([1]);
      expect(await found("ENOSPC")).toEqual([1]);
      expect(await found("enospc")).toEqual([1]);
      expect(await found("#1234")).toEqual([2]);
      expect(await found("3f9a1c2")).toEqual([2]);
      expect(await found("3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345")).toEqual([2]);
    });

    it("ignores case and diacritics", async () => {
      expect(await found("cafe")).toEqual([3]);
      expect(await found("CAFÉ FERME")).toEqual([3]);
    });

    it("needs every term, filters by role, and answers nothing for no words", async () => {
      expect(await found("cache")).toEqual([1, 4]);
      expect(await found("cache warm")).toEqual([4]);
      expect(await found("warm deploy")).toEqual([]);
      expect(await found("cache", "user")).toEqual([1, 4]);
      expect(await found("cache", "assistant")).toEqual([]);
      expect(await found("  ***  ")).toEqual([]);
      // Query syntax is text: quotes and a star are not operators.
      expect(await found('"warm" cache*')).toEqual([4]);
      expect(await found("NEAR(cache OR warm)")).toEqual([]);
    });

    it("answers each hit with its row, a marked snippet, and the row's place in the context", async () => {
      const [hit] = await store.search.search(s.id, "fermé", { limit: 5 });
      expect(hit).toMatchObject({ seq: 3, role: "tool", in_context: false, kind: "message", created_at: T0 });
      expect(hit.message_id).toMatch(/^msg_/);
      expect(hit.rank).toEqual(expect.any(Number));
      expect(hit.snippet).toContain("[fermé]");
      expect((await store.search.search(s.id, "cache", { limit: 1 })).length).toBe(1);
    });

    it("searches every session at once, naming the session of each hit", async () => {
      const hits = await store.search.searchAll(word, 10);
      expect(hits.map((hit) => [hit.session_id, hit.session_title, hit.seq]).sort()).toEqual(
        [
          [s.id, "Search me", 1],
          [other.id, "Elsewhere", 1],
        ].sort(),
      );
      expect(hits.every((hit) => hit.in_context === true)).toBe(true);
      expect(await store.search.searchAll("***", 10)).toEqual([]);
    });
  });

  describe("runs", () => {
    it("creates a run, updates it as it goes and lists a session's runs newest first", async () => {
      const s = await newSession(store);
      const tools = [{ type: "function" as const, function: { name: "lookup", parameters: { type: "object" } } }];
      const run = (await store.runs.create(newRun(s.id, "replica-a", { background: true, client_tools: tools })))!;
      expect(run).toMatchObject({
        session_id: s.id,
        status: "running",
        iterations: 0,
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        compressed: false,
        error: null,
        created_at: T0,
        updated_at: T0,
        finished_at: null,
        model: "gpt-test",
        background: true,
        client_tools: tools,
        replica_id: "replica-a",
      });
      expect(await store.runs.get(run.id)).toEqual(run);
      expect((await store.runs.activeForSession(s.id))?.id).toBe(run.id);

      const done = await store.runs.update(
        run.id,
        {
          status: "completed",
          iterations: 3,
          usage: { prompt_tokens: 3_000_000_000, completion_tokens: 20, total_tokens: 3_000_000_020 },
          compressed: true,
          finished_at: T0 + 9,
        },
        T0 + 9,
      );
      expect(done).toMatchObject({
        status: "completed",
        iterations: 3,
        usage: { prompt_tokens: 3_000_000_000, completion_tokens: 20, total_tokens: 3_000_000_020 },
        compressed: true,
        finished_at: T0 + 9,
        updated_at: T0 + 9,
      });
      expect(await store.runs.activeForSession(s.id)).toBeNull();
      expect(await store.runs.update("run_missing", { status: "failed" }, T0)).toBeNull();

      const second = (await store.runs.create(newRun(s.id, "replica-a", { now: T0 + 10 })))!;
      await store.runs.update(second.id, { status: "failed", error: "boom" }, T0 + 11);
      const third = (await store.runs.create(newRun(s.id, "replica-a", { now: T0 + 10 })))!;
      expect((await store.runs.list(s.id)).map((r) => r.id)).toEqual([third.id, second.id, run.id]);
      const page = await store.runs.list(s.id, 1);
      expect((await store.runs.list(s.id, 5, page[0])).map((r) => r.id)).toEqual([second.id, run.id]);
      expect((await store.runs.list(null, 500)).map((r) => r.id)).toEqual(expect.arrayContaining([run.id, third.id]));
    });

    it("lists the runs each replica left running, and resumes a paused one once", async () => {
      const a = unique("replica-a-");
      const b = unique("replica-b-");
      const onA = (await store.runs.create(newRun((await newSession(store)).id, a)))!;
      const onB = (await store.runs.create(newRun((await newSession(store)).id, b)))!;
      const paused = (await store.runs.create(newRun((await newSession(store)).id, a)))!;
      await store.runs.update(paused.id, { status: "requires_action" }, T0 + 1);

      expect((await store.runs.listRunning(a)).map((r) => r.id)).toEqual([onA.id]);
      expect((await store.runs.listRequiringAction()).map((r) => r.id)).toContain(paused.id);
      expect((await store.runs.get(onB.id))?.status).toBe("running");
      expect((await store.runs.listRunning(b)).map((r) => r.id)).toEqual([onB.id]);

      expect(await store.runs.resume(paused.id, b, T0 + 3)).toMatchObject({
        status: "running",
        replica_id: b,
        updated_at: T0 + 3,
      });
      expect(await store.runs.resume(paused.id, a, T0 + 4)).toBeNull();
      expect((await store.runs.listRunning(b)).map((r) => r.id).sort()).toEqual([onB.id, paused.id].sort());
    });
  });

  describe("interrupts and steers", () => {
    it("waits on an approval until it is answered, once", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-int")))!;
      const approval = await store.interrupts.create({
        id: newId("int", T0),
        session_id: s.id,
        run_id: run.id,
        kind: "approval",
        created_at: T0,
        tool: "shell",
        tool_call_id: "call_1",
        arguments: '{"command":"rm -rf build"}',
        expires_at: T0 + 60_000,
      });
      expect(approval).toMatchObject({
        status: "pending",
        tool: "shell",
        tool_call_id: "call_1",
        arguments: '{"command":"rm -rf build"}',
        tool_calls: [],
        expires_at: T0 + 60_000,
        answered_at: null,
        answered_by: null,
        decision: null,
        outputs: null,
      });
      const calls = [call("call_2", "lookup", { q: "x" })];
      const clientTool = await store.interrupts.create({
        id: newId("int", T0 + 1),
        session_id: s.id,
        run_id: run.id,
        kind: "client_tool",
        created_at: T0 + 1,
        tool_calls: calls,
      });
      expect(clientTool.tool_calls).toEqual(calls);
      expect((await store.interrupts.forRun(run.id)).map((i) => i.id)).toEqual([approval.id, clientTool.id]);
      expect((await store.interrupts.pendingForSession(s.id)).map((i) => i.id)).toEqual([approval.id, clientTool.id]);
      expect((await store.interrupts.pendingForRuns([run.id, "run_none"])).map((i) => i.id)).toEqual([
        approval.id,
        clientTool.id,
      ]);
      expect(await store.interrupts.pendingForRuns([])).toEqual([]);
      expect((await store.interrupts.allPending()).map((i) => i.id)).toEqual(
        expect.arrayContaining([approval.id, clientTool.id]),
      );

      const answered = await store.interrupts.answer(approval.id, {
        answered_by: "user",
        answered_at: T0 + 5,
        decision: "deny",
        reason: "too risky",
      });
      expect(answered).toMatchObject({
        status: "answered",
        answered_by: "user",
        decision: "deny",
        reason: "too risky",
      });
      expect(await store.interrupts.answer(approval.id, { answered_by: "timeout", answered_at: T0 + 6 })).toBeNull();
      expect(await store.interrupts.get(approval.id)).toEqual(answered);
      expect((await store.interrupts.pendingForRun(run.id)).map((i) => i.id)).toEqual([clientTool.id]);

      const outputs = [{ tool_call_id: "call_2", output: "42" }];
      const policy = await store.interrupts.createAnswered(
        { id: newId("int", T0 + 2), session_id: s.id, run_id: run.id, kind: "client_tool", created_at: T0 + 2 },
        { answered_by: "client", answered_at: T0 + 2, outputs },
      );
      expect(policy).toMatchObject({ status: "answered", answered_by: "client", outputs });

      expect(await store.interrupts.cancelPendingForRun(run.id, T0 + 7, "run cancelled")).toBe(1);
      expect(await store.interrupts.get(clientTool.id)).toMatchObject({
        status: "cancelled",
        answered_at: T0 + 7,
        reason: "run cancelled",
      });
      expect(await store.interrupts.pendingForSession(s.id)).toEqual([]);
      expect(await store.interrupts.get("int_missing")).toBeNull();
    });

    it("keeps a run's steers until they are taken into the transcript", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-steer")))!;
      const first = await store.steers.add({
        id: newId("str", T0),
        run_id: run.id,
        session_id: s.id,
        content: "also check the logs",
        created_at: T0,
      });
      expect(first.taken_seq).toBeNull();
      const second = await store.steers.add({ ...first, id: newId("str", T0 + 1), content: "and", created_at: T0 + 1 });
      expect((await store.steers.waiting(run.id)).map((x) => x.id)).toEqual([first.id, second.id]);
      await store.steers.markTaken(first.id, 7);
      expect(await store.steers.waiting(run.id)).toEqual([second]);
    });
  });

  describe("events", () => {
    it("stores events in publish order, read after an id per session and per run, its streamed chunks pruned by age", async () => {
      const s = await newSession(store);
      const other = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-ev")))!;
      // Older than every other event of this store, so the pruning below reaches these alone.
      const OLD = T0 - 1_000_000_000;
      const e1 = await store.events.insert(s.id, "session.created", { title: null }, OLD);
      const e2 = await store.events.insert(s.id, "message.delta", { text: "he" }, OLD + 1, run.id);
      const e3 = await store.events.insert(other.id, "message.delta", { text: "x" }, OLD + 2);
      const e4 = await store.events.insert(s.id, "run.completed", { ok: true, n: [1, 2] }, OLD + 3, run.id);
      await store.events.insert(other.id, "reasoning.delta", { text: "hm" }, OLD + 1);
      expect(e2.id).toBeGreaterThan(e1.id);
      expect(e4.id).toBeGreaterThan(e3.id);
      expect(e2).toEqual({
        id: e2.id,
        session_id: s.id,
        type: "message.delta",
        data: { text: "he" },
        created_at: OLD + 1,
      });

      expect(await store.events.after(s.id, 0)).toEqual([e1, e2, e4]);
      expect(await store.events.after(s.id, e1.id, 1)).toEqual([e2]);
      expect(await store.events.forRun(run.id, 0)).toEqual([e2, e4]);
      expect(await store.events.forRun(run.id, e2.id)).toEqual([e4]);

      // Chunks of both kinds older than the bound go; the one at the bound stays, and so does every other event.
      expect(await store.events.deleteChunksBefore(OLD + 2)).toBe(2);
      expect(await store.events.after(s.id, 0)).toEqual([e1, e4]);
      expect(await store.events.after(other.id, 0)).toEqual([e3]);
    });

    it("stores several events of a session in one call in the order given, each with its data and run", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-evs")))!;
      const given = Array.from({ length: 40 }, (_, i) => ({
        type: i % 2 ? "message.created" : "run.started",
        data: { i, text: `event ${i}`, nested: { list: [i, i + 1] } },
        runId: i % 3 ? run.id : null,
      }));
      const stored = await store.transaction(() => store.events.insertAll(s.id, given, T0));
      expect(stored.map((event) => [event.type, event.data])).toEqual(given.map((event) => [event.type, event.data]));
      const ids = stored.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(given.length);
      expect(await store.events.after(s.id, 0)).toEqual(stored);
      expect((await store.events.forRun(run.id, 0)).map((event) => event.data)).toEqual(
        given.filter((event) => event.runId !== null).map((event) => event.data),
      );
      expect(await store.events.insertAll(s.id, [], T0)).toEqual([]);
    });
  });

  describe("idempotency", () => {
    it("holds a key for one request at a time, hands it to the run it starts, and lets a failed one go", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-hold")))!;
      const scope = unique("scope-");
      const hold = { scope, key: "k", requestHash: "h", holder: "request-1" };
      expect(await store.idempotency.hold(hold, T0, 1_000)).toBe(true);
      expect(await store.idempotency.hold({ ...hold, holder: "request-2" }, T0 + 1, 1_000)).toBe(false);
      expect(await store.idempotency.find(scope, "k", T0 + 1)).toEqual({ state: "held", requestHash: "h" });
      // Another request's run cannot take the hold; the holder's own run can.
      const claim = { scope, key: "k", requestHash: "h", runId: run.id };
      expect(await store.idempotency.claimForRun({ ...claim, holder: "request-2" }, T0 + 2, 60_000)).toBe(false);
      expect(await store.idempotency.claimForRun({ ...claim, holder: "request-1" }, T0 + 2, 60_000)).toBe(true);
      expect(await store.idempotency.find(scope, "k", T0 + 3)).toMatchObject({ state: "pending", runId: run.id });
      // A key handed to a run is not let go with the request.
      await store.idempotency.release(scope, "k", "request-1");
      expect(await store.idempotency.find(scope, "k", T0 + 3)).toMatchObject({ state: "pending", runId: run.id });

      // A hold that neither answered nor started a run is let go; an expired one is taken over.
      const other = { scope, key: "k2", requestHash: "h", holder: "request-3" };
      expect(await store.idempotency.hold(other, T0, 1_000)).toBe(true);
      await store.idempotency.release(scope, "k2", "request-3");
      expect(await store.idempotency.find(scope, "k2", T0 + 1)).toBeNull();
      expect(await store.idempotency.hold(other, T0, 1_000)).toBe(true);
      expect(await store.idempotency.hold({ ...other, holder: "request-4" }, T0 + 1_000, 1_000)).toBe(true);
      await store.idempotency.release(scope, "k2", "request-3");
      expect(await store.idempotency.find(scope, "k2", T0 + 1_001)).toEqual({ state: "held", requestHash: "h" });
    });

    it("claims a key for a run, answers it pending until the response is saved, and expires it", async () => {
      const s = await newSession(store);
      const run = (await store.runs.create(newRun(s.id, "replica-idem")))!;
      const scope = unique("scope-");
      const claim = { scope, key: "k1", requestHash: "h1", runId: run.id };
      expect(await store.idempotency.claimForRun(claim, T0, 60_000)).toBe(true);
      expect(await store.idempotency.find(scope, "k1", T0 + 1)).toEqual({
        state: "pending",
        requestHash: "h1",
        runId: run.id,
        runStatus: "running",
      });

      const response = { requestHash: "h1", status: 201, headers: { "content-type": "application/json" }, body: "{}" };
      await store.idempotency.save(scope, "k1", response, T0 + 2, 60_000);
      expect(await store.idempotency.find(scope, "k1", T0 + 3)).toEqual({
        state: "answered",
        requestHash: "h1",
        response,
      });
      expect(await store.idempotency.find(scope, "k1", T0 + 2 + 60_000)).toBeNull();
      expect(await store.idempotency.find(scope, "other", T0)).toBeNull();

      // An expired claim is taken over.
      expect(await store.idempotency.claimForRun({ ...claim, key: "k2" }, T0, 10)).toBe(true);
      expect(await store.idempotency.claimForRun({ ...claim, key: "k2", requestHash: "h2" }, T0 + 10, 10)).toBe(true);
      expect((await store.idempotency.find(scope, "k2", T0 + 11))?.requestHash).toBe("h2");

      expect(await store.idempotency.purgeExpired(T0 + 10 + 10 + 1)).toBeGreaterThanOrEqual(1);
      expect(await store.idempotency.find(scope, "k2", T0 + 11)).toBeNull();
      expect(await store.idempotency.find(scope, "k1", T0 + 3)).toEqual({
        state: "answered",
        requestHash: "h1",
        response,
      });
    });
  });

  describe("dialogs, responses, images and sign-ins", () => {
    it("stores text with a NUL in it (a page's dialog, a client's title, a model's reasoning): as sent, or with U+FFFD on PostgreSQL", async () => {
      const kept = (text: string) => (dialect === "postgres" ? text.replaceAll("\u0000", "\uFFFD") : text);
      const s = await newSession(store, { title: "a\u0000title" });
      expect((await store.sessions.get(s.id))?.title).toBe(kept("a\u0000title"));
      await store.dialogs.insert({
        session_id: s.id,
        dialog_id: "d-nul",
        type: "alert",
        message: "before\u0000after",
        default_prompt: null,
        frame_id: null,
        opened_at: T0,
        closed_at: T0 + 1,
        closed_by: "agent",
        action: "accept",
      });
      expect((await store.dialogs.recent(s.id, 1))[0].message).toBe(kept("before\u0000after"));
      const [answer, result] = await store.messages.append(
        s.id,
        [
          row("assistant", "calls\u0000", {
            reasoning: "think\u0000ing",
            tool_calls: [call("call_\u0000nul", "lookup", { q: "a\u0000b" })],
          }),
          row("tool", "found\u0000", { tool_call_id: "call_\u0000nul", name: "look\u0000up" }),
        ],
        T0 + 2,
      );
      expect(answer).toMatchObject({ content: "calls\u0000", reasoning: kept("think\u0000ing") });
      expect(answer.tool_calls?.[0].function.arguments).toBe(JSON.stringify({ q: "a\u0000b" }));
      expect(result).toMatchObject({ tool_call_id: kept("call_\u0000nul"), name: kept("look\u0000up") });
      expect(await store.messages.page(s.id, 0, 10)).toEqual([answer, result]);
      expect(await store.messages.findToolCall(s.id, kept("call_\u0000nul"))).toEqual({
        seq: answer.seq,
        name: "lookup",
      });
    });

    it("keeps closed dialogs, newest first", async () => {
      const s = await newSession(store);
      for (let i = 1; i <= 3; i++) {
        await store.dialogs.insert({
          session_id: s.id,
          dialog_id: `d${i}`,
          type: i === 2 ? "prompt" : "alert",
          message: `message ${i}`,
          default_prompt: i === 2 ? "yes" : null,
          frame_id: i === 3 ? "frame-1" : null,
          opened_at: T0 + i,
          closed_at: T0 + i + 1,
          closed_by: "agent",
          action: i === 2 ? "accept" : null,
        });
      }
      const recent = await store.dialogs.recent(s.id, 2);
      expect(recent.map((d) => d.dialog_id)).toEqual(["d3", "d2"]);
      expect(recent[1]).toEqual({
        session_id: s.id,
        dialog_id: "d2",
        type: "prompt",
        message: "message 2",
        default_prompt: "yes",
        frame_id: null,
        opened_at: T0 + 2,
        closed_at: T0 + 3,
        closed_by: "agent",
        action: "accept",
      });
    });

    it("keeps responses with their run, the latest of a session, and marks one deleted once", async () => {
      const s = await newSession(store);
      const run1 = (await store.runs.create(newRun(s.id, "replica-resp")))!;
      await store.runs.update(run1.id, { status: "completed" }, T0);
      const run2 = (await store.runs.create(newRun(s.id, "replica-resp")))!;
      const first = await store.responses.create({
        id: newId("resp", T0),
        session_id: s.id,
        run_id: run1.id,
        previous_response_id: null,
        conversation: "conv_1",
        instructions: "Be brief.",
        stored: true,
        metadata: { team: "ops" },
        created_at: T0,
      });
      expect(first).toMatchObject({ deleted_at: null, metadata: { team: "ops" }, stored: true });
      const second = await store.responses.create({
        ...first,
        id: newId("resp", T0 + 1),
        run_id: run2.id,
        previous_response_id: first.id,
        stored: false,
        created_at: T0 + 1,
      });
      expect(await store.responses.get(first.id)).toEqual(first);
      expect(await store.responses.getByRun(run2.id)).toEqual(second);
      expect(await store.responses.latestOfSession(s.id)).toEqual(second);
      expect(await store.responses.markDeleted(second.id, T0 + 5)).toBe(true);
      expect(await store.responses.markDeleted(second.id, T0 + 6)).toBe(false);
      expect((await store.responses.get(second.id))?.deleted_at).toBe(T0 + 5);
      expect(await store.responses.latestOfSession(s.id)).toEqual(first);
      expect(await store.responses.get("resp_missing")).toBeNull();
    });

    it("stores a tool's images once and reads their bytes back as written, within their session only", async () => {
      const s = await newSession(store);
      const other = await newSession(store);
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]), randomBytes(4096)]);
      const jpeg = randomBytes(1024);
      const records = await store.images.insert(
        s.id,
        4,
        [
          { id: "img_1", ordinal: 0, mime_type: "image/png", bytes: png, width: 800, height: 600 },
          { id: "img_2", ordinal: 1, mime_type: "image/jpeg", bytes: jpeg, width: null, height: null },
        ],
        T0,
      );
      expect(records).toEqual([
        {
          id: "img_1",
          session_id: s.id,
          seq: 4,
          ordinal: 0,
          mime_type: "image/png",
          byte_length: png.length,
          width: 800,
          height: 600,
          created_at: T0,
        },
        {
          id: "img_2",
          session_id: s.id,
          seq: 4,
          ordinal: 1,
          mime_type: "image/jpeg",
          byte_length: jpeg.length,
          width: null,
          height: null,
          created_at: T0,
        },
      ]);
      expect(await store.images.insert(s.id, 5, [], T0)).toEqual([]);
      const stored = await store.images.get(s.id, "img_1");
      expect(Buffer.isBuffer(stored?.bytes)).toBe(true);
      expect(stored?.bytes.equals(png)).toBe(true);
      expect(stored).toMatchObject(records[0]);
      expect(await store.images.get(other.id, "img_1")).toBeNull();
      const described = await store.images.describe(s.id, ["img_2", "img_1", "img_9"]);
      expect([...described.keys()].sort()).toEqual(["img_1", "img_2"]);
      expect(described.get("img_2")).toEqual(records[1]);
      expect((await store.images.describe(other.id, ["img_1"])).size).toBe(0);
    });

    it("finds an inspector sign-in until it expires or is deleted", async () => {
      const token = unique("token-");
      const record = { token_hash: token, csrf_token: "csrf", key_hash: "kh", created_at: T0, expires_at: T0 + 100 };
      await store.uiSessions.insert(record);
      expect(await store.uiSessions.find(token, T0 + 99)).toEqual(record);
      expect(await store.uiSessions.find(token, T0 + 100)).toBeNull();
      await store.uiSessions.delete(token);
      expect(await store.uiSessions.find(token, T0)).toBeNull();

      const expiring = unique("token-");
      await store.uiSessions.insert({ ...record, token_hash: expiring, expires_at: T0 + 10 });
      expect(await store.uiSessions.deleteExpired(T0 + 10)).toBeGreaterThanOrEqual(1);
      expect(await store.uiSessions.find(expiring, T0)).toBeNull();
    });
  });

  describe("replicas", () => {
    it("records heartbeats, tells the dead from the living and forgets a replica", async () => {
      const a = unique("replica-");
      const b = unique("replica-");
      await store.replicas.heartbeat(a, "http://a.internal:8080", T0);
      await store.replicas.heartbeat(b, null, T0);
      await store.replicas.heartbeat(a, "http://a2.internal:8080", T0 + 50);
      expect((await store.replicas.list()).find((r) => r.id === a)).toEqual({
        id: a,
        internal_url: "http://a2.internal:8080",
        started_at: T0,
        heartbeat_at: T0 + 50,
      });
      const ids = (await store.replicas.list()).map((r) => r.id);
      expect(ids.filter((id) => id === a || id === b)).toEqual([a, b].sort());
      expect((await store.replicas.dead(T0 + 10, a)).map((r) => r.id)).toContain(b);
      expect((await store.replicas.dead(T0 + 10, b)).map((r) => r.id)).not.toContain(b);
      expect((await store.replicas.dead(T0 + 10, b)).map((r) => r.id)).not.toContain(a);
      await store.replicas.remove(b);
      expect((await store.replicas.list()).map((r) => r.id)).not.toContain(b);
    });

    it("leases a session's browser to one live replica at a time", async () => {
      const s = await newSession(store);
      const a = unique("replica-");
      const b = unique("replica-");
      await store.replicas.heartbeat(a, "http://a.internal:8080", T0);
      await store.replicas.heartbeat(b, "http://b.internal:8080", T0);
      expect(await store.replicas.browserHolder(s.id)).toBeNull();

      // Free: taken.
      expect(await store.replicas.acquireBrowser(s.id, a, T0 + 1, T0 - 1000)).toEqual({
        session_id: s.id,
        replica_id: a,
        acquired_at: T0 + 1,
        internal_url: "http://a.internal:8080",
        heartbeat_at: T0,
      });
      // Held by a live replica: its holder answers.
      expect(await store.replicas.acquireBrowser(s.id, b, T0 + 2, T0 - 1000)).toMatchObject({
        replica_id: a,
        acquired_at: T0 + 1,
      });
      // Held already by the caller: kept as it is.
      expect(await store.replicas.acquireBrowser(s.id, a, T0 + 3, T0 - 1000)).toMatchObject({
        replica_id: a,
        acquired_at: T0 + 1,
      });
      // Held by a dead replica: taken over.
      expect(await store.replicas.acquireBrowser(s.id, b, T0 + 4, T0 + 1)).toEqual({
        session_id: s.id,
        replica_id: b,
        acquired_at: T0 + 4,
        internal_url: "http://b.internal:8080",
        heartbeat_at: T0,
      });
      // A replica forgotten gives its leases up.
      await store.replicas.remove(b);
      expect(await store.replicas.browserHolder(s.id)).toBeNull();
    });
  });

  describe("forks", () => {
    it("copies a transcript's start with its tool calls, images, summaries and anchors, counters recounted", async () => {
      const source = await newSession(store);
      await store.messages.append(
        source.id,
        [
          row("user", "first", { tokens: 10 }),
          row("assistant", "", { tokens: 10, tool_calls: [call("call_1", "browser_screenshot", {})] }),
          row("tool", "shot", { tokens: 10, tool_call_id: "call_1", name: "browser_screenshot" }),
          row("user", "second", { tokens: 10 }),
        ],
        T0,
      );
      const bytes = randomBytes(256);
      await store.images.insert(
        source.id,
        3,
        [{ id: "img_f", ordinal: 0, mime_type: "image/png", bytes, width: 1, height: 1 }],
        T0,
      );
      // Compression v1: rows 1-2 replaced by a summary row (seq 5) placed before row 3.
      const [summaryRow] = await store.messages.append(
        source.id,
        [row("user", "summary 1-2", { kind: "summary", position: 2.5, tokens: 3 })],
        T0 + 1,
      );
      await store.contextRows.setInContext(source.id, [1, 2], false);
      await store.contextRows.setOverride(source.id, 3, { content: "shot, shortened" }, 2);
      await store.summaries.insert(source.id, {
        id: newId("sum", T0),
        version: 1,
        body: "summary 1-2",
        covers: { from_seq: 1, to_seq: 2 },
        tokens_before: 20,
        tokens_after: 3,
        model: null,
        focus_topic: null,
        fallback_used: false,
        message_id: summaryRow.id,
        created_at: T0 + 1,
      });
      await store.messageAnchors.add(source.id, 3, [{ kind: "path", value: "a.ts" }]);
      await store.messageAnchors.add(source.id, 6, [{ kind: "path", value: "b.ts" }]);
      await store.anchors.upsert(source.id, [
        { kind: "path", value: "a.ts", count: 2, first_seq: 1, last_seq: 6 },
        { kind: "path", value: "z.ts", count: 1, first_seq: 6, last_seq: 6 },
      ]);
      // Compression v2 after the fork point: rows 3-4 out, a second summary row (seq 6).
      const [later] = await store.messages.append(
        source.id,
        [row("user", "summary 1-4", { kind: "summary", position: 4.5, tokens: 5 })],
        T0 + 2,
      );
      await store.contextRows.setInContext(source.id, [3, 4, summaryRow.seq], false);
      await store.summaries.insert(source.id, {
        id: newId("sum", T0 + 2),
        version: 2,
        body: "summary 1-4",
        covers: { from_seq: 1, to_seq: 4 },
        tokens_before: 30,
        tokens_after: 5,
        model: null,
        focus_topic: null,
        fallback_used: false,
        message_id: later.id,
        created_at: T0 + 2,
      });

      const target = await newSession(store, { parent_session_id: source.id, now: T0 + 3 });
      const copied = await store.transaction(() => store.forks.copyTranscript(source.id, target.id, 5, T0 + 3));
      expect(copied).toBe(5);

      const rows = await store.messages.page(target.id, 0, 100);
      const sourceRows = await store.messages.page(source.id, 0, 5);
      expect(seqs(rows)).toEqual([1, 2, 3, 4, 5]);
      expect(rows.every((r, i) => r.id !== sourceRows[i].id && r.session_id === target.id)).toBe(true);
      expect(rows.map((r) => r.content)).toEqual(sourceRows.map((r) => r.content));
      expect(rows.every((r) => r.run_id === null)).toBe(true);
      // The copy's context is the source's at v1: rows after 2 back in, unshortened; v1's row stands for 1-2.
      expect(rows.map((r) => [r.seq, r.in_context, r.override])).toEqual([
        [1, false, null],
        [2, false, null],
        [3, true, null],
        [4, true, null],
        [5, true, null],
      ]);
      expect((await store.messages.activeRows(target.id)).map((r) => r.seq)).toEqual([5, 3, 4]);
      expect(await store.messages.findToolCall(target.id, "call_1")).toEqual({ seq: 2, name: "browser_screenshot" });
      expect(await store.messages.hasToolResult(target.id, "call_1")).toBe(true);
      expect((await store.images.get(target.id, "img_f"))?.bytes.equals(bytes)).toBe(true);

      const summaries = await store.summaries.list(target.id);
      expect(summaries.map((x) => [x.version, x.body, x.message_id])).toEqual([[1, "summary 1-2", rows[4].id]]);
      expect(await store.messageAnchors.list(target.id)).toEqual([
        { kind: "path", value: "a.ts", count: 1, first_seq: 3, last_seq: 3, in_context: true },
      ]);
      expect(await store.anchors.list(target.id)).toEqual([
        { kind: "path", value: "a.ts", count: 2, first_seq: 1, last_seq: 5 },
      ]);
      expect(await store.sessions.get(target.id)).toMatchObject({
        message_count: 5,
        context_tokens: 23,
        context_message_count: 3,
        compression_count: 1,
        anchors_indexed: true,
        parent_session_id: source.id,
        updated_at: T0 + 3,
      });
      expect((await store.search.search(target.id, "second", { limit: 5 })).map((hit) => hit.seq)).toEqual([4]);
      expect(seqs(await store.messages.append(target.id, [row("user", "next")], T0 + 4))).toEqual([6]);
    });

    it("copies a source at its newest summary as it is", async () => {
      const source = await newSession(store);
      await store.messages.append(source.id, [row("user", "a"), row("user", "b", { tokens: 4 })], T0);
      const [summaryRow] = await store.messages.append(
        source.id,
        [row("user", "sum a", { kind: "summary", position: 1.5, tokens: 2 })],
        T0,
      );
      await store.contextRows.setInContext(source.id, [1], false);
      await store.contextRows.setOverride(source.id, 2, { content: "b'" }, 1);
      await store.summaries.insert(source.id, {
        id: newId("sum", T0),
        version: 1,
        body: "sum a",
        covers: { from_seq: 1, to_seq: 1 },
        tokens_before: 10,
        tokens_after: 2,
        model: null,
        focus_topic: null,
        fallback_used: false,
        message_id: summaryRow.id,
        created_at: T0,
      });
      const target = await newSession(store);
      expect(await store.forks.copyTranscript(source.id, target.id, 3, T0 + 1)).toBe(3);
      const active = await store.messages.activeRows(target.id);
      expect(active.map((r) => [r.seq, r.override])).toEqual([
        [3, null],
        [2, { content: "b'" }],
      ]);
      expect(await store.sessions.get(target.id)).toMatchObject({ context_tokens: 3, context_message_count: 2 });
    });
  });

  describe("transactions", () => {
    it("commits what a transaction wrote, nested ones joining it", async () => {
      const id = newId("ses", T0);
      const result = await store.transaction(async () => {
        await newSession(store, { id });
        await store.transaction(async () => {
          await store.messages.append(id, [row("user", "inside")], T0);
        });
        return "done";
      });
      expect(result).toBe("done");
      expect(seqs(await store.messages.page(id, 0, 10))).toEqual([1]);
    });

    it("leaves nothing of a transaction that throws, nested writes included", async () => {
      const id = newId("ses", T0);
      await expect(
        store.transaction(async () => {
          await newSession(store, { id });
          await store.transaction(() => store.messages.append(id, [row("user", "inside")], T0));
          throw new Error("abandon");
        }),
      ).rejects.toThrow("abandon");
      expect(await store.sessions.get(id)).toBeNull();
      expect(await store.messages.page(id, 0, 10)).toEqual([]);
    });

    it("shows nothing of an open transaction to a call from outside it", async () => {
      const id = newId("ses", T0);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let created!: () => void;
      const wasCreated = new Promise<void>((resolve) => (created = resolve));
      const transaction = store.transaction(async () => {
        await newSession(store, { id });
        created();
        await released;
        throw new Error("rolled back");
      });
      await wasCreated;
      const outside = store.sessions.get(id);
      release();
      await expect(transaction).rejects.toThrow("rolled back");
      expect(await outside).toBeNull();
    });
  });
});
