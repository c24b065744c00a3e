import { rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { openDatabase, type DatabaseHandle } from "../src/db/database.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import { countMessageTokens } from "../src/domain/shared/tokens.js";
import { newId } from "../src/kernel/ids.js";
import { createLogger } from "../src/logger.js";

/**
 * Foundation benchmarks, all in-process through `app.request` (no sockets on either side):
 * 1. append throughput of POST /messages (run: false) against a bare Hono route doing the same
 *    single better-sqlite3 insert into the same schema;
 * 2. GET /context and GET /messages?limit=50 latency with 1,000 vs 100,000 messages in the session
 *    (same active context in both: the older rows are compacted), so the ratio shows whether cost
 *    follows the history.
 */

const APPEND_COUNT = 1000;
const APPEND_ROUNDS = 5;
const LATENCY_WARMUP = 50;
const LATENCY_ROUNDS = 8;
const LATENCY_SAMPLES_PER_ROUND = 60;
const ACTIVE_ROWS = 200;

type Line = { bench: string; value: number; baseline: number; ratio: number; unit: string; [extra: string]: unknown };

function print(line: Line): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

type Fixture = { app: App; database: DatabaseHandle; dir: string };

function makeApp(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), "caduceus-bench-"));
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: { logging: { level: "silent" }, database: { path: join(dir, "bench.db") } },
  });
  const database = openDatabase(config.database.path);
  return {
    app: createApp({ config, store: createSqliteStore(database), logger: createLogger(config) }),
    database,
    dir,
  };
}

function dispose(fixture: { database: DatabaseHandle; dir: string }): void {
  fixture.database.close();
  rmSync(fixture.dir, { recursive: true, force: true });
}

/** As an HTTP client sends it: with its length, so both sides take the same body-limit path. */
function jsonPost(body: unknown): RequestInit {
  const text = JSON.stringify(body);
  return {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) },
    body: text,
  };
}

async function timeAppends(request: (i: number) => Response | Promise<Response>, from: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < APPEND_COUNT; i++) {
    const res = await request(from + i);
    if (res.status !== 201) throw new Error(`append answered ${res.status}: ${await res.text()}`);
  }
  return APPEND_COUNT / ((performance.now() - started) / 1000);
}

