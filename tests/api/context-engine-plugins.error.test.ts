import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

/** A plugin that cannot work is reported when it is named — at start-up or on the session — never on its first compression. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function pluginsDir(plugins: Record<string, string>): string {
  const dir = tempDir("caduceus-plugins-");
  dirs.push(dir);
  for (const [name, source] of Object.entries(plugins)) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, "index.mjs"), source);
  }
  return dir;
}

const NO_COMPRESS = "export default class Engine { constructor() { this.name = 'no-compress'; } shouldCompress() { return false; } updateFromResponse() {} }";
const THROWING_CONSTRUCTOR = "export default class Engine { constructor() { throw new Error('set MEMO_HOME before using this engine'); } }";
const EMPTY_FACTORY = "export function createEngine() { return {}; }";

describe("a broken plugin named as context.engine", () => {
  it.each([
    ["no-compress", NO_COMPRESS, /context\.engine: the "no-compress" engine cannot be used: .*does not implement compress/],
    ["throws", THROWING_CONSTRUCTOR, /context\.engine: the "throws" engine cannot be used: set MEMO_HOME before using this engine/],
    ["empty", EMPTY_FACTORY, /context\.engine: the "empty" engine cannot be used: .*does not implement compress, shouldCompress, updateFromResponse/],
  ])("stops the start-up: %s", async (name, source, message) => {
    await expect(makeTestApp({ context: { engine: name, plugins_dir: pluginsDir({ [name]: source }) } })).rejects.toThrow(message);
  });
});

describe("a broken plugin named by a session", () => {
  it("is a validation error on the session, while the server and other engines work", async () => {
    const t = await makeTestApp({ context: { plugins_dir: pluginsDir({ "no-compress": NO_COMPRESS }) } });
    try {
      const res = await t.call("POST", "/v1/sessions", { config: { engine: "no-compress" } });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("validation_failed");
      expect(body.errors).toEqual([{ location: "body.config.engine", message: expect.stringMatching(/does not implement compress/) }]);
      const plain = await t.call("POST", "/v1/sessions", {});
      expect(plain.status).toBe(201);
      const patched = await t.call("PATCH", `/v1/sessions/${(await plain.json()).id}`, { config: { engine: "no-compress" } });
      expect(patched.status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
