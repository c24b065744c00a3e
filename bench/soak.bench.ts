/**
 * @module soak.bench
 * Soak benchmark: many sessions × many turns through Caduceus over real HTTP on 127.0.0.1, answered by the
 * fake model with no delay, at the concurrency cap (`server.max_concurrent_runs` turns in flight, each on a
 * different session, a new one started as soon as one ends); then the same load through the thin proxy of
 * bench/thin-proxy.ts, the same-run baseline. It reports
 * - p50 and p99 turn latency and turns/s, against the thin proxy under the same load and against the fake
 *   model's own round trip (unloaded) for the last request of a session;
 * - RSS and JS heap at the end of warm-up and at the end (after a full GC each time, so retained memory is
 *   compared, not garbage that is yet to be collected), growth in MB and %;
 * - event-loop delay p99 and max under load, against the thin proxy under the same load (and, as a further
 *   field, the same monitor over an idle second before any load).
 * The fake model runs in the same process, so its work is in every figure; its request record is emptied after
 * each turn, so that its memory does not grow with the run. Scale with SOAK_SESSIONS and SOAK_TURNS.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { median, percentile, printFigure, round, sleep } from "./figures.js";
import { startSideBySide } from "./side-by-side.js";

const DEFAULT_SESSIONS = 200;
const DEFAULT_TURNS_PER_SESSION = 50;
/** The first tenth of each session's turns warms the process up; their latencies are dropped. */
const WARMUP_FRACTION = 0.1;
const FIXED_USAGE = { prompt_tokens: 100, completion_tokens: 5 };
const ANSWER = "Soak answer with a few words in it.";
/** The idle stretch whose event-loop delay is the baseline for the loaded figures. */
const IDLE_BASELINE_MS = 1_000;
const EVENT_LOOP_RESOLUTION_MS = 10;
/** Memory is sampled (after a full GC) this many times over the measured turns, to tell a plateau from a leak. */
const TRAJECTORY_SAMPLES = 10;
/** A turn refused because a finishing run still held its slot is retried after this long. */
const RETRY_AFTER_REFUSAL_MS = 2;
const REPLAY_SAMPLES = 50;
const SYSTEM_PROMPT = "You are a soak.";
const MAX_ITERATIONS = 5;
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

type MemoryMb = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** From /proc/self/status where there is one: anonymous memory (heap, malloc) and file pages mapped in. */
  rssAnon: number | null;
  rssFile: number | null;
};

function procStatusMb(field: string): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function memoryMb(): MemoryMb {
  collectGarbage();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss / BYTES_PER_MB,
    heapUsed: usage.heapUsed / BYTES_PER_MB,
    heapTotal: usage.heapTotal / BYTES_PER_MB,
    external: usage.external / BYTES_PER_MB,
    arrayBuffers: usage.arrayBuffers / BYTES_PER_MB,
    rssAnon: procStatusMb("RssAnon"),
    rssFile: procStatusMb("RssFile"),
  };
}

type LoadShape = { ids: string[]; turnsPerSession: number; warmupTurns: number; concurrency: number };

type LoadResult = {
  latenciesMs: number[];
  refusals: number;
  /** Seconds from the end of warm-up to the end of the load. */
  measuredS: number;
  loadS: number;
  delayP99Ms: number;
  delayMaxMs: number;
  /** Memory when the last warm-up turn completed. */
  warmupEnd: MemoryMb | null;
  /** Memory after each further tenth of the measured turns, in order; the last is at the end of the load. */
  trajectory: MemoryMb[];
};

/**
 * Drives `send` at `concurrency` turns in flight: worker k owns sessions k, k + concurrency, … and walks them
 * turn by turn, so the cap is always filled and no two turns run on one session. `send` answers false for a
 * refusal, which is counted and sent again.
 */
