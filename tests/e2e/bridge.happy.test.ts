import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evaluate,
  fourFrameTree,
  navigate,
  respond,
  snapshot,
  startChromiumWithCdp,
  waitFor,
  waitForPending,
  type ChromiumProcess,
} from "../fixtures/browser.js";
import { fixtureHtml, startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

const SECURE_HOST = "https://secure.caduceus.test";

/**
 * A Chromium started by the test and reached over CDP, with a second Playwright client connected to
 * it that has no dialog listener — so it closes every native dialog at once, like hosted backends do.
 */
describe("dialog bridge over connectOverCDP", () => {
  let chrome: ChromiumProcess;
  let other: Browser;
  let t: TestApp;
  let pages: PagesServer;
  let id: string;
  const answers = async (frameId?: string) => (await evaluate(t, id, "window.__answers", frameId)).result as unknown[];

  beforeAll(async () => {
    pages = await startPagesServer();
    chrome = await startChromiumWithCdp();
    // Fetch.disable is off the built-in CDP allowlist; the operator allows it here to switch the bridge's interception off.
    t = await makeTestApp({ browser: { cdp_allow: ["Fetch.disable"], allowed_cdp_hosts: ["127.0.0.1"] } });
    id = await createSessionId(t, { config: { browser: { cdp_url: chrome.cdpUrl } } });
    await navigate(t, id, pages.url("localhost", "/plain"));
    other = await chromium.connectOverCDP(chrome.cdpUrl);
  });
  afterAll(async () => {
    await other.close().catch(() => undefined);
    await t.close();
    await chrome.kill();
    await pages.close();
  });

  it("holds alert/confirm/prompt as bridge dialogs the other client cannot close, and gives the page the agent's answer", async () => {
    expect(
      other
        .contexts()[0]
        .pages()
        .map((p) => p.url()),
    ).toContain(pages.url("localhost", "/plain"));
    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('Your name?', 'anon')), 0)");
    const [asked] = await waitForPending(t, id);
    expect(asked).toMatchObject({
      type: "prompt",
      via: "bridge",
      message: "Your name?",
      default_prompt: "anon",
      frame_id: (await snapshot(t, id)).frame_tree.top!.frame_id,
    });
    expect((await respond(t, id, { action: "accept", prompt_text: "Grace Hopper" })).status).toBe(200);

    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('Delete?')), 0)");
    await waitForPending(t, id);
    expect((await respond(t, id, { action: "dismiss" })).status).toBe(200);

    await evaluate(t, id, "setTimeout(() => { alert('done'); window.__answers.push('after alert'); }, 0)");
    await waitForPending(t, id);
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);

    expect(await waitFor(async () => ((await answers()).length === 3 ? answers() : null), "three answers")).toEqual([
      "Grace Hopper",
      false,
      "after alert",
    ]);
    expect((await snapshot(t, id)).recent_dialogs.slice(0, 3).map((d) => d.closed_by)).toEqual([
      "user",
      "user",
      "user",
    ]);
  });

  it("works on an https page whose CSP allows connect-src 'self' only", async () => {
    await other.contexts()[0].route(`${SECURE_HOST}/**`, (route) => {
      const page = fixtureHtml(new URL(route.request().url()).pathname, pages.port)!;
      return route.fulfill({ status: 200, headers: { "content-type": "text/html", ...page.headers }, body: page.html });
    });
    const nav = await navigate(t, id, `${SECURE_HOST}/csp`);
    expect(nav).toMatchObject({ ok: true, title: "CSP" });
    expect((await evaluate(t, id, "location.protocol")).result).toBe("https:");
    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('Secure?')), 0)");
    const [dialog] = await waitForPending(t, id);
    expect(dialog).toMatchObject({ via: "bridge", type: "confirm" });
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "the answer")).toEqual([true]);
  });

  it("keeps bridge dialogs from two frames pending together and answers them by id in any order", async () => {
    await navigate(t, id, pages.url("localhost", "/four-frames"));
    const tree = await fourFrameTree(t, id);
    // A different site, so a different renderer process: its JS runs while the top frame is blocked.
    const middle = tree.children.find((c) => c.url.includes("/middle"))!;
    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('top?')), 0)");
    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('middle?')), 0)", middle.frame_id);
    const pending = await waitForPending(t, id, 2);
    expect(pending.every((d) => d.via === "bridge")).toBe(true);
    const inMiddle = pending.find((d) => d.frame_id === middle.frame_id)!;
    const inTop = pending.find((d) => d.frame_id === tree.top!.frame_id)!;
    expect(
      (await respond(t, id, { action: "accept", dialog_id: inMiddle.id, prompt_text: "middle answer" })).status,
    ).toBe(200);
    expect(await waitFor(async () => (await answers(middle.frame_id)).length, "middle answer")).toBe(1);
    expect((await snapshot(t, id)).pending_dialogs.map((d) => d.id)).toEqual([inTop.id]);
    expect((await respond(t, id, { action: "accept", dialog_id: inTop.id, prompt_text: "top answer" })).status).toBe(
      200,
    );
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "top answer")).toEqual([
      "top answer",
    ]);
    expect(await answers(middle.frame_id)).toEqual(["middle answer"]);
  });

  it("falls back to a native dialog when the bridge request fails; the other client closes it (closed_by remote)", async () => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    // Without interception the bridge request goes to the network, where `.invalid` never resolves.
    const disabled = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, { method: "Fetch.disable" });
    expect(disabled.status).toBe(200);
    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('native now?')), 0)");
    const closed = await waitFor(
      async () => (await snapshot(t, id)).recent_dialogs.find((d) => d.message === "native now?"),
      "the remote close",
    );
    expect(closed).toMatchObject({ type: "confirm", closed_by: "remote", action: null });
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "the page to go on")).toEqual([
      false,
    ]);
  });

  it("falls back to a native dialog that the agent answers once no other client interferes", async () => {
    await other.close();
    await evaluate(
      t,
      id,
      "window.__answers = []; setTimeout(() => window.__answers.push(prompt('native prompt?')), 0)",
    );
    const [dialog] = await waitForPending(t, id);
    expect(dialog).toMatchObject({ via: "native", type: "prompt", message: "native prompt?" });
    expect((await respond(t, id, { action: "accept", prompt_text: "typed natively" })).status).toBe(200);
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "the answer")).toEqual([
      "typed natively",
    ]);
  });
});
