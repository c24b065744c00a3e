import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp } from "../fixtures/test-app.js";

describe("profile names and the profiles folder", () => {
  it("refuses a profile name that is a path, on create and on PATCH, and creates nothing", async () => {
    const t = await makeTestApp();
    try {
      for (const profile of ["../escape", "/tmp/abs", "a/b", "..", ".hidden", "x".repeat(65), "con\u0000"]) {
        const created = await t.call("POST", "/v1/sessions", { config: { browser: { profile } } });
        expect(created.status, profile).toBe(400);
      }
      const id = await createSessionId(t);
      const patched = await t.call("PATCH", `/v1/sessions/${id}`, { config: { browser: { profile: "../../etc" } } });
      expect(patched.status).toBe(400);
      const body = await json<{ errors: Array<{ location: string }> }>(patched);
      expect(body.errors[0].location).toBe("body.config.browser.profile");
      expect(existsSync(join(t.dir, "profiles"))).toBe(false);
      expect(readdirSync(join(t.dir, ".."))).not.toContain("escape");
    } finally {
      await t.close();
    }
  });

  it("keeps the profiles folder server-only: a session cannot point it anywhere", async () => {
    const t = await makeTestApp();
    try {
      const created = await t.call("POST", "/v1/sessions", { config: { browser: { profiles_dir: "/tmp/evil" } } });
      expect(created.status).toBe(400);
      const body = await json<{ errors: Array<{ location: string; message: string }> }>(created);
      expect(body.errors[0]).toMatchObject({ location: "body.config.browser.profiles_dir" });
      expect(body.errors[0].message).toContain("server-only");
      expect(existsSync("/tmp/evil")).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("refuses a profile with a CDP URL: a browser we attach to keeps its own profile", async () => {
    const t = await makeTestApp({ browser: { allowed_cdp_hosts: ["127.0.0.1"] } });
    try {
      const id = await createSessionId(t, {
        config: { browser: { profile: "work", cdp_url: "http://127.0.0.1:9/" } },
      });
      const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: "http://127.0.0.1:9/" });
      expect(res.status).toBe(400);
      expect((await json<{ detail: string }>(res)).detail).toContain("browser.cdp_url");
      expect(existsSync(join(t.dir, "profiles"))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
