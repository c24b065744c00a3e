/**
 * @module browser-census
 * What the server's browsers hold now, for GET /health/detailed: the Chromium processes we run (the shared one and
 * each session's own) with their resident memory, and each session's browser context with its tabs and the
 * JavaScript heap its pages use. A browser someone else runs (`cdp_url`) is a context here, never a process of ours.
 */
import type { BrowserMemory } from "./browser-memory.js";
import { browserMemory } from "./browser-memory.js";
import type { BrowserKind } from "./browser-source.js";
import type { SharedChromium } from "./shared-chromium.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";

const HEAP_TIMEOUT_MS = 1_500;
const SESSION_TIMEOUT_MS = 2_000;

export type BrowserProcessView = BrowserMemory & {
  kind: "shared" | "launched" | "profile";
  /** The session whose own browser it is; null for the shared one. */
  session_id: string | null;
  /** Contexts sessions hold in it. */
  contexts: number;
};

export type BrowserContextView = {
  session_id: string;
  kind: BrowserKind;
  tabs: number;
  /** JavaScript heap used by the context's pages; null when no page answered (one a dialog blocks may not). */
  js_heap_bytes: number | null;
};

export type BrowserCensus = {
  isolation: "context" | "process";
  pool: { size: number; warm: number };
  processes: BrowserProcessView[];
  contexts: BrowserContextView[];
};

/** The JavaScript heap the supervisor's pages use, summed over the tabs that answer in time. */
async function heapOf(supervisor: BrowserSupervisor): Promise<number | null> {
  const used = await Promise.all(
    supervisor.tabs.all().map(async (tab) => {
      if (!tab.session) return null;
      const usage = (await withTimeout(
        tab.session.cdp.send("Runtime.getHeapUsage"),
        HEAP_TIMEOUT_MS,
        "Runtime.getHeapUsage",
      ).catch(() => null)) as { usedSize: number } | null;
      return usage?.usedSize ?? null;
    }),
  );
  const answered = used.filter((bytes) => bytes !== null);
  return answered.length > 0 ? answered.reduce((sum, bytes) => sum + bytes, 0) : null;
}

/** The processes of a session's own Chromium (launched or a profile's), read over its browser session. */
async function ownProcess(sessionId: string, supervisor: BrowserSupervisor): Promise<BrowserProcessView | null> {
  const browser = supervisor.browser;
  if (!browser?.isConnected() || (supervisor.kind !== "launched" && supervisor.kind !== "profile")) return null;
  const session = await withTimeout(browser.newBrowserCDPSession(), SESSION_TIMEOUT_MS, "the browser session").catch(
    () => null,
  );
  if (!session) return null;
  try {
    const memory = await browserMemory(session).catch(() => ({ pid: null, processes: 0, rss_bytes: null }));
    return { kind: supervisor.kind, session_id: sessionId, contexts: 1, ...memory };
  } finally {
    void session.detach().catch(() => undefined);
  }
}

export async function takeCensus(
  supervisors: ReadonlyMap<string, BrowserSupervisor>,
  shared: SharedChromium | null,
  poolSize: number,
): Promise<BrowserCensus> {
  const live = [...supervisors].filter(([, supervisor]) => supervisor.isActive());
  const [contexts, own, sharedMemory] = await Promise.all([
    Promise.all(
      live.map(async ([sessionId, supervisor]) => ({
        session_id: sessionId,
        kind: supervisor.kind,
        tabs: supervisor.tabs.size,
        js_heap_bytes: await heapOf(supervisor),
      })),
    ),
    Promise.all(live.map(([sessionId, supervisor]) => ownProcess(sessionId, supervisor))),
    shared?.memory() ?? Promise.resolve(null),
  ]);
  const counts = shared?.counts() ?? null;
  const processes = own.filter((view) => view !== null);
  if (sharedMemory && counts)
    processes.unshift({ kind: "shared", session_id: null, contexts: counts.contexts, ...sharedMemory });
  return {
    isolation: shared ? "context" : "process",
    pool: { size: shared ? poolSize : 0, warm: counts?.warm ?? 0 },
    processes,
    contexts,
  };
}
