import { describe, expect } from "vitest";
import { createApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/database.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import { createLogger } from "../../src/logger.js";
import { evaluate, navigate, respond, snapshot, waitFor, waitForPending } from "../fixtures/browser.js";
import { json, type GetSnapshotResponse, type RespondDialogResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import type { PagesServer } from "../fixtures/pages-server.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none" });

/** Dialogs in a launched Chromium (native dialogs; the bridge is off in launch mode by default). */
describe("browser dialogs", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;

  const setPolicy = async (browser: Record<string, unknown>) => {
    const res = await t.call("PATCH", `/v1/sessions/${id}`, { config: { browser } });
    expect(res.status).toBe(200);
  };
  const answers = async () => (await evaluate(t, id, "window.__answers")).result as unknown[];

  // The helpers above read the block's app and session, so the fixtures are kept here for them.
  it.beforeAll(async ({ app, pages: served }) => {
    t = app;
    pages = served;
    id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
  });

  it("queues an alert with a d-N id and the top frame's id, redacts secrets, and retires it as answered by the agent", async () => {
    await evaluate(
      t,
      id,
      "setTimeout(() => { alert('key sk-abcdefghijklmnopqrstuvwxyz123456'); window.__answers.push('after alert'); }, 0)",
    );
    const [dialog] = await waitForPending(t, id);
    const snap = await snapshot(t, id);
    expect(dialog).toMatchObject({
      id: expect.stringMatching(/^d-\d+$/),
      type: "alert",
      frame_id: snap.frame_tree.top!.frame_id,
      via: "native",
    });
    expect(dialog.message).toContain("key sk-abc");
    expect(dialog.message).not.toContain("qrstuvwxyz123456");

    const res = await respond(t, id, { action: "accept" });
    expect(res.status).toBe(200);
    expect(await json<RespondDialogResponse>(res)).toMatchObject({
      ok: true,
      dialog: { id: dialog.id, type: "alert" },
    });
    // The page goes on once the browser has closed the dialog: its next line runs after the answer.
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "the alert to return")).toEqual([
      "after alert",
    ]);
    const after = await snapshot(t, id);
    expect(after.pending_dialogs).toEqual([]);
    // Answered through the API, by a person or a client: the agent's own answers come from its browser_dialog tool.
    expect(after.recent_dialogs[0]).toMatchObject({
      id: dialog.id,
      closed_by: "user",
      action: "accept",
      frame_id: dialog.frame_id,
    });
  });

  it("hands prompt_text to prompt() and the answer to confirm()", async () => {
    await evaluate(t, id, "window.__answers = []");
    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('Your name?', 'nobody')), 0)");
    const [p] = await waitForPending(t, id);
    expect(p).toMatchObject({ type: "prompt", message: "Your name?", default_prompt: "nobody" });
    expect((await respond(t, id, { action: "accept", prompt_text: "Ada Lovelace" })).status).toBe(200);

    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('Sure?')), 0)");
    await waitForPending(t, id);
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);

    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('Really?')), 0)");
    await waitForPending(t, id);
    expect((await respond(t, id, { action: "dismiss" })).status).toBe(200);

    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('Cancel me')), 0)");
    await waitForPending(t, id);
    expect((await respond(t, id, { action: "dismiss" })).status).toBe(200);

    expect(await waitFor(async () => ((await answers()).length === 4 ? answers() : null), "four answers")).toEqual([
      "Ada Lovelace",
      true,
      false,
      null,
    ]);
  });

  it("answers GET /snapshot while a must_respond dialog blocks the main frame", async () => {
    await evaluate(t, id, "setTimeout(() => alert('blocking'), 0)");
    await waitForPending(t, id);
    const snap = await snapshot(t, id);
    expect(snap).toMatchObject({
      active: true,
      title: "Plain",
      pending_dialogs: [{ type: "alert", message: "blocking" }],
    });
    expect(snap.frame_tree.top?.url).toBe(pages.url("localhost", "/plain"));
    // The page really is blocked: an evaluation gives up and names the dialog.
    const blocked = await evaluate(t, id, "1 + 1");
    expect(blocked.ok).toBe(false);
    expect(blocked.error).toContain(snap.pending_dialogs[0].id);
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    expect(await evaluate(t, id, "1 + 1")).toEqual({ ok: true, result: 2, result_type: "number" });
  });

  it("returns from a navigation at once with the dialog a loading page opened", async () => {
    const nav = await navigate(t, id, pages.url("localhost", "/alert-on-load"));
    expect(nav.dialog_opened).toMatchObject({ type: "alert" });
    expect(nav.pending_dialogs.map((d) => d.id)).toEqual([nav.dialog_opened!.id]);
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    const text = await waitFor(async () => {
      const r = await evaluate(t, id, "document.readyState === 'complete' && document.body.innerText");
      return r.ok && r.result ? r.result : null;
    }, "the page to finish loading");
    expect(text).toContain("after alert");
  });

  it("applies auto_accept and auto_dismiss, recording closed_by auto_policy", async () => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    await setPolicy({ dialog_policy: "auto_accept" });
    const accepted = await evaluate(t, id, "[confirm('auto?'), prompt('auto prompt', 'the default')]");
    expect(accepted.result).toEqual([true, "the default"]);
    await setPolicy({ dialog_policy: "auto_dismiss" });
    const dismissed = await evaluate(t, id, "[confirm('auto?'), prompt('auto prompt', 'the default')]");
    expect(dismissed.result).toEqual([false, null]);
    const recent = (await snapshot(t, id)).recent_dialogs.slice(0, 4);
    expect(recent.map((d) => [d.closed_by, d.action])).toEqual([
      ["auto_policy", "dismiss"],
      ["auto_policy", "dismiss"],
      ["auto_policy", "accept"],
      ["auto_policy", "accept"],
    ]);
    await setPolicy({ dialog_policy: "must_respond" });
  });

  it("closes a dialog nobody answers with the watchdog after dialog_timeout_s", async () => {
    await setPolicy({ dialog_policy: "must_respond", dialog_timeout_s: 1 });
    await evaluate(t, id, "window.__answers = []; setTimeout(() => window.__answers.push(confirm('anyone?')), 0)");
    // Found among the closed ones: on a busy machine the second it was pending may pass between two looks.
    const closed = await waitFor(
      async () => (await snapshot(t, id)).recent_dialogs.find((d) => d.message === "anyone?"),
      "the watchdog",
    );
    expect(closed).toMatchObject({ closed_by: "watchdog", action: "dismiss" });
    expect(await waitFor(async () => ((await answers()).length ? answers() : null), "confirm() to return")).toEqual([
      false,
    ]);
    await setPolicy({ dialog_timeout_s: 300 });
  });

  it("lets a navigation proceed when beforeunload is accepted and keeps the page when dismissed", async () => {
    const leaving = pages.url("localhost", "/beforeunload");
    await navigate(t, id, leaving);
    await evaluate(t, id, "document.getElementById('touch').click()"); // user activation arms beforeunload
    const first = await navigate(t, id, pages.url("localhost", "/plain"));
    expect(first.dialog_opened).toMatchObject({ type: "beforeunload" });
    expect((await respond(t, id, { action: "dismiss" })).status).toBe(200);
    expect((await evaluate(t, id, "document.title")).result).toBe("Unsaved work");
    expect((await snapshot(t, id)).url).toBe(leaving);

    const second = await navigate(t, id, pages.url("localhost", "/plain"));
    expect(second.dialog_opened).toMatchObject({ type: "beforeunload" });
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    await waitFor(async () => (await snapshot(t, id)).url === pages.url("localhost", "/plain"), "the navigation");
    expect((await evaluate(t, id, "document.title")).result).toBe("Plain");
  });

  it("sees a dialog a popup raises while it loads, before any CDP session is attached to it", async () => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    await evaluate(t, id, "window.__popup = window.open('/alert-on-load'); true");
    const [dialog] = await waitForPending(t, id);
    expect(dialog).toMatchObject({ type: "alert", message: "loading", via: "native" });
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    const text = await waitFor(
      async () =>
        (
          await evaluate(
            t,
            id,
            "window.__popup.document.readyState === 'complete' && window.__popup.document.body.innerText",
          )
        ).result,
      "the popup to load",
    );
    expect(text).toContain("after alert");
    await evaluate(t, id, "window.__popup.close(); true");
  });

  it("publishes dialog and frame events on the session's stream", async () => {
    const types = new Set((await t.app.services.events.replay(id, 0)).map((e) => e.type));
    for (const type of ["dialog.opened", "dialog.closed", "frame.attached", "frame.navigated"])
      expect(types).toContain(type);
    const opened = (await t.app.services.events.replay(id, 0)).find((e) => e.type === "dialog.opened");
    expect(opened?.data).toMatchObject({ dialog: { id: expect.stringMatching(/^d-\d+$/) } });
  });

  it("keeps the last 20 closed dialogs in SQLite, readable after a restart without a browser", async () => {
    await setPolicy({ dialog_policy: "auto_dismiss" });
    await evaluate(t, id, "for (let i = 0; i < 22; i++) alert('burst ' + i)");
    const live = await snapshot(t, id);
    expect(live.recent_dialogs).toHaveLength(20);
    expect(live.recent_dialogs[0].message).toBe("burst 21");

    const store = createSqliteStore(openDatabase(t.config.database.path));
    const restarted = createApp({ config: t.config, store, logger: createLogger(t.config) });
    try {
      const res = await restarted.request(`/v1/sessions/${id}/snapshot`);
      const body = await json<GetSnapshotResponse>(res);
      expect(body.active).toBe(false);
      expect(body.pending_dialogs).toEqual([]);
      expect(body.frame_tree).toEqual({ top: null, children: [], truncated: false });
      expect(body.recent_dialogs).toEqual(live.recent_dialogs);
    } finally {
      await restarted.services.shutdown();
      await store.close();
    }
  });
});
