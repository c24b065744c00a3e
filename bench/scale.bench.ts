/**
 * @module scale.bench
 * How the PostgreSQL store and several replicas scale, each figure against a same-run baseline:
 * 1. append throughput: single-row `store.messages.append` calls on PostgreSQL against single raw `pg` inserts of the
 *    same row into the same `messages` table, on the same pool, in the same sequential pattern (and, as a further
 *    field, into a plain scratch table with the same columns);
 * 2. turn overhead: sequential turns (POST /messages, run by default) through in-process apps, one on PostgreSQL and
 *    one on SQLite, against a fake model that answers at once;
 * 3. one replica against two: real server processes on one PostgreSQL database behind the round-robin balancer,
 *    50 sessions taking turns at once against a fake model with a small fixed delay.
 * The database server is `CADUCEUS_BENCH_DATABASE_URL` (an admin URL: the bench creates and drops databases of its
 * own in it), else a throwaway cluster started from scripts/pg-cluster.sh and stopped at the end.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { openDatabase } from "../src/db/database.js";
import { openPostgres } from "../src/db/postgres/database.js";
import { PgEventAnnouncements } from "../src/db/postgres/event-announcements.js";
import { createPostgresStore } from "../src/db/postgres/store.js";
import type { NewMessage } from "../src/db/records.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import type { Store } from "../src/db/store.js";
import { countMessageTokens } from "../src/domain/shared/tokens.js";
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
  /** The postmaster's pid when the bench started the server itself (its processes' CPU time is then counted). */
  postmasterPid: number | null;
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
  if (given) return { adminUrl: given, postmasterPid: null, stop: async () => {} };
  // Not a mkdtemp folder: that one is private, and the server may run as another user, who must enter it.
  const dir = join(tmpdir(), `caduceus-bench-pg-${process.pid}-${randomBytes(4).toString("hex")}`);
  const port = await freePort();
  const { stdout } = await execFileAsync("bash", [PG_CLUSTER_SCRIPT, "start", dir, String(port)]);
  const adminUrl = stdout.trim().split("\n").at(-1) ?? "";
  const postmasterPid = Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    adminUrl,
    postmasterPid: Number.isInteger(postmasterPid) ? postmasterPid : null,
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

const MESSAGES_INSERT = SCRATCH_INSERT.replace("bench_raw_messages", "messages");

/** A row's parameters for SCRATCH_INSERT and MESSAGES_INSERT, as the repository would store them. */
function rowValues(row: NewMessage, sessionId: string, seq: number): unknown[] {
  const content = JSON.stringify(row.content);
  return [
    row.id,
    sessionId,
    seq,
    row.role,
    content,
    null,
    null,
    null,
    row.tokens,
    true,
    "message",
    seq,
    row.search_text,
    null,
    null,
    Date.now(),
  ];
}

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
        await handle.pool.query(SCRATCH_INSERT, rowValues(row, session.id, rawSeq));
      }
      return count / ((performance.now() - started) / 1000);
    };
    // What the table itself costs: the same row straight into `messages`, one insert, under a session of its own.
    const tableSession = await store.sessions.create({
      id: newId("ses"),
      title: "raw inserts",
      model: null,
      system_prompt: null,
      system_prompt_tokens: 0,
      config: {},
      now,
    });
    let tableSeq = 0;
    const timeTableInserts = async (count: number): Promise<number> => {
      const batch = rows(count);
      const started = performance.now();
      for (const row of batch) {
        tableSeq += 1;
        await handle.pool.query(MESSAGES_INSERT, rowValues(row, tableSession.id, tableSeq));
      }
      return count / ((performance.now() - started) / 1000);
    };
    await timeAppends(APPEND_WARMUP);
    await timeInserts(APPEND_WARMUP);
    await timeTableInserts(APPEND_WARMUP);
    // Alternating rounds so both sides see the same machine load; the median round of each counts.
    const appendRates: number[] = [];
    const insertRates: number[] = [];
    const tableRates: number[] = [];
    let appendStatements = 0;
    for (let r = 0; r < APPEND_ROUNDS; r++) {
      const before = statements.count;
      appendRates.push(await timeAppends(APPENDS_PER_ROUND));
      appendStatements += statements.count - before;
      insertRates.push(await timeInserts(APPENDS_PER_ROUND));
      tableRates.push(await timeTableInserts(APPENDS_PER_ROUND));
    }
    const appended = APPEND_ROUNDS * APPENDS_PER_ROUND;
    const [{ count }] = (
      await handle.pool.query<{ count: string }>("select count(*) from messages where session_id = $1", [session.id])
    ).rows;
    if (Number(count) !== APPEND_WARMUP + appended) throw new Error(`expected ${APPEND_WARMUP + appended} rows`);
    const plainRate = median(insertRates);
    printFigure("scale.pg_append_throughput", median(appendRates), median(tableRates), "appends/s", {
      ratio_target_min: 0.7,
      plain_table_inserts_per_s: round(plainRate),
      ratio_to_plain_table_insert: round(median(appendRates) / plainRate, 3),
      appends: appended,
      baseline_inserts: appended,
      pool_max: POOL_MAX,
      statements_per_append: round(appendStatements / appended, 2),
      statements_per_baseline_insert: 1,
      note:
        "ratio = appends/s over the baseline's inserts/s (higher is better). The baseline is one raw pg insert of " +
        "the same row into the same messages table (its unique (session_id, seq) index, two more b-tree indexes, " +
        "the foreign key, the generated tsvector under a GIN index), so the ratio is what the repository adds: the " +
        "seq claim on the session row with its counters, the tool-call index, the records answered. " +
        "plain_table_inserts_per_s is the same insert into a scratch table with the same columns and only a " +
        "primary key: what the table's indexes cost. statements_per_append counts the statements one append " +
        "sends. Median round of 5 alternating rounds of 400 each.",
    });
  } finally {
    await store.close();
    await database.drop();
  }
}

