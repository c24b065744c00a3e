import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { inspectorPage } from "../../src/routes/inspector/page.js";
import { json } from "../fixtures/responses.js";
import { makeTestApp, tempDir } from "../fixtures/test-app.js";

const KEY = "sk-inspector-test-5f1c";

describe("the inspector's sign-in", () => {
  it("says a loopback server without a key needs no sign-in, and refuses one", async () => {
    const t = await makeTestApp();
    try {
      const state = await json(await t.call("GET", "/ui/session"));
      expect(state).toEqual({ auth_required: false, signed_in: false, csrf_token: null, expires_at: null });
      const res = await t.call("POST", "/ui/session", { api_key: "anything" });
      expect(res.status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it("signs in once, hands the CSRF token to a reloaded page, and streams events with the cookie", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      expect(await json(await t.app.request("/ui/session"))).toMatchObject({ auth_required: true, signed_in: false });
      const res = await t.app.request("/ui/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: KEY }),
      });
      const made = await json<{ csrf_token: string; expires_at: string }>(res);
      const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
      expect(new Date(made.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1000);
      const state = await json(await t.app.request("/ui/session", { headers: { cookie } }));
      expect(state).toEqual({
        auth_required: true,
        signed_in: true,
        csrf_token: made.csrf_token,
        expires_at: made.expires_at,
      });

      const created = await t.app.request("/v1/sessions", {
        method: "POST",
        headers: { cookie, "x-csrf-token": made.csrf_token, "content-type": "application/json" },
        body: "{}",
      });
      const { id } = await json<{ id: string }>(created);
      const events = await t.app.request(`/v1/sessions/${id}/events`, { headers: { cookie } });
      expect(events.status).toBe(200);
      expect(events.headers.get("content-type")).toContain("text/event-stream");
      await events.body!.cancel();
    } finally {
      await t.close();
    }
  });

  it("sends / to the page, without asking for the key", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const res = await t.app.request("/");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/ui/");
      const page = await t.app.request("/ui/sessions/ses_1");
      expect([200, 503]).toContain(page.status);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    } finally {
      await t.close();
    }
  });
});

describe("the inspector's files", () => {
  const dir = tempDir("caduceus-ui-");
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Inspector</title>");
  writeFileSync(join(dir, "assets", "index-3f2a1b.js"), "console.log('inspector')");
  const app = new Hono().route("/", inspectorPage(dir.endsWith("/") ? dir : `${dir}/`));

  it("serves hashed assets for a year and every page path as the page itself, never cached", async () => {
    const asset = await app.request("/ui/assets/index-3f2a1b.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/ui/", "/ui/sessions/ses_1/context"]) {
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Inspector</title>");
      expect(page.headers.get("cache-control")).toBe("no-cache");
    }
    expect((await app.request("/ui/assets/missing.js")).status).toBe(404);
  });

  it("never serves a file outside its folder", async () => {
    for (const path of [
      "/ui/assets/..%2f..%2fetc%2fpasswd",
      "/ui/assets/%2e%2e/%2e%2e/etc/passwd",
      "/ui/assets/../../package.json",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("root:");
    }
  });
});
