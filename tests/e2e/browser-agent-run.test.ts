import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAgentApp, type AgentApp } from "../fixtures/agent-harness.js";
import { evaluate, snapshot } from "../fixtures/browser.js";
import { startFakeModel, type FakeModelServer, type FakeTurn, type RecordedRequest } from "../fixtures/fake-model.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";

/** The agent loop driving the browser through the fake model: navigate → snapshot → click → dialog. */
describe("browser tools in an agent run", () => {
  let fake: FakeModelServer;
  let pages: PagesServer;
  let t: AgentApp;

  beforeAll(async () => {
    fake = await startFakeModel();
    pages = await startPagesServer();
    t = await makeAgentApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await pages.close();
  });

  it("navigates, reads the outline, clicks a button that opens a confirm, and accepts it", async () => {
    const toolResults = (request: RecordedRequest) => (request.body.messages as Array<{ role: string; content: string }>).filter((m) => m.role === "tool");
    fake.respondWith((request): FakeTurn => {
      const results = toolResults(request);
      switch (results.length) {
        case 0:
          return { tool_calls: [{ id: "nav", name: "browser_navigate", arguments: { url: pages.url("localhost", "/form") } }] };
        case 1:
          return { tool_calls: [{ id: "snap", name: "browser_snapshot", arguments: {} }] };
        case 2: {
          const outline = JSON.parse(results[1].content).outline as string;
          const ref = outline.split("\n").find((line) => line.includes('button "Confirm me"'))!.match(/\[ref=([^\]]+)\]/)![1];
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
    const body = await res.json();
    expect(body.run.status).toBe("completed");

    const tools = body.messages.filter((m: { role: string }) => m.role === "tool");
    expect(tools.map((m: { name: string }) => m.name)).toEqual(["browser_navigate", "browser_snapshot", "browser_click", "browser_dialog"]);
    const clicked = JSON.parse(tools[2].content);
    expect(clicked).toMatchObject({ ok: true, dialog_opened: { type: "confirm", message: "Proceed?" } });
    expect(JSON.parse(tools[3].content)).toMatchObject({ ok: true, dialog: { id: clicked.dialog_opened.id } });
    expect(body.messages.at(-1)).toMatchObject({ role: "assistant", content: "Confirmed." });

    expect((await evaluate(t, id, "window.__answers")).result).toEqual([true]);
    expect((await snapshot(t, id)).recent_dialogs[0]).toMatchObject({ id: clicked.dialog_opened.id, closed_by: "agent", action: "accept" });
    const sentTools = fake.completions[0].body.tools.map((tool: { function: { name: string } }) => tool.function.name);
    expect(sentTools).toEqual(expect.arrayContaining(["browser_navigate", "browser_snapshot", "browser_click", "browser_type", "browser_dialog", "browser_cdp"]));
  });
});
