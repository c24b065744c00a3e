import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evaluate,
  navigate,
  snapshot,
  startChromiumWithCdp,
  waitFor,
  waitForPending,
  type ChromiumProcess,
  type SnapshotBody,
} from "../fixtures/browser.js";
import { browserLetGo } from "../fixtures/browser-isolation.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, tempDir, type TestApp } from "../fixtures/test-app.js";

/** Pages a test-started Chromium shows, read from its DevTools HTTP endpoint. */
async function pageUrls(chrome: ChromiumProcess): Promise<string[]> {
  const res = await fetch(`${chrome.cdpUrl}/json/list`);
  return ((await res.json()) as Array<{ type: string; url: string }>)
    .filter((t) => t.type === "page")
    .map((t) => t.url);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("browser lifecycle", () => {
  let t: TestApp;
  let pages: PagesServer;
  let first: ChromiumProcess;
  let second: ChromiumProcess;
  const sessionView = async (id: string) =>
    (await (await t.call("GET", `/v1/sessions/${id}`)).json()) as { browser: { active: boolean; url: string | null } };

  beforeAll(async () => {
    // Page.crash is off the built-in CDP allowlist; the operator allows it here to crash a page on purpose.
    t = await makeTestApp({ browser: { cdp_allow: ["Page.crash"], allowed_cdp_hosts: ["127.0.0.1"] } });
    pages = await startPagesServer();
    [first, second] = await Promise.all([startChromiumWithCdp(), startChromiumWithCdp()]);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([first.kill(), second.kill()]);
    await pages.close();
  });

  it("starts lazily on the first navigation and shows active/url in the session view", async () => {
    const id = await createSessionId(t);
    expect((await sessionView(id)).browser).toEqual({ active: false, url: null });
    expect(await snapshot(t, id)).toMatchObject({
      active: false,
      pending_dialogs: [],
      frame_tree: { top: null, children: [], truncated: false },
    });
    expect(t.app.services.supervisors.get(id)).toBeUndefined();
    const url = pages.url("localhost", "/plain");
    expect(await navigate(t, id, url)).toMatchObject({ ok: true, url, title: "Plain" });
    expect((await sessionView(id)).browser).toEqual({ active: true, url });
  });

  it("listens for dialogs before its very first navigation", async () => {
    const id = await createSessionId(t);
    const nav = await navigate(t, id, pages.url("localhost", "/alert-on-load"));
    expect(nav.dialog_opened).toMatchObject({ type: "alert", message: "loading" });
    expect((await t.call("POST", `/v1/sessions/${id}/dialogs/respond`, { action: "accept" })).status).toBe(200);
    expect((await t.call("DELETE", `/v1/sessions/${id}/browser`)).status).toBe(204);
  });

  it("stops on DELETE /browser and starts a fresh browser on the next action", async () => {
    const id = await createSessionId(t);
    const url = pages.url("localhost", "/plain");
    await navigate(t, id, url);
    const before = t.app.services.supervisors.get(id)!;
    const res = await t.call("DELETE", `/v1/sessions/${id}/browser`);
    expect(res.status).toBe(204);
    expect(browserLetGo(before)).toBe(true);
    expect((await sessionView(id)).browser).toEqual({ active: false, url });
    expect((await snapshot(t, id)).active).toBe(false);
    expect((await t.call("DELETE", `/v1/sessions/${id}/browser`)).status).toBe(204);

    await navigate(t, id, url);
    const after = t.app.services.supervisors.get(id)!;
    expect(after).not.toBe(before);
    expect(after.isActive()).toBe(true);
  });

  it("stops the browser when the session is deleted", async () => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
    const supervisor = t.app.services.supervisors.get(id)!;
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect(browserLetGo(supervisor)).toBe(true);
    expect(t.app.services.supervisors.status(id)).toBeNull();
  });

  it("leaves no browser behind when a navigation starts one while the session is being deleted", async () => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
    const old = t.app.services.supervisors.get(id)!;
    const deleting = t.call("DELETE", `/v1/sessions/${id}`);
    // The old browser is being stopped and the session row still exists: a navigation now launches a new one.
    while (old.isActive()) await new Promise((resolve) => setImmediate(resolve));
    const navigating = t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") });
    expect((await deleting).status).toBe(204);
    expect([200, 404]).toContain((await navigating).status);
    await waitFor(async () => t.app.services.supervisors.status(id) === null, "no supervisor for the deleted session");
    expect((await t.call("GET", `/v1/sessions/${id}/snapshot`)).status).toBe(404);
  });

  it("rebinds to a new CDP URL as soon as it changes, unblocking and leaving the browser it left running", async () => {
    const id = await createSessionId(t, { config: { browser: { cdp_url: first.cdpUrl } } });
    const onFirst = pages.url("localhost", "/plain?on=first");
    await navigate(t, id, onFirst);
    expect(await pageUrls(first)).toContain(onFirst);
    const old = t.app.services.supervisors.get(id)!;
    await evaluate(t, id, "setTimeout(() => alert('on the first browser'), 0)");
    const [pending] = await waitForPending(t, id);

    expect(
      (await t.call("PATCH", `/v1/sessions/${id}`, { config: { browser: { cdp_url: second.cdpUrl } } })).status,
    ).toBe(200);
    // The first browser's state is not shown (or answerable) as if it belonged to the new endpoint.
    expect(old.isActive()).toBe(false);
    const between = await snapshot(t, id);
    expect(between).toMatchObject({ active: false, pending_dialogs: [] });
    expect(between.recent_dialogs[0]).toMatchObject({
      id: pending.id,
      message: "on the first browser",
      closed_by: "remote",
    });
    expect((await sessionView(id)).browser.active).toBe(false);
    expect((await t.call("POST", `/v1/sessions/${id}/dialogs/respond`, { action: "accept" })).status).toBe(409);
    const onSecond = pages.url("localhost", "/plain?on=second");
    await navigate(t, id, onSecond);
    expect(await pageUrls(second)).toContain(onSecond);
    expect(old.isActive()).toBe(false);
    expect(t.app.services.supervisors.get(id)).not.toBe(old);
    // Leaving a browser we connected to disconnects; it does not close the user's browser or page.
    expect(await pageUrls(first)).toContain(onFirst);
  });

  it("notices a browser that went away, reports browser.disconnected, and connects afresh on the next action", async () => {
    const id = await createSessionId(t, { config: { browser: { cdp_url: second.cdpUrl } } });
    await navigate(t, id, pages.url("localhost", "/plain"));
    await second.kill();
    await waitFor(async () => !(await snapshot(t, id)).active, "the browser to be seen as gone");
    expect((await sessionView(id)).browser.active).toBe(false);
    const events = (await t.app.services.events.replay(id, 0)).filter((e) => e.type === "browser.disconnected");
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ reason: "browser_disconnected" });

    const unreachable = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, {
      url: pages.url("localhost", "/plain"),
    });
    expect(unreachable.status).toBe(503);
    expect((await json<ProblemResponse>(unreachable)).code).toBe("browser_unavailable");

    await t.call("PATCH", `/v1/sessions/${id}`, { config: { browser: { cdp_url: first.cdpUrl } } });
    expect(await navigate(t, id, pages.url("localhost", "/plain?again"))).toMatchObject({ ok: true });
    expect((await snapshot(t, id)).active).toBe(true);
  });

  it("notices a crashed page in a launched browser and launches afresh on the next action", async () => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
    const crashed = t.app.services.supervisors.get(id)!;
    const crash = t.call("POST", `/v1/sessions/${id}/browser/cdp`, { method: "Page.crash" });
    await waitFor(async () => !(await snapshot(t, id)).active, "the crash to be noticed");
    await crash;
    expect((await t.app.services.events.replay(id, 0)).find((e) => e.type === "browser.disconnected")?.data).toEqual({
      reason: "page_crashed",
    });
    expect(await navigate(t, id, pages.url("localhost", "/plain"))).toMatchObject({ ok: true, title: "Plain" });
    expect(t.app.services.supervisors.get(id)).not.toBe(crashed);
    await waitFor(() => browserLetGo(crashed), "the crashed browser to be let go");
  });
});

