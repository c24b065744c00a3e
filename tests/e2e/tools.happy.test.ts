import { describe, expect } from "vitest";
import type { ToolDefinition, ToolOutput } from "../../src/domain/shared/tools.js";
import { evaluate, snapshot, waitFor } from "../fixtures/browser.js";
import type { FakeTurn, RecordedCompletion } from "../fixtures/fake-model.js";
import type { PagesServer } from "../fixtures/pages-server.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { unfenced } from "../fixtures/fences.js";

/** The tools are called directly on an app without a model; the agent run has one of its own, on the fake model. */
const it = withApp({ model: "none" });
const itInAgentRun = withApp({});

/** What a browser tool answers as JSON in its content: the fields these tests read (each tool answers some). */
type ToolJson = {
  ok?: boolean;
  title?: string;
  code?: string;
  error?: string;
  outline?: string | null;
  pending_dialogs?: Array<{ id: string; type: string; message?: string }>;
  dialog_opened?: { id: string; type: string; message?: string };
  dialog?: { id: string };
  frame_tree?: Outline["frame_tree"];
};

type Outline = {
  outline: string | null;
  pending_dialogs: Array<{ id: string; type: string }>;
  frame_tree: { children: Array<{ frame_id: string; url: string; is_oopif: boolean }> };
};

