import { describe, expect } from "vitest";
import { json, type ProblemResponse, type ValidationProblem } from "../fixtures/responses.js";
import { appendMessage, countRows, countSearchRows, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none" });

const call = (id: string) => ({
  id,
  type: "function",
  function: { name: "browser_navigate", arguments: '{"url":"https://example.com"}' },
});

describe("messages: errors", () => {
  async function post(t: TestApp, sessionId: string, body: unknown) {
    const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, body);
    return { status: res.status, body: await json<ValidationProblem>(res) };
  }

  it("answers 503 model_not_configured for a run without a model, and stores nothing", async ({ app: t }) => {
    const session = await createSession(t);
    for (const body of [
      { content: "hello" },
      { role: "user", content: "hello", run: true },
      { content: "hi", stream: true },
    ]) {
      const res = await post(t, session.id, body);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: "model_not_configured", status: 503 });
      expect(res.body.detail).toContain("run: false");
    }
    expect(await countRows(t, "messages", session.id)).toBe(0);
    expect(await countSearchRows(t, session.id)).toBe(0);
    const rows = await t.query("select message_count, next_seq, context_tokens from sessions where id = $1", [
      session.id,
    ]);
    expect(rows).toEqual([{ message_count: 0, next_seq: 1, context_tokens: 0 }]);
  });

  it("allows null content only on an assistant message that carries tool calls", async ({ app: t }) => {
    const session = await createSession(t);
    for (const body of [
      { role: "user", content: null, run: false },
      { role: "assistant", content: null },
      { role: "assistant", content: null, tool_calls: [] },
      { role: "system", content: null },
    ]) {
      const res = await post(t, session.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((e) => e.location)).toContain("body.content");
    }
    const missing = await post(t, session.id, { role: "user", run: false });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e) => e.location)).toEqual(["body.content"]);
    expect(await countRows(t, "messages", session.id)).toBe(0);
  });

  it("validates a malformed user message before answering that no model is configured", async ({ app: t }) => {
    const session = await createSession(t);
    const res = await post(t, session.id, { role: "user", content: null });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].location).toBe("body.content");
  });

  it("refuses a tool result that answers no known call, a second result, and a reused call id", async ({ app: t }) => {
    const session = await createSession(t);
    const unknown = await post(t, session.id, { role: "tool", tool_call_id: "call_nowhere", content: "result" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "invalid_tool_pair", errors: [{ location: "body.tool_call_id" }] });

    await appendMessage(t, session.id, { role: "assistant", content: null, tool_calls: [call("call_1")] });
    await appendMessage(t, session.id, { role: "tool", tool_call_id: "call_1", content: "done" });
    const again = await post(t, session.id, { role: "tool", tool_call_id: "call_1", content: "done twice" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid_tool_pair");
    expect(again.body.detail).toContain("already has a result");

    const reused = await post(t, session.id, {
      role: "assistant",
      content: null,
      tool_calls: [call("call_1")],
      run: false,
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "invalid_tool_pair", errors: [{ location: "body.tool_calls" }] });

    const twiceInOne = await post(t, session.id, {
      role: "assistant",
      content: null,
      tool_calls: [call("call_2"), call("call_2")],
    });
    expect(twiceInOne.status).toBe(400);
    expect(twiceInOne.body.errors).toEqual([
      { location: "body.tool_calls.1.id", message: expect.stringContaining("duplicate") },
    ]);

    // A call id of another session does not count.
    const other = await createSession(t);
    const foreign = await post(t, other.id, { role: "tool", tool_call_id: "call_1", content: "x" });
    expect(foreign.body.code).toBe("invalid_tool_pair");

    // Refusals leave no gap: the next append takes the next seq.
    expect(await countRows(t, "messages", session.id)).toBe(2);
    const next = await appendMessage(t, session.id, { role: "user", content: "and now?" });
    expect(next.seq).toBe(3);
  });

  it("checks which roles may carry tool fields", async ({ app: t }) => {
    const session = await createSession(t);
    const cases: Array<[unknown, string]> = [
      [{ role: "tool", content: "orphan" }, "body.tool_call_id"],
      [{ role: "user", content: "x", tool_call_id: "call_1", run: false }, "body.tool_call_id"],
      [{ role: "user", content: "x", tool_calls: [call("call_9")], run: false }, "body.tool_calls"],
    ];
    for (const [body, location] of cases) {
      const res = await post(t, session.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e) => e.location)).toContain(location);
    }
  });

  it("refuses run or stream where they do not apply", async ({ app: t }) => {
    const session = await createSession(t);
    const run = await post(t, session.id, { role: "assistant", content: "x", run: true });
    expect(run.status).toBe(400);
    expect(run.body.errors).toEqual([{ location: "body.run", message: expect.any(String) }]);
    const stream = await post(t, session.id, { content: "x", run: false, stream: true });
    expect(stream.status).toBe(400);
    expect(stream.body.errors).toEqual([{ location: "body.stream", message: expect.any(String) }]);
  });

  it("lists every failing field of a message body", async ({ app: t }) => {
    const session = await createSession(t);
    const res = await post(t, session.id, {
      role: "robot",
      content: 42,
      tool_calls: [{ id: "", type: "method" }],
      extra: 1,
    });
    expect(res.status).toBe(400);
    const locations: string[] = res.body.errors.map((e) => e.location);
    for (const location of [
      "body.role",
      "body.content",
      "body.tool_calls.0.id",
      "body.tool_calls.0.type",
      "body.tool_calls.0.function",
      "body.extra",
    ]) {
      expect(locations).toContain(location);
    }
  });

  it("answers 404 for messages and context of a session that does not exist", async ({ app: t }) => {
    expect((await post(t, "ses_missing", { content: "x", run: false })).status).toBe(404);
    for (const path of ["/v1/sessions/ses_missing/messages", "/v1/sessions/ses_missing/context"]) {
      const res = await t.call("GET", path);
      expect(res.status).toBe(404);
      expect((await json<ProblemResponse>(res)).code).toBe("not_found");
    }
  });

  it("refuses a transcript cursor it did not issue", async ({ app: t }) => {
    const session = await createSession(t);
    const res = await t.call(
      "GET",
      `/v1/sessions/${session.id}/messages?cursor=${Buffer.from('{"seq":"x"}').toString("base64url")}`,
    );
    expect(res.status).toBe(400);
    expect((await json<ValidationProblem>(res)).errors).toEqual([
      { location: "query.cursor", message: expect.any(String) },
    ]);
  });
});
