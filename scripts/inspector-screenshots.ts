/**
 * @module inspector-screenshots
 * Takes the pictures of the inspector in docs/inspector.md (and the README) from the real page: the scene of the
 * screenshot tests (tests/fixtures/inspector-scene.ts: the fake model, a compressed session, a traced run with an
 * approval, a run waiting on one) plus a session's browser on the two-site test pages. Writes docs/inspector-session.png,
 * inspector-trace.png, inspector-context.png, inspector-browser.png, inspector-dark.png and inspector-phone.png.
 * Run after `npm run build`: `npx tsx scripts/inspector-screenshots.ts`.
 */
import { mkdirSync } from "node:fs";
import { navigate, waitFor } from "../tests/fixtures/browser.js";
import { startFakeModel } from "../tests/fixtures/fake-model.js";
import { startInspector } from "../tests/fixtures/inspector.js";
import { makeSceneApp, seedInspectorScene } from "../tests/fixtures/inspector-scene.js";
import { startPagesServer } from "../tests/fixtures/pages-server.js";

const DOCS = new URL("../docs/", import.meta.url);
const WAIT_MS = 15_000;
const file = (name: string) => new URL(name, DOCS).pathname;

const fake = await startFakeModel();
const pages = await startPagesServer();
const t = await makeSceneApp(fake);
const inspector = await startInspector(t);
try {
  mkdirSync(DOCS, { recursive: true });
  const { main, tracedRun, checkout } = await seedInspectorScene(t, fake);
  const viewport = { width: 1440, height: 900 };

  const page = await inspector.open(`/ui/sessions/${main}`, { viewport });
  await page.getByRole("region", { name: /Waiting on you/ }).waitFor({ timeout: WAIT_MS });
  await page.getByRole("region", { name: "Transcript" }).getByText("Clear the build cache.").waitFor();
  await page.screenshot({ path: file("inspector-session.png") });

  await page.goto(`${inspector.baseUrl}/ui/sessions/${main}/runs/${tracedRun}`);
  const steps = page.getByRole("list", { name: "Steps of the run" });
  await steps.locator('[data-kind="model"] .trace-row').first().click();
  await steps.locator(".trace-detail").getByText("Time to first token").waitFor({ timeout: WAIT_MS });
  await page.locator(".trace").screenshot({ path: file("inspector-trace.png") });

  await page.getByRole("tab", { name: "Context" }).click();
  await page.getByText("Version 1", { exact: true }).waitFor();
  await page.locator("table.anchors tbody tr").first().waitFor();
  await page.locator(".chart canvas").waitFor();
  await page.screenshot({ path: file("inspector-context.png") });

  await navigate(t, checkout, pages.url("localhost", "/four-frames"));
  await page.goto(`${inspector.baseUrl}/ui/sessions/${checkout}`);
  await page.getByRole("tab", { name: "Browser" }).click();
  const live = page.getByRole("img", { name: /Live view/ });
  await waitFor(() => live.evaluate((img: HTMLImageElement) => img.naturalWidth > 0), "the first frame");
  await page.locator("ul.frames").getByText("out-of-process").first().waitFor();
  await page.screenshot({ path: file("inspector-browser.png"), fullPage: true });
  await page.context().close();

  const dark = await inspector.open(`/ui/sessions/${main}`, { viewport, colorScheme: "dark" });
  await dark.getByRole("tab", { name: "Runs" }).click();
  await dark.locator("tr[data-run-id]").nth(1).waitFor({ timeout: WAIT_MS });
  await dark.keyboard.press("Control+K");
  await dark.getByRole("dialog", { name: "Command palette" }).getByRole("option").first().waitFor();
  await dark.screenshot({ path: file("inspector-dark.png") });
  await dark.context().close();

  const phone = await inspector.open(`/ui/sessions/${main}/runs/${tracedRun}`, {
    viewport: { width: 390, height: 844 },
  });
  await phone.getByRole("list", { name: "Steps of the run" }).locator('[data-kind="tool"]').waitFor();
  await phone.screenshot({ path: file("inspector-phone.png") });
  await phone.context().close();
  process.stdout.write("docs/inspector-{session,trace,context,browser,dark,phone}.png written\n");
} finally {
  await inspector.close();
  await t.close();
  await pages.close();
  await fake.close();
}
