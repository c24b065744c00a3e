/**
 * @module keys.bench
 * What API keys cost a request, each figure against a same-run baseline:
 * 1. a request with an API key (its owner's list, its lookup by the secret's hash: one indexed read on SQLite) against
 *    the same request with the server key (a constant-time compare, no read), in-process through `app.request`;
 * 2. the key lookup alone (`authenticate`) on SQLite against `select 1` on the same connection;
 * 3. on PostgreSQL, the lookup read from the database and kept in the cache, against a `select 1` round trip.
 * PostgreSQL is `CADUCEUS_BENCH_DATABASE_URL` (an admin URL: the bench makes and drops a database in it), else a
 * throwaway cluster started from scripts/pg-cluster.sh and stopped at the end.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openPostgres } from "../src/db/postgres/database.js";
import { createPostgresStore } from "../src/db/postgres/store.js";
import { SERVER_CALLER } from "../src/domain/shared/owner-scope.js";
import { ApiKeys } from "../src/domain/keys/api-keys.js";
import { createLogger } from "../src/logger.js";
import { loadConfig } from "../src/config/load.js";
import { startInProcess } from "./in-process.js";
import { median, printFigure } from "./figures.js";

const execFileAsync = promisify(execFile);
const PG_CLUSTER_SCRIPT = fileURLToPath(new URL("../scripts/pg-cluster.sh", import.meta.url));
const SERVER_KEY = "keys-bench-server-key";
const WARMUP = 200;
const SAMPLES = 2_000;

/** Medians (µs) of each piece of work, sampled in turn so a drifting machine weighs on all alike. */
async function timeInTurn(samples: number, ...works: Array<() => Promise<unknown>>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) for (const work of works) await work();
  const times = works.map((): number[] => []);
  for (let i = 0; i < samples; i++)
    for (const [w, work] of works.entries()) {
      const started = performance.now();
      await work();
      times[w].push((performance.now() - started) * 1000);
    }
  return times.map(median);
}

async function sqliteFigures(): Promise<void> {
  const app = await startInProcess({
    name: "keys-bench",
    model: { provider: "openai" },
    overrides: { server: { api_key: SERVER_KEY } },
  });
  try {
    const { services } = app.app;
    const { secret } = await services.keys.create({ name: "bench", scopes: ["sessions:read"] }, SERVER_CALLER);
    const get = (key: string) => async () => {
      const res = await app.app.request("/v1/sessions?limit=1", { headers: { authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      await res.arrayBuffer();
    };
    const [withServerKey, withApiKey] = await timeInTurn(SAMPLES, get(SERVER_KEY), get(secret));
    printFigure(
      "keys.request_with_api_key_sqlite",
      withApiKey,
      withServerKey,
      "µs (median, GET /v1/sessions?limit=1)",
      {
        baseline_is: "the same request with the server key",
      },
    );
    const [lookup, ping] = await timeInTurn(
      SAMPLES,
      () => services.keys.authenticate(secret),
      () => services.store.ping(),
    );
    printFigure("keys.lookup_sqlite", lookup, ping, "µs (median)", { baseline_is: "select 1 on the same connection" });
  } finally {
    await app.close();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

async function withPostgres(work: (url: string) => Promise<void>): Promise<void> {
  let adminUrl = process.env.CADUCEUS_BENCH_DATABASE_URL ?? "";
  let stop = async () => {};
  if (!adminUrl) {
    const dir = join(tmpdir(), `caduceus-bench-keys-${process.pid}-${randomBytes(4).toString("hex")}`);
    const { stdout } = await execFileAsync("bash", [PG_CLUSTER_SCRIPT, "start", dir, String(await freePort())]);
    adminUrl = stdout.trim().split("\n").at(-1) ?? "";
    stop = async () => void (await execFileAsync("bash", [PG_CLUSTER_SCRIPT, "stop", dir]));
  }
  const name = `caduceus_bench_keys_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
    await stop();
  }
}

async function postgresFigures(): Promise<void> {
  await withPostgres(async (url) => {
    const handle = await openPostgres(url);
    const store = createPostgresStore(handle);
    const config = loadConfig({ env: {}, configPath: null, overrides: { logging: { level: "silent" } } });
    const logger = createLogger(config);
    try {
      const uncached = new ApiKeys({ store, now: Date.now, logger, cacheTtlMs: null });
      const cached = new ApiKeys({ store, now: Date.now, logger, cacheTtlMs: 30_000 });
      const { secret } = await uncached.create({ name: "bench", scopes: ["sessions:read"] }, SERVER_CALLER);
      const [roundTrip, read, kept] = await timeInTurn(
        SAMPLES,
        () => handle.db.execute(sql`select 1`),
        () => uncached.authenticate(secret),
        () => cached.authenticate(secret),
      );
      printFigure("keys.lookup_postgres_read", read, roundTrip, "µs (median)", { baseline_is: "select 1 round trip" });
      printFigure("keys.lookup_postgres_cached", kept, roundTrip, "µs (median)", {
        baseline_is: "select 1 round trip",
      });
    } finally {
      await store.close();
    }
  });
}

export async function run(): Promise<void> {
  await sqliteFigures();
  await postgresFigures();
}
