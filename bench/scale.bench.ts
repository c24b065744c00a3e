/**
 * @module scale.bench
 * How the PostgreSQL store and several replicas scale, each figure against a same-run baseline:
 * 1. append throughput: single-row `store.messages.append` calls on PostgreSQL against single raw `pg` inserts of an
 *    equivalent row into a plain scratch table with the same columns, on the same pool, in the same sequential pattern;
 * 2. turn overhead: sequential turns (POST /messages, run by default) through in-process apps, one on PostgreSQL and
 *    one on SQLite, against a fake model that answers at once;
 * 3. one replica against two: real server processes on one PostgreSQL database behind the round-robin balancer,
 *    50 sessions taking turns at once against a fake model with a small fixed delay.
 * The database server is `CADUCEUS_BENCH_DATABASE_URL` (an admin URL: the bench creates and drops databases of its
 * own in it), else a throwaway cluster started from scripts/pg-cluster.sh and stopped at the end.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { openStore } from "../src/db/open-store.js";
import { openPostgres } from "../src/db/postgres/database.js";
import { createPostgresStore } from "../src/db/postgres/store.js";
import type { NewMessage } from "../src/db/records.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import type { Store } from "../src/db/store.js";
import { countMessageTokens } from "../src/domain/context/tokens.js";
import { newId } from "../src/kernel/ids.js";
import { createLogger } from "../src/logger.js";
import { FakeModelServer, type FakeTurn } from "../tests/fixtures/fake-model.js";
import { startRoundRobinProxy } from "../tests/fixtures/round-robin-proxy.js";
import { startServerProcess, type ServerProcess } from "../tests/fixtures/server-process.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { median, percentile, printFigure, round } from "./figures.js";

const execFileAsync = promisify(execFile);
const PG_CLUSTER_SCRIPT = fileURLToPath(new URL("../scripts/pg-cluster.sh", import.meta.url));
const DIST_MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const SRC_DIR = fileURLToPath(new URL("../src", import.meta.url));

/** The pool size both sides of the append figure use: the store's default. */
const POOL_MAX = 10;
const APPEND_WARMUP = 200;
const APPEND_ROUNDS = 5;
/** Per round and side: APPEND_ROUNDS × this = 2,000 appends and 2,000 inserts. */
const APPENDS_PER_ROUND = 400;

const TURN_WARMUP = 20;
const TURN_SAMPLES = 200;

const REPLICA_SESSIONS = 50;
const REPLICA_WARMUP_TURNS = 2;
const REPLICA_TURNS_PER_SESSION = 12;
const MODEL_DELAY_MS = 50;
const MAX_CONCURRENT_RUNS = 100;

const MODEL_NAME = "fake-model";
const API_KEY = "scale-bench-api-key";
const INTERNAL_KEY = "scale-bench-internal-key-0123456789";
/** Fixed usage, so the fake model spends no time counting tokens. */
const FIXED_USAGE = { prompt_tokens: 100, completion_tokens: 8 };
const ANSWER = "Checked the deploy: all three services are healthy and the migration finished.";

/** About 200 characters, as a user's message or a tool's short answer is. */
const messageText = (i: number) =>
  `Message ${i}: the nightly build of service-${i % 37} failed in src/app.ts at line ${100 + (i % 400)}; ` +
  `PR #${1000 + i} pins the driver to 8.23 and reruns the migration, please check the logs again.`;

