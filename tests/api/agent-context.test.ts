import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeAgentApp, testTools, type AgentApp } from "../fixtures/agent-harness.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";

const SUMMARY_MARKER = "[CONTEXT COMPACTION";

describe("runs and the context engine", () => {
  let fake: FakeModelServer;
  let t: AgentApp;
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeAgentApp(fake, { tools: [testTools.echo], overrides: { model: { context_length: 16_000 }, compression: { threshold_tokens_cap: 8_000 } } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function seededSession(rounds: number): Promise<string> {
    const id = await t.createSession({ system_prompt: "You are terse." });
    for (let i = 0; i < rounds; i++) {
      await append(t, id, toolRound(`step ${i}: ${filler(i, 60)}`, "terminal", { command: `npm run step-${i}` }, `output ${i}\n${filler(i + 100, 250)}`, `done ${i}: ${filler(i + 200, 40)}`));
    }
    return id;
  }
  const contextOf = async (id: string) => (await t.call("GET", `/v1/sessions/${id}/context`)).json();
  const hasSummary = (messages: any[]) => messages.some((m) => JSON.stringify(m.content ?? "").includes(SUMMARY_MARKER));

  it("compresses before the first model call when the context is over the threshold", async () => {
    const id = await seededSession(22);
    const before = await contextOf(id);
    expect(before.tokens.total).toBeGreaterThanOrEqual(before.tokens.threshold);
    expect(before.tokens.total).toBeLessThan(0.85 * before.tokens.context_length);

    fake.enqueue({ content: "## Goal\nRun every step.\n## Completed Actions\nSteps 0-15 ran green." }, { content: "All steps are done." });
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "status?" });
    const body = await res.json();
    expect(body.run).toMatchObject({ status: "completed", compressed: true, iterations: 1 });

    expect(fake.completions).toHaveLength(2);
    const agentRequest = fake.completions[1].body;
    expect(hasSummary(fake.completions[0].body.messages)).toBe(false);
    expect(hasSummary(agentRequest.messages)).toBe(true);
    expect(JSON.stringify(agentRequest.messages)).toContain("Steps 0-15 ran green.");
    expect(agentRequest.messages.length).toBeLessThan(before.messages.length);
    expect(agentRequest.messages.at(-1)).toEqual({ role: "user", content: "status?" });
    expect(agentRequest.tools.map((tool: any) => tool.function.name)).toContain("session_search");
    const after = await contextOf(id);
    expect(after.tokens.total).toBeLessThan(after.tokens.threshold);
    expect(t.app.services.events.replay(id, 0).map((e) => e.type)).toContain("context.compressed");
  });

  it("compresses mid-run when the real prompt count crosses the threshold, and the next call carries the summary", async () => {
    const id = await seededSession(14);
    const before = await contextOf(id);
    expect(before.tokens.total).toBeLessThan(before.tokens.threshold);

    fake.enqueue(
      { tool_calls: [{ id: "mid_1", name: "echo", arguments: { text: "checkpoint" } }], usage: { prompt_tokens: before.tokens.threshold + 500, completion_tokens: 12 } },
      { content: "## Goal\nKeep going.\n## Active State\nMid-run summary written." },
      { content: "Finished after compressing.", usage: { prompt_tokens: 2_000, completion_tokens: 5 } },
    );
    const body = await (await t.call("POST", `/v1/sessions/${id}/messages`, { content: "one more step" })).json();
    expect(body.run).toMatchObject({ status: "completed", compressed: true, iterations: 2 });
    expect(body.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);

    expect(fake.completions).toHaveLength(3);
    const [firstCall, summaryCall, secondCall] = fake.completions.map((r) => r.body);
    expect(hasSummary(firstCall.messages)).toBe(false);
    expect(summaryCall.tools).toBeUndefined();
    expect(hasSummary(secondCall.messages)).toBe(true);
    expect(JSON.stringify(secondCall.messages)).toContain("Mid-run summary written.");
    expect(secondCall.messages.length).toBeLessThan(firstCall.messages.length);
    // The tool round of this run survives the compression in order: the call, then its result.
    const callIndex = secondCall.messages.findIndex((m: any) => m.tool_calls?.some((c: any) => c.id === "mid_1"));
    expect(secondCall.messages[callIndex + 1]).toMatchObject({ role: "tool", tool_call_id: "mid_1", content: "echo: checkpoint" });
    const session = await (await t.call("GET", `/v1/sessions/${id}`)).json();
    expect(session.stats.last_prompt_tokens).toBe(2_000);
    expect(session.stats.compression_count).toBe(1);
  });

  it("marks the system prompt and the last messages for prompt caching on Claude models only", async () => {
    const claude = await t.createSession({ system_prompt: "Cache me.", model: "claude-sonnet-4" });
    fake.enqueue({ content: "first" }, { content: "second" });
    await t.call("POST", `/v1/sessions/${claude}/messages`, { content: "one" });
    await t.call("POST", `/v1/sessions/${claude}/messages`, { content: "two" });
    const sent = fake.completions[1].body;
    expect(sent.model).toBe("claude-sonnet-4");
    expect(sent.messages[0]).toEqual({ role: "system", content: [{ type: "text", text: "Cache me.", cache_control: { type: "ephemeral" } }] });
    const marked = sent.messages.filter((m: any) => Array.isArray(m.content) && m.content.at(-1).cache_control);
    expect(marked).toHaveLength(4);
    expect(sent.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "two", cache_control: { type: "ephemeral" } }] });

    const plain = await t.createSession({ system_prompt: "Do not cache." });
    fake.reset();
    fake.enqueue({ content: "ok" });
    await t.call("POST", `/v1/sessions/${plain}/messages`, { content: "hi" });
    expect(fake.completions[0].body.messages).toEqual([
      { role: "system", content: "Do not cache." },
      { role: "user", content: "hi" },
    ]);
  });
});
