import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { CHROMIUM_PATH } from "../fixtures/browser.js";
import { appendMessage, countRows, createSession, type SessionBody } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, tempDir, type TestApp } from "../fixtures/test-app.js";

/** The first block's app has the default settings; the second's operator allows some CDP hosts. */
const it = withApp({ model: "none" });
const itWithCdpHosts = withApp({
  model: "none",
  overrides: { browser: { allowed_cdp_hosts: ["127.0.0.1", "[::1]", "Browser.Internal."] } },
});

/**
 * A session is the client's; the operator's settings are not (SPEC §3). Each test below is an attack
 * that got through before: the exact request, then proof that it was refused by name and that nothing
 * of it reached the disk, the browser or the network.
 */

type FieldError = { location: string; message: string };
type Problem = { status: number; code: string; errors: FieldError[] };
async function getJson<T>(t: TestApp, path: string): Promise<T> {
  const res = await t.call("GET", path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const SERVER_ONLY_MESSAGE = /server-only setting: the operator sets it in the server configuration/;
const CDP_HOST_MESSAGE = /is not in browser\.allowed_cdp_hosts/;

const dirs: string[] = [];
function scratch(prefix: string): string {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}

/** The stored config of a session, read from SQLite itself rather than through the API. */
function storedConfig(t: TestApp, id: string): Record<string, unknown> {
  const row = t.database.sqlite.prepare("select config_json from sessions where id = ?").get(id) as
    { config_json: string } | undefined;
  if (!row) throw new Error(`no session row ${id}`);
  return JSON.parse(row.config_json) as Record<string, unknown>;
}

/** A program that would prove it ran (a marker file), then behave like Chromium so the attack "works". */
function markerExecutable(): { path: string; marker: string } {
  const dir = scratch("caduceus-exec-");
  const marker = join(dir, "executed.marker");
  const path = join(dir, "chromium-wrapper.sh");
  writeFileSync(path, `#!/bin/sh\ntouch '${marker}'\nexec ${CHROMIUM_PATH} "$@"\n`);
  chmodSync(path, 0o755);
  return { path, marker };
}

/** An HTTP server on 127.0.0.1 that records every request: the target of a would-be SSRF. */
async function startRecorder(): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? "");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ webSocketDebuggerUrl: "ws://127.0.0.1:9/devtools/browser/x" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The problem's errors are exactly these locations, each with a message matching its pattern. */
function expectErrors(problem: Problem, expected: Record<string, RegExp>, label?: string): void {
  expect(problem.errors.map((e) => e.location).sort(), label).toEqual(Object.keys(expected).sort());
  for (const error of problem.errors)
    expect(error.message, `${label ?? ""} ${error.location}`).toMatch(expected[error.location]);
}

async function problemOf(res: Response, status = 400): Promise<Problem> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return (await res.json()) as Problem;
}

