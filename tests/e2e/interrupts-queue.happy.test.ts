import { describe, expect } from "vitest";
import { evaluate, navigate, snapshot, waitFor, waitForPending } from "../fixtures/browser.js";
import { testTools } from "../fixtures/agent-harness.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { InterruptAnsweredResponse, InterruptListResponse } from "../../src/routes/runs/schemas.js";

const it = withApp({ tools: [testTools.add] });

/** A page dialog in real Chromium and an approval, waiting at once, listed and answered through one queue. */
describe("the interrupts queue", () => {
  it("lists a pending dialog and a pending approval together, and answers each through the same route", async ({
    app: t,
    fake,
    pages,
  }) => {
    fake.reset();
    const id = await t.createSession({ config: { agent: { approvals: { tools: { add: "ask" } } } } });
    await navigate(t, id, pages.url("localhost", "/plain"));
    await evaluate(t, id, "setTimeout(() => window.__answers.push(confirm('Delete the draft?')), 0)");
    const [dialog] = await waitForPending(t, id);

    fake.enqueue({ tool_calls: [{ id: "call_q", name: "add", arguments: { a: 4, b: 4 } }] });
    fake.enqueue({ content: "eight" });
    const paused = await json<PostMessageRunResponse>(
      await t.call("POST", `/v1/sessions/${id}/messages`, { content: "add 4 and 4" }),
    );
    expect(paused.run.status).toBe("requires_action");

    const queue = await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`));
    expect(queue.data.map((i) => [i.kind, i.id])).toEqual([
      ["dialog", dialog.id],
      ["approval", paused.interrupts[0].id],
    ]);
    const [listedDialog, approval] = queue.data;
    expect(listedDialog).toMatchObject({
      status: "pending",
      dialog: { id: dialog.id, type: "confirm", message: "Delete the draft?" },
      answer: null,
      answer_route: `POST /v1/sessions/${id}/interrupts/${dialog.id}`,
    });
    // The must_respond watchdog's deadline: browser.dialog_timeout_s (300 s by default) after it opened.
    expect(Date.parse(listedDialog.expires_at!) - Date.parse(listedDialog.created_at)).toBe(300_000);
    expect(listedDialog.dialog!.expires_at).toBe(listedDialog.expires_at);
    expect(approval).toMatchObject({ tool: "add", answer_route: `POST /v1/sessions/${id}/interrupts/${approval.id}` });

    const dialogAnswer = await t.call("POST", `/v1/sessions/${id}/interrupts/${dialog.id}`, { action: "accept" });
    expect(dialogAnswer.status).toBe(200);
    const answered = (await json<InterruptAnsweredResponse>(dialogAnswer)).interrupt;
    expect(answered).toMatchObject({
      kind: "dialog",
      status: "answered",
      expires_at: listedDialog.expires_at,
      answer: { by: "user", action: "accept", decision: null, reason: null },
    });
    expect(Date.parse(answered.answer!.at)).toBeGreaterThanOrEqual(Date.parse(listedDialog.created_at));
    // The page's confirm() returns once the browser has closed the dialog.
    const pageAnswers = async () => (await evaluate(t, id, "window.__answers")).result as unknown[];
    expect(
      await waitFor(async () => ((await pageAnswers()).length ? pageAnswers() : null), "confirm() to return"),
    ).toEqual([true]);
    expect((await snapshot(t, id)).recent_dialogs[0]).toMatchObject({
      id: dialog.id,
      closed_by: "user",
      action: "accept",
    });

    const left = await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`));
    expect(left.data.map((i) => i.id)).toEqual([approval.id]);
    expect((await t.call("POST", `/v1/sessions/${id}/interrupts/${approval.id}`, { decision: "approve" })).status).toBe(
      200,
    );
    const again = await t.call("POST", `/v1/sessions/${id}/interrupts/${dialog.id}`, { action: "accept" });
    expect(again.status).toBe(409);
    expect((await json<ProblemResponse>(again)).code).toBe("interrupt_already_answered");
    const unknown = await t.call("POST", `/v1/sessions/${id}/interrupts/d-999`, { action: "accept" });
    expect(unknown.status).toBe(404);
    expect((await json<ProblemResponse>(unknown)).code).toBe("interrupt_not_found");
  });
});
