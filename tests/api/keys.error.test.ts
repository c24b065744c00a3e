/**
 * What the key routes refuse: an unknown scope (named), an expiry in the past, a malformed owner, a key that is not
 * there or is revoked, the admin routes for a key without the admin scope, a key nobody made; and the server without
 * any key asks for none until an API key exists.
 */
import { describe, expect } from "vitest";
import { makeKey, SERVER_KEY, withKey } from "../fixtures/keys.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none", overrides: { server: { api_key: SERVER_KEY } } });

describe("API key errors", () => {
  it("refuses an unknown scope, naming it, and stores nothing", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/admin/keys", { name: "x", scopes: ["sessions:read", "sessions:delete"] });
    expect(res.status).toBe(400);
    const problem = await json<ProblemResponse>(res);
    expect(problem.code).toBe("validation_failed");
    expect(problem.detail).toContain('"sessions:delete"');
    expect(problem.errors).toEqual([
      { location: "body.scopes.1", message: expect.stringContaining('unknown scope "sessions:delete"') },
    ]);
    const [{ n }] = await t.query<{ n: number }>("select count(*) as n from api_keys");
    expect(n).toBe(0);
  });

  it("refuses an expiry in the past, a malformed owner and no scopes", async ({ app: t }) => {
    const past = await t.call("POST", "/v1/admin/keys", {
      name: "x",
      scopes: ["mcp"],
      expires_at: "2001-01-01T00:00:00Z",
    });
    expect(past.status).toBe(400);
    expect((await json<ProblemResponse>(past)).errors?.[0].location).toBe("body.expires_at");
    const owner = await t.call("POST", "/v1/admin/keys", { name: "x", scopes: ["mcp"], owner: "a b/c" });
    expect(owner.status).toBe(400);
    expect((await json<ProblemResponse>(owner)).errors?.[0].location).toBe("body.owner");
    const none = await t.call("POST", "/v1/admin/keys", { name: "x", scopes: [] });
    expect(none.status).toBe(400);
  });

  it("answers 404 for a key that is not there, and for a change or revocation of a revoked one", async ({ app: t }) => {
    expect((await t.call("GET", "/v1/admin/keys/key_missing")).status).toBe(404);
    expect((await t.call("DELETE", "/v1/admin/keys/key_missing")).status).toBe(404);
    const made = await makeKey(t, { name: "gone", scopes: ["mcp"] });
    expect((await t.call("DELETE", `/v1/admin/keys/${made.key.id}`)).status).toBe(204);
    const again = await t.call("DELETE", `/v1/admin/keys/${made.key.id}`);
    expect(again.status).toBe(404);
    expect((await json<ProblemResponse>(again)).detail).toContain("revoked");
    expect((await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { name: "back" })).status).toBe(404);
  });

  it("keeps the admin routes from a key without the admin scope", async ({ app: t }) => {
    const made = await makeKey(t, { name: "plain", scopes: ["sessions:read", "sessions:write"] });
    for (const [method, path] of [
      ["GET", "/v1/admin/keys"],
      ["POST", "/v1/admin/keys"],
      ["DELETE", `/v1/admin/keys/${made.key.id}`],
      ["GET", "/v1/admin/audit"],
    ]) {
      const res = await made.call(method, path, method === "POST" ? { name: "x", scopes: ["admin"] } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await json<ProblemResponse>(res)).toMatchObject({ code: "insufficient_scope", required_scope: "admin" });
    }
    expect((await made.call("GET", "/v1/sessions")).status).toBe(200);
  });

  it("refuses a key nobody made, and one shaped like ours", async ({ app: t }) => {
    for (const secret of ["cad_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "not-a-key"]) {
      const res = await withKey(t, secret).call("GET", "/v1/sessions");
      expect(res.status).toBe(401);
      expect((await json<ProblemResponse>(res)).detail).toBe("the API key is not valid");
    }
  });
});

describe("a server without server.api_key", () => {
  it("asks for no key until an API key exists, then for one on every request", async () => {
    const t = await makeTestApp({ model: { provider: "openai" } });
    try {
      expect((await t.call("GET", "/v1/sessions")).status).toBe(200);
      const res = await t.call("POST", "/v1/admin/keys", { name: "first", scopes: ["admin"] });
      expect(res.status).toBe(201);
      const { key } = await json<{ key: string }>(res);
      const refused = await t.call("GET", "/v1/sessions");
      expect(refused.status).toBe(401);
      expect((await withKey(t, key).call("GET", "/v1/sessions")).status).toBe(200);
      const state = await json<{ auth_required: boolean }>(await t.app.request("/ui/session"));
      expect(state.auth_required).toBe(true);
      // A caller-chosen session key is trusted from a caller with an API key (here only the model is missing).
      const keyed = await withKey(t, key).call("POST", "/v1/runs", { input: "hi" }, { "x-hermes-session-key": "chan" });
      expect((await json<{ error: { code: string } }>(keyed)).error.code).toBe("model_not_configured");
    } finally {
      await t.close();
    }
  });
});
