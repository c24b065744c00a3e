import { describe, expect, it } from "vitest";
import { json, type ReadinessResponse } from "../fixtures/responses.js";
import { makeTestApp } from "../fixtures/test-app.js";

describe("readiness", () => {
  it("calls a model without an endpoint degraded, like the runs that would answer 503", async () => {
    const t = await makeTestApp({ model: { name: "gpt-4o" } });
    try {
      const body = await json<ReadinessResponse>(await t.call("GET", "/health/ready"));
      expect(body.checks.model.status).toBe("degraded");
      expect(body.checks.model.detail).toContain("model.base_url");
      expect(body.status).toBe("degraded");
    } finally {
      await t.close();
    }
  });
});
