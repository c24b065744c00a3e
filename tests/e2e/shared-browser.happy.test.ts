import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetailedHealthResponse } from "../../src/routes/health/schemas.js";
import { evaluate, navigate, snapshot, waitFor, waitForPending } from "../fixtures/browser.js";
import { captureLogs } from "../fixtures/log-lines.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

const health = async (t: TestApp) =>
  (await json<DetailedHealthResponse>(await t.call("GET", "/health/detailed"))).browsers;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const disconnections = async (t: TestApp, id: string) =>
  (await t.app.services.events.replay(id, 0)).filter((e) => e.type === "browser.disconnected").map((e) => e.data);

let pages: PagesServer;
beforeAll(async () => {
  pages = await startPagesServer();
});
afterAll(() => pages.close());

describe("the shared Chromium", () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await makeTestApp(
      { browser: { isolation: "context", pool: { size: 2 } }, logging: { level: "info" } },
      { logDestination: logs.stream },
    );
  });
  afterAll(() => t.close());

  it("keeps warm contexts in a pool and hands the next session one of them", async () => {
    const first = await createSessionId(t);
    await navigate(t, first, pages.url("localhost", "/plain"));
    await waitFor(async () => (await health(t)).pool.warm === 2, "two warm contexts");
    const second = await createSessionId(t);
    expect(await navigate(t, second, pages.url("localhost", "/plain?second"))).toMatchObject({ ok: true });
    expect(logs.lines.find((l) => l.msg === "browser context opened" && l.session_id === second)).toMatchObject({
      warm: true,
    });
    // The pool is topped up again in the background.
    await waitFor(async () => (await health(t)).pool.warm === 2, "the pool refilled");
    expect(logs.lines.filter((l) => l.msg === "shared browser launched")).toHaveLength(1);
  });

  it("reports its processes, each session's context and their memory in /health/detailed", async () => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/four-frames"));
    const browsers = await health(t);
    expect(browsers).toMatchObject({ isolation: "context", pool: { size: 2 } });
    const [shared] = browsers.processes;
    expect(browsers.processes).toHaveLength(1);
    expect(shared).toMatchObject({ kind: "shared", session_id: null, contexts: browsers.active });
    expect(alive(shared.pid!)).toBe(true);
    // A browser process, its renderers, GPU and service processes.
    expect(shared.processes).toBeGreaterThan(2);
    expect(shared.rss_bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(browsers.contexts.find((c) => c.session_id === id)).toMatchObject({ kind: "shared", tabs: 1 });
    // The heap is read within a short limit so /health/detailed stays quick; a loaded machine may leave it unknown
    // (null) for a moment, never wrong.
    await waitFor(
      async () => ((await health(t)).contexts.find((c) => c.session_id === id)?.js_heap_bytes ?? 0) > 0,
      "the context's JavaScript heap",
    );
  });

  it("recovers every session on it when it crashes, as a session with a browser of its own does", async () => {
    const a = await createSessionId(t);
    const b = await createSessionId(t);
    await navigate(t, a, pages.url("localhost", "/plain?a"));
    await navigate(t, b, pages.url("127.0.0.1", "/plain?b"));
    await evaluate(t, a, "setTimeout(() => alert('open when it crashed'), 0)");
    const [pending] = await waitForPending(t, a);
    const pid = (await health(t)).processes[0].pid!;

    process.kill(pid, "SIGKILL");
    await waitFor(async () => !(await snapshot(t, a)).active && !(await snapshot(t, b)).active, "both to see it go");
    for (const id of [a, b]) expect(await disconnections(t, id)).toEqual([{ reason: "browser_disconnected" }]);
    expect((await snapshot(t, a)).recent_dialogs[0]).toMatchObject({ id: pending.id, closed_by: "remote" });
    expect(await health(t)).toMatchObject({ active: 0, processes: [], contexts: [] });

    // The next action of each launches one new shared Chromium (the two do not race into two).
    const [onA, onB] = await Promise.all([
      navigate(t, a, pages.url("localhost", "/plain?again")),
      navigate(t, b, pages.url("localhost", "/plain?again")),
    ]);
    expect([onA.ok, onB.ok]).toEqual([true, true]);
    const after = await health(t);
    expect(after.processes).toHaveLength(1);
    expect(after.processes[0]).toMatchObject({ kind: "shared", contexts: 2 });
    expect(after.processes[0].pid).not.toBe(pid);
    expect(alive(pid)).toBe(false);
    expect(t.app.services.supervisors.get(a)!.browser).toBe(t.app.services.supervisors.get(b)!.browser);
  });
});

describe("the shared Chromium without a pool", () => {
  it("opens a context on demand and keeps none warm", async () => {
    const t = await makeTestApp({ browser: { isolation: "context", pool: { size: 0 } } });
    try {
      const id = await createSessionId(t);
      expect(await navigate(t, id, pages.url("localhost", "/plain"))).toMatchObject({ ok: true, title: "Plain" });
      expect(await health(t)).toMatchObject({ pool: { size: 0, warm: 0 }, contexts: [{ session_id: id }] });
    } finally {
      await t.close();
    }
  });
});

describe.each(["context", "process"] as const)("an idle browser (%s)", (isolation) => {
  it("is closed after browser.idle_close_s and reopens with its cookies, storage and page", async () => {
    const t = await makeTestApp({ browser: { isolation, idle_close_s: 1, pool: { size: 0 } } });
    try {
      const id = await createSessionId(t);
      const url = pages.url("localhost", "/remember");
      await navigate(t, id, url);
      await waitFor(async () => !(await snapshot(t, id)).active, "the idle browser to close", 10_000);
      expect(await disconnections(t, id)).toEqual([{ reason: "idle_closed" }]);
      expect((await health(t)).contexts).toEqual([]);

      // Any action reopens it where it was, logged in as before.
      const seen = await evaluate(t, id, "location.href + ' ' + document.getElementById('seen').textContent");
      expect(seen.result).toBe(`${url} login=alice|dark`);
      expect((await snapshot(t, id)).active).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("keeps nothing when browser.idle_keep_state is off, and never closes a browser with a dialog open", async () => {
    const t = await makeTestApp({
      browser: { isolation, idle_close_s: 1, idle_keep_state: false, pool: { size: 0 } },
    });
    try {
      const forgetful = await createSessionId(t);
      const waiting = await createSessionId(t);
      await navigate(t, forgetful, pages.url("localhost", "/remember"));
      await navigate(t, waiting, pages.url("localhost", "/plain"));
      await evaluate(t, waiting, "setTimeout(() => confirm('still here?'), 0)");
      await waitForPending(t, waiting);
      await waitFor(async () => !(await snapshot(t, forgetful)).active, "the idle browser to close", 10_000);
      expect((await evaluate(t, forgetful, "location.href")).result).toBe("about:blank");
      await navigate(t, forgetful, pages.url("localhost", "/plain"));
      const seen = await evaluate(t, forgetful, "document.cookie + '|' + localStorage.getItem('theme')");
      expect(seen.result).toBe("|null");
      // Its dialog kept the other open all along.
      expect(await disconnections(t, waiting)).toEqual([]);
      expect((await snapshot(t, waiting)).pending_dialogs).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
