import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { append } from "../fixtures/context-transcript.js";
import {
  json,
  type CompressResponse,
  type CreateSessionResponse,
  type ValidationProblem,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

/** The fixture's app (engine selection) talks to the fake model; the plugin tests build apps of their own. */
const it = withApp({ model: "context" });

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

const NO_COMPRESS =
  "export default class Engine { constructor() { this.name = 'no-compress'; } shouldCompress() { return false; } updateFromResponse() {} }";
const THROWING_CONSTRUCTOR =
  "export default class Engine { constructor() { throw new Error('set MEMO_HOME before using this engine'); } }";
const EMPTY_FACTORY = "export function createEngine() { return {}; }";
const SYNTAX_ERROR = "export default class Engine {";

describe("a broken plugin named as context.engine", () => {
  it.each([
    [
      "no-compress",
      NO_COMPRESS,
      /context\.engine: the "no-compress" engine cannot be used: .*does not implement compress/,
    ],
    [
      "throws",
      THROWING_CONSTRUCTOR,
      /context\.engine: the "throws" engine cannot be used: set MEMO_HOME before using this engine/,
    ],
    [
      "empty",
      EMPTY_FACTORY,
      /context\.engine: the "empty" engine cannot be used: .*does not implement compress, shouldCompress, updateFromResponse/,
    ],
  ])("stops the start-up: %s", async (name, source, message) => {
    await expect(
      makeTestApp({ context: { engine: name, plugins_dir: pluginsDir({ [name]: source }) } }),
    ).rejects.toThrow(message);
  });
});

describe("a broken plugin named by a session", () => {
  it("is a validation error on the session, while the server and other engines work", async () => {
    const t = await makeTestApp({ context: { plugins_dir: pluginsDir({ "no-compress": NO_COMPRESS }) } });
    try {
      const res = await t.call("POST", "/v1/sessions", { config: { engine: "no-compress" } });
      expect(res.status).toBe(400);
      const body = await json<ValidationProblem>(res);
      expect(body.code).toBe("validation_failed");
      expect(body.errors).toEqual([
        { location: "body.config.engine", message: expect.stringMatching(/does not implement compress/) },
      ]);
      const plain = await t.call("POST", "/v1/sessions", {});
      expect(plain.status).toBe(201);
      const patched = await t.call("PATCH", `/v1/sessions/${(await json<CreateSessionResponse>(plain)).id}`, {
        config: { engine: "no-compress" },
      });
      expect(patched.status).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe("a plugin is imported only when named", () => {
  it("starts with a broken plugin in the folder that nobody names", async () => {
    const t = await makeTestApp({
      context: { plugins_dir: pluginsDir({ broken: SYNTAX_ERROR, throws: THROWING_CONSTRUCTOR }) },
    });
    try {
      expect((await t.call("POST", "/v1/sessions", {})).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it("reports a plugin that fails to import as a validation error on the session naming it", async () => {
    const t = await makeTestApp({ context: { plugins_dir: pluginsDir({ broken: SYNTAX_ERROR }) } });
    try {
      for (const [method, path] of [
        ["POST", "/v1/sessions"],
        ["PATCH", `/v1/sessions/${await createSessionId(t)}`],
      ] as const) {
        const res = await t.call(method, path, { config: { engine: "broken" } });
        expect(res.status, method).toBe(400);
        const body = await json<ValidationProblem>(res);
        expect(body.code).toBe("validation_failed");
        expect(body.errors.map((e) => e.location)).toEqual(["body.config.engine"]);
        expect(body.errors[0]?.message).toMatch(/context engine plugin .*broken.* failed to load/);
      }
    } finally {
      await t.close();
    }
  });

  it("imports a plugin once when concurrent requests name it", async () => {
    const dir = pluginsDir({});
    const log = join(dir, "imports.log");
    mkdirSync(join(dir, "counted"));
    writeFileSync(
      join(dir, "counted", "index.mjs"),
      `import { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(log)}, "import\\n");\n` +
        "export default class Engine { constructor() { this.name = 'counted'; } compress(m) { return m; } shouldCompress() { return false; } updateFromResponse() {} }\n",
    );
    const t = await makeTestApp({ context: { plugins_dir: dir } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.call("POST", "/v1/sessions", { config: { engine: "counted" } })),
      );
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      expect(readFileSync(log, "utf8")).toBe("import\n");
    } finally {
      await t.close();
    }
  });
});

describe("engine selection", () => {
  it("leaves the context unchanged and says why when an engine throws", async ({ app: t }) => {
    t.app.services.engines.register("broken", (context) => ({
      name: "broken",
      last_prompt_tokens: 0,
      last_completion_tokens: 0,
      last_total_tokens: 0,
      threshold_tokens: context.thresholdTokens,
      context_length: context.contextLength,
      compression_count: 0,
      updateFromResponse() {},
      shouldCompress: () => true,
      compress: async () => {
        throw new Error("index corrupted");
      },
    }));
    const id = await createSessionId(t, { config: { engine: "broken" } });
    await append(t, id, [{ role: "user", content: "hi" }]);
    const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(res.status).toBe(200);
    expect(await json<CompressResponse>(res)).toMatchObject({
      compressed: false,
      reason: "the broken engine failed: index corrupted",
    });
  });

  it("refuses an unknown engine at start and on session create", async ({ app: t }) => {
    await expect(makeTestApp({ context: { engine: "no-such-engine" } })).rejects.toThrow(
      /context\.engine: unknown engine "no-such-engine"/,
    );
    const res = await t.call("POST", "/v1/sessions", { config: { engine: "no-such-engine" } });
    expect(res.status).toBe(400);
    expect((await json<ValidationProblem>(res)).errors[0]).toMatchObject({ location: "body.config.engine" });
  });
});
