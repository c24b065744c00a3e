import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetailedHealthResponse } from "../../src/routes/health/schemas.js";
import { cdp, evaluate, navigate, snapshot, waitFor } from "../fixtures/browser.js";
import { DOWNLOAD_CONTENT, DOWNLOAD_FILENAME, startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

type Problem = { code: string; detail: string };
type CdpAnswer<T> = { result: T };

const health = async (t: TestApp) => json<DetailedHealthResponse>(await t.call("GET", "/health/detailed"));

/** What a page's script can read of the state a site left in its browser: cookies, storages, IndexedDB names. */
const READ_STATE = `(async () => JSON.stringify({
  cookie: document.cookie,
  local: Object.keys(localStorage),
  session: Object.keys(sessionStorage),
  idb: (await indexedDB.databases()).map((d) => d.name),
}))()`;

/** Leaves a secret in every kind of storage the site has, and waits until IndexedDB has it. */
const WRITE_STATE = `(async () => {
  document.cookie = 'token=s3cr3t-a; max-age=600; path=/';
  localStorage.setItem('secret', 'a');
  sessionStorage.setItem('secret', 'a');
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('secret-db');
    open.onupgradeneeded = () => open.result.createObjectStore('s');
    open.onsuccess = () => { open.result.close(); resolve(true); };
    open.onerror = () => reject(open.error);
  });
  return true;
})()`;

describe("sessions sharing one Chromium", () => {
  let t: TestApp;
  let pages: PagesServer;
  let a: string;
  let b: string;

  beforeAll(async () => {
    t = await makeTestApp({ browser: { isolation: "context", downloads: true } });
    pages = await startPagesServer();
    a = await createSessionId(t);
    b = await createSessionId(t);
    await navigate(t, a, pages.url("localhost", "/plain?only-a-was-here"));
    await navigate(t, b, pages.url("localhost", "/plain"));
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it("run in one Chromium, each in a browser context of its own", async () => {
    const supervisorA = t.app.services.supervisors.get(a)!;
    const supervisorB = t.app.services.supervisors.get(b)!;
    expect(supervisorA.browser).toBe(supervisorB.browser);
    expect(supervisorA.context).not.toBe(supervisorB.context);
    const { browsers } = await health(t);
    expect(browsers.processes.filter((p) => p.kind === "shared")).toEqual([
      expect.objectContaining({ contexts: 2, session_id: null }),
    ]);
    expect(browsers.contexts.map((c) => [c.session_id, c.kind]).sort()).toEqual(
      [
        [a, "shared"],
        [b, "shared"],
      ].sort(),
    );
  });

  it("cannot read each other's cookies, local or session storage, or IndexedDB, from the page or over raw CDP", async () => {
    expect((await evaluate(t, a, WRITE_STATE)).result).toBe(true);
    const own = JSON.parse((await evaluate(t, a, READ_STATE)).result as string) as Record<string, unknown>;
    // The secret is there, on the same origin b shows: so a read that comes back empty in b means isolation.
    expect(own).toEqual({ cookie: "token=s3cr3t-a", local: ["secret"], session: ["secret"], idb: ["secret-db"] });
    expect(JSON.parse((await evaluate(t, b, READ_STATE)).result as string)).toEqual({
      cookie: "",
      local: [],
      session: [],
      idb: [],
    });
    const origin = new URL(pages.url("localhost", "/")).origin;
    const cookiesOf = async (id: string) =>
      (
        await json<CdpAnswer<{ cookies: Array<{ name: string }> }>>(
          await cdp(t, id, "Network.getCookies", { urls: [origin] }),
        )
      ).result.cookies;
    expect((await cookiesOf(a)).map((c) => c.name)).toEqual(["token"]);
    expect(await cookiesOf(b)).toEqual([]);
    // Setting one over raw CDP stays in the session's own context too.
    await cdp(t, b, "Network.setCookie", { name: "planted", value: "by-b", url: origin });
    expect((await cookiesOf(a)).map((c) => c.name)).toEqual(["token"]);
  });

  it("cannot see each other's history or tabs", async () => {
    const history = await json<CdpAnswer<{ entries: Array<{ url: string }> }>>(
      await cdp(t, b, "Page.getNavigationHistory"),
    );
    expect(history.result.entries.length).toBeGreaterThan(0);
    expect(history.result.entries.map((e) => e.url).join(" ")).not.toContain("only-a-was-here");
    expect((await evaluate(t, b, "history.length")).result).toBeLessThanOrEqual(history.result.entries.length);
    const snap = await snapshot(t, b);
    expect(snap.tabs.map((tab) => tab.url).join(" ")).not.toContain("only-a-was-here");
  });

  it("cannot reach the other's frames by id, nor the browser's other targets over raw CDP", async () => {
    const frameOfA = (await snapshot(t, a)).frame_tree.top!.frame_id;
    const evaluateThere = await t.call("POST", `/v1/sessions/${b}/browser/evaluate`, {
      expression: "document.title",
      frame_id: frameOfA,
    });
    expect(evaluateThere.status).toBe(404);
    const cdpThere = await t.call("POST", `/v1/sessions/${b}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: "location.href" },
      frame_id: frameOfA,
    });
    expect(cdpThere.status).toBe(404);
    for (const method of ["Target.getTargets", "Target.createTarget", "Storage.getCookies", "Browser.getVersion"]) {
      const res = await cdp(t, b, method, method === "Target.createTarget" ? { url: "about:blank" } : {});
      expect(res.status, method).toBe(403);
      expect((await json<Problem>(res)).code).toBe("cdp_method_not_allowed");
    }
  });

  it("keeps each session's downloads in its own folder, unseen by the other", async () => {
    // A download is done once Chromium has renamed its partial file (`.crdownload`) to the name the page gave.
    const done = (dir: string) => readdirSync(dir).every((name) => !name.endsWith(".crdownload"));
    await navigate(t, a, pages.url("localhost", "/download"));
    await evaluate(t, a, "document.getElementById('download-link').click(), true");
    const savedA = join(t.dir, "downloads", a, DOWNLOAD_FILENAME);
    await waitFor(
      () =>
        existsSync(savedA) && readFileSync(savedA, "utf8") === DOWNLOAD_CONTENT && done(join(t.dir, "downloads", a)),
      "a's download",
    );
    expect(readdirSync(join(t.dir, "downloads", b))).toEqual([]);

    await navigate(t, b, pages.url("localhost", "/download"));
    await evaluate(t, b, "document.getElementById('download-link').click(), true");
    const savedB = join(t.dir, "downloads", b, DOWNLOAD_FILENAME);
    await waitFor(
      () =>
        existsSync(savedB) && readFileSync(savedB, "utf8") === DOWNLOAD_CONTENT && done(join(t.dir, "downloads", b)),
      "b's download",
    );
    expect(readdirSync(join(t.dir, "downloads")).sort()).toEqual([a, b].sort());
    expect(readdirSync(join(t.dir, "downloads", a))).toEqual([DOWNLOAD_FILENAME]);
    expect(readdirSync(join(t.dir, "downloads", b))).toEqual([DOWNLOAD_FILENAME]);
  });
});

describe("a server whose raw CDP allowlist reaches beyond a context", () => {
  let t: TestApp;
  let pages: PagesServer;

  beforeAll(async () => {
    t = await makeTestApp({ browser: { isolation: "context", cdp_allow: ["Target.getTargets"] } });
    pages = await startPagesServer();
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it("gives every session a Chromium of its own, so Target.getTargets never lists another session's page", async () => {
    const a = await createSessionId(t);
    const b = await createSessionId(t);
    await navigate(t, a, pages.url("localhost", "/plain?only-a-was-here"));
    await navigate(t, b, pages.url("localhost", "/plain?b"));
    const { browsers } = await health(t);
    expect(browsers.isolation).toBe("process");
    expect(browsers.processes.map((p) => [p.kind, p.session_id]).sort()).toEqual(
      [
        ["launched", a],
        ["launched", b],
      ].sort(),
    );
    const targets = await json<CdpAnswer<{ targetInfos: Array<{ url: string }> }>>(
      await cdp(t, b, "Target.getTargets"),
    );
    const urls = targets.result.targetInfos.map((target) => target.url);
    expect(urls).toContain(pages.url("localhost", "/plain?b"));
    expect(urls.join(" ")).not.toContain("only-a-was-here");
  });
});
