/**
 * @module store-outage.error.test
 * The stores when their database goes away: PostgreSQL stopped (cleanly or as a crash) under an open store — idle
 * connections, a transaction holding one, the listening connection — and SQLite's file full or read-only. Every failure
 * is `store_unavailable`, nothing escapes as an unhandled error, and the store serves again (announcements included)
 * once the server is back. The last case is the suite's own teardown order: a store closed before its cluster stops.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.js";
import { openStore } from "../../src/db/open-store.js";
import { EventBus, type SessionEvent } from "../../src/domain/events/bus.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import type { Store } from "../../src/db/store.js";
import { DomainError } from "../../src/kernel/errors.js";
import { newId } from "../../src/kernel/ids.js";
import { waitFor } from "../fixtures/browser.js";
import { startPostgresCluster, type PostgresCluster } from "../fixtures/postgres-cluster.js";
import { storesUnderTest } from "../fixtures/postgres.js";

const T0 = 1_700_000_000_000;

function newSession(store: Store, systemPrompt: string | null = null) {
  return store.sessions.create({
    id: newId("ses", Date.now()),
    title: null,
    model: null,
    system_prompt: systemPrompt,
    system_prompt_tokens: 0,
    config: {},
    now: T0,
  });
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Errors that reached the process without anyone handling them, while a test ran. */
function watchUnhandled(): { errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const record = (error: unknown) => errors.push(error);
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  return {
    errors,
    stop: () => {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.runIf(storesUnderTest().includes("postgres"))("a PostgreSQL store whose server goes away", () => {
  let cluster: PostgresCluster;
  let store: Store | null = null;
  let unhandled: ReturnType<typeof watchUnhandled>;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });
  beforeEach(async () => {
    unhandled = watchUnhandled();
    store = await openStore({ path: "", url: cluster.url });
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    await settle();
    unhandled.stop();
    expect(unhandled.errors).toEqual([]);
  });

  it("answers store_unavailable while it is down, and serves again (announcements too) once it is back", async () => {
    const s = store!;
    const session = await newSession(s);
    const heard: number[] = [];
    s.announcements!.listen((sessionId, id) => sessionId === session.id && heard.push(id));
    await s.events.insert(session.id, "run.started", { run_id: "run_1" }, T0, "run_1");
    await waitFor(() => heard.length === 1, "the announcement before the outage");

    await cluster.halt("immediate");
    const read = await refusal(s.sessions.get(session.id));
    expect(read.code).toBe("store_unavailable");
    expect(read.retryAfterS).toBeGreaterThan(0);
    expect(read.message).toMatch(/^the database is unavailable: .+; retry in \d+ s$/);
    expect((await refusal(s.transaction(() => newSession(s)))).code).toBe("store_unavailable");
    expect((await refusal(s.ping())).code).toBe("store_unavailable");

    await cluster.restart();
    await waitFor(() => s.ping().catch(() => false), "the store to answer again", 20_000);
    expect((await s.sessions.get(session.id))?.id).toBe(session.id);
    // The listening connection came back by itself: an event stored now is announced.
    await waitFor(
      async () => {
        await s.events.insert(session.id, "run.completed", { run_id: "run_1" }, T0, "run_1");
        return heard.length >= 2;
      },
      "an announcement after the restart",
      20_000,
    );
  });

  it("hands a live subscriber the events stored while its replica's listening connection was down", async () => {
    const s = store!;
    const session = await newSession(s);
    const bus = new EventBus(s.events, Date.now, s.announcements);
    const seen: SessionEvent[] = [];
    const unsubscribe = bus.subscribe(session.id, (event) => seen.push(event));
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await bus.publish(session.id, "run.started", { run_id: "run_1", session_id: session.id, model: "m" });
      await waitFor(() => seen.length === 1, "the event before the outage");
      // The listening connection ends (as when a proxy or the server drops it); until it listens again, no
      // notice reaches this replica.
      const listening = "select pid from pg_stat_activity where query like 'listen %' and pid <> pg_backend_pid()";
      const { rows } = await admin.query<{ pid: number }>(listening);
      expect(rows).toHaveLength(1);
      await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
      await waitFor(
        async () => (await admin.query("select 1 from pg_stat_activity where pid = $1", [rows[0].pid])).rowCount === 0,
        "the listening connection to end",
      );
      // Another replica stores an event meanwhile.
      await s.events.insert(session.id, "run.completed", { run_id: "run_1" }, T0, "run_1");
      await waitFor(() => seen.length === 2, "the event stored while nobody listened", 10_000);
      expect(seen.map((event) => event.type)).toEqual(["run.started", "run.completed"]);
    } finally {
      unsubscribe();
      bus.endAll();
      await admin.end();
    }
  });

  it("fails a transaction that holds a connection when the server crashes, and rolls it back", async () => {
    const s = store!;
    const session = await newSession(s);
    let release!: () => void;
    const parked = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const transaction = s.transaction(async () => {
      await s.sessions.update(session.id, { title: "inside" }, T0 + 1);
      wrote();
      await parked;
      await s.sessions.update(session.id, { title: "still inside" }, T0 + 2);
    });
    await written;
    await cluster.halt("immediate");
    release();
    expect((await refusal(transaction)).code).toBe("store_unavailable");

    await cluster.restart();
    await waitFor(() => s.ping().catch(() => false), "the store to answer again", 20_000);
    expect((await s.sessions.get(session.id))?.title).toBeNull();
  });

  it("lets the server stop under an open store (a clean shutdown) without an error escaping", async () => {
    const s = store!;
    await newSession(s);
    await cluster.halt("fast");
    expect((await refusal(s.sessions.list(10, null))).code).toBe("store_unavailable");
    await cluster.restart();
    await waitFor(() => s.ping().catch(() => false), "the store to answer again", 20_000);
  });

  it("closes before the cluster stops in the suite's order, and the stop leaves no error behind", async () => {
    const s = store!;
    await newSession(s);
    await s.close();
    store = null;
    await cluster.halt("fast");
    await settle();
    await cluster.restart();
  });
});

describe("a SQLite store whose file cannot take writes", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let store: Store;
  let sessionId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "caduceus-full-"));
    handle = openDatabase(join(dir, "caduceus.db"));
    store = createSqliteStore(handle);
    sessionId = (await newSession(store)).id;
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a write on a full disk as store_unavailable naming the cause, and keeps what was stored", async () => {
    // The file may not grow past the pages it has: SQLite's own way of running out of space (SQLITE_FULL).
    const pages = (handle.sqlite.pragma("page_count", { simple: true }) as number) + 1;
    handle.sqlite.pragma(`max_page_count = ${pages}`);
    try {
      const refused = await refusal(
        store.transaction(async () => {
          for (let i = 0; i < 100; i++) await newSession(store, "x".repeat(8_000));
        }),
      );
      expect(refused.code).toBe("store_unavailable");
      expect(refused.message).toContain("the disk holding the SQLite file is full");
      expect(refused.retryAfterS).toBeGreaterThan(0);
    } finally {
      handle.sqlite.pragma("max_page_count = 1073741823");
    }
    expect(await store.sessions.list(10, null)).toMatchObject([{ id: sessionId, title: null }]);
  });

  it("refuses a write on a read-only database as store_unavailable, and still reads", async () => {
    handle.sqlite.pragma("query_only = ON");
    try {
      const refused = await refusal(newSession(store));
      expect(refused.code).toBe("store_unavailable");
      expect(refused.message).toContain("the SQLite file is read-only");
      expect((await store.sessions.get(sessionId))?.id).toBe(sessionId);
    } finally {
      handle.sqlite.pragma("query_only = OFF");
    }
  });
});
