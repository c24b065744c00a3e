import { describe, expect } from "vitest";
import {
  evaluate,
  fourFrameTree,
  navigate,
  respond,
  waitFor,
  waitForPending,
  type SnapshotBody,
} from "../fixtures/browser.js";
import { json, type ProblemResponse, type ValidationProblem } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none", overrides: { browser: { bridge: "on" } } });

/** What the browser routes refuse, and how. The bridge is on so two frames can hold dialogs at once. */
describe("browser errors", () => {
  let id: string;
  let tree: SnapshotBody["frame_tree"];

  it.beforeAll(async ({ app }) => {
    id = await createSessionId(app);
  });

  it("answers 409 no_dialog_open before any browser runs and when nothing is pending", async ({ app: t, pages }) => {
    const idle = await respond(t, id, { action: "accept" });
    expect(idle.status).toBe(409);
    expect(await json<ProblemResponse>(idle)).toMatchObject({ code: "no_dialog_open" });
    await navigate(t, id, pages.url("localhost", "/four-frames"));
    tree = await fourFrameTree(t, id);
    const none = await respond(t, id, { action: "dismiss" });
    expect(none.status).toBe(409);
    expect(none.headers.get("content-type")).toContain("application/problem+json");
    expect(await json<ProblemResponse>(none)).toMatchObject({ code: "no_dialog_open" });
  });

  it("with two dialogs pending: 409 dialog_ambiguous listing both, 404 for an unknown id, 400 for a bad action; then answers in any order", async ({
    app: t,
  }) => {
    const middle = tree.children.find((c) => c.url.includes("/middle"))!;
    await evaluate(t, id, "window.__answers = []; setTimeout(() => window.__answers.push(prompt('top asks', 'x')), 0)");
    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('middle asks')), 0)", middle.frame_id);
    const pending = await waitForPending(t, id, 2);
    expect(pending.map((d) => [d.via, d.frame_id]).sort()).toEqual(
      [
        ["bridge", middle.frame_id],
        ["bridge", tree.top!.frame_id],
      ].sort(),
    );

    const ambiguous = await respond(t, id, { action: "accept" });
    expect(ambiguous.status).toBe(409);
    // dialog_ambiguous lists the pending dialogs it could mean.
    const problem = await json<ProblemResponse & { candidates: Array<{ id: string }> }>(ambiguous);
    expect(problem.code).toBe("dialog_ambiguous");
    expect(problem.candidates.map((c) => c.id).sort()).toEqual(pending.map((d) => d.id).sort());

    const unknown = await respond(t, id, { action: "accept", dialog_id: "d-999" });
    expect(unknown.status).toBe(404);
    expect(await json<ProblemResponse>(unknown)).toMatchObject({ code: "dialog_not_found" });

    const badAction = await respond(t, id, { action: "maybe", dialog_id: pending[0].id });
    expect(badAction.status).toBe(400);
    expect(await json<ProblemResponse>(badAction)).toMatchObject({
      code: "validation_failed",
      errors: [{ location: "body.action" }],
    });

    const top = pending.find((d) => d.frame_id === tree.top!.frame_id)!;
    const inMiddle = pending.find((d) => d.frame_id === middle.frame_id)!;
    expect(
      (await respond(t, id, { action: "accept", dialog_id: inMiddle.id, prompt_text: "from the middle" })).status,
    ).toBe(200);
    expect((await respond(t, id, { action: "accept", dialog_id: top.id, prompt_text: "from the top" })).status).toBe(
      200,
    );
    expect(await waitFor(async () => (await evaluate(t, id, "window.__answers[0]")).result, "top answer")).toBe(
      "from the top",
    );
    expect(
      await waitFor(
        async () => (await evaluate(t, id, "window.__answers.at(-1)", middle.frame_id)).result,
        "middle answer",
      ),
    ).toBe("from the middle");
    const again = await respond(t, id, { action: "accept", dialog_id: top.id });
    expect(again.status).toBe(409);
    expect((await json<ProblemResponse>(again)).code).toBe("no_dialog_open");
  });

  it("refuses non-http(s) URLs with url_not_allowed and malformed ones with validation_failed", async ({ app: t }) => {
    for (const url of ["file:///etc/passwd", "chrome://version", "javascript:alert(1)", "data:text/html,hi"]) {
      const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url });
      expect(res.status).toBe(400);
      expect((await json<ProblemResponse>(res)).code).toBe("url_not_allowed");
    }
    const bad = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: "not a url" });
    expect(bad.status).toBe(400);
    expect((await json<ProblemResponse>(bad)).code).toBe("validation_failed");
    const missing = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, {});
    expect(missing.status).toBe(400);
    expect((await json<ValidationProblem>(missing)).errors[0].location).toBe("body.url");
  });

  it("answers 404 for an unknown frame and 409 frame_not_oopif for a same-process frame", async ({ app: t }) => {
    const unknownCdp = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: "1" },
      frame_id: "FFFF",
    });
    expect(unknownCdp.status).toBe(404);
    expect((await json<ProblemResponse>(unknownCdp)).code).toBe("frame_not_found");
    const unknownEval = await t.call("POST", `/v1/sessions/${id}/browser/evaluate`, {
      expression: "1",
      frame_id: "FFFF",
    });
    expect(unknownEval.status).toBe(404);

    const srcdoc = tree.children.find((c) => c.url === "about:srcdoc")!;
    const sameProcess = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: "1" },
      frame_id: srcdoc.frame_id,
    });
    expect(sameProcess.status).toBe(409);
    const problem = await json<ProblemResponse>(sameProcess);
    expect(problem.code).toBe("frame_not_oopif");
    expect(problem.detail).toContain("not an out-of-process iframe");
    expect(problem.detail).toContain("contentDocument");
  });

  it("returns JavaScript exceptions as results and CDP failures as 400", async ({ app: t }) => {
    const thrown = await evaluate(t, id, "missingVariable + 1");
    expect(thrown.ok).toBe(false);
    expect(thrown.error).toContain("ReferenceError");
    const rejected = await evaluate(t, id, "Promise.reject(new Error('nope'))");
    expect(rejected).toMatchObject({ ok: false, error: expect.stringContaining("nope") });
    const badParams = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, {
      method: "Runtime.evaluate",
      params: { expression: 42 },
    });
    expect(badParams.status).toBe(400);
    expect(await json<ProblemResponse>(badParams)).toMatchObject({ code: "cdp_command_failed" });
  });

  it("answers 404 for an unknown session", async ({ app: t }) => {
    for (const [method, path, body] of [
      ["GET", "/v1/sessions/ses_missing/snapshot", undefined],
      ["POST", "/v1/sessions/ses_missing/browser/navigate", { url: "http://localhost/" }],
      ["POST", "/v1/sessions/ses_missing/dialogs/respond", { action: "accept" }],
      ["DELETE", "/v1/sessions/ses_missing/browser", undefined],
    ] as const) {
      const res = await t.call(method, path, body);
      expect(res.status).toBe(404);
    }
  });
});
