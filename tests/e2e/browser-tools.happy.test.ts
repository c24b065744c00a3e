import { describe, expect } from "vitest";
import type { ToolDefinition } from "../../src/domain/shared/tools.js";
import { callTool, evaluate, waitFor } from "../fixtures/browser.js";
import type { PagesServer } from "../fixtures/pages-server.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import type { AgentApp } from "../fixtures/agent-harness.js";
import type { FakeModelServer, RecordedCompletion } from "../fixtures/fake-model.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none" });

type ToolJson = Record<string, unknown> & {
  ok?: boolean;
  error?: string;
  code?: string;
  url?: string;
  outline?: string | null;
  dialog_opened?: { id: string; type: string; message: string };
  pending_dialogs?: Array<{ id: string }>;
};

/** The browser tools beyond navigate/click/type, called as the run loop calls them, on real Chromium. */
describe("the whole browser toolset", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;
  let tools: Map<string, ToolDefinition>;

  const call = (name: string, args: Record<string, unknown> = {}) => callTool<ToolJson>(t, id, name, args);
  const outline = async () => (await call("browser_snapshot")).json.outline as string;
  const refOf = (text: string, pattern: RegExp) =>
    text
      .split("\n")
      .find((line) => pattern.test(line))
      ?.match(/\[ref=([^\]]+)\]/)?.[1];
  const answers = async () => (await evaluate(t, id, "window.__answers")).result as unknown[];

  it.beforeAll(async ({ app, pages: served }) => {
    t = app;
    pages = served;
    id = await createSessionId(t);
    const session = await t.app.services.sessions.require(id);
    const offered = await Promise.all(t.app.services.toolProviders.map(async (p) => p.toolsFor(session)));
    tools = new Map(offered.flat().map((tool) => [tool.name, tool]));
  });

  it("offers seventeen browser tools, each with an object schema the model reads", () => {
    expect([...tools.keys()].filter((name) => name.startsWith("browser_")).sort()).toEqual([
      "browser_back",
      "browser_cdp",
      "browser_click",
      "browser_console",
      "browser_dialog",
      "browser_forward",
      "browser_get_images",
      "browser_hover",
      "browser_navigate",
      "browser_press",
      "browser_screenshot",
      "browser_scroll",
      "browser_select",
      "browser_snapshot",
      "browser_tabs",
      "browser_type",
      "browser_wait",
    ]);
    for (const tool of tools.values()) {
      expect(tool.parameters.type).toBe("object");
      expect(tool.description.length).toBeGreaterThan(20);
    }
  });

  it("scrolls the page by an amount and an element into view by ref", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/long") });
    const down = await call("browser_scroll", { direction: "down", amount: 700 });
    expect(down.json).toMatchObject({ ok: true, scroll: { x: 0, y: 700 } });
    const up = await call("browser_scroll", { direction: "up", amount: 200 });
    expect(up.json).toMatchObject({ ok: true, scroll: { y: 500 } });
    const ref = refOf(await outline(), /button "Bottom button"/);
    const intoView = await call("browser_scroll", { ref });
    expect((intoView.json.scroll as { y: number }).y).toBeGreaterThan(4000);
    const bad = await call("browser_scroll", { direction: "sideways" });
    expect(bad).toMatchObject({ is_error: true, json: { code: "validation_failed" } });
  });

  it("goes back and forward in the tab's history", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/plain") });
    await call("browser_navigate", { url: pages.url("localhost", "/form") });
    const back = await call("browser_back");
    expect(back.json).toMatchObject({ ok: true, url: pages.url("localhost", "/plain"), title: "Plain" });
    const forward = await call("browser_forward");
    expect(forward.json).toMatchObject({ ok: true, url: pages.url("localhost", "/form"), title: "Form" });
    const nothing = await call("browser_forward");
    expect(nothing).toMatchObject({ is_error: true, json: { ok: false } });
    expect(nothing.json.error).toContain("no page to go forward");
  });

  it("selects an option, presses keys on an element and on the page, and hovers", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/controls") });
    const text = await outline();
    const chosen = await call("browser_select", { ref: refOf(text, /combobox "Color"/), values: ["Green"] });
    expect(chosen.json).toMatchObject({ ok: true, selected: ["g"] });
    expect(await call("browser_press", { key: "ArrowDown", ref: refOf(text, /textbox "Keys"/) })).toMatchObject({
      json: { ok: true },
    });
    await evaluate(t, id, "document.activeElement.blur(); true");
    await call("browser_press", { key: "Escape" });
    await call("browser_hover", { ref: refOf(text, /button "Hover me"/) });
    expect(await answers()).toEqual(["color:g", "key:ArrowDown", "page-key:Escape", "hovered"]);
  });

  it("returns at once with dialog_opened when a key press opens a dialog, and refuses actions until it is answered", async () => {
    const text = await outline();
    const pressed = await call("browser_press", { key: "Enter", ref: refOf(text, /button "Alert on Enter"/) });
    expect(pressed.json).toMatchObject({ ok: true, dialog_opened: { type: "alert", message: "enter pressed" } });
    const refused = await call("browser_scroll", { direction: "down" });
    expect(refused).toMatchObject({ is_error: true, json: { ok: false } });
    expect(refused.json.error).toContain(pressed.json.dialog_opened!.id);
    const shot = await call("browser_screenshot");
    expect(shot).toMatchObject({ is_error: true, json: { code: "page_blocked_by_dialog" } });
    const waited = await call("browser_wait", { time_ms: 5_000 });
    expect(waited.json).toMatchObject({ ok: false, waited_ms: 0 });
    expect((await call("browser_dialog", { action: "accept" })).json.ok).toBe(true);
  });

  it("waits for text that arrives later, gives up within time_ms, and just waits when asked to", async () => {
    const text = await outline();
    await call("browser_click", { ref: refOf(text, /button "Later"/) });
    const arrived = await call("browser_wait", { text: "Arrived late", time_ms: 5_000 });
    expect(arrived.json).toMatchObject({ ok: true, found: true });
    const missing = await call("browser_wait", { text: "Never shows", time_ms: 300 });
    expect(missing.json).toMatchObject({ ok: true, found: false });
    expect(missing.json.waited_ms as number).toBeGreaterThanOrEqual(300);
    expect(missing.json.waited_ms as number).toBeLessThan(5_000);
    const pause = await call("browser_wait", { time_ms: 200 });
    expect(pause.json.waited_ms as number).toBeGreaterThanOrEqual(200);
    expect(await call("browser_wait", { time_ms: 60_000 })).toMatchObject({
      is_error: true,
      json: { code: "validation_failed" },
    });
  });

  it("takes a screenshot as a PNG image with a text fallback, of the viewport, the whole page and an element", async () => {
    const shot = await call("browser_screenshot");
    expect(shot.is_error).toBeUndefined();
    expect(shot.images).toHaveLength(1);
    const png = shot.images![0].data;
    expect(shot.images![0].mime_type).toBe("image/png");
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(shot.json).toMatchObject({ ok: true, title: "Controls", url: pages.url("localhost", "/controls") });
    expect(shot.json.outline_excerpt).toContain("Hover me");
    // The image is not inlined in the text the model reads.
    expect(shot.content.length).toBeLessThan(4_000);

    await call("browser_navigate", { url: pages.url("localhost", "/long") });
    const viewport = await call("browser_screenshot");
    const full = await call("browser_screenshot", { full_page: true });
    expect(full.json.height as number).toBeGreaterThan(5_000);
    expect(full.json.height as number).toBeGreaterThan(viewport.json.height as number);
    const element = await call("browser_screenshot", { ref: refOf(await outline(), /button "Bottom button"/) });
    expect(element.json.width as number).toBeLessThan(viewport.json.width as number);
    expect(element.json.height as number).toBeLessThan(100);
  });

  it("reads the console by level and clears it", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/console") });
    const errors = await waitFor(async () => {
      const out = await call("browser_console", { level: "error" });
      const entries = out.json.entries as Array<{ text: string; level: string; tab_id?: string }>;
      return entries.some((e) => e.text === "bad thing") ? entries : null;
    }, "the page's console.error");
    expect(errors.every((e) => e.level === "error")).toBe(true);
    expect(errors[0].tab_id).toMatch(/^t\d+$/);
    const all = await call("browser_console", { clear: true });
    expect((all.json.entries as Array<{ text: string }>).map((e) => e.text)).toContain("hello from page");
    expect((await call("browser_console")).json.entries).toEqual([]);
  });

  it("lists the page's images with their alt text and size", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/controls") });
    const out = await call("browser_get_images");
    expect(out.json).toMatchObject({
      truncated: false,
      images: [
        { src: pages.url("localhost", "/pixel.png"), alt: "A pixel", width: 10, height: 12 },
        { alt: "Second pixel", width: 20, height: 20 },
      ],
    });
  });

  it("tracks tabs: target=_blank and window.open pages become tabs with their own dialogs and frames", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/tabs") });
    const text = await outline();
    await call("browser_click", { ref: refOf(text, /link "Open plain in a new tab"/) });
    await call("browser_click", { ref: refOf(text, /button "Open a popup"/) });
    const listed = await waitFor(async () => {
      const out = await call("browser_tabs", { action: "list" });
      const tabs = out.json.tabs as Array<{ tab_id: string; url: string; active: boolean }>;
      return tabs.length === 3 && tabs.every((tab) => tab.url !== "about:blank") ? out.json : null;
    }, "three tabs");
    const tabs = listed.tabs as Array<{ tab_id: string; url: string; active: boolean }>;
    expect(tabs.find((tab) => tab.active)!.url).toBe(pages.url("localhost", "/tabs"));
    const popup = tabs.find((tab) => tab.url.endsWith("/form"))!;
    const blank = tabs.find((tab) => tab.url.endsWith("/plain"))!;

    // The snapshot names the active tab and lists the others.
    const snap = (await call("browser_snapshot")).json;
    expect(snap.active_tab_id).toBe(listed.active_tab_id);
    expect((snap.tabs as unknown[]).length).toBe(3);

    const switched = await call("browser_tabs", { action: "switch", tab_id: popup.tab_id });
    expect(switched.json.active_tab_id).toBe(popup.tab_id);
    const popupOutline = await outline();
    expect(popupOutline).toContain("Confirm me");
    // A dialog in the popup is caught and answered like any other.
    const click = await call("browser_click", { ref: refOf(popupOutline, /button "Confirm me"/) });
    expect(click.json.dialog_opened).toMatchObject({ type: "confirm", message: "Proceed?" });
    await call("browser_dialog", { action: "accept" });
    expect(await waitFor(async () => ((await answers()).at(-1) === true ? true : null), "confirm() = true")).toBe(true);

    const closed = await call("browser_tabs", { action: "close", tab_id: blank.tab_id });
    expect((closed.json.tabs as unknown[]).length).toBe(2);
    const opened = await call("browser_tabs", { action: "open", url: pages.url("127.0.0.1", "/four-frames") });
    expect(opened.json).toMatchObject({ ok: true, navigation: { ok: true, title: "Four frames" } });
    expect(opened.json.active_tab_id).not.toBe(popup.tab_id);
    // The new tab's frames are tracked: its out-of-process iframe shows in the frame tree.
    const tree = await waitFor(async () => {
      const s = (await call("browser_snapshot")).json as { frame_tree: { children: Array<{ is_oopif: boolean }> } };
      return s.frame_tree.children.some((c) => c.is_oopif) ? s.frame_tree : null;
    }, "an OOPIF in the new tab");
    expect(tree.children.length).toBeGreaterThan(0);
    const unknown = await call("browser_tabs", { action: "switch", tab_id: "t99" });
    expect(unknown).toMatchObject({ is_error: true, json: { code: "validation_failed" } });
    const refusedFile = await call("browser_tabs", { action: "open", url: "file:///etc/passwd" });
    expect(refusedFile).toMatchObject({ is_error: true, json: { code: "url_not_allowed" } });
  });
});

