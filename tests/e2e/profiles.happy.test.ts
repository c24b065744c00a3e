import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, navigate, waitFor } from "../fixtures/browser.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { startServerProcess } from "../fixtures/server-process.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

/** Whether any file of the profile's local storage holds `key`: Chromium has written the entry to disk. */
function storedOnDisk(profile: string, key: string): boolean {
  const folder = join(profile, "Default", "Local Storage", "leveldb");
  if (!existsSync(folder)) return false;
  return readdirSync(folder).some((name) => readFileSync(join(folder, name)).includes(key));
}

const remembered = "[document.cookie, localStorage.getItem('theme')].join('|')";

describe("named browser profiles", () => {
  let pages: PagesServer;
  beforeAll(async () => {
    pages = await startPagesServer();
  });
  afterAll(() => pages.close());

  it("keeps a login across a browser restart and a server restart", async () => {
    const dir = tempDir();
    const first = await makeTestApp({}, { dir });
    try {
      const id = await createSessionId(first, { config: { browser: { profile: "work" } } });
      await navigate(first, id, pages.url("localhost", "/remember"));
      expect((await evaluate(first, id, remembered)).result).toBe("login=alice|dark");
      expect(existsSync(join(dir, "profiles", "work"))).toBe(true);

      // The browser stops and starts again on the same profile.
      expect((await first.call("DELETE", `/v1/sessions/${id}/browser`)).status).toBe(204);
      await navigate(first, id, pages.url("localhost", "/plain"));
      expect((await evaluate(first, id, remembered)).result).toBe("login=alice|dark");
    } finally {
      await first.close();
    }
    // A new server process on the same data directory; a new session naming the profile.
    const second = await makeTestApp({}, { dir });
    try {
      const id = await createSessionId(second, { config: { browser: { profile: "work" } } });
      await navigate(second, id, pages.url("localhost", "/plain"));
      expect((await evaluate(second, id, remembered)).result).toBe("login=alice|dark");
      // Another profile is another browser, with nothing of the first.
      const other = await createSessionId(second, { config: { browser: { profile: "home" } } });
      await navigate(second, other, pages.url("localhost", "/plain"));
      expect((await evaluate(second, other, remembered)).result).toBe("|");
    } finally {
      await second.close();
    }
  });

  it("runs one browser per profile: a second session naming a busy profile gets 409 until the first lets go", async () => {
    const t = await makeTestApp();
    try {
      const a = await createSessionId(t, { config: { browser: { profile: "shared" } } });
      const b = await createSessionId(t, { config: { browser: { profile: "shared" } } });
      await navigate(t, a, pages.url("localhost", "/plain"));
      const busy = await t.call("POST", `/v1/sessions/${b}/browser/navigate`, {
        url: pages.url("localhost", "/plain"),
      });
      expect(busy.status).toBe(409);
      const body = await json<{ code: string; detail: string }>(busy);
      expect(body.code).toBe("profile_busy");
      expect(body.detail).toContain(a);
      await t.call("DELETE", `/v1/sessions/${a}/browser`);
      const free = await t.call("POST", `/v1/sessions/${b}/browser/navigate`, {
        url: pages.url("localhost", "/plain"),
      });
      expect(free.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("keeps profiles in browser.profiles_dir when the operator sets one", async () => {
    const profiles = tempDir("caduceus-profiles-");
    const t = await makeTestApp({ browser: { profiles_dir: profiles } });
    try {
      const id = await createSessionId(t, { config: { browser: { profile: "ops" } } });
      await navigate(t, id, pages.url("localhost", "/plain"));
      expect(readdirSync(profiles)).toEqual(["ops"]);
      expect(existsSync(join(t.dir, "profiles"))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("a profile's browser across a kill -9 of the server process", () => {
  it("ends the Chromium a killed server left on the profile, and the login is still there", async () => {
    const pages = await startPagesServer();
    const dir = tempDir("caduceus-e2e-profiles-");
    const env = { CADUCEUS_DB: join(dir, "caduceus.db") };
    let server = await startServerProcess(env);
    try {
      const id = await createSessionId(server, { config: { browser: { profile: "work" } } });
      await navigate(server, id, pages.url("localhost", "/remember"));
      const pidFile = join(dir, "profiles", "work", "caduceus-chromium.pid");
      const orphan = Number(readFileSync(pidFile, "utf8"));
      // Chromium writes local storage to its profile a moment after the page sets it; what a kill -9 of the server
      // must not lose is what the browser has written, so the kill waits until it is there.
      await waitFor(() => storedOnDisk(join(dir, "profiles", "work"), "theme"), "local storage on disk");
      expect(await server.stop("SIGKILL")).toBeNull();
      // The server is gone; its Chromium is not, and it holds the profile.
      expect(() => process.kill(orphan, 0)).not.toThrow();

      server = await startServerProcess(env);
      const again = await createSessionId(server, { config: { browser: { profile: "work" } } });
      await navigate(server, again, pages.url("localhost", "/plain"));
      expect((await evaluate(server, again, "localStorage.getItem('theme')")).result).toBe("dark");
      expect(() => process.kill(orphan, 0)).toThrow();
    } finally {
      await server.stop();
      await pages.close();
    }
  });
});
