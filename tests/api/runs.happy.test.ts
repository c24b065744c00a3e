import { describe, expect } from "vitest";
import { type AgentApp, eventData, readSse, testTools } from "../fixtures/agent-harness.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import {
  json,
  type GetContextResponse,
  type GetSessionResponse,
  type ListMessagesResponse,
  type PostMessageRunResponse,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const SUMMARY_MARKER = "[CONTEXT COMPACTION";

const it = withApp({ tools: [testTools.echo, testTools.add] });
/** The context-engine blocks each run their own app, with a small window. */
const smallWindow = {
  tools: [testTools.echo],
  overrides: { model: { context_length: 16_000 }, compression: { threshold_tokens_cap: 8_000 } },
};
const itContext = withApp(smallWindow);
const itWithoutUsage = withApp(smallWindow);

describe("agent runs", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("answers a user message: stores it before the call, returns the run and its messages", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ system_prompt: "You are terse." });
    fake.enqueue({ content: "Hello there.", usage: { prompt_tokens: 21, completion_tokens: 3 } });
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Hi" });
    expect(res.status).toBe(200);
    const body = await json<PostMessageRunResponse>(res);
    expect(body.run).toMatchObject({ status: "completed", iterations: 1, compressed: false, error: null });
    expect(body.run.usage).toEqual({ prompt_tokens: 21, completion_tokens: 3, total_tokens: 24 });
    expect(body.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Hi"],
      ["assistant", "Hello there."],
    ]);
    expect(body.messages.map((m) => m.seq)).toEqual([1, 2]);

    expect(fake.completions).toHaveLength(1);
    const sent = fake.completions[0].body;
    expect(sent.model).toBe("fake-model");
    expect(sent.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Hi" },
    ]);
    // The browser tools come too: the test machine has Chromium.
    expect((sent.tools ?? []).map((tool) => tool.function.name).sort()).toEqual([
      "add",
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
      "echo",
      "memory",
      "session_anchors",
      "session_read",
      "session_search",
      "sessions_read",
      "sessions_search",
    ]);

    const run = await t.app.services.store.runs.get(body.run.id);
    expect(run).toMatchObject({ session_id: id, status: "completed", iterations: 1, error: null });
    expect(run!.finished_at).not.toBeNull();
    const transcript = await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages`));
    expect(transcript.data.map((m) => m.content)).toEqual(["Hi", "Hello there."]);
    const session = await json<GetSessionResponse>(await t.call("GET", `/v1/sessions/${id}`));
    expect(session.stats.last_prompt_tokens).toBe(21);
  });

  it("plays a multi-step tool-calling run, feeding each result back to the model", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue(
      { tool_calls: [{ id: "call_add", name: "add", arguments: { a: 2, b: 3 } }] },
      { tool_calls: [{ id: "call_echo", name: "echo", arguments: { text: "five" } }] },
      { content: "2 + 3 = 5" },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "add 2 and 3, then echo it" });
    expect(res.status).toBe(200);
    const body = await json<PostMessageRunResponse>(res);
    expect(body.run).toMatchObject({ status: "completed", iterations: 3 });
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    expect(body.messages[2]).toMatchObject({ role: "tool", tool_call_id: "call_add", name: "add", content: "5" });
    expect(body.messages[4]).toMatchObject({ tool_call_id: "call_echo", content: "echo: five" });

    expect(fake.completions).toHaveLength(3);
    const second = fake.completions[1].body.messages;
    expect(second.slice(-2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_add", type: "function", function: { name: "add", arguments: '{"a":2,"b":3}' } }],
      },
      { role: "tool", content: "5", tool_call_id: "call_add", name: "add" },
    ]);
    const third = fake.completions[2].body.messages;
    expect(third.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_echo", content: "echo: five" });
  });

  it("leaves each response's figures and usage row with its answer, and ends the run after the final answer", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue(
      {
        tool_calls: [{ id: "call_fig", name: "echo", arguments: { text: "x" } }],
        usage: { prompt_tokens: 300, completion_tokens: 12 },
      },
      { content: "all done", usage: { prompt_tokens: 340, completion_tokens: 9 } },
    );
    const body = await json<PostMessageRunResponse>(
      await t.call("POST", `/v1/sessions/${id}/messages`, { content: "echo x, then stop" }),
    );
    expect(body.run).toMatchObject({ status: "completed", iterations: 2, usage: { prompt_tokens: 640 } });

    const session = await t.app.services.store.sessions.get(id);
    expect([session?.last_prompt_tokens, session?.last_completion_tokens]).toEqual([340, 9]);
    const usage = await json<{ data: Array<{ group: string; calls: number; input_tokens: number }> }>(
      await t.call("GET", "/v1/usage?group_by=session"),
    );
    expect(usage.data.find((row) => row.group === id)).toMatchObject({ calls: 2, input_tokens: 640 });
    // The final answer, then the run's end: nothing of the run is announced after it.
    const ofRun = (await t.app.services.events.replay(id, 0)).filter(
      (e) => (e.data as { run_id?: string }).run_id === body.run.id || e.type.startsWith("run."),
    );
    expect(ofRun.map((e) => e.type).slice(-2)).toEqual(["message.created", "run.completed"]);
    expect(ofRun.at(-2)?.data).toMatchObject({ message: { role: "assistant", content: "all done" } });
    expect(ofRun.at(-1)?.data).toMatchObject({ run: { id: body.run.id, status: "completed", iterations: 2 } });
  });

  it("runs parallel tool calls of one answer and returns every result before the next call", async ({
    app: t,
    fake,
  }) => {
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
    const body = await json<PostMessageRunResponse>(
      await t.call("POST", `/v1/sessions/${id}/messages`, { content: "three things at once" }),
    );
    expect(body.run.status).toBe("completed");
    const results = body.messages.filter((m) => m.role === "tool");
    expect(Object.fromEntries(results.map((m) => [m.tool_call_id, m.content]))).toEqual({
      p1: "2",
      p2: "echo: hi",
      p3: "15",
    });
    const next = fake.completions[1].body.messages;
    const toolMessages = next.filter((m) => m.role === "tool");
    expect(toolMessages.map((m) => m.tool_call_id).sort()).toEqual(["p1", "p2", "p3"]);
    const assistantIndex = next.findIndex((m) => m.tool_calls);
    expect(next.slice(assistantIndex + 1).every((m) => m.role === "tool")).toBe(true);
  });

  it("continues the session's history on the next message", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "first answer" }, { content: "second answer" });
    await t.call("POST", `/v1/sessions/${id}/messages`, { content: "one" });
    await t.call("POST", `/v1/sessions/${id}/messages`, { content: "two" });
    expect(fake.completions[1].body.messages.map((m) => m.content)).toEqual(["one", "first answer", "two"]);
  });

  it("streams a run as SSE with message deltas, increasing ids, and a final done", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue(
      { tool_calls: [{ id: "s1", name: "echo", arguments: { text: "x" } }] },
      { content: "The streamed answer is here." },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "stream it", stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const frames = (await readSse(res, (f) => f.event === "done")).filter((f) => f.event);
    const names = frames.map((f) => f.event);
    expect(names[0]).toBe("run.started");
    expect(names.at(-1)).toBe("done");
    expect(names.at(-2)).toBe("run.completed");
    for (const name of ["message.created", "message.delta", "tool.started", "tool.completed"])
      expect(names).toContain(name);
    const ids = frames.filter((f) => f.event !== "done").map((f) => Number(f.id));
    expect(ids.every((n, i) => i === 0 || n > ids[i - 1])).toBe(true);
    const text = frames
      .filter((f) => f.event === "message.delta")
      .map((f) => eventData<"message.delta">(f).content)
      .join("");
    expect(text).toBe("The streamed answer is here.");
    const done = eventData<"done">(frames.at(-1)!);
    expect(done.run).toMatchObject({ status: "completed", iterations: 2 });
    expect(fake.completions.every((r) => r.body.stream === true)).toBe(true);
    const created = frames
      .filter((f) => f.event === "message.created")
      .map((f) => eventData<"message.created">(f).message.role);
    expect(created).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("replays the stored result for a repeated Idempotency-Key instead of running twice", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "only once" });
    const first = await t.call(
      "POST",
      `/v1/sessions/${id}/messages`,
      { content: "once please" },
      { "idempotency-key": "run-key-1" },
    );
    expect(first.status).toBe(200);
    const firstBody = await json<PostMessageRunResponse>(first);
    const second = await t.call(
      "POST",
      `/v1/sessions/${id}/messages`,
      { content: "once please" },
      { "idempotency-key": "run-key-1" },
    );
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotency-replayed")).toBe("true");
    expect(await json<PostMessageRunResponse>(second)).toEqual(firstBody);
    expect(fake.completions).toHaveLength(1);
    const transcript = await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages`));
    expect(transcript.data).toHaveLength(2);
  });
});

