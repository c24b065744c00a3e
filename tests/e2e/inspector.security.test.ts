import { describe, expect } from "vitest";
import { withInspector } from "../fixtures/inspector.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const KEY = "sk-inspector-e2e-csrf-91b0";
const it = withInspector(withApp({ overrides: { server: { api_key: KEY } } }));
const WAIT_MS = 15_000;

describe("the inspector's cookie without its CSRF token", () => {
  it("refuses a request that carries the cookie but not the token, and changes nothing", async ({
    app: t,
    pages,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Keep me" });
    const page = await inspector.open();
    await page.getByLabel("API key").fill(KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Keep me" }).waitFor({ timeout: WAIT_MS });
    const count = async () => ((await (await t.call("GET", "/v1/sessions")).json()) as { data: unknown[] }).data.length;
    const before = await count();

    // The browser's own cookie jar, as any request the browser sends would carry it, but no X-CSRF-Token.
    const jar = page.context().request;
    const created = await jar.post(`${inspector.baseUrl}/v1/sessions`, { data: { title: "forged" } });
    expect(created.status()).toBe(403);
    const removed = await jar.delete(`${inspector.baseUrl}/v1/sessions/${id}`);
    expect(removed.status()).toBe(403);
    // Reading is allowed with the cookie alone.
    expect((await jar.get(`${inspector.baseUrl}/v1/sessions/${id}`)).status()).toBe(200);

    // A page of another site posting to the inspector's server: the cookie stays home (SameSite=Strict).
    const other = await page.context().newPage();
    await other.goto(pages.url("localhost", "/plain"));
    await other.evaluate(
      async ({ url, id }) => {
        await Promise.allSettled([
          fetch(`${url}/v1/sessions/${id}`, { method: "DELETE", mode: "no-cors", credentials: "include" }),
          fetch(`${url}/v1/sessions`, {
            method: "POST",
            mode: "no-cors",
            credentials: "include",
            headers: { "content-type": "text/plain" },
            body: JSON.stringify({ title: "forged cross-site" }),
          }),
        ]);
      },
      { url: inspector.baseUrl, id },
    );
    // The page's own requests still work: it sends the token.
    await page.getByText("New session").click();
    await page.getByLabel("Title").fill("Made with the token");
    await page.getByRole("button", { name: "Create session" }).click();
    await page.getByRole("heading", { name: "Made with the token" }).waitFor({ timeout: WAIT_MS });

    expect(await count()).toBe(before + 1);
    const titles = (
      (await (await t.call("GET", "/v1/sessions")).json()) as { data: Array<{ title: string }> }
    ).data.map((s) => s.title);
    expect(titles).toContain("Keep me");
    expect(titles).not.toContain("forged");
    expect(titles).not.toContain("forged cross-site");
    await page.context().close();
  });
});
