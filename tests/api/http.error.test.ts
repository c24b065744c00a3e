import { describe, expect } from "vitest";
import { json, type GetSessionResponse, type ProblemResponse, type ValidationProblem } from "../fixtures/responses.js";
import { appendMessage, countRows, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none", overrides: { server: { max_body_bytes: 4096 } } });

const PROBLEM_KEYS = ["code", "detail", "request_id", "status", "title", "type"];

describe("HTTP conventions", () => {
  describe("problem+json errors", () => {
    it("answers validation failures with the RFC 9457 shape and every failing field", async ({ app: t }) => {
      const res = await t.call(
        "POST",
        "/v1/sessions",
        { title: 1, model: 2, system_prompt: 3 },
        { "x-request-id": "trace-123" },
      );
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      const body = await json<ValidationProblem>(res);
      expect(Object.keys(body).sort()).toEqual([...PROBLEM_KEYS, "errors", "error"].sort());
      expect(body).toMatchObject({ status: 400, code: "validation_failed", request_id: "trace-123" });
      expect(body.type).toMatch(/^https:\/\//);
      expect(body.errors.map((e) => e.location).sort()).toEqual(["body.model", "body.system_prompt", "body.title"]);
    });

    it("carries the OpenAI envelope's error member on every /v1 path, known or not, for OpenAI and Hermes clients", async ({
      app: t,
    }) => {
      for (const [method, path, status, code, type] of [
        ["GET", "/v1/sessions/ses_missing", 404, "not_found", "not_found_error"],
        ["GET", "/v1/no-such-route", 404, "not_found", "not_found_error"],
        ["POST", "/v1/sessions", 400, "validation_failed", "invalid_request_error"],
      ] as const) {
        const res = await t.call(method, path, method === "POST" ? { title: 7 } : undefined);
        expect(res.status, path).toBe(status);
        const body = await json<ProblemResponse & { error: Record<string, unknown> }>(res);
        expect(body, path).toMatchObject({ code, status, error: { code, type, message: body.detail } });
      }
      expect(
        (
          await json<ValidationProblem & { error: { param: string } }>(
            await t.call("POST", "/v1/sessions", { title: 7 }),
          )
        ).error.param,
      ).toBe("title");
      // A problem and its `error` member name a failure once, by the same code.
      const big = await t.call("POST", "/v1/sessions", { title: "x".repeat(5000) });
      expect(big.status).toBe(413);
      expect(await json<ProblemResponse & { error: { code: string } }>(big)).toMatchObject({
        code: "payload_too_large",
        error: { code: "payload_too_large" },
      });
      // The OpenAI envelope alone (chat completions) uses OpenAI's and Hermes's name where theirs differs from ours.
      const chat = await t.call("POST", "/v1/chat/completions", {
        model: "x",
        messages: [{ role: "user", content: "x".repeat(5000) }],
      });
      expect(chat.status).toBe(413);
      const envelope = await json<{ code?: string; error: { code: string } }>(chat);
      expect(envelope.error.code).toBe("body_too_large");
      expect(envelope.code).toBeUndefined();
      // Outside /v1 the problem stays plain.
      const health = await json<Record<string, unknown>>(await t.call("GET", "/no-such-route"));
      expect(health.error).toBeUndefined();
    });

    it("refuses a JSON body sent as form data (curl -d) instead of reading it as {}", async ({ app: t }) => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const created = await t.app.request("/v1/sessions", { method: "POST", headers: form, body: '{"title":"x"}' });
      expect(created.status).toBe(415);
      const body = await json<ProblemResponse>(created);
      expect(body).toMatchObject({
        code: "unsupported_media_type",
        status: 415,
        errors: [{ location: "header.content-type" }],
      });
      expect(body.detail).toContain("application/json");
      expect(await countRows(t, "sessions")).toBe(0);

      // The same with an explicit length, as curl sends it, and on the other JSON routes.
      const withLength = await t.app.request("/v1/sessions", {
        method: "POST",
        headers: { ...form, "content-length": "13" },
        body: '{"title":"x"}',
      });
      expect(withLength.status).toBe(415);
      const session = await createSession(t);
      const message = await t.app.request(`/v1/sessions/${session.id}/messages`, {
        method: "POST",
        headers: form,
        body: '{"content":"x","run":false}',
      });
      expect(message.status).toBe(415);
      const patch = await t.app.request(`/v1/sessions/${session.id}`, {
        method: "PATCH",
        headers: { "content-type": "text/plain" },
        body: '{"title":"y"}',
      });
      expect(patch.status).toBe(415);
      expect(await countRows(t, "messages")).toBe(0);
      expect((await json<GetSessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`))).title).toBeNull();
    });

    it("answers malformed JSON with a 400 problem", async ({ app: t }) => {
      const res = await t.call("POST", "/v1/sessions", '{"title": "unterminated');
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(await json<ProblemResponse>(res)).toMatchObject({
        code: "validation_failed",
        errors: [{ location: "body" }],
      });
    });

    it("answers unknown routes with a 404 problem", async ({ app: t }) => {
      for (const [method, path] of [
        ["GET", "/v1/nothing-here"],
        ["GET", "/nothing-here"],
      ]) {
        const res = await t.call(method, path);
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toBe("application/problem+json");
        const body = await json<ProblemResponse>(res);
        expect(body).toMatchObject({ code: "not_found", status: 404 });
        expect(body.detail).toContain(path);
      }
    });

    it("answers a path it serves under other methods with 405 and Allow", async ({ app: t }) => {
      for (const [method, path, allowed] of [
        ["PUT", "/v1/sessions", "GET, HEAD, POST"],
        ["POST", "/v1/sessions/ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T/summaries", "GET, HEAD"],
        ["DELETE", "/health", "GET, HEAD"],
      ]) {
        const res = await t.call(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe(allowed);
        expect(res.headers.get("content-type")).toBe("application/problem+json");
        const body = await json<ProblemResponse & { allowed_methods: string[] }>(res);
        expect(body).toMatchObject({ code: "method_not_allowed", status: 405, allowed_methods: allowed.split(", ") });
        expect(body.detail).toContain(`${method} is not served at ${path}`);
      }
    });
  });

  describe("Idempotency-Key", () => {
    it("does not store failures, so a corrected retry with the same key goes through", async () => {
      const app = await makeTestApp();
      try {
        const bad = await app.call(
          "POST",
          "/v1/sessions",
          { config: { engine: "nope" } },
          { "idempotency-key": "k-retry" },
        );
        expect(bad.status).toBe(400);
        expect(await countRows(app, "idempotency_keys")).toBe(0);
        const badKey = await app.call("POST", "/v1/sessions", {}, { "idempotency-key": "k".repeat(300) });
        expect(badKey.status).toBe(400);
        expect((await json<ValidationProblem>(badKey)).errors[0].location).toBe("header.idempotency-key");
      } finally {
        await app.close();
      }
    });
  });

  describe("body size limit", () => {
    it("refuses a body over server.max_body_bytes with 413 and stores nothing", async ({ app: t }) => {
      const session = await createSession(t);
      const res = await t.call("POST", `/v1/sessions/${session.id}/messages`, {
        content: "x".repeat(8000),
        run: false,
      });
      expect(res.status).toBe(413);
      expect(await json<ProblemResponse>(res)).toMatchObject({ code: "payload_too_large", status: 413 });
      expect(await countRows(t, "messages", session.id)).toBe(0);

      const declared = await t.app.request(`/v1/sessions/${session.id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "100000" },
        body: JSON.stringify({ content: "x".repeat(8000), run: false }),
      });
      expect(declared.status).toBe(413);
      // Just under the limit is fine.
      const fits = await appendMessage(t, session.id, { content: "y".repeat(3500) });
      expect(fits.seq).toBe(1);
    });
  });
});
