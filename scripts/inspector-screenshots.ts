/**
 * @module inspector-screenshots
 * Takes the pictures of the inspector in docs/inspector.md from the real page: an app with the fake model (tests/fixtures),
 * a session with a compressed transcript and a run that asked for approval, and its browser on the two-site test
 * pages. Writes docs/inspector-session.png and docs/inspector-browser.png. Run after `npm run build`:
 * `npx tsx scripts/inspector-screenshots.ts`.
 */
import { mkdirSync } from "node:fs";
import { testTools, toolProvider } from "../tests/fixtures/agent-harness.js";
import { seedAnchoredSession } from "../tests/fixtures/anchored-session.js";
import { navigate, waitFor } from "../tests/fixtures/browser.js";
import { modelConfig } from "../tests/fixtures/context-transcript.js";
import { startFakeModel } from "../tests/fixtures/fake-model.js";
import { startInspector } from "../tests/fixtures/inspector.js";
import { startPagesServer } from "../tests/fixtures/pages-server.js";
import { makeTestApp } from "../tests/fixtures/test-app.js";

const DOCS = new URL("../docs/", import.meta.url);

const fake = await startFakeModel();
const pages = await startPagesServer();
const t = await makeTestApp(
  { ...modelConfig(fake.baseUrl), agent: { approvals: { tools: { echo: "ask" } } } },
  { beforeStartup: (app) => app.services.toolProviders.push(toolProvider([testTools.echo])) },
);
const inspector = await startInspector(t);
try {
  mkdirSync(DOCS, { recursive: true });
  const id = await seedAnchoredSession(t, fake);
  await t.call("PATCH", `/v1/sessions/${id}`, { title: "Disk-full retry investigation" });
  fake.enqueue({ content: "The disk filled during the build; the retry in fix/disk-full-retry covers it." });
  await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Summarise where we are." });
  fake.enqueue({ tool_calls: [{ id: "call_shot", name: "echo", arguments: { text: "df -h /var" } }] });
  await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Check the disk again.", background: true });
  await waitFor(async () => {
    const list = (await (await t.call("GET", `/v1/sessions/${id}/interrupts`)).json()) as { data: unknown[] };
    return list.data.length > 0;
  }, "the approval");

  const page = await inspector.open(`/ui/sessions/${id}`);
  await page.getByRole("region", { name: /Waiting on you/ }).waitFor({ timeout: 15_000 });
  await page.getByRole("region", { name: "Transcript" }).getByText("Summarise where we are.").waitFor();
  await page.screenshot({ path: new URL("inspector-session.png", DOCS).pathname });

  await page.getByRole("tab", { name: "Context" }).click();
  await page.getByText("Version 1", { exact: true }).waitFor();
  await page.locator("table.anchors tbody tr").first().waitFor();
  await page.screenshot({ path: new URL("inspector-context.png", DOCS).pathname, fullPage: true });

  await navigate(t, id, pages.url("localhost", "/four-frames"));
  await page.getByRole("tab", { name: "Browser" }).click();
  const live = page.getByRole("img", { name: /Live view/ });
  await waitFor(() => live.evaluate((img: HTMLImageElement) => img.naturalWidth > 0), "the first frame");
  await page.locator("ul.frames").getByText("out-of-process").first().waitFor();
  await page.screenshot({ path: new URL("inspector-browser.png", DOCS).pathname, fullPage: true });
  process.stdout.write("docs/inspector-session.png, inspector-context.png and inspector-browser.png written\n");
} finally {
  await inspector.close();
  await t.close();
  await pages.close();
  await fake.close();
}
