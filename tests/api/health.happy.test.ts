import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

describe("health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ server: { api_key: "secret-key" } });
  });
  afterAll(() => t.close());

  it("answers /health and /v1/health without auth", async () => {
    for (const path of ["/health", "/v1/health"]) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", version: expect.any(String), platform: "caduceus" });
    }
  });

  it("reports readiness of database, model and browser", async () => {
    const res = await t.call("GET", "/health/ready");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.checks.database.status).toBe("ok");
    expect(body.checks.model.status).toBe("degraded");
    expect(["ok", "degraded"]).toContain(body.checks.browser.status);
  });
});