/** The browser tools the agent offers the model, called the way the run loop calls them. */
describe("browser tools", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;
  let tools: Map<string, ToolDefinition>;

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolOutput & { json: ToolJson }> => {
    const session = await t.app.services.sessions.require(id);
    const out = await tools.get(name)!.execute(args, { session, runId: null });
    return { ...out, json: JSON.parse(out.content) as ToolJson };
  };
  const refOf = (outline: string, pattern: RegExp) =>
    outline
      .split("\n")
      .find((line) => pattern.test(line))
      ?.match(/\[ref=([^\]]+)\]/)?.[1];

  // The call helper reads the block's app and session, so the fixtures are kept here for it.
  it.beforeAll(async ({ app, pages: served }) => {
    t = app;
    pages = served;
    id = await createSessionId(t);
    const session = await t.app.services.sessions.require(id);
    const offered = await Promise.all(t.app.services.toolProviders.map(async (p) => p.toolsFor(session)));
    tools = new Map(offered.flat().map((tool) => [tool.name, tool]));
  });

  it("offers the browser tools with JSON schemas", () => {
    expect([...tools.keys()].filter((name) => name.startsWith("browser_"))).toEqual(
      expect.arrayContaining([
        "browser_cdp",
        "browser_click",
        "browser_dialog",
        "browser_navigate",
        "browser_snapshot",
        "browser_type",
      ]),
    );
    for (const tool of tools.values()) expect(tool.parameters.type).toBe("object");
    expect(tools.get("browser_dialog")!.parameters.required).toEqual(["action"]);
  });

  it("navigates, snapshots an outline with refs inside nested iframes, and clicks in an OOPIF by ref", async () => {
    const nav = await call("browser_navigate", { url: pages.url("localhost", "/four-frames") });
    expect(nav.is_error).toBeUndefined();
    expect(nav.json).toMatchObject({ ok: true, title: "Four frames" });
    const snap = await waitFor(async () => {
      const s = (await call("browser_snapshot")).json as Outline;
      return s.outline?.includes("Leaf button") ? s : null;
    }, "the leaf in the outline");
    const ref = refOf(snap.outline!, /button "Leaf button"/);
    expect(ref).toMatch(/^f\d+e\d+$/);
    const click = await call("browser_click", { ref });
    expect(click.json).toMatchObject({ ok: true, pending_dialogs: [] });
    const leaf = snap.frame_tree.children.find((c) => c.url.includes("/leaf"))!;
    expect((await evaluate(t, id, "window.__answers", leaf.frame_id)).result).toEqual(["clicked"]);
  });

  it("types into a field and submits", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/form") });
    const outline = (await call("browser_snapshot")).json.outline as string;
    const typed = await call("browser_type", {
      ref: refOf(outline, /textbox "Query"/),
      text: "caduceus",
      submit: true,
    });
    expect(typed.json.ok).toBe(true);
    expect((await evaluate(t, id, "window.__answers")).result).toEqual(["submitted:caduceus"]);
  });

  it("returns from a click that opens a dialog at once, and answers it with browser_dialog", async () => {
    const outline = (await call("browser_snapshot")).json.outline as string;
    const click = await call("browser_click", { ref: refOf(outline, /button "Confirm me"/) });
    expect(click.json).toMatchObject({
      ok: true,
      dialog_opened: { type: "confirm", id: expect.stringMatching(/^d-\d+$/) },
    });
    const blocked = await call("browser_snapshot");
    expect(blocked.json.outline).toBeNull();
    expect(blocked.json.pending_dialogs).toHaveLength(1);
    const refused = await call("browser_click", { ref: refOf(outline, /button "Alert me"/) });
    expect(refused.is_error).toBe(true);
    expect(refused.json.error).toContain(click.json.dialog_opened!.id);

    const answered = await call("browser_dialog", { action: "accept" });
    expect(answered.json).toMatchObject({ ok: true, dialog: { id: click.json.dialog_opened!.id } });
    expect(
      await waitFor(
        async () => ((await evaluate(t, id, "window.__answers")).result as unknown[]).at(-1) === true,
        "confirm() = true",
      ),
    ).toBe(true);
  });

  it("returns at once when a dialog opens while the clicked element is being looked up", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/form") });
    const outline = (await call("browser_snapshot")).json.outline as string;
    // The page is busy when the click arrives and raises an alert before it can answer the lookup.
    await evaluate(
      t,
      id,
      "setTimeout(() => { const end = Date.now() + 300; while (Date.now() < end); alert('busy then alert'); }, 0); true",
    );
    const click = await call("browser_click", { ref: refOf(outline, /button "Search"/) });
    expect(click.is_error).toBe(true);
    expect(click.json).toMatchObject({ ok: false, pending_dialogs: [{ type: "alert", message: "busy then alert" }] });
    expect(click.json.error).toContain(click.json.pending_dialogs![0].id);
    expect((await call("browser_dialog", { action: "accept" })).json.ok).toBe(true);
  });

  it("reports tool errors as results the model can read", async () => {
    const none = await call("browser_dialog", { action: "accept" });
    expect(none).toMatchObject({ is_error: true, json: { ok: false, code: "no_dialog_open" } });
    const badAction = await call("browser_dialog", { action: "later" });
    expect(badAction).toMatchObject({ is_error: true, json: { code: "validation_failed" } });
    const refused = await call("browser_navigate", { url: "file:///etc/passwd" });
    expect(refused).toMatchObject({ is_error: true, json: { code: "url_not_allowed" } });
    const unknownRef = await call("browser_click", { ref: "e9999" });
    expect(unknownRef.is_error).toBe(true);
  });

  it("runs CDP inside an out-of-process iframe with browser_cdp", async () => {
    await call("browser_navigate", { url: pages.url("localhost", "/four-frames") });
    const tree = await waitFor(async () => {
      const s = (await call("browser_snapshot")).json as Outline;
      return s.frame_tree.children.filter((c) => c.is_oopif).length === 2 ? s.frame_tree : null;
    }, "two OOPIFs");
    const middle = tree.children.find((c) => c.url.includes("/middle"))!;
    const out = await call("browser_cdp", {
      method: "Runtime.evaluate",
      params: { expression: "location.origin", returnByValue: true },
      frame_id: middle.frame_id,
    });
    expect(out.json).toMatchObject({
      frame_id: middle.frame_id,
      result: { result: { value: `http://127.0.0.1:${pages.port}` } },
    });
  });
});