type DatabaseServer = {
  /** A URL whose user may create and drop databases. */
  adminUrl: string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startDatabaseServer(): Promise<DatabaseServer> {
  const given = process.env.CADUCEUS_BENCH_DATABASE_URL;
  if (given) return { adminUrl: given, stop: async () => {} };
  // Not a mkdtemp folder: that one is private, and the server may run as another user, who must enter it.
  const dir = join(tmpdir(), `caduceus-bench-pg-${process.pid}-${randomBytes(4).toString("hex")}`);
  const port = await freePort();
  const { stdout } = await execFileAsync("bash", [PG_CLUSTER_SCRIPT, "start", dir, String(port)]);
  const adminUrl = stdout.trim().split("\n").at(-1) ?? "";
  return {
    adminUrl,
    stop: async () => {
      await execFileAsync("bash", [PG_CLUSTER_SCRIPT, "stop", dir]);
    },
  };
}

type BenchDatabase = { url: string; drop(): Promise<void> };

/** A new, migrated database on the server, and the way to drop it. */
async function freshDatabase(server: DatabaseServer, purpose: string): Promise<BenchDatabase> {
  const name = `caduceus_bench_${purpose}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 1 });
  await handle.close();
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** Counts the statements sent on the pool's connections, whichever path sends them (drizzle, pool.query). */
function countStatements(pool: pg.Pool): { readonly count: number } {
  const counter = { count: 0 };
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      counter.count += 1;
      return query(...args);
    };
  });
  return counter;
}

/** The scratch table: the columns of `messages` but its generated search vector, a primary key and nothing else. */
const SCRATCH_TABLE = `create table bench_raw_messages (
  id text primary key, session_id text not null, seq integer not null, role text not null, content_json text not null,
  tool_calls_json text, tool_call_id text, name text, tokens integer not null, in_context boolean not null default true,
  kind text not null default 'message', position double precision not null, override_json text,
  override_tokens integer, search_text text not null default '', run_id text, reasoning text,
  created_at int8 not null)`;
const SCRATCH_INSERT =
  "insert into bench_raw_messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, " +
  "tokens, in_context, kind, position, search_text, run_id, reasoning, created_at) " +
  "values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";

function newMessage(i: number): NewMessage {
  const role = i % 2 ? "assistant" : "user";
  const content = messageText(i);
  return { id: newId("msg"), role, content, tokens: countMessageTokens({ role, content }), search_text: content };
}

async function appendThroughput(server: DatabaseServer): Promise<void> {
  const database = await freshDatabase(server, "append");
  const handle = await openPostgres(database.url, { max: POOL_MAX });
  const store = createPostgresStore(handle);
  const statements = countStatements(handle.pool);
  try {
    const now = Date.now();
    const session = await store.sessions.create({
      id: newId("ses"),
      title: "append bench",
      model: null,
      system_prompt: null,
      system_prompt_tokens: 0,
      config: {},
      now,
    });
    await handle.pool.query(SCRATCH_TABLE);
    let rawSeq = 0;
    let made = 0;
    // Rows are made before the clock starts, so both sides time the database call alone.
    const rows = (count: number) => Array.from({ length: count }, () => newMessage(made++));
    const timeAppends = async (count: number): Promise<number> => {
      const batch = rows(count);
      const started = performance.now();
      for (const row of batch) await store.messages.append(session.id, [row], Date.now());
      return count / ((performance.now() - started) / 1000);
    };
    const timeInserts = async (count: number): Promise<number> => {
      const batch = rows(count);
      const started = performance.now();
      for (const row of batch) {
        rawSeq += 1;
        await handle.pool.query(SCRATCH_INSERT, [
          row.id,
          session.id,
          rawSeq,
          row.role,
          JSON.stringify(row.content),
          null,
          null,
          null,
          row.tokens,
          true,
          "message",
          rawSeq,
          row.search_text,
          null,
          null,
          Date.now(),
        ]);
      }
      return count / ((performance.now() - started) / 1000);
    };
    await timeAppends(APPEND_WARMUP);
    await timeInserts(APPEND_WARMUP);
    // Alternating rounds so both sides see the same machine load; the median round of each counts.
    const appendRates: number[] = [];
    const insertRates: number[] = [];
    let appendStatements = 0;
    for (let r = 0; r < APPEND_ROUNDS; r++) {
      const before = statements.count;
      appendRates.push(await timeAppends(APPENDS_PER_ROUND));
      appendStatements += statements.count - before;
      insertRates.push(await timeInserts(APPENDS_PER_ROUND));
    }
    const appended = APPEND_ROUNDS * APPENDS_PER_ROUND;
    const [{ count }] = (
      await handle.pool.query<{ count: string }>("select count(*) from messages where session_id = $1", [session.id])
    ).rows;
    if (Number(count) !== APPEND_WARMUP + appended) throw new Error(`expected ${APPEND_WARMUP + appended} rows`);
    printFigure("scale.pg_append_throughput", median(appendRates), median(insertRates), "appends/s", {
      ratio_target_min: 0.7,
      appends: appended,
      baseline_inserts: appended,
      pool_max: POOL_MAX,
      statements_per_append: round(appendStatements / appended, 2),
      statements_per_baseline_insert: 1,
      note:
        "ratio = appends/s over the baseline's inserts/s (higher is better). An append is a transaction: begin, " +
        "update sessions … returning (the seq claim and counters), insert into messages … returning, commit. The " +
        "baseline is one insert into a scratch table with the same columns but only a primary key (messages also " +
        "has a unique (session_id, seq) index, two more b-tree indexes, a foreign key and a generated tsvector " +
        "under a GIN index). Median round of 5 alternating rounds of 400.",
    });
  } finally {
    await store.close();
    await database.drop();
  }
}

type TurnApp = { app: App; store: Store; close(): Promise<void> };

/** An in-process app on the store `url` names (PostgreSQL) or on a SQLite file, against the fake model. */
async function turnApp(modelBaseUrl: string, url: string | null): Promise<TurnApp> {
  const dir = tempDir("caduceus-bench-scale-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db"), url },
      model: {
        name: MODEL_NAME,
        base_url: modelBaseUrl,
        api_key: "bench",
        max_retries: 0,
        context_length: 1_000_000,
      },
    },
  });
  const store = url ? await openStore(config.database) : createSqliteStore(openDatabase(config.database.path));
  const app = createApp({ config, store, logger: createLogger(config) });
  await app.services.startup();
  return {
    app,
    store,
    close: async () => {
      await app.services.shutdown();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postJson(app: App, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function timeTurn(app: App, sessionId: string, i: number): Promise<number> {
  const started = performance.now();
  const res = await postJson(app, `/v1/sessions/${sessionId}/messages`, { role: "user", content: messageText(i) });
  const ms = performance.now() - started;
  const run = (res.body as { run?: { status?: string } }).run;
  if (res.status !== 200 || run?.status !== "completed")
    throw new Error(`turn answered ${res.status}: ${JSON.stringify(res.body)}`);
  return ms;
}

async function turnOverhead(server: DatabaseServer): Promise<void> {
  const fake = await new FakeModelServer().start();
  fake.respondWith((): FakeTurn => ({ content: ANSWER, usage: FIXED_USAGE }));
  const database = await freshDatabase(server, "turns");
  const onPg = await turnApp(fake.baseUrl, database.url);
  const onSqlite = await turnApp(fake.baseUrl, null);
  try {
    const sessionOf = async (target: TurnApp) => {
      const res = await postJson(target.app, "/v1/sessions", { title: "turn bench" });
      if (res.status !== 201) throw new Error(`session answered ${res.status}: ${JSON.stringify(res.body)}`);
      return (res.body as { id: string }).id;
    };
    const pgSession = await sessionOf(onPg);
    const sqliteSession = await sessionOf(onSqlite);
    const pgMs: number[] = [];
    const sqliteMs: number[] = [];
    // Interleaved turn by turn, so a change of machine load hits both alike; the first turns are warm-up.
    for (let i = 0; i < TURN_WARMUP + TURN_SAMPLES; i++) {
      const pgTurn = await timeTurn(onPg.app, pgSession, i);
      const sqliteTurn = await timeTurn(onSqlite.app, sqliteSession, i);
      if (i >= TURN_WARMUP) {
        pgMs.push(pgTurn);
        sqliteMs.push(sqliteTurn);
      }
      fake.requests.length = 0;
    }
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    printFigure("scale.turn_overhead_pg_vs_sqlite", median(pgMs), median(sqliteMs), "ms/turn p50", {
      pg_p95_ms: round(percentile(pgMs, 0.95)),
      sqlite_p95_ms: round(percentile(sqliteMs, 0.95)),
      pg_mean_ms: round(mean(pgMs)),
      sqlite_mean_ms: round(mean(sqliteMs)),
      turns_each: TURN_SAMPLES,
      warmup_dropped: TURN_WARMUP,
      note:
        "ratio = PostgreSQL over SQLite (above 1: PostgreSQL slower). In-process apps through app.request, one " +
        "session each growing to ~440 rows, the fake model answering at once over HTTP on 127.0.0.1.",
    });
  } finally {
    await onPg.close();
    await onSqlite.close();
    await database.drop();
    await fake.close();
  }
}

type LoadResult = { turnsPerSecond: number; p50Ms: number; p95Ms: number; seconds: number };

async function call(baseUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** `replicas` server processes on a fresh database behind the balancer, under the concurrent sessions' load. */
async function replicaLoad(server: DatabaseServer, modelBaseUrl: string, replicas: number): Promise<LoadResult> {
  const database = await freshDatabase(server, `replicas${replicas}`);
  const processes: ServerProcess[] = [];
  try {
    const started = await Promise.all(
      Array.from({ length: replicas }, async (_, i) => {
        const port = await freePort();
        return startServerProcess({
          DATABASE_URL: database.url,
          CADUCEUS_REPLICA_ID: `bench-replica-${i + 1}`,
          CADUCEUS_PORT: String(port),
          CADUCEUS_INTERNAL_URL: `http://127.0.0.1:${port}`,
          CADUCEUS_INTERNAL_KEY: INTERNAL_KEY,
          CADUCEUS_API_KEY: API_KEY,
          OPENAI_BASE_URL: modelBaseUrl,
          OPENAI_API_KEY: "bench",
          CADUCEUS_MODEL: MODEL_NAME,
          CADUCEUS_CONTEXT_LENGTH: "1000000",
          CADUCEUS_MAX_CONCURRENT_RUNS: String(MAX_CONCURRENT_RUNS),
        });
      }),
    );
    processes.push(...started);
    const proxy = await startRoundRobinProxy(processes.map((p) => p.baseUrl));
    try {
      const sessions = await Promise.all(
        Array.from(
          { length: REPLICA_SESSIONS },
          async (_, i) =>
            ((await call(proxy.baseUrl, "POST", "/v1/sessions", { title: `load ${i}` })) as { id: string }).id,
        ),
      );
      const latencies: number[] = [];
      const turns = async (count: number, record: boolean) =>
        Promise.all(
          sessions.map(async (id, s) => {
            for (let t = 0; t < count; t++) {
              const begun = performance.now();
              const body = (await call(proxy.baseUrl, "POST", `/v1/sessions/${id}/messages`, {
                role: "user",
                content: messageText(s * 1000 + t),
              })) as { run?: { status?: string } };
              if (body.run?.status !== "completed") throw new Error(`turn ended ${JSON.stringify(body)}`);
              if (record) latencies.push(performance.now() - begun);
            }
          }),
        );
      await turns(REPLICA_WARMUP_TURNS, false);
      const begun = performance.now();
      await turns(REPLICA_TURNS_PER_SESSION, true);
      const seconds = (performance.now() - begun) / 1000;
      proxy.routed.length = 0;
      return {
        turnsPerSecond: latencies.length / seconds,
        p50Ms: percentile(latencies, 0.5),
        p95Ms: percentile(latencies, 0.95),
        seconds,
      };
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await database.drop();
  }
}

