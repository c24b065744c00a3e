import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { json, type SessionResponse } from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

describe("start-up configuration", () => {
  const dir = tempDir("caduceus-config-");
  const db = join(dir, "caduceus.db");
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads a YAML file given with --config and lets the environment win over it", async () => {
    const file = join(dir, "good.yaml");
    writeFileSync(
      file,
      [
        "server:",
        "  api_key: yaml-key",
        "  max_body_bytes: 2048",
        "compression:",
        "  protect_last_n: 7",
        "model:",
        "  name: gpt-4o",
        "  context_length: 64000",
        "logging:",
        "  level: warn",
      ].join("\n"),
    );
    const server = await startServerProcess(
      { CADUCEUS_DB: db, CADUCEUS_API_KEY: "env-key", CADUCEUS_LOG_LEVEL: "info" },
      ["--config", file],
    );
    running.push(server);
    const as = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });
    expect((await fetch(`${server.baseUrl}/v1/sessions`, { headers: as("yaml-key") })).status).toBe(401);
    const created = await fetch(`${server.baseUrl}/v1/sessions`, {
      method: "POST",
      headers: as("env-key"),
      body: "{}",
    });
    expect(created.status).toBe(201);
    const session = await json<SessionResponse>(created);
    // Values only the file set are in force.
    expect(session.config.compression.protect_last_n).toBe(7);
    expect(session.model).toBe("gpt-4o");
    expect(session.stats.context_length).toBe(64_000);
    const big = await fetch(`${server.baseUrl}/v1/sessions`, {
      method: "POST",
      headers: as("env-key"),
      body: JSON.stringify({ title: "x".repeat(4000) }),
    });
    expect(big.status).toBe(413);
    // The environment's log level won over the file's: request lines (info) are written.
    expect(server.output()).toContain('"msg":"request"');
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
