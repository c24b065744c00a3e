import { describe, expect } from "vitest";
import {
  evaluate,
  fourFrameTree,
  navigate,
  respond,
  snapshot,
  waitFor,
  waitForPending,
  type SnapshotBody,
} from "../fixtures/browser.js";
import { json, type CdpResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

/** Frame tree, OOPIF routing and evaluation in a launched Chromium with site isolation. */
describe("browser frames", () => {
  let id: string;
  let tree: SnapshotBody["frame_tree"];

  it.beforeAll(async ({ app, pages }) => {
    id = await createSessionId(app);
    await navigate(app, id, pages.url("localhost", "/four-frames"));
    tree = await fourFrameTree(app, id);
  });

  const byUrl = (part: string) => tree.children.find((c) => c.url.includes(part))!;

  it("lists srcdoc, cross-site and nested cross-site frames with CDP ids, is_oopif and session ids only on OOPIFs", ({
    pages,
  }) => {
    expect(tree.top).toEqual({
      frame_id: expect.stringMatching(/^[0-9A-F]{32}$/),
      url: pages.url("localhost", "/four-frames"),
      origin: `http://localhost:${pages.port}`,
    });
    const srcdoc = byUrl("about:srcdoc");
    const middle = byUrl("/middle");
    const leaf = byUrl("/leaf");
    expect(srcdoc).toEqual({
      frame_id: expect.any(String),
      url: "about:srcdoc",
      origin: `http://localhost:${pages.port}`,
      is_oopif: false,
      parent_frame_id: tree.top!.frame_id,
      name: "same",
    });
    expect(middle).toMatchObject({
      is_oopif: true,
      parent_frame_id: tree.top!.frame_id,
      origin: `http://127.0.0.1:${pages.port}`,
      name: "cross",
      session_id: expect.any(String),
    });
    expect(leaf).toMatchObject({
      is_oopif: true,
      parent_frame_id: middle.frame_id,
      origin: `http://localhost:${pages.port}`,
      session_id: expect.any(String),
    });
    expect(middle.session_id).not.toBe(leaf.session_id);
    expect(tree.truncated).toBe(false);
  });

  it("runs browser/cdp inside an OOPIF's own session", async ({ app: t, pages }) => {
    const middle = byUrl("/middle");
    const res = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: "location.origin", returnByValue: true },
      frame_id: middle.frame_id,
    });
    expect(res.status).toBe(200);
    expect(await json<CdpResponse>(res)).toEqual({
      method: "Runtime.evaluate",
      frame_id: middle.frame_id,
      session_id: middle.session_id,
      result: { result: { type: "string", value: `http://127.0.0.1:${pages.port}` } },
    });
    const top = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: "location.origin", returnByValue: true },
    });
    expect(await json<CdpResponse>(top)).toMatchObject({
      frame_id: null,
      session_id: null,
      result: { result: { value: `http://localhost:${pages.port}` } },
    });
  });

  it("evaluates in every frame, OOPIF or not", async ({ app: t }) => {
    expect((await evaluate(t, id, "location.href")).result).toBe(tree.top!.url);
    for (const frame of tree.children) {
      expect(await evaluate(t, id, "location.href", frame.frame_id)).toEqual({
        ok: true,
        result: frame.url,
        result_type: "string",
      });
    }
  });

  it("tags dialogs from each of the four frames with that frame's id", async ({ app: t }) => {
    const frames = [tree.top!.frame_id, ...tree.children.map((c) => c.frame_id)];
    for (const frameId of frames) {
      const fired = await evaluate(
        t,
        id,
        "setTimeout(() => window.__answers.push(confirm('from ' + location.href)), 0); true",
        frameId,
      );
      expect(fired.ok).toBe(true);
      const [dialog] = await waitForPending(t, id);
      expect(dialog).toMatchObject({ type: "confirm", frame_id: frameId });
      expect((await respond(t, id, { action: "accept", dialog_id: dialog.id })).status).toBe(200);
      expect(
        await waitFor(
          async () => (await evaluate(t, id, "window.__answers.at(-1)", frameId)).result === true,
          "the answer",
        ),
      ).toBe(true);
    }
    const recent = (await snapshot(t, id)).recent_dialogs.slice(0, 4).map((d) => d.frame_id);
    expect(recent.reverse()).toEqual(frames);
  });

  it("forgets the frames of a page it navigated away from, and reports them detached", async ({ app: t, pages }) => {
    await navigate(t, id, pages.url("localhost", "/plain"));
    const snap = await waitFor(async () => {
      const s = await snapshot(t, id);
      return s.frame_tree.children.length === 0 ? s : null;
    }, "an empty frame tree");
    expect(snap.frame_tree.top).toMatchObject({ frame_id: tree.top!.frame_id, url: pages.url("localhost", "/plain") });
    // Frame events are stored as the browser reports the frames, a moment after the tree changed.
    const detachedIds = async () =>
      (await t.app.services.events.replay(id, 0))
        .filter((e) => e.type === "frame.detached")
        .map((e) => (e.data as { frame_id: string }).frame_id);
    const detached = await waitFor(async () => {
      const ids = await detachedIds();
      return tree.children.every((child) => ids.includes(child.frame_id)) ? ids : null;
    }, "the frames reported detached");
    for (const child of tree.children) expect(detached).toContain(child.frame_id);
    await navigate(t, id, pages.url("localhost", "/four-frames"));
    tree = await fourFrameTree(t, id);
  });

  it("truncates a tree with more than 30 frames and deeply nested OOPIFs", async ({ app: t, pages }) => {
    await navigate(t, id, pages.url("localhost", "/many-frames"));
    const snap = await waitFor(async () => {
      const s = await snapshot(t, id);
      return s.frame_tree.truncated && s.frame_tree.children.length === 30 ? s : null;
    }, "a truncated tree");
    const children = snap.frame_tree.children;
    const depthOf = (frameId: string | null): number => {
      let depth = 0;
      for (let current = frameId; current && current !== snap.frame_tree.top!.frame_id; depth++) {
        current = children.find((c) => c.frame_id === current)?.parent_frame_id ?? null;
      }
      return depth;
    };
    expect(children.filter((c) => c.is_oopif).every((c) => depthOf(c.frame_id) <= 2)).toBe(true);
    expect(children.some((c) => c.is_oopif)).toBe(true);
  });

  it('shows the opaque origin of a fresh browser\'s about:blank page as "null"', async ({ app: t }) => {
    const fresh = await createSessionId(t);
    expect((await t.call("POST", `/v1/sessions/${fresh}/browser/cdp`, { method: "Page.getFrameTree" })).status).toBe(
      200,
    );
    const top = await waitFor(async () => (await snapshot(t, fresh)).frame_tree.top, "top frame");
    expect(top).toMatchObject({ url: "about:blank", origin: "null" });
  });

  it("keeps the last console messages", async ({ app: t, pages }) => {
    await navigate(t, id, pages.url("localhost", "/console"));
    const snap = await waitFor(async () => {
      const s = await snapshot(t, id);
      return s.console.some((c) => c.text === "bad thing") ? s : null;
    }, "console output");
    expect(snap.console.slice(-2).map((c) => [c.level, c.text])).toEqual([
      ["log", "hello from page"],
      ["error", "bad thing"],
    ]);
  });
});
