import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { chromium, type Browser } from "playwright-core";
import { browserMemory } from "../src/domain/browser/browser-memory.js";
import { LAUNCH_ARGS } from "../src/domain/browser/launch.js";
import type { DetailedHealthResponse } from "../src/routes/health/schemas.js";
import { CHROMIUM_PATH } from "../tests/fixtures/browser.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { startPagesServer, type PagesServer } from "../tests/fixtures/pages-server.js";
import { makeTestApp, type TestApp } from "../tests/fixtures/test-app.js";
import { median, percentile, printFigure, sleep } from "./figures.js";

/**
 * A session's browser start-up and memory, each against raw playwright-core on the same machine in the same run, the
 * samples interleaved (ours, raw, ours, raw…) so a change of machine load hits both:
 * - first navigate of a new session, with the shared Chromium running and its pool warm, against a warm raw context
 *   (`newContext + newPage + goto` on a running browser); ours is the whole `POST /browser/navigate` over HTTP;
 * - the first navigate ever (no Chromium running yet: a fresh server), against a raw cold launch
 *   (`launch + newContext + newPage + goto`);
 * - resident memory per live session with 8 sessions on a page, summed over every Chromium process, against 8 raw
 *   contexts on the same page: (RSS with 8 − RSS of a bare launched browser) / 8 on both sides, so our pool, guards
 *   and supervisor sessions count against us. `browser.isolation: process` (a Chromium per session) is shown beside.
 * Every line carries the 1-minute load average at its start (`load_1m`).
 */
const WARM_ROUNDS = 30;
const COLD_ROUNDS = 6;
const MEMORY_SESSIONS = 8;
/** Renderers settle their memory a little after load; both sides wait as long before the reading. */
const MEMORY_SETTLE_MS = 1_500;

const load1m = () => Math.round(loadavg()[0] * 100) / 100;

type Server = { t: TestApp; base: string; close(): Promise<void> };

async function startServer(overrides: Record<string, unknown> = {}): Promise<Server> {
  const t = await makeTestApp({ browser: overrides });
  const server = await serveOnLoopback(t.app.fetch);
  return {
    t,
    base: server.baseUrl,
    close: async () => {
      await server.close();
      await t.close();
    },
  };
}

async function api(server: Server, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

const newSession = async (server: Server) =>
  ((await (await api(server, "POST", "/v1/sessions", {})).json()) as { id: string }).id;

async function browsers(server: Server): Promise<DetailedHealthResponse["browsers"]> {
  return ((await (await api(server, "GET", "/health/detailed")).json()) as DetailedHealthResponse).browsers;
}

async function waitForWarmPool(server: Server, size: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await browsers(server)).pool.warm >= size) return;
    await sleep(25);
  }
  throw new Error("the pool did not refill");
}

/** Time of one new session's first navigate, the pool warm beforehand; the session is deleted afterwards. */
async function oursFirstNavigate(server: Server, url: string): Promise<number> {
  await waitForWarmPool(server, server.t.config.browser.pool.size);
  const id = await newSession(server);
  const start = performance.now();
  await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url });
  const ms = performance.now() - start;
  await api(server, "DELETE", `/v1/sessions/${id}`);
  return ms;
}

async function rawWarmContext(browser: Browser, url: string): Promise<number> {
  const start = performance.now();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const ms = performance.now() - start;
  await context.close();
  return ms;
}

const launchRaw = () => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });

async function rawColdLaunch(url: string): Promise<number> {
  const start = performance.now();
  const browser = await launchRaw();
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  const ms = performance.now() - start;
  await browser.close();
  return ms;
}

async function oursColdFirstNavigate(url: string): Promise<number> {
  const server = await startServer();
  try {
    const id = await newSession(server);
    const start = performance.now();
    await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url });
    return performance.now() - start;
  } finally {
    await server.close();
  }
}

async function rssOf(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    return (await browserMemory(session)).rss_bytes ?? 0;
  } finally {
    await session.detach();
  }
}

