import { describe, expect } from "vitest";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY as KEY } from "../fixtures/keys.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

/** GET /metrics is the operator's: refused without the admin key, unless `metrics.public` opens it. */

const locked = withApp({ overrides: { server: { api_key: KEY } } });
const open = withApp({ overrides: { server: { api_key: KEY }, metrics: { public: true } } });

describe("GET /metrics without the admin key", () => {
  locked("is refused with 401 and a challenge, with no metric in the body", async ({ app }) => {
    for (const authorization of ["", "Bearer not-the-key"]) {
      const res = await app.call("GET", "/metrics", undefined, { authorization });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain("caduceus_");
    }
  });

  locked("is refused 403 to an API key without the admin scope, and answered to one with it", async ({ app }) => {
    const plain = await makeKey(app, { name: "scraper", scopes: ALL_BUT_ADMIN });
    const refused = await plain.call("GET", "/metrics");
    expect(refused.status).toBe(403);
    expect(await json<ProblemResponse>(refused)).toMatchObject({ code: "insufficient_scope", required_scope: "admin" });
    const admin = await makeKey(app, { name: "operator", scopes: ["admin"] });
    const scraped = await admin.call("GET", "/metrics");
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("# TYPE caduceus_http_requests_total counter");
  });
});

describe("GET /metrics with metrics.public", () => {
  open("answers a scraper without a key, and opens nothing else", async ({ app }) => {
    const res = await app.call("GET", "/metrics", undefined, { authorization: "" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("# TYPE caduceus_http_requests_total counter");
    expect((await app.call("GET", "/v1/sessions", undefined, { authorization: "" })).status).toBe(401);
  });
});