async function driveLoad(shape: LoadShape, send: (id: string, index: number) => Promise<boolean>): Promise<LoadResult> {
  const { ids, turnsPerSession, warmupTurns, concurrency } = shape;
  const warmupTotal = ids.length * warmupTurns;
  const monitor = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  const latenciesMs: number[] = [];
  let completed = 0;
  let refusals = 0;
  /** Set by the turn that completes the warm-up; an object, so the narrowing survives the closures. */
  const marks: { warmupEnd?: MemoryMb; warmupEndAt?: number } = {};
  const measuredTotal = ids.length * turnsPerSession - warmupTotal;
  const sampleEvery = Math.max(1, Math.floor(measuredTotal / TRAJECTORY_SAMPLES));
  const trajectory: MemoryMb[] = [];

  const turn = async (id: string, index: number): Promise<void> => {
    for (;;) {
      const started = performance.now();
      const accepted = await send(id, index);
      const ms = performance.now() - started;
      if (!accepted) {
        refusals += 1;
        await sleep(RETRY_AFTER_REFUSAL_MS);
        continue;
      }
      completed += 1;
      if (index >= warmupTurns) latenciesMs.push(ms);
      if (completed === warmupTotal) {
        marks.warmupEnd = memoryMb();
        marks.warmupEndAt = performance.now();
        monitor.enable();
      } else if (completed > warmupTotal && (completed - warmupTotal) % sampleEvery === 0) {
        // The full GC stalls the loop: the monitor is paused over it so that the delay figures stay the load's.
        monitor.disable();
        trajectory.push(memoryMb());
        monitor.enable();
      }
      return;
    }
  };
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const owned = ids.filter((_id, i) => i % concurrency === worker);
      for (let index = 0; index < turnsPerSession; index++) for (const id of owned) await turn(id, index);
    }),
  );
  const loadEnded = performance.now();
  monitor.disable();
  return {
    latenciesMs,
    refusals,
    measuredS: (loadEnded - (marks.warmupEndAt ?? loadStarted)) / 1000,
    loadS: (loadEnded - loadStarted) / 1000,
    delayP99Ms: delayMs(monitor.percentile(99)),
    delayMaxMs: delayMs(monitor.max),
    warmupEnd: marks.warmupEnd ?? null,
    trajectory,
  };
}

