import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";

describe("log lines", () => {
  it("redact keys and authorization values wherever a log call puts them", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ logging: { level: "info", format: "json", pretty: false } }, sink);
    logger.info(
      { api_key: "sk-a", headers: { authorization: "Bearer sk-b", cookie: "c=sk-c" }, model: { api_key: "sk-d" } },
      "config",
    );
    const text = lines.join("");
    for (const secret of ["sk-a", "sk-b", "sk-c", "sk-d"]) expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
  });

  it("mask secrets inside messages and error texts", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ logging: { level: "info", format: "json", pretty: false } }, sink);
    const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    logger.warn(`model said: invalid key ${token}`);
    logger.error(
      { err: new Error(`401 for postgres://admin:hunter2secret@db.internal/app with ${token}`) },
      "model failed",
    );
    const text = lines.join("");
    expect(text).not.toContain(token);
    expect(text).not.toContain("hunter2secret");
    expect(text).toContain("model failed");
    expect(text).toContain("ghp_");
  });
});