const itSeeing = withApp({ overrides: { model: { vision: "on" } } });
const itBlind = withApp({ overrides: { model: { vision: "off" } } });

/** Runs navigate → screenshot through the fake model and returns the request that followed the screenshot. */
async function screenshotRun(t: AgentApp, fake: FakeModelServer, pages: PagesServer): Promise<RecordedCompletion> {
  fake.reset();
  fake.enqueue({ tool_calls: [{ name: "browser_navigate", arguments: { url: pages.url("localhost", "/controls") } }] });
  fake.enqueue({ tool_calls: [{ name: "browser_screenshot", arguments: {} }] });
  fake.enqueue({ content: "I see the controls." });
  const id = await t.createSession();
  const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Look at the page." });
  expect((await json<PostMessageRunResponse>(res)).run.status).toBe("completed");
  // The screenshot's bytes are stored once, beside the tool row.
  const stored = t.database.sqlite
    .prepare("select count(*) as n, min(mime_type) as mime from message_images where session_id = ?")
    .get(id) as { n: number; mime: string };
  expect(stored).toEqual({ n: 1, mime: "image/png" });
  return fake.completions[2];
}

const imageUrls = (request: RecordedCompletion) =>
  request.body.messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((part) => part.type === "image_url") : [],
  );

describe("browser_screenshot in an agent run", () => {
  itSeeing(
    "shows a vision model the real page as an image part after the tool result",
    async ({ app, fake, pages }) => {
      const request = await screenshotRun(app, fake, pages);
      const images = imageUrls(request);
      expect(images).toHaveLength(1);
      const url = (images[0].image_url as { url: string }).url;
      expect(url.startsWith("data:image/png;base64,")).toBe(true);
      expect(Buffer.from(url.split(",")[1], "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
    },
  );

  itBlind("gives a model without vision the title, URL and outline instead", async ({ app, fake, pages }) => {
    const request = await screenshotRun(app, fake, pages);
    expect(imageUrls(request)).toEqual([]);
    const tool = request.body.messages.filter((m) => m.role === "tool").at(-1)!;
    const text = typeof tool.content === "string" ? tool.content : JSON.stringify(tool.content);
    expect(text).toContain('"title":"Controls"');
    expect(text).toContain("Hover me");
    expect(text).not.toContain("base64");
  });
});
