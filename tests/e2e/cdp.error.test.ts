import { describe, expect } from "vitest";
import { evaluate, navigate, respond, snapshot, waitFor, waitForPending } from "../fixtures/browser.js";
import type { PagesServer } from "../fixtures/pages-server.js";
import {
  json,
  type CdpResponse,
  type GetSnapshotResponse,
  type ProblemResponse,
  type ValidationProblem,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

// Off the built-in CDP allowlist, allowed here by the operator: an unknown method (to get CDP's own refusal) and the
// Target methods that create and list targets (to check that the URL rules still hold for them).
const it = withApp({
  model: "none",
  overrides: { browser: { cdp_allow: ["Nope.nothing", "Target.createTarget", "Target.getTargets"] } },
});
// Browser.getVersion (a browser-side method, off the built-in CDP allowlist) is allowed by the operator here.
const itDialogBlocked = withApp({
  model: "none",
  overrides: { browser: { bridge: "off", cdp_allow: ["Browser.getVersion"] } },
});

/** page_blocked_by_dialog names the dialogs in the way. */
type BlockedProblem = ProblemResponse & { pending_dialogs: GetSnapshotResponse["pending_dialogs"] };

/** How the raw CDP escape hatch fails: each failure with its own status, none of them hanging on a dialog. */
describe("browser/cdp failures", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;
  const cdp = (body: Record<string, unknown>) => t.call("POST", `/v1/sessions/${id}/browser/cdp`, body);

  // The cdp helper reads the block's app and session, so the fixtures are kept here for it.
  it.beforeAll(async ({ app, pages: served }) => {
    t = app;
    pages = served;
    id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/plain"));
  });

  it("answers a protocol error with 400 cdp_command_failed carrying CDP's own message", async () => {
    const res = await cdp({ method: "Nope.nothing" });
    expect(res.status).toBe(400);
    const problem = await json<ValidationProblem>(res);
    expect(problem.code).toBe("cdp_command_failed");
    expect(problem.detail).toContain("'Nope.nothing' wasn't found");
    expect(problem.errors).toEqual([{ location: "body.method", message: expect.stringContaining("wasn't found") }]);

    const badParams = await cdp({ method: "Runtime.evaluate", params: { expression: 42 } });
    expect(badParams.status).toBe(400);
    expect(await json<ProblemResponse>(badParams)).toMatchObject({
      code: "cdp_command_failed",
      errors: [{ location: "body.params" }],
    });
  });

  it("returns at once with 409 page_blocked_by_dialog when the command opens a dialog, naming it", async () => {
    const res = await cdp({ method: "Runtime.evaluate", params: { expression: "alert('from cdp')" } });
    expect(res.status).toBe(409);
    const problem = await json<BlockedProblem>(res);
    const [pending] = (await snapshot(t, id)).pending_dialogs;
    expect(pending).toMatchObject({ type: "alert", message: "from cdp" });
    expect(problem.code).toBe("page_blocked_by_dialog");
    expect(problem.detail).toContain(pending.id);
    expect(problem.pending_dialogs).toEqual([expect.objectContaining({ id: pending.id, message: "from cdp" })]);
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
  });

  it("answers 409 page_blocked_by_dialog, not a timeout, for a command a pending dialog blocks", async () => {
    await evaluate(t, id, "setTimeout(() => alert('blocking'), 0)");
    const [pending] = await waitForPending(t, id);
    const res = await cdp({ method: "Runtime.evaluate", params: { expression: "1 + 1" } });
    expect(res.status).toBe(409);
    const problem = await json<BlockedProblem>(res);
    expect(problem).toMatchObject({ code: "page_blocked_by_dialog", pending_dialogs: [{ id: pending.id }] });
    expect(problem.detail).toContain(pending.id);
    expect(problem.detail).toContain("dialogs/respond");
    expect((await respond(t, id, { action: "accept" })).status).toBe(200);
    const after = await cdp({ method: "Runtime.evaluate", params: { expression: "1 + 1", returnByValue: true } });
    expect(after.status).toBe(200);
    expect((await json<CdpResponse>(after)).result).toMatchObject({ result: { value: 2 } });
  });

  it("answers 504 browser_timeout when the browser does not answer in time and no dialog is to blame", async () => {
    const res = await cdp({
      method: "Runtime.evaluate",
      params: { expression: "new Promise(() => {})", awaitPromise: true },
      timeout_ms: 500,
    });
    expect(res.status).toBe(504);
    const problem = await json<ProblemResponse>(res);
    expect(problem.code).toBe("browser_timeout");
    expect(problem.detail).toContain("Runtime.evaluate");
  });

  it("points a same-process frame inside an OOPIF at that OOPIF, not at the top frame", async () => {
    await navigate(t, id, pages.url("localhost", "/srcdoc-in-oopif"));
    const tree = await waitFor(async () => {
      const s = await snapshot(t, id);
      return s.frame_tree.children.some((c) => c.is_oopif) &&
        s.frame_tree.children.some((c) => c.url === "about:srcdoc")
        ? s.frame_tree
        : null;
    }, "the OOPIF and its srcdoc frame");
    const oopif = tree.children.find((c) => c.is_oopif)!;
    const inner = tree.children.find((c) => c.url === "about:srcdoc")!;
    expect(inner).toMatchObject({ is_oopif: false, parent_frame_id: oopif.frame_id });
    const res = await cdp({ method: "Runtime.evaluate", params: { expression: "1" }, frame_id: inner.frame_id });
    expect(res.status).toBe(409);
    const problem = await json<ProblemResponse>(res);
    expect(problem.code).toBe("frame_not_oopif");
    expect(problem.detail).toContain(`browser/cdp with frame_id ${oopif.frame_id}`);
    expect(problem.detail).not.toContain("from the top frame");
    const viaHost = await cdp({
      method: "Runtime.evaluate",
      params: { expression: "document.querySelector('iframe').contentDocument.body.innerText", returnByValue: true },
      frame_id: oopif.frame_id,
    });
    expect((await json<CdpResponse>(viaHost)).result).toMatchObject({ result: { value: "inner" } });
    await navigate(t, id, pages.url("localhost", "/plain"));
  });

  it("refuses to load a file://, view-source: or data: URL through Page.navigate or Target.createTarget", async () => {
    const before = (await snapshot(t, id)).url;
    for (const [method, url] of [
      ["Page.navigate", "file:///etc/passwd"],
      ["Page.navigate", "view-source:" + pages.url("localhost", "/plain")],
      ["Page.navigate", "data:text/html,<p>hi</p>"],
      ["Target.createTarget", "file:///etc/hostname"],
    ] as const) {
      const res = await cdp({ method, params: { url } });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(await json<ProblemResponse>(res)).toMatchObject({
        code: "url_not_allowed",
        errors: [{ location: "body.params.url" }],
      });
    }
    expect((await snapshot(t, id)).url).toBe(before);
    const targets = await cdp({ method: "Target.getTargets" });
    const urls = ((await json<CdpResponse>(targets)).result as { targetInfos: Array<{ url: string }> }).targetInfos.map(
      (target) => target.url,
    );
    expect(urls.some((url) => url.startsWith("file:"))).toBe(false);

    const allowed = await cdp({ method: "Page.navigate", params: { url: pages.url("127.0.0.1", "/plain") } });
    expect(allowed.status).toBe(200);
  });
});

