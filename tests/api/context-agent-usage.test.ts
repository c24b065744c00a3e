import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeAgentApp, testTools, type AgentApp } from "../fixtures/agent-harness.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";

/** A model server that reports no token usage must not keep a run from compressing when its context grows. */

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

describe("runs against a server without usage", () => {
  it.each([false, true])("compresses mid-run on the stored estimate (stream: %s)", async (stream) => {
    fake.reset();
    const id = await t.createSession({ system_prompt: "You are terse." });
    for (let i = 0; i < 12; i++) {
      await append(t, id, toolRound(`step ${i}: ${filler(i, 60)}`, "terminal", { command: `npm run step-${i}` }, `output ${i}\n${filler(i + 100, 250)}`, `done ${i}`));
    }
    const before = await (await t.call("GET", `/v1/sessions/${id}/context`)).json();
    expect(before.tokens.total).toBeLessThan(before.tokens.threshold);

    fake.enqueue(
      { tool_calls: [{ id: `big_${stream}`, name: "echo", arguments: { text: filler(7, 4500) } }], omit_usage: true },
      { content: "## Goal\nEcho the long text.\n## Active State\nESTIMATE-SUMMARY", omit_usage: true },
      { content: "Echoed.", omit_usage: true },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "echo this long text", stream });
    if (stream) await res.text();
    const runs = t.database.sqlite.prepare("select status, compressed from runs where session_id = ?").all(id) as Array<{ status: string; compressed: number }>;
    expect(runs).toEqual([{ status: "completed", compressed: 1 }]);
    // the tool call, then the summary written right after it, then the agent's next call carrying that summary
    const [, summaryCall, nextCall] = fake.completions.map((r) => r.body);
    expect(summaryCall.messages[0].content).toContain("You write the handoff summary");
    expect(nextCall.messages[0].content).toBe("You are terse.");
    expect(JSON.stringify(nextCall.messages)).toContain("ESTIMATE-SUMMARY");
    expect(nextCall.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: `big_${stream}` });
    const after = await (await t.call("GET", `/v1/sessions/${id}/context`)).json();
    expect(after.compression_count).toBeGreaterThanOrEqual(1);
  });
});
