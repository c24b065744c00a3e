import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runServerExpectingExit, startServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

describe("start-up configuration", () => {
  const dir = tempDir("caduceus-config-");
  const db = join(dir, "caduceus.db");
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a non-loopback host without an API key, saying what to do", async () => {
    const { code, output } = await runServerExpectingExit({ CADUCEUS_DB: db, CADUCEUS_HOST: "0.0.0.0" });
    expect(code).not.toBe(0);
    expect(output).toContain("server.host");
    expect(output).toContain("0.0.0.0");
    expect(output).toMatch(/api_key|CADUCEUS_API_KEY/);
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it("names the key of a bad environment value", async () => {
    const { code, output } = await runServerExpectingExit({ CADUCEUS_DB: db, CADUCEUS_PORT: "abc" });
    expect(code).not.toBe(0);
    expect(output).toContain("server.port");
    const alias = await runServerExpectingExit({ CADUCEUS_DB: db, CADUCEUS_PORT: "", API_SERVER_PORT: "70000" });
    expect(alias.code).not.toBe(0);
    expect(alias.output).toContain("server.port");
  });

  it("names database.path when the database cannot be opened", async () => {
    const { code, output } = await runServerExpectingExit({ CADUCEUS_DB: "/dev/null/caduceus.db" });
    expect(code).not.toBe(0);
    expect(output).toContain("database.path");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("names the key of a bad YAML value, and of an unknown key", async () => {
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "compression:\n  threshold: 7\nbrowser:\n  dialog_policy: sometimes\n");
    const { code, output } = await runServerExpectingExit({ CADUCEUS_DB: db }, ["--config", file]);
    expect(code).not.toBe(0);
    expect(output).toContain("compression.threshold");
    expect(output).toContain("browser.dialog_policy");

    writeFileSync(file, "server:\n  prot: 8080\n");
    const unknown = await runServerExpectingExit({ CADUCEUS_DB: db, CADUCEUS_CONFIG: file });
    expect(unknown.code).not.toBe(0);
    expect(unknown.output).toContain("prot");

    const missing = await runServerExpectingExit({ CADUCEUS_DB: db }, ["--config", join(dir, "absent.yaml")]);
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain("absent.yaml");
  });

  it("refuses to start with an unknown engine, naming the key", async () => {
    await expect(startServerProcess({ CADUCEUS_DB: db, CADUCEUS_CONTEXT_ENGINE: "no-such-engine" })).rejects.toThrow(
      /exited with 2[\s\S]*context\.engine: unknown engine "no-such-engine"/,
    );
  });
});
