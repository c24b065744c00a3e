import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, startCli } from "../fixtures/cli-process.js";
import { onFreePort } from "../fixtures/free-port.js";
import { json, type CreateSessionResponse, type HealthResponse } from "../fixtures/responses.js";
import { startServerProcess } from "../fixtures/server-process.js";
import { createSession } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
/**
 * Below the test's own timeout: spawnSync blocks, so only its own timeout can end a hung npx. The first npx run of
 * a checkout installs it into npx's cache, which runs `prepare` (the server's and the inspector's build).
 */
const NPX_TIMEOUT_MS = 100_000;

describe("the caduceus command", () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = tempDir("caduceus-cli-");
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("prints the usage text for --help and -h, exits 0 and starts nothing", async () => {
    for (const flag of ["--help", "-h"]) {
      const cwd = fresh();
      const db = join(cwd, "help.db");
      const result = await runCli([flag], { cwd, env: { CADUCEUS_DB: db } });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Usage: caduceus \[options\]\n/);
      for (const option of ["--config <path>", "--host <host>", "--port <n>", "--db <path>", "--version"])
        expect(result.stdout).toContain(option);
      expect(result.stderr).toBe("");
      expect(result.stdout).not.toContain("listening");
      expect(existsSync(db)).toBe(false);
      expect(existsSync(join(cwd, "data"))).toBe(false);
    }
  });

  it("prints the package version for --version and -v and exits 0", async () => {
    for (const flag of ["--version", "-v"]) {
      const result = await runCli([flag], { cwd: fresh() });
      expect(result).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: "" });
    }
  });

  it("listens on the port --port names, over the environment's CADUCEUS_PORT, with the database --db names", async () => {
    const dir = fresh();
    const flagDb = join(dir, "flag.db");
    const envDb = join(dir, "env.db");
    let port = 0;
    // The fixture sets CADUCEUS_PORT=0; the flag wins over it.
    const server = await onFreePort((free) => {
      port = free;
      return startServerProcess({ CADUCEUS_DB: envDb, CADUCEUS_LOG_LEVEL: "info" }, [
        "--port",
        String(port),
        "--db",
        flagDb,
      ]);
    });
    try {
      expect(server.port).toBe(port);
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
      expect(await json<HealthResponse>(res)).toMatchObject({ status: "ok", version: PACKAGE.version });
      expect(existsSync(flagDb)).toBe(true);
      expect(existsSync(envDb)).toBe(false);
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("reads .env from the working directory, and a variable already set wins over it", async () => {
    const cwd = fresh();
    writeFileSync(
      join(cwd, ".env"),
      [
        "# a comment",
        "CADUCEUS_API_KEY=from-dotenv",
        "CADUCEUS_MODEL=dotenv-model",
        "OPENAI_API_KEY=sk-dotenv",
        "",
      ].join("\n"),
    );
    const server = await startCli([], {
      cwd,
      env: { CADUCEUS_PORT: "0", CADUCEUS_DB: join(cwd, "db.sqlite"), CADUCEUS_API_KEY: "from-env" },
    });
    try {
      const as = (key: string) => ({ authorization: `Bearer ${key}` });
      expect((await server.call("GET", "/v1/sessions", undefined, as("from-dotenv"))).status).toBe(401);
      expect((await server.call("GET", "/v1/sessions", undefined, as("from-env"))).status).toBe(200);
      // What only .env sets is in force.
      const created = await server.call("POST", "/v1/sessions", {}, as("from-env"));
      expect(created.status).toBe(201);
      expect((await json<CreateSessionResponse>(created)).model).toBe("dotenv-model");
    } finally {
      expect(await server.stop(), server.output.stderr).toBe(0);
    }
  });

  it("reads ./caduceus.yaml from the working directory, and a flag wins over it", async () => {
    const cwd = fresh();
    writeFileSync(join(cwd, "caduceus.yaml"), "server:\n  port: 1\ndatabase:\n  path: ./yaml.db\n");
    let port = 0;
    const server = await onFreePort((free) => {
      port = free;
      return startCli(["--port", String(port)], { cwd });
    });
    try {
      expect(server.port).toBe(port);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      expect(existsSync(join(cwd, "yaml.db"))).toBe(true);
    } finally {
      expect(await server.stop(), server.output.stderr).toBe(0);
    }
  });

  it("runs on the default model when only OPENAI_API_KEY is set", async () => {
    const cwd = fresh();
    const server = await startCli([], { cwd, env: { CADUCEUS_PORT: "0", OPENAI_API_KEY: "sk-test" } });
    try {
      expect((await createSession(server)).model).toBe("gpt-4o-mini");
    } finally {
      expect(await server.stop(), server.output.stderr).toBe(0);
    }
  });

  it("is a bin of the package that npx runs from the checkout", { timeout: NPX_TIMEOUT_MS + 10_000 }, () => {
    expect(PACKAGE.bin.caduceus).toBe("bin/caduceus.js");
    // --offline: the command must come from this checkout, never from the registry.
    const result = spawnSync("npx", ["--offline", "caduceus", "--version"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: NPX_TIMEOUT_MS,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${PACKAGE.version}\n`);
  });
});
