/**
 * API keys made, read, changed, revoked and expired through the admin routes: the secret answered once with its
 * recognisable prefix, never again, stored as a hash only; a key acts as its owner with its scopes; a revoked or
 * expired key is refused at once; the server key stays an admin.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { makeKey, SERVER_KEY, withKey } from "../fixtures/keys.js";
import {
  json,
  type ApiKeyResponse,
  type CurrentKeyResponse,
  type ListKeysResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import { TEST_STORE, type TestApp } from "../fixtures/test-app.js";

/** The services' clock, moved by the expiry test. */
const clock = { offsetMs: 0 };
const it = withApp({ overrides: { server: { api_key: SERVER_KEY } }, now: () => Date.now() + clock.offsetMs });

/** Everything the database holds, as text: the SQLite file and its log, or every row of every PostgreSQL table. */
async function everythingStored(t: TestApp): Promise<string> {
  if (TEST_STORE === "sqlite") {
    const path = t.config.database.path;
    return [path, `${path}-wal`]
      .filter(existsSync)
      .map((file) => readFileSync(file).toString("latin1"))
      .join("");
  }
  const tables = await t.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public'",
  );
  let all = "";
  for (const { name } of tables) {
    const rows = await t.query<{ row: string }>(`select t::text as row from "${name}" t`);
    all += rows.map((r) => r.row).join("\n");
  }
  return all;
}

