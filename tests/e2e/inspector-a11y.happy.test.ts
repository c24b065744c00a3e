import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { evaluate, navigate } from "../fixtures/browser.js";
import { withInspector } from "../fixtures/inspector.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

// The fake model writes the summaries, as modelConfig (context-transcript.ts) points the app at it.
const base = withApp({ model: "context" });
const it = withInspector(base);
const WAIT_MS = 15_000;
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The violations in the light theme and in the dark one (the same tokens the theme toggle switches). */
async function violationsInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ["light", "dark"]) {
    await page.evaluate((name) => (document.documentElement.dataset.theme = name), theme);
    found.push(...(await seriousViolations(page)).map((violation) => `${theme}: ${violation}`));
  }
  return found;
}

describe("the inspector's accessibility", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("has no serious or critical axe-core violation on the session list, a session's panels, a run's trace, the palette and the interrupts, in both themes", async ({
    app: t,
    fake,
    pages,
    inspector,
  }) => {
    const id = await seedAnchoredSession(t, fake);
    const page = await inspector.open("/ui/", { bypassCSP: true });
    await page.getByRole("navigation", { name: "Sessions" }).getByRole("link").first().waitFor({ timeout: WAIT_MS });
    await page.getByText("New session").click();
    expect(await violationsInBothThemes(page)).toEqual([]);

    await page.goto(`${inspector.baseUrl}/ui/sessions/${id}`);
    await page.getByRole("region", { name: "Transcript" }).locator(".message").first().waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);

    await page.getByRole("tab", { name: "Context" }).click();
    await page.locator("table.anchors tbody tr").first().waitFor({ timeout: WAIT_MS });
    await page.getByText("Version 1", { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);

    // The runs, a run's trace with a step opened, and the command palette.
    fake.enqueue({ tool_calls: [{ id: "call_a11y", name: "session_search", arguments: { query: "disk" } }] });
    fake.enqueue({ content: "Found **it**." });
    expect((await t.call("POST", `/v1/sessions/${id}/messages`, { content: "find the disk error" })).status).toBe(200);
    await page.getByRole("tab", { name: "Runs" }).click();
    const trace = page.getByRole("link", { name: /^Trace of run / });
    await trace.waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await trace.click();
    const steps = page.getByRole("list", { name: "Steps of the run" });
    await steps.locator('[data-kind="tool"] .trace-row').click();
    await steps.locator(".trace-detail").waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.keyboard.press("Control+K");
    await page
      .getByRole("dialog", { name: "Command palette" })
      .getByRole("option")
      .first()
      .waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.keyboard.press("Escape");

    const { id: browsing } = await createSession(t, { title: "A11y browser" });
    await navigate(t, browsing, pages.url("localhost", "/four-frames"));
    await page.goto(`${inspector.baseUrl}/ui/sessions/${browsing}`);
    await evaluate(t, browsing, "setTimeout(() => prompt('Name?', ''), 50); true");
    await page
      .getByRole("region", { name: /Waiting on you/ })
      .getByText("Name?")
      .waitFor({ timeout: WAIT_MS });
    await page.getByRole("tab", { name: "Browser" }).click();
    await page.getByRole("img", { name: /Live view/ }).waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.context().close();
  });

  it("can be worked from the keyboard alone: open a session, switch panels and send a message", async ({
    app: t,
    fake,
    inspector,
  }) => {
    await createSession(t, { title: "Keyboard only" });
    fake.enqueue({ content: "Typed without a mouse." });
    const page = await inspector.open();
    const link = page.getByRole("link", { name: "Keyboard only" });
    await link.waitFor({ timeout: WAIT_MS });
    await link.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Keyboard only" }).waitFor({ timeout: WAIT_MS });
    await page.getByRole("tab", { name: "Context" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Active context" }).waitFor({ timeout: WAIT_MS });
    await page.getByRole("tab", { name: "Transcript" }).focus();
    await page.keyboard.press("Space");
    await page.getByLabel("Message").focus();
    await page.keyboard.type("keyboard question");
    await page.keyboard.press("Control+Enter");
    await page
      .getByRole("region", { name: "Transcript" })
      .getByText("Typed without a mouse.")
      .waitFor({ timeout: WAIT_MS });
    await page.context().close();
  });
  it("moves between tabs with the arrow keys, through the session list one tab stop a row, and anywhere with Ctrl+K", async ({
    app: t,
    inspector,
  }) => {
    for (const title of ["Keys one", "Keys two", "Keys three"]) await createSession(t, { title });
    const page = await inspector.open();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
      });
    const nav = page.getByRole("navigation", { name: "Sessions" });
    await nav.getByRole("link", { name: "Keys three" }).waitFor({ timeout: WAIT_MS });

    // One tab stop per row: Tab goes from row to row, past each row's buttons, which the arrows reach.
    // (Filtered to this test's sessions: the file's other tests made theirs.)
    await page.getByLabel("Search sessions").fill("Keys ");
    await page.getByLabel("Search sessions").focus();
    const tabs: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      tabs.push(await focused());
    }
    expect(tabs).toEqual(["Keys three", "Keys two", "Keys one", "New session"]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Keys two");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Rename Keys two");
    // The button is now its row's stop: Tab leaves the row, Shift+Tab comes back to it.
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Keys one");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Rename Keys two");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("Keys two");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Keys two" }).waitFor({ timeout: WAIT_MS });

    // WAI-ARIA tabs: one tab stop; arrows, Home and End move and select.
    const tab = (name: string) => page.getByRole("tab", { name });
    expect(await page.getByRole("tab").evaluateAll((tabs) => tabs.map((el) => (el as HTMLElement).tabIndex))).toEqual([
      0, -1, -1, -1,
    ]);
    await tab("Transcript").focus();
    await page.keyboard.press("ArrowRight");
    expect(await tab("Runs").getAttribute("aria-selected")).toBe("true");
    expect(await focused()).toBe("Runs");
    await page.getByText("No runs yet").waitFor({ timeout: WAIT_MS });
    await page.keyboard.press("End");
    expect(await tab("Browser").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowRight");
    expect(await tab("Transcript").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("Browser");
    await page.getByText("The browser is not running for this session").waitFor({ timeout: WAIT_MS });

    // Ctrl+K: type, arrow to the session, Enter; Escape gives the focus back.
    await page.keyboard.press("Control+K");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await page.keyboard.type("keys");
    await palette.getByRole("option", { name: "Keys one" }).waitFor({ timeout: WAIT_MS });
    const options = await palette.getByRole("option").allTextContents();
    expect(options.slice(0, 3)).toEqual(["Keys three", "Keys two", "Keys one"]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await palette.getByRole("option", { selected: true }).textContent()).toBe("Keys one");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Keys one" }).waitFor({ timeout: WAIT_MS });
    await palette.waitFor({ state: "detached", timeout: WAIT_MS });
    await page.keyboard.press("Control+K");
    await palette.waitFor({ timeout: WAIT_MS });
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached", timeout: WAIT_MS });
    await page.context().close();
  });
});
