import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveOnLoopback } from "../fixtures/loopback-server.js";
import { json, type ProblemResponse, type ReadinessResponse } from "../fixtures/responses.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

describe("readiness when a part is missing", () => {
  it("answers 503 when the configured model cannot be reached, naming the request that failed", async () => {
    const t = await makeTestApp({ model: { name: "gpt-4o", base_url: "http://127.0.0.1:1/v1" } });
    try {
      const res = await t.call("GET", "/health/ready");
      expect(res.status).toBe(503);
      const body = await json<ReadinessResponse>(res);
      expect(body.status).toBe("unavailable");
      expect(body.checks.database.status).toBe("ok");
      expect(body.checks.model.status).toBe("unavailable");
      // fetch refuses port 1 itself ("bad port"): the probe fails before connecting, and says which request failed.
      expect(body.checks.model.detail).toMatch(/^model gpt-4o: GET http:\/\/127\.0\.0\.1:1\/v1\/models failed: \S/);
    } finally {
      await t.close();
    }
  });

  it("answers 503 when the model endpoint refuses the key, and never shows the key", async () => {
    const key = "sk-refused-key-abcdefghijklmnop0123";
    const endpoint = await serveOnLoopback(
      () => new Response(JSON.stringify({ error: { message: "bad key" } }), { status: 401 }),
    );
    const t = await makeTestApp({ model: { name: "gpt-4o", base_url: `${endpoint.baseUrl}/v1`, api_key: key } });
    try {
      const res = await t.call("GET", "/health/ready");
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).not.toContain(key);
      const body = JSON.parse(text) as ReadinessResponse;
      expect(body.checks.model).toEqual({
        status: "unavailable",
        detail: `model gpt-4o: GET ${endpoint.baseUrl}/v1/models answered HTTP 401: the endpoint refuses model.api_key`,
      });
    } finally {
      await t.close();
      await endpoint.close();
    }
  });

  it("stays up (200, degraded) when only the browser is unavailable: a CDP endpoint that does not answer", async () => {
    const t = await makeTestApp({ browser: { cdp_url: "http://127.0.0.1:1" } });
    try {
      const res = await t.call("GET", "/health/ready");
      expect(res.status).toBe(200);
      const body = await json<ReadinessResponse>(res);
      expect(body.status).toBe("degraded");
      expect(body.checks.browser.status).toBe("unavailable");
      expect(body.checks.browser.detail).toContain("browser.cdp_url: GET http://127.0.0.1:1/json/version failed");
    } finally {
      await t.close();
    }
  });

  it("calls a browser executable that cannot be run unavailable", async () => {
    const dir = tempDir();
    const path = join(dir, "chromium");
    writeFileSync(path, "not a browser");
    chmodSync(path, 0o644);
    const t = await makeTestApp({ browser: { executable_path: path } });
    try {
      const body = await json<ReadinessResponse>(await t.call("GET", "/health/ready"));
      expect(body.status).toBe("degraded");
      expect(body.checks.browser).toEqual({
        status: "unavailable",
        detail: `${path} is not executable; fix its permissions or set browser.executable_path`,
      });
    } finally {
      await t.close();
    }
  });

  it("needs the API key when server.api_key is set", async () => {
    const t = await makeTestApp({ server: { api_key: "caduceus-test-key-0123456789" } });
    try {
      const res = await t.call("GET", "/health/ready", undefined, { authorization: "Bearer wrong" });
      expect(res.status).toBe(401);
      expect((await json<ProblemResponse>(res)).code).toBe("unauthorized");
      expect((await t.call("GET", "/health/ready")).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
