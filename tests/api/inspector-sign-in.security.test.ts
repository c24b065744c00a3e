import { describe, expect, it } from "vitest";
import { json } from "../fixtures/responses.js";
import { makeTestApp, tempDir, type TestApp } from "../fixtures/test-app.js";

const KEY = "sk-inspector-test-5f1c";

/** Signs in with `key` and returns the cookie pair and the CSRF token (null when refused). */
async function signIn(t: TestApp, key = KEY) {
  const res = await t.app.request("/ui/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ api_key: key }),
  });
  const setCookie = res.headers.get("set-cookie") ?? "";
  const body = res.status === 200 ? await json<{ csrf_token: string; expires_at: string }>(res) : null;
  return { status: res.status, setCookie, cookie: setCookie.split(";")[0], csrf: body?.csrf_token ?? null };
}

/** A request carrying only the browser's cookie (no Bearer), as a page would send it. */
const withCookie = (
  t: TestApp,
  cookie: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) =>
  t.app.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const sessionCount = async (t: TestApp) => (await t.query<{ n: number }>("select count(*) as n from sessions"))[0].n;

describe("the inspector's sign-in cookie", () => {
  it("is HttpOnly, SameSite=Strict, scoped to the whole API, and stored only as a hash", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const { status, setCookie, cookie } = await signIn(t);
      expect(status).toBe(200);
      expect(setCookie).toMatch(/^caduceus_ui=[A-Za-z0-9_-]{40,};/);
      expect(setCookie).toContain("HttpOnly");
      expect(setCookie).toContain("SameSite=Strict");
      expect(setCookie).toContain("Path=/");
      expect(setCookie).toMatch(/Max-Age=43200/);
      const token = cookie.split("=")[1];
      const rows = await t.query("select * from ui_sessions");
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(KEY);
    } finally {
      await t.close();
    }
  });

  it("answers its state without a key: a wrong key, a forged cookie or none say signed_in false, never 401", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const cases: Array<Record<string, string>> = [
        {},
        { authorization: "Bearer sk-guess" },
        { cookie: "caduceus_ui=forged" },
      ];
      for (const headers of cases) {
        const res = await t.app.request("/ui/session", { headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(await json<{ signed_in: boolean; csrf_token: string | null }>(res)).toMatchObject({
          auth_required: true,
          signed_in: false,
          csrf_token: null,
        });
      }
    } finally {
      await t.close();
    }
  });

  it("refuses a wrong key and stores nothing", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const refused = await signIn(t, "sk-guess");
      expect(refused.status).toBe(401);
      expect(refused.setCookie).toBe("");
      expect(await t.query("select count(*) as n from ui_sessions")).toEqual([{ n: 0 }]);
    } finally {
      await t.close();
    }
  });

  it("authenticates reads with the cookie alone, and refuses a change without the CSRF token: nothing is created", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const { cookie, csrf } = await signIn(t);
      expect((await withCookie(t, cookie, "GET", "/v1/sessions")).status).toBe(200);
      const before = await sessionCount(t);
      // What a page of another site (or a form post) could make the browser send: the cookie, no token.
      const forged = await withCookie(t, cookie, "POST", "/v1/sessions", {}, { title: "planted" });
      expect(forged.status).toBe(403);
      expect((await json<{ code: string }>(forged)).code).toBe("csrf_token_invalid");
      const wrong = await withCookie(
        t,
        cookie,
        "POST",
        "/v1/sessions",
        { "x-csrf-token": "nope" },
        { title: "planted" },
      );
      expect(wrong.status).toBe(403);
      expect(await sessionCount(t)).toBe(before);
      const right = await withCookie(t, cookie, "POST", "/v1/sessions", { "x-csrf-token": csrf! }, { title: "mine" });
      expect(right.status).toBe(201);
      expect(await sessionCount(t)).toBe(before + 1);
    } finally {
      await t.close();
    }
  });

  it("ends on sign-out (which itself needs the token), and a forged or stale cookie is refused", async () => {
    const t = await makeTestApp({ server: { api_key: KEY } });
    try {
      const { cookie, csrf } = await signIn(t);
      expect((await withCookie(t, cookie, "DELETE", "/ui/session")).status).toBe(403);
      expect((await withCookie(t, cookie, "GET", "/v1/sessions")).status).toBe(200);
      const out = await withCookie(t, cookie, "DELETE", "/ui/session", { "x-csrf-token": csrf! });
      expect(out.status).toBe(204);
      expect(out.headers.get("set-cookie")).toMatch(/caduceus_ui=;.*Max-Age=0/);
      expect((await withCookie(t, cookie, "GET", "/v1/sessions")).status).toBe(401);
      expect((await withCookie(t, "caduceus_ui=forged-token-value", "GET", "/v1/sessions")).status).toBe(401);
      // A cookie next to a wrong Bearer key does not rescue it.
      const fresh = await signIn(t);
      const mixed = await withCookie(t, fresh.cookie, "GET", "/v1/sessions", { authorization: "Bearer wrong" });
      expect(mixed.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("expires, and ends when the server's key changes", async () => {
    const dir = tempDir();
    let clock = Date.now();
    const first = await makeTestApp({ server: { api_key: KEY } }, { dir, now: () => clock });
    const { cookie } = await signIn(first);
    try {
      clock += 11 * 60 * 60 * 1000;
      expect((await withCookie(first, cookie, "GET", "/v1/sessions")).status).toBe(200);
      clock += 2 * 60 * 60 * 1000;
      expect((await withCookie(first, cookie, "GET", "/v1/sessions")).status).toBe(401);
    } finally {
      await first.close();
    }
    const second = await makeTestApp({ server: { api_key: KEY } }, { dir });
    const kept = await signIn(second);
    await second.close();
    const rotated = await makeTestApp({ server: { api_key: "sk-rotated-key-9a" } }, { dir });
    try {
      expect((await withCookie(rotated, kept.cookie, "GET", "/v1/sessions")).status).toBe(401);
    } finally {
      await rotated.close();
    }
  });
});
