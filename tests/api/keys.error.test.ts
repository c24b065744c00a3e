/**
 * What the key routes refuse: an unknown scope (named), an expiry in the past, a malformed owner, a key that is not
 * there or is revoked, the admin routes for a key without the admin scope, a key nobody made; and the server without
 * `server.api_key` asks for no key, even once API keys exist, while a request that shows one acts as that key.
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

  it("refuses a change to an unknown scope, naming it, and leaves the key as it was", async ({ app: t }) => {
    const made = await makeKey(t, { name: "steady", scopes: ["mcp"] });
    const res = await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { scopes: ["mcp", "root"] });
    expect(res.status).toBe(400);
    const problem = await json<ProblemResponse>(res);
    expect(problem.errors?.[0]).toMatchObject({
      location: expect.stringMatching(/scopes/),
      message: expect.stringContaining('"root"'),
    });
    expect((await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { limits: { tokens_per_day: 0 } })).status).toBe(
      400,
    );
    const read = await json<{ scopes: string[] }>(await t.call("GET", `/v1/admin/keys/${made.key.id}`));
    expect(read.scopes).toEqual(["mcp"]);
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
  it("asks for no key, as before keys existed, and lets a request that shows an API key act as that key", async () => {
    const t = await makeTestApp({ model: { provider: "openai" } });
    try {
      const res = await t.call("POST", "/v1/admin/keys", { name: "first", owner: "team", scopes: ["sessions:read"] });
      expect(res.status).toBe(201);
      const { key, id } = await json<{ key: string; id: string }>(res);
      const made = await json<{ id: string }>(await t.call("POST", "/v1/sessions", {}));
      // Without a key the loopback caller is an admin, as before; with one it is that key's owner.
      expect((await t.call("GET", `/v1/sessions/${made.id}`)).status).toBe(200);
      expect((await withKey(t, key).call("GET", `/v1/sessions/${made.id}`)).status).toBe(404);
      expect((await withKey(t, key).call("POST", "/v1/sessions", {})).status).toBe(403);
      const state = await json<{ auth_required: boolean }>(await t.app.request("/ui/session"));
      expect(state.auth_required).toBe(false);
      // A caller-chosen session key is trusted from a caller with an API key (here only the model is missing).
      const keyed = await withKey(t, key).call("POST", "/v1/runs", { input: "hi" }, { "x-hermes-session-key": "c" });
      expect(keyed.status).toBe(403);
      expect((await json<{ error: { code: string } }>(keyed)).error.code).toBe("insufficient_scope");
      // A key of ours that is not live is refused, not taken for no key.
      await t.call("DELETE", `/v1/admin/keys/${id}`);
      expect((await withKey(t, key).call("GET", "/v1/sessions")).status).toBe(401);
      expect((await withKey(t, "cad_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").call("GET", "/v1/sessions")).status).toBe(401);
      // Any other header is no key of ours: ignored, as it always was here.
      expect((await withKey(t, "sk-anything").call("GET", "/v1/sessions")).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("trusts X-Hermes-Session-Key from a caller with an API key", async () => {
    const t = await makeTestApp({ model: { provider: "openai" } });
    try {
      const made = await json<{ key: string }>(
        await t.call("POST", "/v1/admin/keys", { name: "writer", scopes: ["sessions:write"] }),
      );
      const keyed = await withKey(t, made.key).call(
        "POST",
        "/v1/runs",
        { input: "hi" },
        { "x-hermes-session-key": "c" },
      );
      expect((await json<{ error: { code: string } }>(keyed)).error.code).toBe("model_not_configured");
      const anonymous = await t.call("POST", "/v1/runs", { input: "hi" }, { "x-hermes-session-key": "c" });
      expect((await json<{ error: { code: string } }>(anonymous)).error.code).toBe("session_key_requires_auth");
    } finally {
      await t.close();
    }
  });
});
