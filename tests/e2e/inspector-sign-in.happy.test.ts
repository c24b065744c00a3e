import { describe, expect } from "vitest";
import { withInspector } from "../fixtures/inspector.js";
import { compareShot, describeMismatches, THEMES, VIEWPORTS, type Mismatch } from "../fixtures/screenshots.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const KEY = "sk-inspector-e2e-7d2a";
const it = withInspector(withApp({ overrides: { server: { api_key: KEY } } }));
const WAIT_MS = 15_000;

describe("signing in to the inspector", () => {
  it("asks for the key once, keeps the sign-in over a reload, changes things with it, and signs out", async ({
    app: t,
    fake,
    inspector,
  }) => {
    await createSession(t, { title: "Behind the key" });
    const page = await inspector.open();
    const key = page.getByLabel("API key");
    await key.waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("navigation", { name: "Sessions" }).count()).toBe(0);

    await key.fill("sk-wrong-key");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("That API key was refused.").waitFor({ timeout: WAIT_MS });

    await key.fill(KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    const nav = page.getByRole("navigation", { name: "Sessions" });
    await nav.getByRole("link", { name: "Behind the key" }).waitFor({ timeout: WAIT_MS });
    await page.getByText("Signed in until", { exact: false }).waitFor({ timeout: WAIT_MS });
    const cookie = (await page.context().cookies()).find((c) => c.name === "caduceus_ui")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });

    // After a reload the page reads its CSRF token again and can still change things.
    await page.reload();
    await nav.getByRole("link", { name: "Behind the key" }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel("API key").count()).toBe(0);
    await page.getByText("New session").click();
    await page.getByLabel("Title").fill("Made after a reload");
    await page.getByRole("button", { name: "Create session" }).click();
    await page.getByRole("heading", { name: "Made after a reload" }).waitFor({ timeout: WAIT_MS });
    const list = (await (await t.call("GET", "/v1/sessions")).json()) as { data: Array<{ title: string }> };
    expect(list.data.map((s) => s.title)).toContain("Made after a reload");
    // The session's event stream (an EventSource, authenticated by the cookie alone) brings the answer.
    fake.enqueue({ content: "Signed-in answer." });
    await page.getByLabel("Message").fill("hello");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("region", { name: "Transcript" }).getByText("Signed-in answer.").waitFor({ timeout: WAIT_MS });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("API key").waitFor({ timeout: WAIT_MS });
    const state = await page.evaluate(async () => (await fetch("/ui/session")).json());
    expect(state).toMatchObject({ auth_required: true, signed_in: false, csrf_token: null });
    expect(await page.evaluate(async () => (await fetch("/v1/sessions")).status)).toBe(401);
    await page.context().close();
  });
  it("looks as its baselines do, at 1440 and 390 px, in the light and the dark theme", async ({ inspector }) => {
    const mismatches: Mismatch[] = [];
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const page = await inspector.open("/ui/", {
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
        });
        await page.getByLabel("API key").waitFor({ timeout: WAIT_MS });
        const mismatch = await compareShot(page, `sign-in-${viewport.name}-${theme}`);
        if (mismatch) mismatches.push(mismatch);
        await page.context().close();
      }
    }
    expect(describeMismatches(mismatches)).toEqual([]);
  });
});