/** (RSS of a raw browser with 8 contexts on the page − RSS of the bare browser) / 8, and the bare browser's RSS. */
async function rawMemoryPerContext(url: string): Promise<{ perContext: number; bare: number }> {
  const browser = await launchRaw();
  try {
    await sleep(MEMORY_SETTLE_MS);
    const bare = await rssOf(browser);
    for (let i = 0; i < MEMORY_SESSIONS; i++) await (await (await browser.newContext()).newPage()).goto(url);
    await sleep(MEMORY_SETTLE_MS);
    return { perContext: ((await rssOf(browser)) - bare) / MEMORY_SESSIONS, bare };
  } finally {
    await browser.close();
  }
}

/** Resident memory of every Chromium the server runs, with 8 sessions on the page. */
async function oursMemory(url: string, isolation: "context" | "process"): Promise<number> {
  const server = await startServer({ isolation });
  try {
    for (let i = 0; i < MEMORY_SESSIONS; i++) {
      const id = await newSession(server);
      await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url });
    }
    if (isolation === "context") await waitForWarmPool(server, server.t.config.browser.pool.size);
    await sleep(MEMORY_SETTLE_MS);
    return (await browsers(server)).processes.reduce((sum, p) => sum + (p.rss_bytes ?? 0), 0);
  } finally {
    await server.close();
  }
}

async function warmStart(pages: PagesServer): Promise<void> {
  const url = pages.url("localhost", "/plain");
  const server = await startServer();
  const raw = await launchRaw();
  try {
    const startLoad = load1m();
    // The shared Chromium launches on the first action; both sides then run warm.
    await api(server, "POST", `/v1/sessions/${await newSession(server)}/browser/navigate`, { url });
    await rawWarmContext(raw, url);
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < WARM_ROUNDS; i++) {
      ours.push(await oursFirstNavigate(server, url));
      baseline.push(await rawWarmContext(raw, url));
    }
    printFigure("browser.first_navigate_warm_p50", median(ours), median(baseline), "ms", {
      rounds: WARM_ROUNDS,
      p90: Math.round(percentile(ours, 0.9)),
      baseline_p90: Math.round(percentile(baseline, 0.9)),
      baseline_name: "raw newContext+newPage+goto on a running browser",
      load_1m: startLoad,
    });
  } finally {
    await raw.close();
    await server.close();
  }
}

async function coldStart(pages: PagesServer): Promise<void> {
  const url = pages.url("localhost", "/plain");
  const startLoad = load1m();
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < COLD_ROUNDS; i++) {
    ours.push(await oursColdFirstNavigate(url));
    baseline.push(await rawColdLaunch(url));
  }
  printFigure("browser.first_navigate_cold_p50", median(ours), median(baseline), "ms", {
    rounds: COLD_ROUNDS,
    baseline_name: "raw launch+newContext+newPage+goto",
    load_1m: startLoad,
  });
}

async function memory(pages: PagesServer): Promise<void> {
  const url = pages.url("localhost", "/plain");
  const startLoad = load1m();
  const raw = await rawMemoryPerContext(url);
  const shared = await oursMemory(url, "context");
  const process = await oursMemory(url, "process");
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  printFigure("browser.memory_per_session", mb((shared - raw.bare) / MEMORY_SESSIONS), mb(raw.perContext), "MB", {
    sessions: MEMORY_SESSIONS,
    baseline_name: "raw context with a page (RSS over all Chromium processes)",
    process_isolation_per_session_mb: mb((process - raw.bare) / MEMORY_SESSIONS),
    process_isolation_ratio: Math.round(((process - raw.bare) / MEMORY_SESSIONS / raw.perContext) * 1000) / 1000,
    bare_browser_mb: mb(raw.bare),
    load_1m: startLoad,
  });
}

export async function run(): Promise<void> {
  const pages = await startPagesServer();
  try {
    await warmStart(pages);
    await coldStart(pages);
    await memory(pages);
  } finally {
    await pages.close();
  }
}