describe("runs and the context engine", () => {
  itContext.beforeEach(({ fake }) => fake.reset());

  async function seededSession(t: AgentApp, rounds: number): Promise<string> {
    const id = await t.createSession({ system_prompt: "You are terse." });
    for (let i = 0; i < rounds; i++) {
      await append(
        t,
        id,
        toolRound(
          `step ${i}: ${filler(i, 60)}`,
          "terminal",
          { command: `npm run step-${i}` },
          `output ${i}\n${filler(i + 100, 250)}`,
          `done ${i}: ${filler(i + 200, 40)}`,
        ),
      );
    }
    return id;
  }
  const contextOf = async (t: AgentApp, id: string) =>
    json<GetContextResponse>(await t.call("GET", `/v1/sessions/${id}/context`));
  const hasSummary = (messages: Array<{ content: unknown }>) =>
    messages.some((m) => JSON.stringify(m.content ?? "").includes(SUMMARY_MARKER));

  itContext(
    "compresses before the first model call when the context is over the threshold",
    async ({ app: t, fake }) => {
      const id = await seededSession(t, 22);
      const before = await contextOf(t, id);
      expect(before.tokens.total).toBeGreaterThanOrEqual(before.tokens.threshold);
      expect(before.tokens.total).toBeLessThan(0.85 * before.tokens.context_length);

      fake.enqueue(
        { content: "## Goal\nRun every step.\n## Completed Actions\nSteps 0-15 ran green." },
        { content: "All steps are done." },
      );
      const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "status?" });
      const body = await json<PostMessageRunResponse>(res);
      expect(body.run).toMatchObject({ status: "completed", compressed: true, iterations: 1 });

      expect(fake.completions).toHaveLength(2);
      const agentRequest = fake.completions[1].body;
      expect(hasSummary(fake.completions[0].body.messages)).toBe(false);
      expect(hasSummary(agentRequest.messages)).toBe(true);
      expect(JSON.stringify(agentRequest.messages)).toContain("Steps 0-15 ran green.");
      expect(agentRequest.messages.length).toBeLessThan(before.messages.length);
      expect(agentRequest.messages.at(-1)).toEqual({ role: "user", content: "status?" });
      expect((agentRequest.tools ?? []).map((tool) => tool.function.name)).toContain("session_search");
      const after = await contextOf(t, id);
      expect(after.tokens.total).toBeLessThan(after.tokens.threshold);
      expect((await t.app.services.events.replay(id, 0)).map((e) => e.type)).toContain("context.compressed");
      // The compression is one of the run's steps: its events name the run, so the run's own stream has them.
      const ofRun = await t.app.services.events.replayRun(body.run.id, 0, 1_000);
      const compressed = ofRun.find((e) => e.type === "context.compressed");
      expect(compressed?.data).toMatchObject({ run_id: body.run.id, trigger: "preflight" });
      expect(ofRun.map((e) => e.type)).toContain("context.compressing");
      // The model call after the run's own compression is counted with what the summary saved.
      const { tokens_before, tokens_after } = compressed!.data as { tokens_before: number; tokens_after: number };
      const calls = await t.query<{ purpose: string; saved_tokens: number }>(
        "select purpose, saved_tokens from model_calls where session_id = $1 order by id",
        [id],
      );
      expect(calls.map((call) => [call.purpose, Number(call.saved_tokens)])).toEqual([
        ["compression", 0],
        ["agent", tokens_before - tokens_after],
      ]);
    },
  );

  itContext(
    "compresses mid-run when the real prompt count crosses the threshold, and the next call carries the summary",
    async ({ app: t, fake }) => {
      const id = await seededSession(t, 14);
      const before = await contextOf(t, id);
      expect(before.tokens.total).toBeLessThan(before.tokens.threshold);

      fake.enqueue(
        {
          tool_calls: [{ id: "mid_1", name: "echo", arguments: { text: "checkpoint" } }],
          usage: { prompt_tokens: before.tokens.threshold + 500, completion_tokens: 12 },
        },
        { content: "## Goal\nKeep going.\n## Active State\nMid-run summary written." },
        { content: "Finished after compressing.", usage: { prompt_tokens: 2_000, completion_tokens: 5 } },
      );
      const body = await json<PostMessageRunResponse>(
        await t.call("POST", `/v1/sessions/${id}/messages`, { content: "one more step" }),
      );
      expect(body.run).toMatchObject({ status: "completed", compressed: true, iterations: 2 });
      expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);

      expect(fake.completions).toHaveLength(3);
      const [firstCall, summaryCall, secondCall] = fake.completions.map((r) => r.body);
      expect(hasSummary(firstCall.messages)).toBe(false);
      expect(summaryCall.tools).toBeUndefined();
      expect(hasSummary(secondCall.messages)).toBe(true);
      expect(JSON.stringify(secondCall.messages)).toContain("Mid-run summary written.");
      expect(secondCall.messages.length).toBeLessThan(firstCall.messages.length);
      // The tool round of this run survives the compression in order: the call, then its result.
      const callIndex = secondCall.messages.findIndex((m) => m.tool_calls?.some((c) => c.id === "mid_1"));
      expect(secondCall.messages[callIndex + 1]).toMatchObject({
        role: "tool",
        tool_call_id: "mid_1",
        content: "echo: checkpoint",
      });
      const session = await json<GetSessionResponse>(await t.call("GET", `/v1/sessions/${id}`));
      expect(session.stats.last_prompt_tokens).toBe(2_000);
      expect(session.stats.compression_count).toBe(1);
    },
  );

  itContext(
    "marks the system prompt and the last messages for prompt caching on Claude models only",
    async ({ app: t, fake }) => {
      const claude = await t.createSession({ system_prompt: "Cache me.", model: "claude-sonnet-4" });
      fake.enqueue({ content: "first" }, { content: "second" });
      await t.call("POST", `/v1/sessions/${claude}/messages`, { content: "one" });
      await t.call("POST", `/v1/sessions/${claude}/messages`, { content: "two" });
      const sent = fake.completions[1].body;
      expect(sent.model).toBe("claude-sonnet-4");
      expect(sent.messages[0]).toEqual({
        role: "system",
        content: [{ type: "text", text: "Cache me.", cache_control: { type: "ephemeral" } }],
      });
      const marked = sent.messages.filter((m) => Array.isArray(m.content) && m.content.at(-1)!.cache_control);
      expect(marked).toHaveLength(4);
      expect(sent.messages.at(-1)).toEqual({
        role: "user",
        content: [{ type: "text", text: "two", cache_control: { type: "ephemeral" } }],
      });

      const plain = await t.createSession({ system_prompt: "Do not cache." });
      fake.reset();
      fake.enqueue({ content: "ok" });
      await t.call("POST", `/v1/sessions/${plain}/messages`, { content: "hi" });
      expect(fake.completions[0].body.messages).toEqual([
        { role: "system", content: "Do not cache." },
        { role: "user", content: "hi" },
      ]);
    },
  );
});