const appendContent = (i: number) =>
  `Message ${i}: checked PR #${1000 + i}, the failing test in src/app.ts now passes.`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function appendThroughput(): Promise<void> {
  const real = makeApp();
  const session = await (await real.app.request("/v1/sessions", jsonPost({ title: "bench" }))).json();
  const appendReal = (i: number) =>
    real.app.request(
      `/v1/sessions/${session.id}/messages`,
      jsonPost({ role: "user", content: appendContent(i), run: false }),
    );

  // The baseline writes the same row into the same schema (FTS trigger included), one insert per request.
  const bare = makeApp();
  const sessionId = newId("ses");
  bare.database.sqlite
    .prepare("insert into sessions (id, created_at, updated_at) values (?, ?, ?)")
    .run(sessionId, Date.now(), Date.now());
  const insert = bare.database.sqlite.prepare(
    "insert into messages (id, session_id, seq, role, content_json, tokens, position, search_text, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  let seq = 0;
  const hono = new Hono();
  hono.post("/messages", async (c) => {
    const body = await c.req.json<{ role: "user"; content: string }>();
    seq += 1;
    const id = newId("msg");
    insert.run(id, sessionId, seq, body.role, JSON.stringify(body.content), 0, seq, body.content, Date.now());
    return c.json({ id, seq }, 201);
  });
  const appendBare = (i: number) =>
    hono.request("/messages", jsonPost({ role: "user", content: appendContent(i), run: false }));

  // Alternating rounds so both sides see the same machine load; the median round of each counts.
  await timeAppends(appendReal, 0);
  await timeAppends(appendBare, 0);
  const realRates: number[] = [];
  const bareRates: number[] = [];
  for (let round = 1; round <= APPEND_ROUNDS; round++) {
    realRates.push(await timeAppends(appendReal, round * APPEND_COUNT));
    bareRates.push(await timeAppends(appendBare, round * APPEND_COUNT));
  }
  dispose(real);
  dispose(bare);
  const appRate = median(realRates);
  const bareRate = median(bareRates);
  print({
    bench: "foundation.append_throughput",
    value: round(appRate, 0),
    baseline: round(bareRate, 0),
    ratio: round(appRate / bareRate),
    unit: "appends/s",
  });
}

/** Writes `total` rows straight into SQLite, the newest ACTIVE_ROWS in context, counters consistent. */
function seedSession(database: DatabaseHandle, total: number): string {
  const sqlite = database.sqlite;
  const now = Date.now();
  const sessionId = newId("ses", now);
  const systemPrompt = "You are a careful release engineer.";
  const insert = sqlite.prepare(
    "insert into messages (id, session_id, seq, role, content_json, tokens, in_context, kind, position, search_text, created_at) values (?, ?, ?, ?, ?, ?, ?, 'message', ?, ?, ?)",
  );
  sqlite.transaction(() => {
    sqlite
      .prepare(
        "insert into sessions (id, title, system_prompt, system_prompt_tokens, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
      )
      .run(
        sessionId,
        `seeded ${total}`,
        systemPrompt,
        countMessageTokens({ role: "system", content: systemPrompt }),
        now,
        now,
      );
    let contextTokens = 0;
    for (let seq = 1; seq <= total; seq++) {
      const role = seq % 2 ? "user" : "assistant";
      const content = appendContent(seq);
      const tokens = countMessageTokens({ role, content });
      const inContext = seq > total - ACTIVE_ROWS;
      if (inContext) contextTokens += tokens;
      insert.run(
        newId("msg", now),
        sessionId,
        seq,
        role,
        JSON.stringify(content),
        tokens,
        inContext ? 1 : 0,
        seq,
        content,
        now,
      );
    }
    // The compacted span is represented by one summary row at the head of the active context.
    const body = `Summary of messages 1–${total - ACTIVE_ROWS}: release checks, PR numbers, src/app.ts fixes.`;
    const summaryTokens = countMessageTokens({ role: "user", content: body });
    const summaryMessageId = newId("msg", now);
    insert.run(summaryMessageId, sessionId, total + 1, "user", JSON.stringify(body), summaryTokens, 1, 0.5, body, now);
    sqlite
      .prepare(
        "insert into summaries (id, session_id, version, body, from_seq, to_seq, tokens_before, tokens_after, message_id, created_at) values (?, ?, 1, ?, 1, ?, 0, ?, ?, ?)",
      )
      .run(newId("sum", now), sessionId, body, total - ACTIVE_ROWS, summaryTokens, summaryMessageId, now);
    sqlite
      .prepare(
        "update sessions set next_seq = ?, message_count = ?, context_tokens = ?, context_message_count = ?, compression_count = 1 where id = ?",
      )
      .run(total + 2, total + 1, contextTokens + summaryTokens, ACTIVE_ROWS + 1, sessionId);
  })();
  return sessionId;
}

type Samples = number[];

async function sample(app: App, path: string, count: number, into: Samples): Promise<void> {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await app.request(path);
    await res.arrayBuffer();
    into.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
}

function percentile(samples: Samples, p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const cursorAfter = (seq: number) => Buffer.from(JSON.stringify({ seq })).toString("base64url");

async function historyIndependence(): Promise<void> {
  const sizes = [1_000, 100_000];
  const fixtures = sizes.map((size) => {
    const fixture = makeApp();
    return { size, fixture, id: seedSession(fixture.database, size) };
  });
  const pathsFor = (id: string, size: number): Record<string, string> => ({
    context: `/v1/sessions/${id}/context`,
    messages_first_page: `/v1/sessions/${id}/messages?limit=50`,
    messages_last_page: `/v1/sessions/${id}/messages?limit=50&cursor=${cursorAfter(size - 50)}`,
  });
  for (const name of Object.keys(pathsFor("x", 0))) {
    const samples = new Map<number, Samples>(sizes.map((size) => [size, []]));
    for (const { size, fixture, id } of fixtures)
      await sample(fixture.app, pathsFor(id, size)[name], LATENCY_WARMUP, []);
    // Interleaved rounds, so a change in machine load hits both sizes alike.
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (const { size, fixture, id } of fixtures)
        await sample(fixture.app, pathsFor(id, size)[name], LATENCY_SAMPLES_PER_ROUND, samples.get(size)!);
    }
    const small = samples.get(1_000)!;
    const large = samples.get(100_000)!;
    print({
      bench: `foundation.${name}_latency_100k_vs_1k`,
      value: round(percentile(large, 0.5)),
      baseline: round(percentile(small, 0.5)),
      ratio: round(percentile(large, 0.5) / percentile(small, 0.5)),
      unit: "ms p50",
      p95_100k: round(percentile(large, 0.95)),
      p95_1k: round(percentile(small, 0.95)),
    });
  }
  for (const { fixture } of fixtures) dispose(fixture);
}

export async function run(): Promise<void> {
  await appendThroughput();
  await historyIndependence();
}
