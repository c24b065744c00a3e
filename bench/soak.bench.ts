/**
 * @module soak.bench
 * Soak benchmark: many sessions × many turns through Caduceus over real HTTP on 127.0.0.1, answered by the
 * fake model with no delay, at the concurrency cap (`server.max_concurrent_runs` turns in flight, each on a
 * different session, a new one started as soon as one ends). It reports
 * - p50 and p99 turn latency, against the fake model's own round trip for the last request of a session;
 * - RSS and JS heap at the end of warm-up and at the end (after a full GC each time, so retained memory is
 *   compared, not garbage that is yet to be collected), growth in MB and %;
 * - event-loop delay p99 and max under load, against the same monitor over an idle second before the load.
 * The fake model runs in the same process, so its work is in every figure; its request record is emptied after
 * each turn, so that its memory does not grow with the run. Scale with SOAK_SESSIONS and SOAK_TURNS.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { createStore } from "../src/db/store.js";
import { createLogger } from "../src/logger.js";
import { FakeModelServer } from "../tests/fixtures/fake-model.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { median, percentile, printFigure, round, sleep } from "./figures.js";

const DEFAULT_SESSIONS = 200;
const DEFAULT_TURNS_PER_SESSION = 50;
/** The first tenth of each session's turns warms the process up; their latencies are dropped. */
const WARMUP_FRACTION = 0.1;
const FIXED_USAGE = { prompt_tokens: 100, completion_tokens: 5 };
const ANSWER = "Soak answer with a few words in it.";
/** The idle stretch whose event-loop delay is the baseline for the loaded figures. */
const IDLE_BASELINE_MS = 1_000;
const EVENT_LOOP_RESOLUTION_MS = 10;
/** A turn refused because a finishing run still held its slot is retried after this long. */
const RETRY_AFTER_REFUSAL_MS = 2;
const REPLAY_SAMPLES = 50;
const BYTES_PER_MB = 1024 * 1024;
const NS_PER_MS = 1e6;

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

/** A full collection through V8's own gc(), exposed at run time since `npm run bench` passes no node flags. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/**
 * The monitor's samples are the time between two ticks of its `resolution`-ms timer; the delay is what exceeds
 * the timer's own interval.
 */
function delayMs(sampleNs: number): number {
  return Math.max(0, sampleNs / NS_PER_MS - EVENT_LOOP_RESOLUTION_MS);
}

type MemoryMb = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

function memoryMb(): MemoryMb {
  collectGarbage();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss / BYTES_PER_MB,
    heapUsed: usage.heapUsed / BYTES_PER_MB,
    heapTotal: usage.heapTotal / BYTES_PER_MB,
    external: usage.external / BYTES_PER_MB,
    arrayBuffers: usage.arrayBuffers / BYTES_PER_MB,
  };
}

