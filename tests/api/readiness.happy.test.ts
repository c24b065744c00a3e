import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { replicaIdOf } from "../../src/config/schema.js";
import { startChromiumWithCdp } from "../fixtures/browser.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { json, type ReadinessResponse } from "../fixtures/responses.js";
import { makeTestApp, TEST_STORE } from "../fixtures/test-app.js";

const MODEL_KEY = "sk-readiness-probe-key-0123456789";

describe("readiness, probed for real", () => {
  let fake: FakeModelServer;
  beforeAll(async () => {
    fake = await startFakeModel();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const modelListRequests = () => fake.requests.filter((r) => r.method === "GET" && r.path === "/v1/models");

  it("calls a reachable model ok after asking it for GET /models with the configured key", async () => {
    const t = await makeTestApp({ model: { name: "fake-model", base_url: fake.baseUrl, api_key: MODEL_KEY } });
    try {
      const res = await t.call("GET", "/health/ready");
      expect(res.status).toBe(200);
      const body = await json<ReadinessResponse>(res);
      const id = replicaIdOf(t.config);
      const storeName = TEST_STORE === "sqlite" ? "SQLite" : "PostgreSQL";
      expect(body).toEqual({
        status: "ok",
        checks: {
          database: { status: "ok", detail: `${storeName} at ${t.store.location}` },
          model: { status: "ok", detail: `fake-model at ${fake.baseUrl}` },
          browser: { status: "ok", detail: "/usr/bin/chromium" },
          leases: { status: "ok", detail: expect.stringContaining(`lists 1 alive: ${id} (this one)`) },
        },
        replica: {
          id,
          store: TEST_STORE,
          role: TEST_STORE === "sqlite" ? "sole" : "shared",
          replicas_alive: 1,
          lease_ttl_ms: t.config.server.lease_ttl_ms,
          replicas: [{ id, heartbeat_at: expect.any(String), alive: true, self: true }],
        },
      });
      // The PostgreSQL URL is shown without its password.
      expect(body.checks.database.detail).not.toMatch(/:[^/@]+@/);
      expect(modelListRequests()).toHaveLength(1);
      expect(modelListRequests()[0].headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
    } finally {
      await t.close();
    }
  });

  it("reuses a probe's answer for a few seconds instead of asking the model on every poll", async () => {
    const t = await makeTestApp({ model: { name: "fake-model", base_url: fake.baseUrl } });
    try {
      for (let i = 0; i < 3; i++) expect((await t.call("GET", "/health/ready")).status).toBe(200);
      expect(modelListRequests()).toHaveLength(1);
      expect(modelListRequests()[0].headers.authorization).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("calls a CDP endpoint that answers /json/version ok", async () => {
    const chromium = await startChromiumWithCdp();
    try {
      const t = await makeTestApp({ browser: { cdp_url: chromium.cdpUrl } });
      try {
        const body = await json<ReadinessResponse>(await t.call("GET", "/health/ready"));
        expect(body.checks.browser).toEqual({
          status: "ok",
          detail: `CDP endpoint answers at ${chromium.cdpUrl}/json/version`,
        });
      } finally {
        await t.close();
      }
    } finally {
      await chromium.kill();
    }
  });
});
