import { rmSync } from "node:fs";
import { Writable } from "node:stream";
import { describe, expect } from "vitest";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/load.js";
import { openDatabase } from "../../src/db/database.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import { createLogger } from "../../src/logger.js";
import {
  json,
  type CreateSessionResponse,
  type OpenAIErrorResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { countRows, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, TEST_STORE, tempDir } from "../fixtures/test-app.js";

const API_KEY = "sk-test-4f9a2c71e8d3";

const it = withApp({
  model: "none",
  overrides: { server: { api_key: API_KEY, cors_origins: ["https://app.example"] } },
});

/** What the 401 checks read of GET /openapi.json. */
type OperationsByPath = { paths: Record<string, Record<string, { security?: unknown[] }>> };
/** An error body: the OpenAI envelope on the compatible routes, problem+json elsewhere. */
type ErrorBody = Partial<OpenAIErrorResponse> & Partial<ProblemResponse>;

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("content-security-policy"), what).toContain("default-src 'none'");
}

describe("security", () => {
  describe("bearer auth", () => {
    it("answers 401 with WWW-Authenticate: Bearer on every protected route of the OpenAPI document", async ({
      app: t,
    }) => {
      const doc = await json<OperationsByPath>(await t.app.request("/openapi.json"));
      const checked: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (Array.isArray(operation.security) && operation.security.length === 0) continue;
          const url = path.replaceAll(/\{[^}]+\}/g, "ses_x");
          for (const authorization of [undefined, "Bearer wrong-key", `Basic ${API_KEY}`, API_KEY]) {
            const headers: Record<string, string> = authorization ? { authorization } : {};
            const res = await t.app.request(url, { method: method.toUpperCase(), headers });
            expect(res.status, `${method} ${url} with ${authorization}`).toBe(401);
            expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
            const body = await json<ErrorBody>(res);
            // The OpenAI-compatible and Hermes routes name it as Hermes does (`gateway_auth_failed`) in the envelope;
            // problem+json says `unauthorized`, with the envelope's member beside it on /v1 and /api.
            if (body.status === undefined)
              expect(body.error).toMatchObject({ code: "gateway_auth_failed", type: "gateway_auth_error" });
            else {
              expect(body).toMatchObject({ code: "unauthorized", status: 401 });
              if (url.startsWith("/api/")) expect(body.error).toMatchObject({ code: "gateway_auth_failed" });
            }
          }
          checked.push(`${method} ${path}`);
        }
      }
      for (const route of [
        "post /v1/sessions",
        "get /v1/sessions",
        "get /v1/sessions/{id}",
        "patch /v1/sessions/{id}",
        "delete /v1/sessions/{id}",
        "post /v1/sessions/{id}/messages",
        "get /v1/sessions/{id}/messages",
        "get /v1/sessions/{id}/context",
        "get /health/ready",
      ]) {
        expect(checked).toContain(route);
      }
      expect(await countRows(t, "sessions")).toBe(0);
    });

    it("lets the right key through", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", { headers: { authorization: `Bearer ${API_KEY}` } });
      expect(res.status).toBe(200);
      expect((await t.app.request("/v1/sessions", { headers: { authorization: `bearer ${API_KEY}` } })).status).toBe(
        200,
      );
    });

    it("keeps the health checks, the OpenAPI document and the API reference open", async ({ app: t }) => {
      for (const path of [
        "/health",
        "/v1/health",
        "/openapi.json",
        "/docs",
        "/docs/assets/swagger-ui.css",
        "/docs/assets/init.js",
      ]) {
        const res = await t.app.request(path);
        expect(res.status, path).toBe(200);
      }
    });
  });

  describe("loopback names without a key", () => {
    it("serves only loopback Host names when no API key is set, so a rebound DNS name cannot reach it", async () => {
      const app = await makeTestApp();
      try {
        for (const host of ["localhost:8642", "127.0.0.1:8642", "127.0.0.9", "[::1]:8642", "LOCALHOST"]) {
          expect((await app.app.request("/v1/sessions", { headers: { host } })).status, host).toBe(200);
        }
        for (const host of ["evil.example:8642", "evil.example", "192.168.1.20:8642", "localhost.evil.example"]) {
          const res = await app.app.request("/v1/sessions", { method: "POST", headers: { host } });
          expect(res.status, host).toBe(403);
          expect((await json<ProblemResponse>(res)).detail).toContain("server.api_key");
        }
        expect(await countRows(app, "sessions")).toBe(0);
      } finally {
        await app.close();
      }
    });

    it("serves any Host name once an API key guards the server", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", {
        headers: { host: "api.example.com", authorization: `Bearer ${API_KEY}` },
      });
      expect(res.status).toBe(200);
    });
  });

  describe("CORS allowlist", () => {
    const auth = { authorization: `Bearer ${API_KEY}` };

    it("serves requests without Origin as usual, without CORS headers", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", { headers: auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("adds CORS headers for an allowlisted origin", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", { headers: { ...auth, origin: "https://app.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
      expect(res.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
      expect(res.headers.get("vary")).toContain("Origin");
    });

    it("refuses any other origin with 403 before touching anything", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", {
        method: "POST",
        headers: { ...auth, origin: "https://evil.example", "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(await json<ProblemResponse>(res)).toMatchObject({ code: "forbidden_origin", status: 403 });
      expect(await countRows(t, "sessions")).toBe(0);
    });

    it("answers preflight requests for allowlisted origins only, without needing the key", async ({ app: t }) => {
      const preflight = (origin: string) =>
        t.app.request("/v1/sessions", {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type",
          },
        });
      const ok = await preflight("https://app.example");
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example");
      expect(ok.headers.get("access-control-allow-methods")).toContain("POST");
      expect(ok.headers.get("access-control-allow-headers")).toContain("authorization");
      const refused = await preflight("https://evil.example");
      expect(refused.status).toBe(403);
    });

    it("is off by default: every cross-origin request is refused", async () => {
      const app = await makeTestApp();
      try {
        const res = await app.app.request("/v1/sessions", { headers: { origin: "https://app.example" } });
        expect(res.status).toBe(403);
      } finally {
        await app.close();
      }
    });
  });

  describe("security headers", () => {
    it("are on every response: success, errors, docs", async ({ app: t }) => {
      const auth = { authorization: `Bearer ${API_KEY}` };
      const session = await json<CreateSessionResponse>(
        await t.app.request("/v1/sessions", { method: "POST", headers: auth }),
      );
      const responses: Array<[string, Response]> = [
        ["health", await t.app.request("/health")],
        ["list", await t.app.request("/v1/sessions", { headers: auth })],
        ["context", await t.app.request(`/v1/sessions/${session.id}/context`, { headers: auth })],
        ["401", await t.app.request("/v1/sessions")],
        ["404", await t.app.request("/v1/nowhere", { headers: auth })],
        ["403", await t.app.request("/v1/sessions", { headers: { ...auth, origin: "https://evil.example" } })],
        ["docs", await t.app.request("/docs")],
        ["openapi", await t.app.request("/openapi.json")],
      ];
      for (const [what, res] of responses) expectSecurityHeaders(res, what);
      expect(responses[0][1].headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(responses[6][1].headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(responses[6][1].headers.get("content-security-policy")).not.toContain("unsafe-eval");
    });
  });

  describe("internal errors", () => {
    // Closes the SQLite handle under the app, so that the next read throws.
    it.skipIf(TEST_STORE === "postgres")(
      "answer 500 internal_error without a stack or the underlying message",
      async () => {
        const app = await makeTestApp();
        try {
          await createSession(app);
          app.database.sqlite.close();
          const res = await app.call("GET", "/v1/sessions", undefined, { "x-request-id": "boom-1" });
          expect(res.status).toBe(500);
          expect(res.headers.get("content-type")).toBe("application/problem+json");
          expectSecurityHeaders(res, "500");
          const text = await res.text();
          const body = JSON.parse(text) as ProblemResponse;
          expect(Object.keys(body).sort()).toEqual([
            "code",
            "detail",
            "error",
            "request_id",
            "status",
            "title",
            "type",
          ]);
          expect(body).toMatchObject({ code: "internal_error", status: 500, request_id: "boom-1" });
          expect(body.detail).toContain("boom-1");
          expect(text).not.toMatch(/database|connection|sqlite|\bat \S+ \(|\.ts:\d+|\.js:\d+/i);
        } finally {
          await app.close();
        }
      },
    );
  });

  describe("request logs", () => {
    it("write one JSON line per request with method, path, status, duration and request id, and never the key", async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split("\n").filter(Boolean));
          done();
        },
      });
      const dir = tempDir();
      const config = loadConfig({
        env: {},
        configPath: null,
        overrides: { server: { api_key: API_KEY }, database: { path: `${dir}/log.db` } },
      });
      const database = openDatabase(config.database.path);
      const store = createSqliteStore(database);
      const app = createApp({ config, store, logger: createLogger(config, sink) });
      try {
        const ok = await app.request("/v1/sessions?limit=5", {
          headers: { authorization: `Bearer ${API_KEY}`, "x-request-id": "log-1", cookie: "session=abc123" },
        });
        expect(ok.status).toBe(200);
        const bad = await app.request("/v1/sessions", {
          headers: { authorization: "Bearer sk-wrong-9d8c7b6a", "x-request-id": "log-2" },
        });
        expect(bad.status).toBe(401);

        const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        const first = records.find((r) => r.request_id === "log-1");
        expect(first).toMatchObject({
          msg: "request",
          method: "GET",
          path: "/v1/sessions",
          status: 200,
          request_id: "log-1",
        });
        expect(first!.duration_ms).toEqual(expect.any(Number));
        expect(first!.level).toBe(30);
        expect(records.find((r) => r.request_id === "log-2")).toMatchObject({ status: 401, path: "/v1/sessions" });
        const all = lines.join("\n");
        expect(all).not.toContain(API_KEY);
        expect(all).not.toContain("sk-wrong-9d8c7b6a");
        expect(all).not.toContain("abc123");
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