export async function run(): Promise<void> {
  const sessions = positiveIntFromEnv("SOAK_SESSIONS", DEFAULT_SESSIONS);
  const turnsPerSession = positiveIntFromEnv("SOAK_TURNS", DEFAULT_TURNS_PER_SESSION);
  const warmupTurns = Math.max(1, Math.round(turnsPerSession * WARMUP_FRACTION));

  const fake = await new FakeModelServer().start();
  fake.respondWith(() => ({ content: ANSWER, usage: FIXED_USAGE }));
  const dir = tempDir("caduceus-bench-soak-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: {
        name: "fake-model",
        base_url: fake.baseUrl,
        api_key: "bench",
        max_retries: 0,
        context_length: 1_000_000,
      },
    },
  });
  const concurrency = Math.min(config.server.max_concurrent_runs, sessions);
  const database = openDatabase(config.database.path);
  const app = createApp({ config, store: createStore(database), logger: createLogger(config) });
  await app.services.startup();
  const server = await serveOnLoopback(app.fetch);
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  try {
    const ids: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const res = await post(`${server.baseUrl}/v1/sessions`, { title: `soak ${i}`, system_prompt: "You are a soak." });
      ids.push(((await res.json()) as { id: string }).id);
    }

    const monitor = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    monitor.enable();
    await sleep(IDLE_BASELINE_MS);
    monitor.disable();
    const idleP99Ms = delayMs(monitor.percentile(99));
    const idleMaxMs = delayMs(monitor.max);
    monitor.reset();

    const warmupTotal = sessions * warmupTurns;
    const latenciesMs: number[] = [];
    let completed = 0;
    let refusals = 0;
    /** Set by the turn that completes the warm-up; an object, so the narrowing survives the closures. */
    const marks: { warmupEnd?: MemoryMb & { at: number } } = {};

    const turn = async (id: string, index: number): Promise<void> => {
      for (;;) {
        const started = performance.now();
        const res = await post(`${server.baseUrl}/v1/sessions/${id}/messages`, { content: `turn ${index}` });
        const body = (await res.json()) as { run?: { status: string } };
        const ms = performance.now() - started;
        // The run's slot may outlive its answer by a tick; a refusal is counted and the turn sent again.
        if (res.status === 429 || res.status === 409) {
          refusals += 1;
          await sleep(RETRY_AFTER_REFUSAL_MS);
          continue;
        }
        if (body.run?.status !== "completed")
          throw new Error(`soak turn answered ${res.status}: ${JSON.stringify(body)}`);
        fake.requests.length = 0;
        completed += 1;
        if (index >= warmupTurns) latenciesMs.push(ms);
        if (completed === warmupTotal) {
          marks.warmupEnd = { ...memoryMb(), at: performance.now() };
          monitor.enable();
        }
        return;
      }
    };

    // Worker k owns sessions k, k + concurrency, …, and walks them turn by turn: `concurrency` turns always in
    // flight, never two on one session.
    const workers = Array.from({ length: concurrency }, async (_, worker) => {
      const owned = ids.filter((_id, i) => i % concurrency === worker);
      for (let index = 0; index < turnsPerSession; index++) for (const id of owned) await turn(id, index);
    });
    const loadStarted = performance.now();
    await Promise.all(workers);
    const loadEnded = performance.now();
    monitor.disable();
    const end = memoryMb();
    const warm = marks.warmupEnd ?? end;
    const measuredS = (loadEnded - (marks.warmupEnd?.at ?? loadStarted)) / 1000;

    // The fake model's own round trip for a full session's last request: what a turn costs with no server.
    fake.requests.length = 0;
    await post(`${server.baseUrl}/v1/sessions/${ids[0]}/messages`, { content: "replay" });
    const request = fake.completions.at(-1)!.body;
    const replayMs: number[] = [];
    for (let i = 0; i < REPLAY_SAMPLES; i++) {
      const started = performance.now();
      await (await post(`${fake.baseUrl}/chat/completions`, request, { authorization: "Bearer bench" })).json();
      replayMs.push(performance.now() - started);
    }

    const shape = { sessions, turns_per_session: turnsPerSession, concurrency, warmup_turns_per_session: warmupTurns };
    const p50 = percentile(latenciesMs, 0.5);
    const p99 = percentile(latenciesMs, 0.99);
    printFigure("soak.turn_latency_p50", p50, median(replayMs), "ms", {
      what: `turn latency p50 at ${concurrency} turns in flight (baseline: the fake model's own round trip)`,
      ...shape,
      turns_measured: latenciesMs.length,
      turns_per_s: round(latenciesMs.length / measuredS),
      load_duration_s: round((loadEnded - loadStarted) / 1000),
      refused_and_retried: refusals,
    });
    printFigure("soak.turn_latency_p99", p99, percentile(replayMs, 0.99), "ms", {
      what: `turn latency p99 at ${concurrency} turns in flight (baseline: the fake model's own round trip p99)`,
      ...shape,
      turns_measured: latenciesMs.length,
    });
    printFigure("soak.rss", end.rss, warm.rss, "MB", {
      what: "RSS at the end vs at the end of warm-up, each after a full GC",
      rss_warmup_mb: round(warm.rss),
      rss_end_mb: round(end.rss),
      growth_mb: round(end.rss - warm.rss),
      growth_pct: round(((end.rss - warm.rss) / warm.rss) * 100),
      // Where RSS growth that the JS heap does not show may sit: the heap V8 keeps committed, buffers and other memory it tracks outside the heap.
      heap_total_warmup_mb: round(warm.heapTotal),
      heap_total_end_mb: round(end.heapTotal),
      external_warmup_mb: round(warm.external),
      external_end_mb: round(end.external),
      array_buffers_warmup_mb: round(warm.arrayBuffers),
      array_buffers_end_mb: round(end.arrayBuffers),
      ...shape,
    });
    printFigure("soak.heap_used", end.heapUsed, warm.heapUsed, "MB", {
      what: "JS heap used at the end vs at the end of warm-up, each after a full GC",
      heap_warmup_mb: round(warm.heapUsed),
      heap_end_mb: round(end.heapUsed),
      growth_mb: round(end.heapUsed - warm.heapUsed),
      growth_pct: round(((end.heapUsed - warm.heapUsed) / warm.heapUsed) * 100),
      ...shape,
    });
    printFigure("soak.event_loop_delay_p99", delayMs(monitor.percentile(99)), idleP99Ms, "ms", {
      what: `event-loop delay p99 under load after warm-up beyond the ${EVENT_LOOP_RESOLUTION_MS} ms timer interval (baseline: an idle second before the load)`,
      ...shape,
    });
    printFigure("soak.event_loop_delay_max", delayMs(monitor.max), idleMaxMs, "ms", {
      what: `event-loop delay max under load after warm-up beyond the ${EVENT_LOOP_RESOLUTION_MS} ms timer interval (baseline: an idle second before the load)`,
      ...shape,
    });
  } finally {
    await server.close();
    await app.services.shutdown();
    database.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