let recorder: Awaited<ReturnType<typeof startRecorder>>;
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("server-only browser settings", () => {
  it("refuses browser.executable_path on create, stores no session, and runs nothing", async ({ app: t }) => {
    const exec = markerExecutable();
    const before = await countRows(t, "sessions");
    for (const executable_path of [exec.path, "x".repeat(1024 * 1024)]) {
      const problem = await problemOf(
        await t.call("POST", "/v1/sessions", { config: { browser: { executable_path } } }),
      );
      expect(problem.code).toBe("validation_failed");
      expectErrors(problem, { "body.config.browser.executable_path": SERVER_ONLY_MESSAGE });
    }
    expect(await countRows(t, "sessions")).toBe(before);
    expect(existsSync(exec.marker)).toBe(false);
  });

  it("refuses executable_path and allow_file_urls on PATCH; the row keeps neither and the browser is the server's", async ({
    app: t,
    pages,
  }) => {
    const exec = markerExecutable();
    const session = await createSession(t, { title: "kept" });
    const problem = await problemOf(
      await t.call("PATCH", `/v1/sessions/${session.id}`, {
        title: "changed",
        config: { browser: { executable_path: exec.path, allow_file_urls: true } },
      }),
    );
    expectErrors(problem, {
      "body.config.browser.executable_path": SERVER_ONLY_MESSAGE,
      "body.config.browser.allow_file_urls": SERVER_ONLY_MESSAGE,
    });
    expect(storedConfig(t, session.id)).toEqual({});
    expect((await getJson<SessionBody>(t, `/v1/sessions/${session.id}`)).title).toBe("kept");

    const file = await problemOf(
      await t.call("POST", `/v1/sessions/${session.id}/browser/navigate`, { url: "file:///etc/passwd" }),
    );
    expect(file.code).toBe("url_not_allowed");
    const page = pages.url("127.0.0.1", "/plain");
    const navigated = await t.call("POST", `/v1/sessions/${session.id}/browser/navigate`, { url: page });
    expect(navigated.status, await navigated.clone().text()).toBe(200);
    expect(existsSync(exec.marker)).toBe(false);
    expect((await t.call("DELETE", `/v1/sessions/${session.id}/browser`)).status).toBe(204);
  });

  it("refuses server-only keys smuggled under a __proto__ key, on create and PATCH", async ({ app: t }) => {
    const session = await createSession(t, { title: "kept" });
    const before = await countRows(t, "sessions");
    // Raw text: an object literal's __proto__ would set a prototype, not send the key.
    const smuggled = '{"config":{"browser":{"__proto__":{"allow_file_urls":true,"executable_path":"/bin/sh"}}}}';
    const escaped = '{"title":"x","config":{"\\u005f_proto__":{"browser":{"allow_file_urls":true}}}}';
    for (const [method, path, body, location] of [
      ["POST", "/v1/sessions", smuggled, "body.config.browser.__proto__"],
      ["PATCH", `/v1/sessions/${session.id}`, smuggled, "body.config.browser.__proto__"],
      ["PATCH", `/v1/sessions/${session.id}`, escaped, "body.config.__proto__"],
    ] as const) {
      const problem = await problemOf(await t.call(method, path, body));
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors).toEqual([{ location, message: expect.stringContaining("__proto__") }]);
    }
    expect(await countRows(t, "sessions")).toBe(before);
    expect(storedConfig(t, session.id)).toEqual({});
    expect((await getJson<SessionBody>(t, `/v1/sessions/${session.id}`)).config.browser.allow_file_urls).toBe(false);
  });

  it("names every refused key in one answer, together with the body's other validation errors", async ({ app: t }) => {
    const before = await countRows(t, "sessions");
    const problem = await problemOf(
      await t.call("POST", "/v1/sessions", {
        title: 5,
        config: {
          browser: {
            executable_path: "/bin/sh",
            allow_file_urls: true,
            cdp_allow: ["Runtime.*"],
            downloads: true,
            allowed_cdp_hosts: ["evil.example"],
            cdp_url: "http://10.0.0.7:9222",
            dialog_policy: "ignore",
            colour: "red",
          },
          engine: "no-such-engine",
        },
      }),
    );
    const byLocation = Object.fromEntries(problem.errors.map((e) => [e.location, e.message]));
    expect(Object.keys(byLocation).sort()).toEqual(
      [
        "body.title",
        "body.config.browser.executable_path",
        "body.config.browser.allow_file_urls",
        "body.config.browser.cdp_allow",
        "body.config.browser.downloads",
        "body.config.browser.allowed_cdp_hosts",
        "body.config.browser.cdp_url",
        "body.config.browser.dialog_policy",
        "body.config.browser.colour",
        "body.config.engine",
      ].sort(),
    );
    expect(problem.errors).toHaveLength(10);
    for (const key of ["executable_path", "allow_file_urls", "cdp_allow", "downloads", "allowed_cdp_hosts"]) {
      expect(byLocation[`body.config.browser.${key}`]).toMatch(SERVER_ONLY_MESSAGE);
      expect(byLocation[`body.config.browser.${key}`]).toContain(`browser.${key}`);
    }
    expect(byLocation["body.config.browser.cdp_url"]).toMatch(CDP_HOST_MESSAGE);
    expect(byLocation["body.config.browser.colour"]).toBe("unknown field colour");
    expect(byLocation["body.config.engine"]).toMatch(/unknown engine; available: compressor/);
    expect(await countRows(t, "sessions")).toBe(before);
  });

  it("refuses a cdp_url to a host not in browser.allowed_cdp_hosts and never fetches /json/version from it", async ({
    app: t,
    pages,
  }) => {
    const before = await countRows(t, "sessions");
    const created = await problemOf(
      await t.call("POST", "/v1/sessions", { config: { browser: { cdp_url: recorder.url } } }),
    );
    expectErrors(created, { "body.config.browser.cdp_url": CDP_HOST_MESSAGE });
    expect(await countRows(t, "sessions")).toBe(before);

    const session = await createSession(t);
    const patched = await problemOf(
      await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { browser: { cdp_url: recorder.url } } }),
    );
    expectErrors(patched, { "body.config.browser.cdp_url": CDP_HOST_MESSAGE });
    expect(storedConfig(t, session.id)).toEqual({});

    const navigated = await t.call("POST", `/v1/sessions/${session.id}/browser/navigate`, {
      url: pages.url("127.0.0.1", "/plain"),
    });
    expect(navigated.status, await navigated.clone().text()).toBe(200);
    expect(recorder.paths).toEqual([]);
    expect((await t.call("DELETE", `/v1/sessions/${session.id}/browser`)).status).toBe(204);
  });

  it("refuses a cdp_url that is not a DevTools URL, and one longer than a URL may be", async ({ app: t }) => {
    for (const cdp_url of ["file:///etc/passwd", "javascript:alert(1)", `http://127.0.0.1/${"a".repeat(4096)}`]) {
      const problem = await problemOf(await t.call("POST", "/v1/sessions", { config: { browser: { cdp_url } } }));
      expect(
        problem.errors.map((e) => e.location),
        cdp_url.slice(0, 40),
      ).toEqual(["body.config.browser.cdp_url"]);
    }
  });

  it("ignores server-only keys in a row stored before the rule: no executable, no file URLs, no CDP endpoint", async ({
    app: t,
    pages,
  }) => {
    const exec = markerExecutable();
    const session = await createSession(t);
    // The row as the old server wrote it for the attack.
    const legacy = {
      browser: {
        executable_path: exec.path,
        allow_file_urls: true,
        cdp_url: recorder.url,
        cdp_allow: ["*"],
        downloads: true,
        allowed_cdp_hosts: ["127.0.0.1"],
        dialog_policy: "auto_accept",
      },
      compression: { threshold: 0.9, made_up: 1 },
    };
    t.database.sqlite
      .prepare("update sessions set config_json = ? where id = ?")
      .run(JSON.stringify(legacy), session.id);

    const view = await getJson<SessionBody>(t, `/v1/sessions/${session.id}`);
    expect(view.config.browser).toEqual({
      executable_path: "auto",
      cdp_url: null,
      headless: true,
      dialog_policy: "auto_accept",
      dialog_timeout_s: 300,
      bridge: "auto",
      allow_file_urls: false,
    });
    expect(view.config.compression.threshold).toBe(0.9);
    expect(view.config.compression).not.toHaveProperty("made_up");

    const file = await problemOf(
      await t.call("POST", `/v1/sessions/${session.id}/browser/navigate`, { url: "file:///etc/passwd" }),
    );
    expect(file.code).toBe("url_not_allowed");
    const navigated = await t.call("POST", `/v1/sessions/${session.id}/browser/navigate`, {
      url: pages.url("127.0.0.1", "/plain"),
    });
    expect(navigated.status, await navigated.clone().text()).toBe(200);
    expect(existsSync(exec.marker)).toBe(false);
    expect(recorder.paths).toEqual([]);
    expect((await t.call("DELETE", `/v1/sessions/${session.id}/browser`)).status).toBe(204);

    // The next config change writes back only what the session may own.
    expect(
      (await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { browser: { headless: true } } })).status,
    ).toBe(200);
    expect(storedConfig(t, session.id)).toEqual({
      browser: { dialog_policy: "auto_accept", headless: true },
      compression: { threshold: 0.9 },
    });
  });
});