/** The replicas run dist/main.js: a build older than the sources measures old code, which is worth a warning. */
function checkBuild(): void {
  if (!existsSync(DIST_MAIN)) throw new Error("dist/main.js is missing: run `npm run build` first");
  const builtAt = statSync(DIST_MAIN).mtimeMs;
  const newest = Math.max(
    ...readdirSync(SRC_DIR, { recursive: true, encoding: "utf8" }).map(
      (entry) => statSync(join(SRC_DIR, entry)).mtimeMs,
    ),
  );
  if (newest > builtAt) process.stderr.write("scale.bench: src/ is newer than dist/main.js (npm run build)\n");
}

async function replicaScaling(server: DatabaseServer): Promise<void> {
  checkBuild();
  const fake = await new FakeModelServer().start();
  fake.respondWith((): FakeTurn => {
    // The record would otherwise hold every request of the run.
    fake.requests.length = 0;
    return { content: ANSWER, usage: FIXED_USAGE, delay_ms: MODEL_DELAY_MS };
  });
  try {
    const one = await replicaLoad(server, fake.baseUrl, 1);
    const two = await replicaLoad(server, fake.baseUrl, 2);
    printFigure("scale.replicas_two_vs_one", two.turnsPerSecond, one.turnsPerSecond, "turns/s", {
      ratio_target_min: 1.7,
      one_replica_p50_ms: round(one.p50Ms),
      one_replica_p95_ms: round(one.p95Ms),
      two_replicas_p50_ms: round(two.p50Ms),
      two_replicas_p95_ms: round(two.p95Ms),
      sessions: REPLICA_SESSIONS,
      turns_per_session: REPLICA_TURNS_PER_SESSION,
      warmup_turns_per_session: REPLICA_WARMUP_TURNS,
      model_delay_ms: MODEL_DELAY_MS,
      seconds_one: round(one.seconds),
      seconds_two: round(two.seconds),
      note:
        "ratio = two replicas' turns/s over one's (higher is better). Real processes (dist/main.js) on one " +
        "PostgreSQL, each behind the round-robin balancer (one target, then two), fresh database each; all sessions " +
        "at once, each sequential. The fake model (fixed delay), the balancer and the load generator run in the " +
        `bench's process, and with PostgreSQL and the replicas they share this machine's ${availableParallelism()} cores: ` +
        "the second replica adds no hardware, only a second event loop.",
    });
  } finally {
    await fake.close();
  }
}

export async function run(): Promise<void> {
  const server = await startDatabaseServer();
  try {
    await appendThroughput(server);
    await turnOverhead(server);
    await replicaScaling(server);
  } finally {
    await server.stop();
  }
}
