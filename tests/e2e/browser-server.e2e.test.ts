import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChromiumWithCdp, waitFor, type ChromiumProcess, type SnapshotBody } from "../fixtures/browser.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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
    fetch(`${server.baseUrl}${path}`, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });

  it("on SIGTERM unblocks a page it connected to, exits 0, and still shows the dialog history after a restart", async () => {
    const env = { CADUCEUS_DB: join(dir, "connected.db"), CADUCEUS_BROWSER_CDP_URL: chrome.cdpUrl };
    const server = await startServerProcess(env);
    const { id } = (await (await api(server, "POST", "/v1/sessions", {})).json()) as { id: string };
    expect((await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") })).status).toBe(200);
    await api(server, "POST", `/v1/sessions/${id}/browser/evaluate`, { expression: "setTimeout(() => window.__answers.push(confirm('still there?')), 0)" });
    await waitFor(async () => ((await (await api(server, "GET", `/v1/sessions/${id}/snapshot`)).json()) as SnapshotBody).pending_dialogs.length, "the dialog");
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);

    // The browser we were connected to lives on, and its page is no longer blocked.
    const viewer = await chromium.connectOverCDP(chrome.cdpUrl);
    try {
      const page = viewer.contexts()[0].pages().find((p) => p.url() === pages.url("localhost", "/plain"))!;
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
    const { id } = (await (await api(server, "POST", `/v1/sessions`, {})).json()) as { id: string };
    expect((await api(server, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") })).status).toBe(200);
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)]).toString().trim().split(/\s+/).map(Number);
    expect(children.length).toBeGreaterThan(0);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    await waitFor(() => children.every((pid) => !alive(pid)), "the browser processes to exit");
  });
});