describe("cdp_url with browser.allowed_cdp_hosts", () => {
  itWithCdpHosts(
    "accepts the same cdp_url once the operator allows its host, without connecting yet",
    async ({ app: t }) => {
      const session = await createSession(t, { config: { browser: { cdp_url: recorder.url } } });
      expect(session.config.browser.cdp_url).toBe(recorder.url);
      expect(storedConfig(t, session.id)).toEqual({ browser: { cdp_url: recorder.url } });
      expect(recorder.paths).toEqual([]);
    },
  );

  itWithCdpHosts(
    "compares parsed host names: case, trailing dots, brackets and IP spellings match; user@, ports and lookalikes do not smuggle a host in",
    async ({ app: t }) => {
      for (const cdp_url of [
        "HTTP://127.0.0.1.:9222/",
        "ws://127.1:9222/devtools/browser/abc",
        "http://[::1]:9222",
        "http://[0:0:0:0:0:0:0:1]:9222",
        "wss://browser.internal/devtools/browser/abc",
        "http://BROWSER.INTERNAL.:9222",
      ]) {
        const res = await t.call("POST", "/v1/sessions", { config: { browser: { cdp_url } } });
        expect(res.status, `${cdp_url}: ${await res.clone().text()}`).toBe(201);
      }
      for (const cdp_url of [
        "http://127.0.0.1@evil.example:9222/",
        "http://127.0.0.1:9222@evil.example/",
        "http://127.0.0.1.evil.example:9222/",
        "http://evil.example/127.0.0.1",
        "http://localhost:9222",
        "http://10.0.0.1:9222",
        "http://internal:9222",
      ]) {
        const problem = await problemOf(await t.call("POST", "/v1/sessions", { config: { browser: { cdp_url } } }));
        expectErrors(problem, { "body.config.browser.cdp_url": CDP_HOST_MESSAGE }, cdp_url);
      }
      expect(recorder.paths).toEqual([]);
    },
  );

  itWithCdpHosts(
    "null drops the session's own endpoint; it never turns the server's setting into another",
    async ({ app: t }) => {
      const session = await createSession(t, { config: { browser: { cdp_url: recorder.url } } });
      const patched = await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { browser: { cdp_url: null } } });
      expect(patched.status).toBe(200);
      expect(((await patched.json()) as SessionBody).config.browser.cdp_url).toBeNull();
      expect(storedConfig(t, session.id)).toEqual({});
    },
  );
});

