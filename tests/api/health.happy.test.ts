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

  it("calls a named model with an endpoint ok", async () => {
    const t = await makeTestApp({
      model: { name: "gpt-4o", base_url: "http://127.0.0.1:9/v1" },
      browser: { cdp_url: "http://127.0.0.1:9222" },
    });
    try {
      const res = await t.call("GET", "/health/ready");
      expect(res.status).toBe(200);
      const body = await json<ReadinessResponse>(res);
      expect(body).toEqual({
        status: "ok",
        checks: {
          database: { status: "ok" },
          model: { status: "ok", detail: expect.stringContaining("gpt-4o") },
          browser: { status: "ok", detail: expect.any(String) },
        },
      });
    } finally {
      await t.close();
    }
  });
});
