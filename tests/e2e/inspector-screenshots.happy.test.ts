import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { withInspector } from "../fixtures/inspector.js";
import { SCENE_OVERRIDES, SCENE_TOOLS, seedInspectorScene } from "../fixtures/inspector-scene.js";
import { compareShot, describeMismatches, THEMES, VIEWPORTS, type Mismatch } from "../fixtures/screenshots.js";
import { withApp } from "../fixtures/suite.js";

/**
 * Every view of the inspector at 1440 and 390 px, in the light and the dark theme, compared pixel by pixel with the
 * baselines (tests/fixtures/screenshots.ts), taken of fixed data (tests/fixtures/inspector-scene.ts). To accept a
 * change of the UI, write the baselines again (the sign-in view's are written by inspector-sign-in.happy.test.ts):
 *   CADUCEUS_UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/inspector-screenshots.happy.test.ts
 */
const base = withApp({ model: "context", overrides: SCENE_OVERRIDES, tools: SCENE_TOOLS });
const it = withInspector(base);
const WAIT_MS = 15_000;

/** Moves within the app as its own links do, without reloading the page. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

describe("the inspector's looks", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("matches its baselines in every view, at 1440 and 390 px, in the light and the dark theme", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const { main, tracedRun } = await seedInspectorScene(t, fake);
    const mismatches: Mismatch[] = [];
    for (const viewport of VIEWPORTS) {
      const narrow = viewport.width < 700;
      const page = await inspector.open("/ui/", { viewport: { width: viewport.width, height: viewport.height } });
      await page.evaluate(() => document.fonts.ready);
      for (const theme of THEMES) {
        const shot = async (view: string) => {
          const mismatch = await compareShot(page, `${view}-${viewport.name}-${theme}`);
          if (mismatch) mismatches.push(mismatch);
        };
        await page.evaluate((name) => localStorage.setItem("caduceus-theme", name), theme);
        await page.goto(`${inspector.baseUrl}/ui/`);
        const nav = page.getByRole("navigation", { name: "Sessions" });
        if (narrow) await page.getByRole("button", { name: "Session list" }).click();
        await nav.getByRole("link", { name: "Disk-full retry investigation" }).waitFor({ timeout: WAIT_MS });
        // The session over its compression threshold is marked; the long title is cut, whole in its tooltip.
        const over = nav.locator("li.session", { hasText: "Log triage" }).locator(".over-budget");
        expect(await over.getByRole("img", { name: "over the compression threshold" }).count()).toBe(1);
        const long = nav.getByRole("link", { name: /^Checkout flow on staging/ });
        expect(await long.evaluate((a) => a.scrollWidth > a.clientWidth)).toBe(true);
        expect(await long.getAttribute("title")).toContain("on slow networks");
        await shot("sessions");

        await go(page, `/ui/sessions/${main}`);
        const transcript = page.getByRole("region", { name: "Transcript" });
        await transcript.getByText("Clear the build cache.").waitFor({ timeout: WAIT_MS });
        await page.getByRole("region", { name: /Waiting on you/ }).waitFor({ timeout: WAIT_MS });
        await shot("transcript");

        await page.getByRole("tab", { name: "Runs" }).click();
        await page.locator("tr[data-run-id]").nth(1).waitFor({ timeout: WAIT_MS });
        await shot("runs");

        await page.getByRole("link", { name: `Trace of run ${tracedRun}` }).click();
        const steps = page.getByRole("list", { name: "Steps of the run" });
        await steps.locator('[data-kind="tool"] .trace-row').click();
        await steps.locator(".trace-detail").getByText("echo: df -h /var").waitFor({ timeout: WAIT_MS });
        await shot("trace");

        await page.getByRole("tab", { name: "Context" }).click();
        await page.getByText("Version 1", { exact: true }).waitFor({ timeout: WAIT_MS });
        await page.locator("table.anchors tbody tr").first().waitFor({ timeout: WAIT_MS });
        await page.locator(".chart canvas").waitFor({ timeout: WAIT_MS });
        await shot("context");

        await page.getByRole("tab", { name: "Browser" }).click();
        await page.getByText("The browser is not running for this session").waitFor({ timeout: WAIT_MS });
        await shot("browser");

        await page.keyboard.press("Control+K");
        const palette = page.getByRole("dialog", { name: "Command palette" });
        await palette.getByRole("option", { name: /Approve echo in Disk-full retry investigation/ }).waitFor({
          timeout: WAIT_MS,
        });
        await shot("palette");
        await page.keyboard.press("Escape");
        await palette.waitFor({ state: "detached", timeout: WAIT_MS });

        await go(page, "/ui/sessions/ses_no_such_session");
        await page.getByText("This session does not exist").waitFor({ timeout: WAIT_MS });
        await shot("not-found");
      }
      await page.context().close();
    }
    const report = describeMismatches(mismatches);
    expect(report).toEqual([]);
    // Thirty-two pictures in one pass: on a loaded machine that takes longer than one ordinary test's limit.
  }, 120_000);
});
