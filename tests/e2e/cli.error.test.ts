import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, startCli } from "../fixtures/cli-process.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

describe("the caduceus command: refusals", () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = tempDir("caduceus-cli-");
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses bad arguments with one line and the usage text, exit 2, starting nothing", async () => {
    const cases: Array<[string[], string]> = [
      [["--bogus"], "caduceus: unknown option --bogus"],
      [["--port", "abc"], 'caduceus: --port must be a whole number from 0 to 65535, not "abc"'],
      [["--port", "99999"], 'caduceus: --port must be a whole number from 0 to 65535, not "99999"'],
      [["--port"], "caduceus: --port needs a value"],
      [["serve"], 'caduceus: unexpected argument "serve"'],
    ];
    for (const [args, line] of cases) {
      const cwd = fresh();
      const db = join(cwd, "never.db");
      const result = await runCli(args, { cwd, env: { CADUCEUS_DB: db } });
      expect(result.code, args.join(" ")).toBe(2);
      const [first, blank, ...usage] = result.stderr.split("\n");
      expect(first).toBe(line);
      expect(blank).toBe("");
      expect(usage.join("\n")).toMatch(/^Usage: caduceus \[options\]\n[\s\S]*--port <n>/);
      expect(result.stdout).toBe("");
      expect(existsSync(db)).toBe(false);
    }
  });

  it("names the environment variable a bad value came from", async () => {
    const cwd = fresh();
    const result = await runCli([], { cwd, env: { CADUCEUS_PORT: "abc" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^caduceus: invalid configuration: CADUCEUS_PORT \(server\.port\): /);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(join(cwd, "data"))).toBe(false);
  });

  it("names the flag a refused value came from, over the environment it overrode", async () => {
    const result = await runCli(["--host", "0.0.0.0"], { cwd: fresh(), env: { CADUCEUS_HOST: "127.0.0.1" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^caduceus: --host \(server\.host\): refusing to listen on 0\.0\.0\.0 without an API key/,
    );
    const long = await runCli(["--db", "x".repeat(5_000)], { cwd: fresh() });
    expect(long.code).toBe(2);
    expect(long.stderr).toContain("--db (database.path)");
  });

  it("says in one line that the port is in use and exits 2", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const result = await runCli([], { cwd: fresh(), env: { CADUCEUS_PORT: String(port) } });
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toEqual([
        `caduceus: server.port: 127.0.0.1:${port} is already in use; stop what listens there or choose another port (--port, CADUCEUS_PORT)`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("says so when .env cannot be read", async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, ".env"));
    const result = await runCli([], { cwd, env: { CADUCEUS_PORT: "0" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^caduceus: \.env: cannot be read/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("answers runs with 503 naming the missing keys when no model can be determined", async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      // An endpoint other than OpenAI's, no name: only the name is missing.
      [{ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }, ["model.name (CADUCEUS_MODEL)"]],
      // The endpoint provider and nothing else: the key alone would do, an endpoint and a name, or the demo model.
      [
        { CADUCEUS_MODEL_PROVIDER: "openai" },
        ["model.api_key (OPENAI_API_KEY)", "gpt-4o-mini", "model.base_url (OPENAI_BASE_URL)", "model.name", "--demo"],
      ],
    ];
    for (const [env, named] of cases) {
      const cwd = fresh();
      const server = await startCli([], { cwd, env: { CADUCEUS_PORT: "0", ...env } });
      try {
        const id = await createSessionId(server);
        const res = await server.call("POST", `/v1/sessions/${id}/messages`, { content: "hello" });
        expect(res.status).toBe(503);
        const problem = await json<ProblemResponse>(res);
        expect(problem.code).toBe("model_not_configured");
        for (const key of named) expect(problem.detail, JSON.stringify(env)).toContain(key);
        if (env.OPENAI_BASE_URL) expect(problem.detail).not.toContain("OPENAI_API_KEY");
      } finally {
        expect(await server.stop(), server.output.stderr).toBe(0);
      }
    }
  });
});
