import { describe, expect } from "vitest";
import { json } from "../fixtures/responses.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { it as suite } from "../fixtures/suite.js";
import type { ReadinessResponse } from "../../src/routes/health/schemas.js";

/**
 * /health/ready probes the whole run chain: a primary model that cannot be reached with a fallback that answers is
 * degraded, not unavailable, and says which model is out — and whose circuit breaker opened.
 */
const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("backup", { scope: "file" }, async ({}, { onCleanup }) => {
    const backup = await startFakeModel();
    onCleanup(() => backup.close());
    return backup;
  })
  .extend("appOptions", { scope: "file" }, ({ backup }: { backup: FakeModelServer }) => ({
    overrides: {
      model: {
        // Nothing listens on port 1: the primary is refused at once.
        base_url: "http://127.0.0.1:1/v1",
        breaker: { cooldown_s: 600 },
        fallbacks: [{ model: "fake-fallback", base_url: backup.baseUrl }],
      },
    },
  }));

describe("readiness of a model chain", () => {
  it("a dead primary with a live fallback is degraded, names both, and shows the primary's open breaker", async ({
    app,
    backup,
  }) => {
    const res = await app.call("GET", "/health/ready");
    expect(res.status).toBe(200);
    const body = await json<ReadinessResponse>(res);
    expect(body.status).toBe("degraded");
    expect(body.checks.model.status).toBe("degraded");
    expect(body.checks.model.detail).toMatch(/the primary model is not usable .*; fake-fallback stands in/);
    expect(body.checks.model.chain).toEqual([
      expect.objectContaining({ model: "fake-model", role: "primary", status: "unavailable", breaker: "closed" }),
      expect.objectContaining({ model: "fake-fallback", role: "fallback", status: "ok", breaker: "closed" }),
    ]);

    // A run finds the primary down, falls back, and the breaker keeps the primary out: readiness says so.
    backup.enqueue({ content: "Answered by the fallback." });
    const id = await app.createSession();
    const run = await (await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Hi" })).json();
    expect((run as { run: { status: string } }).run.status).toBe("completed");
    const after = await json<ReadinessResponse>(await app.call("GET", "/health/ready"));
    expect(after.checks.model.chain?.[0]).toMatchObject({ model: "fake-model", breaker: "open" });
  });
});