/** A model server that reports no token usage must not keep a run from compressing when its context grows. */
describe("runs against a server without usage", () => {
  itWithoutUsage.for([false, true])(
    "compresses mid-run on the stored estimate (stream: %s)",
    async (stream, { app: t, fake }) => {
      fake.reset();
      const id = await t.createSession({ system_prompt: "You are terse." });
      for (let i = 0; i < 12; i++) {
        await append(
          t,
          id,
          toolRound(
            `step ${i}: ${filler(i, 60)}`,
            "terminal",
            { command: `npm run step-${i}` },
            `output ${i}\n${filler(i + 100, 250)}`,
            `done ${i}`,
          ),
        );
      }
      const before = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${id}/context`));
      expect(before.tokens.total).toBeLessThan(before.tokens.threshold);

      fake.enqueue(
        { tool_calls: [{ id: `big_${stream}`, name: "echo", arguments: { text: filler(7, 4500) } }], omit_usage: true },
        { content: "## Goal\nEcho the long text.\n## Active State\nESTIMATE-SUMMARY", omit_usage: true },
        { content: "Echoed.", omit_usage: true },
      );
      const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "echo this long text", stream });
      if (stream) await res.text();
      const runs = await t.query<{ status: string; compressed: number }>(
        "select status, compressed from runs where session_id = $1",
        [id],
      );
      expect(runs).toEqual([{ status: "completed", compressed: 1 }]);
      // the tool call, then the summary written right after it, then the agent's next call carrying that summary
      const [, summaryCall, nextCall] = fake.completions.map((r) => r.body);
      expect(summaryCall.messages[0].content).toContain("You write the handoff summary");
      expect(nextCall.messages[0].content).toBe("You are terse.");
      expect(JSON.stringify(nextCall.messages)).toContain("ESTIMATE-SUMMARY");
      expect(nextCall.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: `big_${stream}` });
      const after = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${id}/context`));
      expect(after.compression_count).toBeGreaterThanOrEqual(1);
    },
  );
});