describe("API keys", () => {
  it("answers a new key's secret once, with its prefix, and never again", async ({ app: t }) => {
    const made = await makeKey(t, {
      name: "support bot",
      scopes: ["sessions:read", "sessions:write"],
      limits: { requests_per_minute: 600 },
    });
    const { key } = made;
    expect(key.key).toMatch(/^cad_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      object: "api_key",
      name: "support bot",
      owner: key.id,
      scopes: ["sessions:read", "sessions:write"],
      limits: { requests_per_minute: 600 },
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      start: key.key.slice(0, 8),
    });
    const read = await json<ApiKeyResponse>(await t.call("GET", `/v1/admin/keys/${key.id}`));
    expect(read).not.toHaveProperty("key");
    expect(JSON.stringify(read)).not.toContain(key.key);
    const listed = await json<ListKeysResponse>(await t.call("GET", "/v1/admin/keys"));
    expect(listed.data.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    // The key acts as its owner, with its scopes.
    const me = await json<CurrentKeyResponse>(await made.call("GET", "/v1/key"));
    expect(me).toMatchObject({ owner: key.id, admin: false, scopes: ["sessions:read", "sessions:write"] });
    expect(me.key?.id).toBe(key.id);
    const server = await json<CurrentKeyResponse>(await t.call("GET", "/v1/key"));
    expect(server).toMatchObject({ key: null, owner: null, admin: true });
  });

  it("stores a hash of the secret only: the database holds no key", async ({ app: t }) => {
    const { key } = await makeKey(t, { name: "hashed", scopes: ["sessions:read"] });
    const [row] = await t.query<{ secret_hash: string; start: string }>(
      "select secret_hash, start from api_keys where id = $1",
      [key.id],
    );
    expect(row.secret_hash).toBe(createHash("sha256").update(key.key).digest("hex"));
    expect(row.start).toBe(key.key.slice(0, 8));
    // Used, listed and audited: still nowhere.
    expect((await withKey(t, key.key).call("GET", "/v1/sessions")).status).toBe(200);
    const stored = await everythingStored(t);
    expect(stored).toContain(key.id);
    expect(stored).not.toContain(key.key);
    expect(stored).not.toContain(key.key.slice(8));
  });

  it("makes sessions its owner's, and a named owner's keys share them", async ({ app: t }) => {
    const first = await makeKey(t, { name: "team 1", owner: "team-blue", scopes: ["sessions:read", "sessions:write"] });
    const second = await makeKey(t, { name: "team 2", owner: "team-blue", scopes: ["sessions:read"] });
    const created = await json<{ id: string }>(await first.call("POST", "/v1/sessions", { title: "shared" }));
    expect((await second.call("GET", `/v1/sessions/${created.id}`)).status).toBe(200);
    const [row] = await t.query<{ owner: string }>("select owner from sessions where id = $1", [created.id]);
    expect(row.owner).toBe("team-blue");
  });

  it("applies a change of scopes from the key's next request", async ({ app: t }) => {
    const made = await makeKey(t, { name: "changing", scopes: ["sessions:read", "sessions:write"] });
    expect((await made.call("POST", "/v1/sessions", {})).status).toBe(201);
    const changed = await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { scopes: ["sessions:read"], name: "ro" });
    expect(await json<ApiKeyResponse>(changed)).toMatchObject({ name: "ro", scopes: ["sessions:read"] });
    const limited = await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, {
      limits: { tokens_per_day: 500, concurrent_runs: 2 },
    });
    expect((await json<ApiKeyResponse>(limited)).limits).toEqual({ tokens_per_day: 500, concurrent_runs: 2 });
    const lifted = await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { limits: { tokens_per_day: null } });
    expect((await json<ApiKeyResponse>(lifted)).limits).toEqual({ concurrent_runs: 2 });
    const refused = await made.call("POST", "/v1/sessions", {});
    expect(refused.status).toBe(403);
    expect(await json<ProblemResponse>(refused)).toMatchObject({ required_scope: "sessions:write" });
  });

  it("refuses a revoked key from its next request on, and keeps it listed as revoked", async ({ app: t }) => {
    const made = await makeKey(t, { name: "leaked", scopes: ["sessions:read"] });
    expect((await made.call("GET", "/v1/sessions")).status).toBe(200);
    expect((await t.call("DELETE", `/v1/admin/keys/${made.key.id}`)).status).toBe(204);
    const refused = await made.call("GET", "/v1/sessions");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await json<ProblemResponse>(refused)).detail).toBe("the API key was revoked");
    const read = await json<ApiKeyResponse>(await t.call("GET", `/v1/admin/keys/${made.key.id}`));
    expect(read.revoked_at).not.toBeNull();
    const live = await json<ListKeysResponse>(await t.call("GET", "/v1/admin/keys"));
    expect(live.data.map((k) => k.id)).not.toContain(made.key.id);
    const all = await json<ListKeysResponse>(await t.call("GET", "/v1/admin/keys?include_revoked=true"));
    expect(all.data.map((k) => k.id)).toContain(made.key.id);
  });

  it("refuses an expired key, and one whose expiry is lifted works again", async ({ app: t }) => {
    const expiresAt = new Date(Date.now() + clock.offsetMs + 60 * 60 * 1000).toISOString();
    const made = await makeKey(t, { name: "short", scopes: ["sessions:read"], expires_at: expiresAt });
    expect(made.key.expires_at).toBe(expiresAt);
    expect((await made.call("GET", "/v1/sessions")).status).toBe(200);
    clock.offsetMs += 2 * 60 * 60 * 1000;
    try {
      const refused = await made.call("GET", "/v1/sessions");
      expect(refused.status).toBe(401);
      expect((await json<ProblemResponse>(refused)).detail).toBe("the API key has expired");
      await t.call("PATCH", `/v1/admin/keys/${made.key.id}`, { expires_at: null });
      expect((await made.call("GET", "/v1/sessions")).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("makes a key with the admin scope an admin, which may make keys itself", async ({ app: t }) => {
    const admin = await makeKey(t, { name: "ops", scopes: ["admin"] });
    const res = await admin.call("POST", "/v1/admin/keys", { name: "made by ops", scopes: ["mcp"] });
    expect(res.status).toBe(201);
    expect(await json<ApiKeyResponse>(res)).toMatchObject({ created_by: admin.key.id, owner: expect.any(String) });
    expect((await admin.call("GET", "/v1/mcp/servers")).status).toBe(200);
    expect(
      (await withKey(t, SERVER_KEY).call("GET", `/v1/admin/keys?owner=${encodeURIComponent(admin.key.owner)}`)).status,
    ).toBe(200);
  });
});