/** The built server process with a real browser: shutdown closes browsers and keeps dialog history. */
describe("browser in the server process", () => {
  let pages: PagesServer;
  let chrome: ChromiumProcess;
  let dir: string;

  beforeAll(async () => {
    pages = await startPagesServer();
    chrome = await startChromiumWithCdp();
    dir = tempDir("caduceus-browser-e2e-");
  });
  afterAll(async () => {
    await chrome.kill();
    await pages.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (server: ServerProcess, method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });

  it("on SIGTERM unblocks a page it connected to, exits 0, and still shows the dialog history after a restart", async () => {
    const env = { CADUCEUS_DB: join(dir, "connected.db"), CADUCEUS_BROWSER_CDP_URL: chrome.cdpUrl };
    const server = await startServerProcess(env);
    const id = await createSessionId(server);
    expect(
      (await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }))
        .status,
    ).toBe(200);
    await api(server, "POST", `/v1/sessions/${id}/browser/evaluate`, {
      expression: "setTimeout(() => window.__answers.push(confirm('still there?')), 0)",
    });
    await waitFor(
      async () =>
        ((await (await api(server, "GET", `/v1/sessions/${id}/snapshot`)).json()) as SnapshotBody).pending_dialogs
          .length,
      "the dialog",
    );
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);

    // The browser we were connected to lives on, and its page is no longer blocked.
    const viewer = await chromium.connectOverCDP(chrome.cdpUrl);
    try {
      const page = viewer
        .contexts()[0]
        .pages()
        .find((p) => p.url() === pages.url("localhost", "/plain"))!;
      expect(await page.evaluate("window.__answers")).toEqual([false]);
    } finally {
      await viewer.close();
    }

    const again = await startServerProcess(env);
    try {
      const snap = (await (await api(again, "GET", `/v1/sessions/${id}/snapshot`)).json()) as SnapshotBody;
      expect(snap.active).toBe(false);
      expect(snap.recent_dialogs[0]).toMatchObject({ type: "confirm", message: "still there?", closed_by: "remote" });
    } finally {
      expect(await again.stop("SIGTERM")).toBe(0);
    }
  });

  it("closes the Chromium it launched when the server stops", async () => {
    const server = await startServerProcess({ CADUCEUS_DB: join(dir, "launched.db") });
    const id = await createSessionId(server);
    expect(
      (await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }))
        .status,
    ).toBe(200);
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)])
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(children.length).toBeGreaterThan(0);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    await waitFor(() => children.every((pid) => !alive(pid)), "the browser processes to exit");
  });
});