/** Raw CDP must not hang on a page that a native dialog blocks. */
describe("browser/cdp with a dialog blocking the page", () => {
  let t: TestApp;
  let pages: PagesServer;
  let id: string;
  const cdp = (body: Record<string, unknown>) => t.call("POST", `/v1/sessions/${id}/browser/cdp`, body);

  itDialogBlocked.beforeAll(async ({ app, pages: served }) => {
    t = app;
    pages = served;
    id = await createSessionId(t);
    await navigate(t, id, pages.url("127.0.0.1", "/plain"));
  });

  itDialogBlocked(
    "answers 409 page_blocked_by_dialog naming the dialog a call opened or waits behind; browser-side methods still answer",
    async () => {
      const opened = await cdp({ method: "Runtime.evaluate", params: { expression: "alert('raised over CDP')" } });
      expect(opened.status).toBe(409);
      const problem = await json<BlockedProblem>(opened);
      expect(problem).toMatchObject({
        code: "page_blocked_by_dialog",
        pending_dialogs: [{ type: "alert", message: "raised over CDP" }],
      });
      const dialogId = problem.pending_dialogs[0].id;
      expect(problem.detail).toContain(dialogId);

      const behind = await cdp({ method: "Runtime.evaluate", params: { expression: "1 + 1", returnByValue: true } });
      expect(behind.status).toBe(409);
      expect(await json<ProblemResponse>(behind)).toMatchObject({
        code: "page_blocked_by_dialog",
        pending_dialogs: [{ id: dialogId }],
      });

      const version = await cdp({ method: "Browser.getVersion" });
      expect(version.status).toBe(200);
      expect(((await json<CdpResponse>(version)).result as { product: string }).product).toMatch(/Chrome/);

      expect((await respond(t, id, { action: "accept", dialog_id: dialogId })).status).toBe(200);
      const after = await cdp({ method: "Runtime.evaluate", params: { expression: "1 + 1", returnByValue: true } });
      expect(after.status).toBe(200);
      expect(((await json<CdpResponse>(after)).result as { result: { value: unknown } }).result.value).toBe(2);
    },
  );
});
