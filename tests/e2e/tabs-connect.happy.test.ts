import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  evaluate,
  snapshot,
  startChromiumWithCdp,
  waitFor,
  type ChromiumProcess,
} from "../fixtures/browser.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

/** A browser someone else set up, with several pages already open when Caduceus connects to it. */
describe("tabs of a browser we connect to", () => {
  let pages: PagesServer;
  let browser: ChromiumProcess;
  let t: TestApp;

  beforeAll(async () => {
    pages = await startPagesServer();
    browser = await startChromiumWithCdp();
    // Another client opens two pages, then leaves them open.
    const other = await chromium.connectOverCDP(browser.cdpUrl);
    const context = other.contexts()[0];
    const first = context.pages()[0] ?? (await context.newPage());
    await first.goto(pages.url("localhost", "/plain"));
    const second = await context.newPage();
    await second.goto(pages.url("localhost", "/form"));
    await other.close();
    t = await makeTestApp({ browser: { allowed_cdp_hosts: ["127.0.0.1"] } });
  });
  afterAll(async () => {
    await t.close();
    await browser.kill();
    await pages.close();
  });

  it("makes every existing page a tab with its own dialog capture and frame tracking", async () => {
    const id = await createSessionId(t, { config: { browser: { cdp_url: browser.cdpUrl, bridge: "off" } } });
    const started = await t.call("POST", `/v1/sessions/${id}/browser/evaluate`, { expression: "location.pathname" });
    const activePath = (await json<{ result: string }>(started)).result;
    const snap = await snapshot(t, id);
    const tabs = snap.tabs;
    expect(tabs.map((tab) => new URL(tab.url).pathname).sort()).toEqual(["/form", "/plain"]);
    expect(new URL(tabs.find((tab) => tab.active)!.url).pathname).toBe(activePath);
    const otherTab = tabs.find((tab) => !tab.active)!;
    const otherPath = new URL(otherTab.url).pathname;

    // A dialog the other page raises is queued, though it is not the active tab.
    await callTool(t, id, "browser_tabs", { action: "switch", tab_id: otherTab.tab_id });
    expect((await evaluate(t, id, "location.pathname")).result).toBe(otherPath);
    await callTool(t, id, "browser_tabs", { action: "switch", tab_id: tabs.find((tab) => tab.active)!.tab_id });
    const supervisor = t.app.services.supervisors.get(id)!;
    const otherPage = supervisor.tabs.byId(otherTab.tab_id)!.page;
    void otherPage.evaluate(() => setTimeout(() => window.__answers.push(confirm("from the other tab")), 0));
    const dialog = await waitFor(
      async () => (await snapshot(t, id)).pending_dialogs[0] ?? null,
      "the other tab's dialog",
    );
    expect(dialog).toMatchObject({ type: "confirm", message: "from the other tab" });
    const answered = await t.call("POST", `/v1/sessions/${id}/dialogs/respond`, {
      action: "accept",
      dialog_id: dialog.id,
    });
    expect(answered.status).toBe(200);
    expect(
      await waitFor(
        async () => ((await otherPage.evaluate(() => window.__answers.at(-1))) === true ? true : null),
        "confirm() = true",
      ),
    ).toBe(true);
    // The other tab's frames were tracked all along: switching shows its tree at once.
    await callTool(t, id, "browser_tabs", { action: "switch", tab_id: otherTab.tab_id });
    expect((await snapshot(t, id)).frame_tree.top?.url).toBe(pages.url("localhost", otherPath));
  });
});

declare global {
  interface Window {
    __answers: unknown[];
  }
}
