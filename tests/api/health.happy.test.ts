import { describe, expect, it } from "vitest";
import { json, type ProblemResponse, type ReadinessResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp } from "../fixtures/test-app.js";

describe("readiness", () => {
  it("calls a model without an endpoint degraded, like the runs that would answer 503", async () => {
    const t = await makeTestApp({ model: { name: "gpt-4o" } });
    try {
      const body = await json<ReadinessResponse>(await t.call("GET", "/health/ready"));
      expect(body.checks.model.status).toBe("degraded");
      expect(body.checks.model.detail).toContain("model.base_url");
      expect(body.status).toBe("degraded");
      // Both name the same missing keys, in the same words.
      const id = await createSessionId(t);
      const run = await json<ProblemResponse>(await t.call("POST", `/v1/sessions/${id}/messages`, { content: "hi" }));
      expect(run.status).toBe(503);
      const missing = body.checks.model.detail!.replace(/; runs answer 503$/, "");
      expect(missing).not.toBe(body.checks.model.detail);
      expect(run.detail.startsWith(missing)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
