import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, modelConfig, toolRound } from "../fixtures/context-transcript.js";

let fake: FakeModelServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeModel();
  t = await makeTestApp(modelConfig(fake.baseUrl));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function longSession(rounds = 14): Promise<string> {
  const id = await createSession(t, { system_prompt: "You are terse." });
  for (let i = 0; i < rounds; i++) {
    await append(t, id, toolRound(`step ${i}: ${filler(i, 60)}`, "terminal", { command: `npm run step-${i}` }, `output ${i}\n${filler(i + 100, 250)}`, `done ${i}: ${filler(i + 200, 40)}`));
  }
  return id;
}

describe("POST /compress", () => {
  it("replaces the middle with one summary and keeps every stored row", async () => {
    const id = await longSession();
    fake.enqueue({ content: "## Goal\nFinish the steps.\n## Completed Actions\nSteps ran." });
    const before = await getJson(t, `/v1/sessions/${id}/context`);
    const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.compressed).toBe(true);
    expect(out.messages_compacted).toBeGreaterThan(10);
    expect(out.tokens_after).toBeLessThan(out.tokens_before);
    expect(out.summary.version).toBe(1);
    const after = await getJson(t, `/v1/sessions/${id}/context`);
    expect(after.tokens.total).toBe(out.tokens_after);
    expect(after.messages.length).toBeLessThan(before.messages.length);
    expect(after.summary_id).toBe(out.summary.id);
    const summaryMessage = after.messages.find((m: any) => typeof m.content === "string" && m.content.includes("[CONTEXT COMPACTION"));
    expect(summaryMessage.content).toContain("Finish the steps.");
    const all = await getJson(t, `/v1/sessions/${id}/messages?limit=200`);
    expect(all.data.filter((m: any) => m.kind === "message")).toHaveLength(14 * 4);
    expect(fake.completions).toHaveLength(1);
    expect(fake.completions[0].body.max_tokens).toBeUndefined();
  });
});
