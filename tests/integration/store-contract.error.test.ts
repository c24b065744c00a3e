/**
 * @module store-contract.error.test
 * The writes the store contract refuses, one suite run against each store: a second active run of a session
 * (whichever replica starts it), a key or row that exists already, a row of a session that does not, and a claim
 * another request holds; a refused write inside a transaction takes the transaction's other writes with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewRun, SessionRecord } from "../../src/db/records.js";
import type { Store } from "../../src/db/store.js";
import { newId } from "../../src/kernel/ids.js";
import { storesUnderTest } from "../fixtures/postgres.js";
import { openTestStore, type TestStore } from "../fixtures/stores.js";

const T0 = 1_700_000_000_000;

function newSession(store: Store): Promise<SessionRecord> {
  return store.sessions.create({
    id: newId("ses", T0),
    title: null,
    model: null,
    system_prompt: null,
    system_prompt_tokens: 0,
    config: {},
    now: T0,
  });
}

function newRun(sessionId: string, replicaId: string): NewRun {
  return {
    id: newId("run", T0),
    session_id: sessionId,
    model: "gpt-test",
    background: false,
    client_tools: [],
    replica_id: replicaId,
    now: T0,
  };
}

describe.each(storesUnderTest())("the %s store", (dialect) => {
  let t: TestStore;
  let store: Store;

  beforeAll(async () => {
    t = await openTestStore(dialect);
    store = t.store;
  });
  afterAll(() => t?.close());

  it("refuses a second running or waiting run of a session, from either replica", async () => {
    const other = await t.another();
    const s = await newSession(store);
    const first = (await store.runs.create(newRun(s.id, "replica-a")))!;
    expect(await other.runs.create(newRun(s.id, "replica-b"))).toBeNull();
    await store.runs.update(first.id, { status: "requires_action" }, T0 + 1);
    expect(await other.runs.create(newRun(s.id, "replica-b"))).toBeNull();
    expect((await store.runs.list(s.id)).map((r) => r.id)).toEqual([first.id]);

    await store.runs.update(first.id, { status: "completed" }, T0 + 2);
    const next = (await other.runs.create(newRun(s.id, "replica-b")))!;
    expect((await store.runs.activeForSession(s.id))?.id).toBe(next.id);
  });

  it("refuses a session id, a message seq's image slot or a sign-in that exists already", async () => {
    const s = await newSession(store);
    await expect(
      store.sessions.create({
        id: s.id,
        title: "again",
        model: null,
        system_prompt: null,
        system_prompt_tokens: 0,
        config: {},
        now: T0,
      }),
    ).rejects.toThrow();
    expect((await store.sessions.get(s.id))?.title).toBeNull();

    const image = { ordinal: 0, mime_type: "image/png" as const, bytes: Buffer.from([1, 2, 3]), width: 1, height: 1 };
    await store.images.insert(s.id, 2, [{ ...image, id: "img_a" }], T0);
    await expect(store.images.insert(s.id, 2, [{ ...image, id: "img_b" }], T0)).rejects.toThrow();
    expect(await store.images.get(s.id, "img_b")).toBeNull();

    const signIn = { token_hash: newId("req", T0), csrf_token: "c", key_hash: "k", created_at: T0, expires_at: T0 + 1 };
    await store.uiSessions.insert(signIn);
    await expect(store.uiSessions.insert({ ...signIn, csrf_token: "other" })).rejects.toThrow();
    expect((await store.uiSessions.find(signIn.token_hash, T0))?.csrf_token).toBe("c");
  });

  it("refuses rows of a session that does not exist", async () => {
    const missing = newId("ses", T0);
    await expect(
      store.messages.append(
        missing,
        [{ id: newId("msg", T0), role: "user", content: "x", tokens: 1, search_text: "x" }],
        T0,
      ),
    ).rejects.toThrow();
    await expect(store.runs.create(newRun(missing, "replica-a"))).rejects.toThrow();
    await expect(store.events.insert(missing, "session.created", {}, T0)).rejects.toThrow();
    expect(await store.messages.page(missing, 0, 10)).toEqual([]);
  });

  it("answers false to a claim of a key another request holds, and keeps that request's claim", async () => {
    const s = await newSession(store);
    const run = (await store.runs.create(newRun(s.id, "replica-a")))!;
    const claim = { scope: newId("req", T0), key: "k", requestHash: "h1", runId: run.id };
    expect(await store.idempotency.claimForRun(claim, T0, 60_000)).toBe(true);
    expect(await store.idempotency.claimForRun({ ...claim, requestHash: "h2" }, T0 + 1, 60_000)).toBe(false);
    expect((await store.idempotency.find(claim.scope, "k", T0 + 2))?.requestHash).toBe("h1");
  });

  it("rolls back a transaction's earlier writes when a later one is refused", async () => {
    const s = await newSession(store);
    const first = (await store.runs.create(newRun(s.id, "replica-a")))!;
    await expect(
      store.transaction(async () => {
        await store.runs.update(first.id, { status: "completed" }, T0 + 1);
        await store.messages.append(
          s.id,
          [{ id: newId("msg", T0), role: "user", content: "x", tokens: 1, search_text: "x" }],
          T0 + 1,
        );
        // The session's one active run was just completed, so this one is allowed; the next is not, and the
        // transaction (still usable after the refusal) is rolled back by the throw.
        expect(await store.runs.create(newRun(s.id, "replica-a"))).not.toBeNull();
        expect(await store.runs.create(newRun(s.id, "replica-a"))).toBeNull();
        throw new Error("refused");
      }),
    ).rejects.toThrow();
    expect((await store.runs.get(first.id))?.status).toBe("running");
    expect((await store.runs.list(s.id)).map((r) => r.id)).toEqual([first.id]);
    expect(await store.messages.page(s.id, 0, 10)).toEqual([]);
    expect(await store.sessions.get(s.id)).toMatchObject({ message_count: 0, context_tokens: 0 });
  });
});