export async function run(): Promise<void> {
  const sessions = positiveIntFromEnv("SOAK_SESSIONS", DEFAULT_SESSIONS);
  const turnsPerSession = positiveIntFromEnv("SOAK_TURNS", DEFAULT_TURNS_PER_SESSION);
  const warmupTurns = Math.max(1, Math.round(turnsPerSession * WARMUP_FRACTION));

  const bench = await startSideBySide({
    name: "soak",
    answer: () => ({ content: ANSWER, usage: FIXED_USAGE }),
    maxIterations: MAX_ITERATIONS,
  });
  const { fake, config, proxy, post, baseUrl, proxyBaseUrl } = bench;
  const concurrency = Math.min(config.server.max_concurrent_runs, sessions);

  try {
    const ids: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const res = await post(`${baseUrl}/v1/sessions`, { title: `soak ${i}`, system_prompt: SYSTEM_PROMPT });
      const { id } = (await res.json()) as { id: string };
      proxy.seed(id, [{ role: "system", content: SYSTEM_PROMPT }]);
      ids.push(id);
    }
    const shape: LoadShape = { ids, turnsPerSession, warmupTurns, concurrency };

    const idle = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    idle.enable();
    await sleep(IDLE_BASELINE_MS);
    idle.disable();

    const caduceus = await driveLoad(shape, async (id, index) => {
      const res = await post(`${baseUrl}/v1/sessions/${id}/messages`, { content: `turn ${index}` });
      const body = (await res.json()) as { run?: { status: string } };
      // The fake model's record would otherwise grow with the run and show up as our memory.
      fake.requests.length = 0;
      // The run's slot may outlive its answer by a tick: a refusal is retried, not a failure.
      if (res.status === 429 || res.status === 409) return false;
      if (body.run?.status !== "completed")
        throw new Error(`soak turn answered ${res.status}: ${JSON.stringify(body)}`);
      return true;
    });
    // Read before the proxy's load, so that the memory figures are Caduceus's alone.
    const end = memoryMb();
    const warm = caduceus.warmupEnd ?? end;

    const thin = await driveLoad(shape, async (id, index) => {
      const res = await post(`${proxyBaseUrl}/sessions/${id}/messages`, { content: `turn ${index}` });
      await res.arrayBuffer();
      fake.requests.length = 0;
      if (res.status !== 200) throw new Error(`thin proxy turn answered ${res.status}`);
      return true;
    });

    // The fake model's own round trip for a full session's last request: what a turn costs with no server.
    fake.requests.length = 0;
    await post(`${baseUrl}/v1/sessions/${ids[0]}/messages`, { content: "replay" });
    const request = fake.completions.at(-1)!.body;
    const replayMs: number[] = [];
    for (let i = 0; i < REPLAY_SAMPLES; i++) {
      const started = performance.now();
      await (await post(`${fake.baseUrl}/chat/completions`, request, { authorization: "Bearer bench" })).json();
      replayMs.push(performance.now() - started);
    }

    const fields = { sessions, turns_per_session: turnsPerSession, concurrency, warmup_turns_per_session: warmupTurns };
    for (const [name, p, fakeMs] of [
      ["p50", 0.5, median(replayMs)],
      ["p99", 0.99, percentile(replayMs, 0.99)],
    ] as const) {
      const value = percentile(caduceus.latenciesMs, p);
      const thinMs = percentile(thin.latenciesMs, p);
      printFigure(`soak.turn_latency_${name}`, value, thinMs, "ms", {
        what: `turn latency ${name} at ${concurrency} turns in flight (baseline: the thin proxy under the same load)`,
        thin_proxy_ms: round(thinMs),
        ratio_to_thin_proxy: round(value / thinMs, 3),
        fake_model_ms: round(fakeMs),
        ratio_to_fake_model: round(value / fakeMs, 3),
        turns_per_s: round(caduceus.latenciesMs.length / caduceus.measuredS),
        thin_proxy_turns_per_s: round(thin.latenciesMs.length / thin.measuredS),
        load_duration_s: round(caduceus.loadS),
        thin_proxy_load_duration_s: round(thin.loadS),
        turns_measured: caduceus.latenciesMs.length,
        refused_and_retried: caduceus.refusals,
        ...fields,
      });
    }
    printFigure("soak.rss", end.rss, warm.rss, "MB", {
      what: "RSS at the end vs at the end of warm-up, each after a full GC",
      rss_warmup_mb: round(warm.rss),
      rss_end_mb: round(end.rss),
      growth_mb: round(end.rss - warm.rss),
      growth_pct: round(((end.rss - warm.rss) / warm.rss) * 100),
      // Where RSS growth that the JS heap does not show may sit: the heap V8 keeps committed, buffers, and other
      // memory it tracks outside the heap; what none of these shows is native (SQLite, malloc).
      heap_total_warmup_mb: round(warm.heapTotal),
      heap_total_end_mb: round(end.heapTotal),
      external_warmup_mb: round(warm.external),
      external_end_mb: round(end.external),
      array_buffers_warmup_mb: round(warm.arrayBuffers),
      array_buffers_end_mb: round(end.arrayBuffers),
      ...fields,
    });
    // A leak grows with the turns; a heap that V8 sizes up under load levels off. The second half tells them apart.
    const trajectory = caduceus.trajectory.length > 0 ? caduceus.trajectory : [end];
    const middle = trajectory[Math.floor((trajectory.length - 1) / 2)];
    const last = trajectory.at(-1)!;
    printFigure("soak.rss_second_half", last.rss, middle.rss, "MB", {
      what: "RSS over the second half of the measured turns (each sample after a full GC)",
      rss_middle_mb: round(middle.rss),
      rss_last_mb: round(last.rss),
      growth_mb: round(last.rss - middle.rss),
      growth_pct: round(((last.rss - middle.rss) / middle.rss) * 100),
      rss_trajectory_mb: trajectory.map((m) => round(m.rss)),
      heap_total_trajectory_mb: trajectory.map((m) => round(m.heapTotal)),
      heap_used_trajectory_mb: trajectory.map((m) => round(m.heapUsed)),
      external_trajectory_mb: trajectory.map((m) => round(m.external)),
      rss_anon_trajectory_mb: trajectory.map((m) => (m.rssAnon === null ? null : round(m.rssAnon))),
      rss_file_trajectory_mb: trajectory.map((m) => (m.rssFile === null ? null : round(m.rssFile))),
      ...fields,
    });
    printFigure("soak.heap_used", end.heapUsed, warm.heapUsed, "MB", {
      what: "JS heap used at the end vs at the end of warm-up, each after a full GC",
      heap_warmup_mb: round(warm.heapUsed),
      heap_end_mb: round(end.heapUsed),
      growth_mb: round(end.heapUsed - warm.heapUsed),
      growth_pct: round(((end.heapUsed - warm.heapUsed) / warm.heapUsed) * 100),
      ...fields,
    });
    for (const [name, value, thinMs, idleMs] of [
      ["p99", caduceus.delayP99Ms, thin.delayP99Ms, delayMs(idle.percentile(99))],
      ["max", caduceus.delayMaxMs, thin.delayMaxMs, delayMs(idle.max)],
    ] as const) {
      printFigure(`soak.event_loop_delay_${name}`, value, thinMs, "ms", {
        what: `event-loop delay ${name} after warm-up, beyond the ${EVENT_LOOP_RESOLUTION_MS} ms timer interval (baseline: the thin proxy under the same load)`,
        thin_proxy_ms: round(thinMs),
        ratio_to_thin_proxy: round(value / thinMs, 3),
        idle_ms: round(idleMs),
        ...fields,
      });
    }
  } finally {
    await bench.close();
  }
}
