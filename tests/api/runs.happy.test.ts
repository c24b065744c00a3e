import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeAgentApp, readSse, testTools, type AgentApp } from "../fixtures/agent-harness.js";

describe("agent runs", () => {
  let fake: FakeModelServer;
  let t: AgentApp;
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeAgentApp(fake, { tools: [testTools.echo, testTools.add] });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("answers a user message: stores it before the call, returns the run and its messages", async () => {
    const id = await t.createSession({ system_prompt: "You are terse." });
    fake.enqueue({ content: "Hello there.", usage: { prompt_tokens: 21, completion_tokens: 3 } });
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Hi" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.run).toMatchObject({ status: "completed", iterations: 1, compressed: false, error: null });
    expect(body.run.usage).toEqual({ prompt_tokens: 21, completion_tokens: 3, total_tokens: 24 });
    expect(body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ["user", "Hi"],
      ["assistant", "Hello there."],
    ]);
    expect(body.messages.map((m: any) => m.seq)).toEqual([1, 2]);

    expect(fake.completions).toHaveLength(1);
    const sent = fake.completions[0].body;
    expect(sent.model).toBe("fake-model");
    expect(sent.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Hi" },
    ]);
    // The browser tools come too: the test machine has Chromium.
    expect(sent.tools.map((tool: any) => tool.function.name).sort()).toEqual([
      "add",
      "browser_cdp",
      "browser_click",
      "browser_dialog",
      "browser_navigate",
      "browser_snapshot",
      "browser_type",
      "echo",
      "session_search",
    ]);

    const run = t.app.services.store.runs.get(body.run.id);
    expect(run).toMatchObject({ session_id: id, status: "completed", iterations: 1, error: null });
    expect(run!.finished_at).not.toBeNull();
    const transcript = await (await t.call("GET", `/v1/sessions/${id}/messages`)).json();
    expect(transcript.data.map((m: any) => m.content)).toEqual(["Hi", "Hello there."]);
    const session = await (await t.call("GET", `/v1/sessions/${id}`)).json();
    expect(session.stats.last_prompt_tokens).toBe(21);
  });

  it("plays a multi-step tool-calling run, feeding each result back to the model", async () => {
    const id = await t.createSession();
    fake.enqueue(
      { tool_calls: [{ id: "call_add", name: "add", arguments: { a: 2, b: 3 } }] },
      { tool_calls: [{ id: "call_echo", name: "echo", arguments: { text: "five" } }] },
      { content: "2 + 3 = 5" },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "add 2 and 3, then echo it" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.run).toMatchObject({ status: "completed", iterations: 3 });
    expect(body.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    expect(body.messages[2]).toMatchObject({ role: "tool", tool_call_id: "call_add", name: "add", content: "5" });
    expect(body.messages[4]).toMatchObject({ tool_call_id: "call_echo", content: "echo: five" });

    expect(fake.completions).toHaveLength(3);
    const second = fake.completions[1].body.messages;
    expect(second.slice(-2)).toEqual([
      { role: "assistant", content: null, tool_calls: [{ id: "call_add", type: "function", function: { name: "add", arguments: '{"a":2,"b":3}' } }] },
      { role: "tool", content: "5", tool_call_id: "call_add", name: "add" },
    ]);
    const third = fake.completions[2].body.messages;
    expect(third.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_echo", content: "echo: five" });
  });

  it("runs parallel tool calls of one answer and returns every result before the next call", async () => {
    const id = await t.createSession();
    fake.enqueue(
      {
        tool_calls: [
          { id: "p1", name: "add", arguments: { a: 1, b: 1 } },
          { id: "p2", name: "echo", arguments: { text: "hi" } },
          { id: "p3", name: "add", arguments: { a: 10, b: 5 } },
        ],
      },
      { content: "done" },
    );
    const body = await (await t.call("POST", `/v1/sessions/${id}/messages`, { content: "three things at once" })).json();
    expect(body.run.status).toBe("completed");
    const results = body.messages.filter((m: any) => m.role === "tool");
    expect(Object.fromEntries(results.map((m: any) => [m.tool_call_id, m.content]))).toEqual({ p1: "2", p2: "echo: hi", p3: "15" });
    const next = fake.completions[1].body.messages;
    const toolMessages = next.filter((m: any) => m.role === "tool");
    expect(toolMessages.map((m: any) => m.tool_call_id).sort()).toEqual(["p1", "p2", "p3"]);
    const assistantIndex = next.findIndex((m: any) => m.tool_calls);
    expect(next.slice(assistantIndex + 1).every((m: any) => m.role === "tool")).toBe(true);
  });

  it("continues the session's history on the next message", async () => {
    const id = await t.createSession();
    fake.enqueue({ content: "first answer" }, { content: "second answer" });
    await t.call("POST", `/v1/sessions/${id}/messages`, { content: "one" });
    await t.call("POST", `/v1/sessions/${id}/messages`, { content: "two" });
    expect(fake.completions[1].body.messages.map((m: any) => m.content)).toEqual(["one", "first answer", "two"]);
  });

  it("streams a run as SSE with message deltas, increasing ids, and a final done", async () => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "s1", name: "echo", arguments: { text: "x" } }] }, { content: "The streamed answer is here." });
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "stream it", stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const frames = (await readSse(res, (f) => f.event === "done")).filter((f) => f.event);
    const names = frames.map((f) => f.event);
    expect(names[0]).toBe("run.started");
    expect(names.at(-1)).toBe("done");
    expect(names.at(-2)).toBe("run.completed");
    for (const name of ["message.created", "message.delta", "tool.started", "tool.completed"]) expect(names).toContain(name);
    const ids = frames.filter((f) => f.event !== "done").map((f) => Number(f.id));
    expect(ids.every((n, i) => i === 0 || n > ids[i - 1])).toBe(true);
    const text = frames.filter((f) => f.event === "message.delta").map((f) => JSON.parse(f.data).content).join("");
    expect(text).toBe("The streamed answer is here.");
    const done = JSON.parse(frames.at(-1)!.data);
    expect(done.run).toMatchObject({ status: "completed", iterations: 2 });
    expect(fake.completions.every((r) => r.body.stream === true)).toBe(true);
    const created = frames.filter((f) => f.event === "message.created").map((f) => JSON.parse(f.data).message.role);
    expect(created).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("replays the stored result for a repeated Idempotency-Key instead of running twice", async () => {
    const id = await t.createSession();
    fake.enqueue({ content: "only once" });
    const first = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "once please" }, { "idempotency-key": "run-key-1" });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const second = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "once please" }, { "idempotency-key": "run-key-1" });
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotency-replayed")).toBe("true");
    expect(await second.json()).toEqual(firstBody);
    expect(fake.completions).toHaveLength(1);
    const transcript = await (await t.call("GET", `/v1/sessions/${id}/messages`)).json();
    expect(transcript.data).toHaveLength(2);
  });
});