describe("browser tools availability", () => {
  it("offers no browser tools when the session has neither a Chromium to launch nor a CDP URL", async () => {
    const t = await makeTestApp({
      browser: { executable_path: "/nonexistent/chromium", allowed_cdp_hosts: ["127.0.0.1"] },
    });
    try {
      const id = await createSessionId(t);
      const offered = async () => {
        const session = await t.app.services.sessions.require(id);
        return (await Promise.all(t.app.services.toolProviders.map(async (p) => p.toolsFor(session)))).flat();
      };
      const names = (await offered()).map((tool) => tool.name);
      expect(names.some((name) => name.startsWith("browser_"))).toBe(false);
      await t.call("PATCH", `/v1/sessions/${id}`, { config: { browser: { cdp_url: "http://127.0.0.1:9/" } } });
      const withCdp = (await offered()).map((tool) => tool.name);
      expect(withCdp).toContain("browser_navigate");
    } finally {
      await t.close();
    }
  });
});

/** The agent loop driving the browser through the fake model: navigate → snapshot → click → dialog. */
describe("browser tools in an agent run", () => {
  itInAgentRun(
    "navigates, reads the outline, clicks a button that opens a confirm, and accepts it",
    async ({ app: t, fake, pages }) => {
      const toolResults = (request: RecordedCompletion) => request.body.messages.filter((m) => m.role === "tool");
      fake.respondWith((request): FakeTurn => {
        const results = toolResults(request);
        switch (results.length) {
          case 0:
            return {
              tool_calls: [
                { id: "nav", name: "browser_navigate", arguments: { url: pages.url("localhost", "/form") } },
              ],
            };
          case 1:
            return { tool_calls: [{ id: "snap", name: "browser_snapshot", arguments: {} }] };
          case 2: {
            // What a page said reaches the model fenced, as untrusted content.
            const outline = (JSON.parse(unfenced(results[1].content)) as ToolJson).outline as string;
            const ref = outline
              .split("\n")
              .find((line) => line.includes('button "Confirm me"'))!
              .match(/\[ref=([^\]]+)\]/)![1];
            return { tool_calls: [{ id: "click", name: "browser_click", arguments: { ref } }] };
          }
          case 3:
            return { tool_calls: [{ id: "answer", name: "browser_dialog", arguments: { action: "accept" } }] };
          default:
            return { content: "Confirmed." };
        }
      });
      const id = await t.createSession();
      const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Open the form and confirm." });
      expect(res.status).toBe(200);
      const body = await json<PostMessageRunResponse>(res);
      expect(body.run.status).toBe("completed");

      const tools = body.messages.filter((m) => m.role === "tool");
      expect(tools.map((m) => m.name)).toEqual([
        "browser_navigate",
        "browser_snapshot",
        "browser_click",
        "browser_dialog",
      ]);
      const clicked = JSON.parse(tools[2].content as string) as ToolJson;
      expect(clicked).toMatchObject({ ok: true, dialog_opened: { type: "confirm", message: "Proceed?" } });
      expect(JSON.parse(tools[3].content as string)).toMatchObject({
        ok: true,
        dialog: { id: clicked.dialog_opened!.id },
      });
      expect(body.messages.at(-1)).toMatchObject({ role: "assistant", content: "Confirmed." });

      expect((await evaluate(t, id, "window.__answers")).result).toEqual([true]);
      expect((await snapshot(t, id)).recent_dialogs[0]).toMatchObject({
        id: clicked.dialog_opened!.id,
        closed_by: "agent",
        action: "accept",
      });
      const sentTools = (fake.completions[0].body.tools ?? []).map((tool) => tool.function.name);
      expect(sentTools).toEqual(
        expect.arrayContaining([
          "browser_navigate",
          "browser_snapshot",
          "browser_click",
          "browser_type",
          "browser_dialog",
          "browser_cdp",
        ]),
      );
    },
  );
});