describe("context engine plugins nobody names", () => {
  const EVIL_SOURCE = (marker: string) =>
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "imported");\n` +
    "export default class Engine { constructor() { this.name = 'evil'; } compress(m) { return m; } shouldCompress() { return true; } updateFromResponse() {} }\n";

  let pluginsDir: string;
  let markers: { evil: string; outside: string; good: string };
  let dbDir: string;

  beforeAll(() => {
    const root = scratch("caduceus-plugins-sec-");
    pluginsDir = join(root, "plugins", "context_engine");
    dbDir = join(root, "data");
    mkdirSync(dbDir, { recursive: true });
    markers = {
      evil: join(root, "evil.marker"),
      outside: join(root, "outside.marker"),
      good: join(root, "good.marker"),
    };
    mkdirSync(join(pluginsDir, "evil"), { recursive: true });
    writeFileSync(join(pluginsDir, "evil", "index.mjs"), EVIL_SOURCE(markers.evil));
    mkdirSync(join(pluginsDir, "good"), { recursive: true });
    writeFileSync(join(pluginsDir, "good", "index.mjs"), EVIL_SOURCE(markers.good));
    const outside = join(root, "elsewhere");
    mkdirSync(outside);
    writeFileSync(join(outside, "index.mjs"), EVIL_SOURCE(markers.outside));
    symlinkSync(outside, join(pluginsDir, "linked"));
  });

  it("imports no plugin folder at start-up, on session create, or on compression unless it is named", async () => {
    const t = await makeTestApp({ context: { plugins_dir: pluginsDir } });
    try {
      expect(existsSync(markers.evil)).toBe(false);
      const session = await createSession(t, { title: "plain" });
      await createSession(t, { config: { engine: "compressor" } });
      for (let i = 0; i < 8; i++)
        await appendMessage(t, session.id, {
          role: i % 2 ? "assistant" : "user",
          content: `turn ${i}: ${"words ".repeat(40)}`,
        });
      const compressed = await t.call("POST", `/v1/sessions/${session.id}/compress`, {});
      expect(compressed.status, await compressed.clone().text()).toBe(200);
      expect(existsSync(markers.evil)).toBe(false);
      expect(existsSync(markers.good)).toBe(false);
      expect(existsSync(markers.outside)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("refuses engine names that leave the plugins folder, through the name or through a link", async () => {
    const t = await makeTestApp({ context: { plugins_dir: pluginsDir } });
    try {
      const before = await countRows(t, "sessions");
      for (const engine of ["../context_engine/evil", "..", "./evil", "/tmp/evil", "evil/../good"]) {
        const problem = await problemOf(await t.call("POST", "/v1/sessions", { config: { engine } }));
        expectErrors(problem, { "body.config.engine": /\S/ }, engine);
      }
      const linked = await problemOf(await t.call("POST", "/v1/sessions", { config: { engine: "linked" } }));
      expectErrors(linked, { "body.config.engine": /outside context\.plugins_dir/ });
      expect(await countRows(t, "sessions")).toBe(before);
      expect(existsSync(markers.evil)).toBe(false);
      expect(existsSync(markers.outside)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("imports exactly the plugin a session names, and again at the next start for that stored session", async () => {
    let t = await makeTestApp({ context: { plugins_dir: pluginsDir } }, { dir: dbDir });
    let id: string;
    try {
      expect(existsSync(markers.good)).toBe(false);
      id = (await createSession(t, { config: { engine: "good" } })).id;
      expect(existsSync(markers.good)).toBe(true);
      expect(existsSync(markers.evil)).toBe(false);
    } finally {
      await t.close();
    }
    rmSync(markers.good);
    t = await makeTestApp({ context: { plugins_dir: pluginsDir } }, { dir: dbDir });
    try {
      // The module cache of this test process keeps the module, so the marker cannot show a second
      // import; the registry must still know the engine the stored session names.
      expect(t.app.services.engines.has("good")).toBe(true);
      expect(t.app.services.engines.has("evil")).toBe(false);
      const context = await getJson<{ engine: string }>(t, `/v1/sessions/${id}/context`);
      expect(context.engine).toBe("good");
      expect(existsSync(markers.evil)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
