import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/load.js";
import { openDatabase } from "../../src/db/database.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import { createLogger } from "../../src/logger.js";
import {
  json,
  type CreateSessionResponse,
  type PostMessageAppendedResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { countRows, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

const it = withApp({ model: "none", overrides: { server: { max_body_bytes: 4096 } } });

describe("HTTP conventions", () => {
  describe("JSON bodies", () => {
    it("accepts JSON with a charset parameter", async ({ app: t }) => {
      const res = await t.app.request("/v1/sessions", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: '{"title":"utf"}',
      });
      expect(res.status).toBe(201);
    });

    it("reads an empty JSON body as {}: optional bodies work, required fields are named", async ({ app: t }) => {
      const created = await t.app.request("/v1/sessions", {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      expect(created.status).toBe(201);
      const session = await json<CreateSessionResponse>(created);
      const res = await t.app.request(`/v1/sessions/${session.id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "",
      });
      expect(res.status).toBe(400);
      expect(await json<ProblemResponse>(res)).toMatchObject({
        code: "validation_failed",
        errors: [{ location: "body.content" }],
      });
    });
  });

  describe("X-Request-Id", () => {
    it("echoes the client's id and uses it in error bodies", async ({ app: t }) => {
      const ok = await t.call("GET", "/v1/sessions", undefined, { "x-request-id": "client-id-1" });
      expect(ok.headers.get("x-request-id")).toBe("client-id-1");
      const missing = await t.call("GET", "/v1/sessions/ses_nope", undefined, { "x-request-id": "client-id-2" });
      expect(missing.headers.get("x-request-id")).toBe("client-id-2");
      expect((await json<ProblemResponse>(missing)).request_id).toBe("client-id-2");
    });

    it("generates one when absent or unusable, the same in the header and the body", async ({ app: t }) => {
      const variants: Array<Record<string, string>> = [
        {},
        { "x-request-id": "has spaces and\ttabs" },
        { "x-request-id": "x".repeat(300) },
      ];
      for (const headers of variants) {
        const res = await t.call("GET", "/v1/sessions/ses_nope", undefined, headers);
        const id = res.headers.get("x-request-id");
        expect(id).toMatch(/^req_[0-9A-Z]{26}$/);
        expect((await json<ProblemResponse>(res)).request_id).toBe(id);
      }
      const a = await t.call("GET", "/health");
      const b = await t.call("GET", "/health");
      expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    });
  });

  describe("Idempotency-Key", () => {
    it("replays the stored response for the same key and body, and refuses a different body", async () => {
      const app = await makeTestApp();
      try {
        const body = { title: "once", system_prompt: "p" };
        const first = await app.call("POST", "/v1/sessions", body, { "idempotency-key": "create-1" });
        expect(first.status).toBe(201);
        expect(first.headers.get("idempotency-replayed")).toBeNull();
        const created = await json<CreateSessionResponse>(first);

        const second = await app.call("POST", "/v1/sessions", body, { "idempotency-key": "create-1" });
        expect(second.status).toBe(201);
        expect(second.headers.get("idempotency-replayed")).toBe("true");
        expect(second.headers.get("location")).toBe(`/v1/sessions/${created.id}`);
        expect(await json<CreateSessionResponse>(second)).toEqual(created);
        expect(await countRows(app, "sessions")).toBe(1);

        const conflict = await app.call("POST", "/v1/sessions", { title: "twice" }, { "idempotency-key": "create-1" });
        expect(conflict.status).toBe(409);
        expect(await json<ProblemResponse>(conflict)).toMatchObject({ code: "idempotency_key_conflict", status: 409 });
        expect(await countRows(app, "sessions")).toBe(1);

        const stored = await app.query<{
          key: string;
          status: number;
          created_at: number;
          expires_at: number;
          body: string;
        }>("select key, status, created_at, expires_at, body from idempotency_keys");
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ key: "create-1", status: 201 });
        expect(stored[0].expires_at - stored[0].created_at).toBe(24 * 60 * 60 * 1000);
        expect((JSON.parse(stored[0].body) as CreateSessionResponse).id).toBe(created.id);
      } finally {
        await app.close();
      }
    });

    it("appends a message once per key, and scopes keys by route", async () => {
      const app = await makeTestApp();
      try {
        const session = await createSession(app);
        const path = `/v1/sessions/${session.id}/messages`;
        const body = { role: "user", content: "only once", run: false };
        const a = await json<PostMessageAppendedResponse>(
          await app.call("POST", path, body, { "idempotency-key": "msg-1" }),
        );
        const replay = await app.call("POST", path, body, { "idempotency-key": "msg-1" });
        expect(replay.headers.get("idempotency-replayed")).toBe("true");
        expect((await json<PostMessageAppendedResponse>(replay)).messages[0].id).toBe(a.messages[0].id);
        expect(await countRows(app, "messages", session.id)).toBe(1);

        // The same key on another route is a different request.
        const other = await app.call("POST", "/v1/sessions", {}, { "idempotency-key": "msg-1" });
        expect(other.status).toBe(201);
        expect(other.headers.get("idempotency-replayed")).toBeNull();
      } finally {
        await app.close();
      }
    });

    it("keeps a key for 24 hours, then forgets it and sweeps the expired rows", async () => {
      const HOUR_MS = 60 * 60 * 1000;
      let clock = Date.parse("2026-01-01T00:00:00Z");
      const dir = tempDir();
      const config = loadConfig({
        env: {},
        configPath: null,
        overrides: { logging: { level: "silent" }, database: { path: join(dir, "idem.db") } },
      });
      const database = openDatabase(config.database.path);
      const store = createSqliteStore(database);
      const app = createApp({ config, store, logger: createLogger(config), now: () => clock });
      const post = (key: string) =>
        app.request("/v1/sessions", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: '{"title":"t"}',
        });
      try {
        const first = await json<CreateSessionResponse>(await post("day-key"));
        clock += 23 * HOUR_MS;
        const replay = await post("day-key");
        expect(replay.headers.get("idempotency-replayed")).toBe("true");
        expect((await json<CreateSessionResponse>(replay)).id).toBe(first.id);

        clock += 2 * HOUR_MS; // 25 h after the first request
        const fresh = await post("day-key");
        expect(fresh.headers.get("idempotency-replayed")).toBeNull();
        expect((await json<CreateSessionResponse>(fresh)).id).not.toBe(first.id);
        await post("other-key");
        clock += 25 * HOUR_MS;
        await post("late-key"); // stores a key and sweeps the ones that expired
        const keys = (
          database.sqlite.prepare("select key from idempotency_keys order by key").all() as Array<{ key: string }>
        ).map((r) => r.key);
        expect(keys).toEqual(["late-key"]);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