type TurnApp = { app: App; store: Store; close(): Promise<void> };

/**
 * The PostgreSQL store as open-store.ts opens it for a server (with its event announcements), but over a pool whose
 * statements are counted.
 */
async function countedPostgresStore(url: string): Promise<{ store: Store; statements: { readonly count: number } }> {
  const handle = await openPostgres(url);
  const statements = countStatements(handle.pool);
  const announcements = new PgEventAnnouncements(url);
  await announcements.start();
  const store = createPostgresStore(handle);
  return {
    store: {
      ...store,
      announcements,
      close: async () => {
        await announcements.close();
        await store.close();
      },
    },
    statements,
  };
}

/** An in-process app on `store` (or on a SQLite file of its own) against the fake model. */
async function turnApp(modelBaseUrl: string, pgStore: Store | null): Promise<TurnApp> {
  const dir = tempDir("caduceus-bench-scale-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: {
        name: MODEL_NAME,
        base_url: modelBaseUrl,
        api_key: "bench",
        max_retries: 0,
        context_length: 1_000_000,
      },
    },
  });
  const store = pgStore ?? createSqliteStore(openDatabase(config.database.path));
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
  const counted = await countedPostgresStore(database.url);
  const onPg = await turnApp(fake.baseUrl, counted.store);
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
    let pgStatements = 0;
    // Interleaved turn by turn, so a change of machine load hits both alike; the first turns are warm-up.
    for (let i = 0; i < TURN_WARMUP + TURN_SAMPLES; i++) {
      const before = counted.statements.count;
      const pgTurn = await timeTurn(onPg.app, pgSession, i);
      if (i >= TURN_WARMUP) pgStatements += counted.statements.count - before;
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
      pg_statements_per_turn: round(pgStatements / TURN_SAMPLES, 1),
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

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS_PER_S = 100;

/** A process's CPU time (user + system) from /proc, in ms; null once it is gone (or off Linux). */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's closing parenthesis: state, ppid, … utime (14th field) and stime (15th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

/** The postmaster and its children (the backends, the WAL writer, …). */
function postgresPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmasterPid) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Busy CPU time of the whole machine, in ms, from the first line of /proc/stat (all but idle, iowait and steal). */
function machineBusyMs(): number | null {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const busy = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0) - ticks[3] - ticks[4] - ticks[7];
    return (busy * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

type CpuSample = { replicas: number[]; postgres: Map<number, number>; bench: number; machine: number | null };

/** Where the CPU went between two samples: the replicas, PostgreSQL, this process, and everything else. */
class CpuMeter {
  constructor(
    private readonly replicaPids: number[],
    private readonly postmasterPid: number | null,
  ) {}

  sample(): CpuSample {
    const postgres = new Map<number, number>();
    if (this.postmasterPid !== null)
      for (const pid of postgresPids(this.postmasterPid)) postgres.set(pid, processCpuMs(pid) ?? 0);
    const usage = process.cpuUsage();
    return {
      replicas: this.replicaPids.map((pid) => processCpuMs(pid) ?? 0),
      postgres,
      bench: (usage.user + usage.system) / 1000,
      machine: machineBusyMs(),
    };
  }

  /** CPU ms per turn by consumer, between `from` and `to`; a backend that ended between them is not counted. */
  static perTurn(from: CpuSample, to: CpuSample, turns: number): Record<string, number | null> {
    const replicas = to.replicas.reduce((sum, ms, i) => sum + ms - from.replicas[i], 0);
    let postgres: number | null = null;
    if (to.postgres.size > 0) {
      postgres = 0;
      for (const [pid, ms] of to.postgres) postgres += ms - (from.postgres.get(pid) ?? 0);
    }
    const bench = to.bench - from.bench;
    const machine = to.machine !== null && from.machine !== null ? to.machine - from.machine : null;
    const other = machine !== null ? machine - replicas - (postgres ?? 0) - bench : null;
    const perTurn = (ms: number | null) => (ms === null ? null : round(ms / turns, 2));
    return {
      replicas: perTurn(replicas),
      postgres: perTurn(postgres),
      bench_process: perTurn(bench),
      rest_of_machine: perTurn(other),
    };
  }
}

type LoadResult = {
  turnsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  seconds: number;
  cpuMsPerTurn: Record<string, number | null>;
  /** Busy share of all the machine's cores over the timed phase. */
  machineBusy: number | null;
};

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
      const meter = new CpuMeter(
        processes.map((p) => p.child.pid ?? 0),
        server.postmasterPid,
      );
      const before = meter.sample();
      const begun = performance.now();
      await turns(REPLICA_TURNS_PER_SESSION, true);
      const seconds = (performance.now() - begun) / 1000;
      const after = meter.sample();
      proxy.routed.length = 0;
      return {
        turnsPerSecond: latencies.length / seconds,
        p50Ms: percentile(latencies, 0.5),
        p95Ms: percentile(latencies, 0.95),
        seconds,
        cpuMsPerTurn: CpuMeter.perTurn(before, after, latencies.length),
        machineBusy:
          after.machine !== null && before.machine !== null
            ? round((after.machine - before.machine) / (seconds * 1000 * availableParallelism()), 3)
            : null,
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
    // What the machine could serve at most if every core were busy with this load alone: its cores over the CPU
    // one turn takes (replicas, PostgreSQL and this process, measured with two replicas).
    const cpuPerTurn = two.cpuMsPerTurn;
    const turnCpuMs = (cpuPerTurn.replicas ?? 0) + (cpuPerTurn.postgres ?? 0) + (cpuPerTurn.bench_process ?? 0);
    const ceiling = cpuPerTurn.postgres === null ? null : round((availableParallelism() * 1000) / turnCpuMs);
    printFigure("scale.replicas_two_vs_one", two.turnsPerSecond, one.turnsPerSecond, "turns/s", {
      ratio_target_min: 1.7,
      machine_cpu_ceiling_turns_per_s: ceiling,
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
      cpu_ms_per_turn_one: one.cpuMsPerTurn,
      cpu_ms_per_turn_two: two.cpuMsPerTurn,
      machine_busy_share_one: one.machineBusy,
      machine_busy_share_two: two.machineBusy,
      note:
        "ratio = two replicas' turns/s over one's (higher is better). Real processes (dist/main.js) on one " +
        "PostgreSQL, each behind the round-robin balancer (one target, then two), fresh database each; all sessions " +
        "at once, each sequential. The fake model (fixed delay), the balancer and the load generator run in the " +
        `bench's process, and with PostgreSQL and the replicas they share this machine's ${availableParallelism()} ` +
        "cores: the second replica adds no hardware, only a second event loop. cpu_ms_per_turn_* say where the CPU " +
        "went (rest_of_machine: other work on the machine meanwhile); machine_cpu_ceiling_turns_per_s is the cores " +
        "over one turn's CPU, the most any number of replicas could serve here.",
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
