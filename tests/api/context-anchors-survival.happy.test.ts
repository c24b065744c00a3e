import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, modelConfig, toolRound } from "../fixtures/context-transcript.js";

/**
 * The anchor guarantee beyond the rows that leave the context: rows that stay but are shown
 * shortened, and anchors of earlier compressions once their summary is itself compacted.
 */

let fake: FakeModelServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeModel();
  // A 400K window: the lean tail (10K tokens) holds more than six tool rounds, so older tail outputs become stubs.
  t = await makeTestApp(modelConfig(fake.baseUrl, 400_000));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function contextText(id: string): Promise<string> {
  const context = await getJson(t, `/v1/sessions/${id}/context`);
  return context.messages.map((m: any) => `${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}\n${JSON.stringify(m.tool_calls ?? [])}`).join("\n");
}

async function compress(id: string, summary: string): Promise<any> {
  fake.enqueue({ content: `## Goal\n${summary}` });
  const out = await (await t.call("POST", `/v1/sessions/${id}/compress`, {})).json();
  expect(out.compressed, JSON.stringify(out)).toBe(true);
  return out;
}

describe("anchors of rows shown shortened", () => {
  it("keeps anchors of a head tool output demoted to a one-liner and of a tail output turned into a stub", async () => {
    const id = await createSession(t, { system_prompt: "sys" });
    // protected head (protect_first_n = 3): its tool output is over 200 chars, so it is demoted
    await append(t, id, toolRound("start the app", "terminal", { command: "npm start" }, `listen EADDRINUSE on :::3000\n${filler(1, 60)}`, "port busy"));
    for (let i = 0; i < 30; i++) await append(t, id, toolRound(`mid ${i} ${filler(i, 40)}`, "terminal", { command: `step ${i}` }, filler(i + 7, 200), `ok ${i}`));
    // in the tail, older than its newest six tool rounds and over 1,500 chars: stubbed in lean mode
    await append(t, id, toolRound("parse it", "terminal", { command: "node parse.js" }, `SyntaxError: Unexpected token '}' in JSON at position 4117\n${filler(99, 300)}`, "broken"));
    for (let i = 0; i < 8; i++) await append(t, id, toolRound(`t${i}`, "read_file", { path: `notes${i}.md` }, filler(i + 200, 300), `r${i}`));
    await compress(id, "nothing about the anchors");

    const messages = (await getJson(t, `/v1/sessions/${id}/messages?limit=200`)).data;
    const headOutput = messages.find((m: any) => m.role === "tool" && String(m.content).includes("EADDRINUSE"));
    const tailOutput = messages.find((m: any) => m.role === "tool" && String(m.content).includes("SyntaxError"));
    expect(headOutput.in_context).toBe(true);
    expect(tailOutput.in_context).toBe(true);
    const context = await getJson(t, `/v1/sessions/${id}/context`);
    const shownAs = (seq: number) => context.messages.find((m: any) => m.role === "tool" && String(m.content).includes(`seq ${seq}`));
    expect(shownAs(headOutput.seq)?.content).toMatch(/^\[old tool output/);
    expect(shownAs(tailOutput.seq)?.content).toMatch(/^\[tool output of seq/);

    const text = await contextText(id);
    expect(text).toContain("EADDRINUSE");
    expect(text).toContain("SyntaxError: Unexpected token '}' in JSON at position 4117");
    const anchors = (await getJson(t, `/v1/sessions/${id}/anchors?kind=error`)).data.map((a: any) => a.value);
    expect(anchors).toEqual(expect.arrayContaining(["EADDRINUSE", "SyntaxError: Unexpected token '}' in JSON at position 4117"]));
  });
});

describe("anchors across iterative compressions", () => {
  it("keeps the first span's anchors, with their kinds, after the first summary is compacted in turn", async () => {
    const id = await createSession(t, { system_prompt: "sys" });
    await append(t, id, [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
      { role: "user", content: "go" },
      { role: "assistant", content: "going" },
    ]);
    await append(t, id, toolRound("lint it", "terminal", { command: "npm run lint" }, `exit code 2\n${filler(3, 30)}`, "lint fails, fixed in PR #4242"));
    for (let i = 0; i < 40; i++) await append(t, id, toolRound(`mid ${i} ${filler(i, 40)}`, "terminal", { command: `step ${i}` }, filler(i + 7, 300), `ok ${i}`));
    await compress(id, "first summary, no identifiers");
    expect(await contextText(id)).toContain("npm run lint [exit 2]");

    for (let i = 0; i < 40; i++) await append(t, id, toolRound(`late ${i} ${filler(i, 40)}`, "terminal", { command: `later ${i}` }, filler(i + 70, 300), `ok ${i}`));
    const second = await compress(id, "second summary, no identifiers");
    expect(second.summary.version).toBe(2);
    const prompt = fake.completions[1].body.messages[1].content as string;
    expect(prompt).toContain("<previous-summary>");
    expect(prompt, "the previous summary is not sent again as a turn").not.toContain("[CONTEXT COMPACTION");
    const context = await getJson(t, `/v1/sessions/${id}/context`);
    expect(context.messages.filter((m: any) => String(m.content).includes("[CONTEXT COMPACTION"))).toHaveLength(1);
    const text = await contextText(id);
    expect(text).toContain("npm run lint [exit 2]");
    expect(text).toMatch(/^pr: .*#4242 \(x1\)/m);
  });
});

describe("a summary merged into a tail message", () => {
  it("is not read again as a turn or as anchors when that message is compacted later", async () => {
    const id = await createSession(t, { system_prompt: "sys" });
    // the head ends with a user message and the tail starts with an assistant tool call: the summary is merged into that call
    await append(t, id, [{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }, { role: "user", content: "build the parser" }]);
    const calls = (from: number, to: number, output: (i: number) => string) =>
      Array.from({ length: to - from }, (_, k) => k + from).flatMap((i) => [
        { role: "assistant" as const, content: null, tool_calls: [{ id: `merge_${i}`, type: "function" as const, function: { name: "terminal", arguments: JSON.stringify({ command: `make part-${i}` }) } }] },
        { role: "tool" as const, tool_call_id: `merge_${i}`, content: output(i) },
      ]);
    await append(t, id, calls(0, 40, (i) => `${i === 2 ? "RangeError: Invalid array length at build\n" : ""}${filler(i, 300)}`));
    await compress(id, "first summary");
    const merged = (await getJson(t, `/v1/sessions/${id}/context`)).messages.find(
      (m: any) => m.role === "assistant" && m.tool_calls?.length && String(m.content).startsWith("[CONTEXT COMPACTION"),
    );
    expect(merged, "the first summary was merged into the first tail message").toBeDefined();

    await append(t, id, calls(40, 90, (i) => filler(i, 300)));
    await append(t, id, [{ role: "user", content: "next" }]);
    await compress(id, "second summary");
    const turns = fake.completions[1].body.messages[1].content as string;
    expect(turns).toContain("<previous-summary>");
    expect(turns, "the previous summary is not sent again as a turn").not.toContain("[CONTEXT COMPACTION");
    const errors = (await getJson(t, `/v1/sessions/${id}/anchors?kind=error`)).data;
    expect(errors).toEqual([expect.objectContaining({ value: "RangeError: Invalid array length at build", count: 1 })]);
  });
});

describe("a summary merged into the last user message", () => {
  it("is dropped from that message when the next summary, which folds it in, is placed", async () => {
    // the head ends with an assistant reply and the last user ask is pinned before a long tool run: the summary is merged into that ask
    const id = await createSession(t, { system_prompt: "sys", config: { compression: { protect_first_n: 2 } } });
    const calls = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => k + from).flatMap((i) => [
        { role: "assistant" as const, content: null, tool_calls: [{ id: `pin_${i}`, type: "function" as const, function: { name: "terminal", arguments: JSON.stringify({ command: `make part-${i}` }) } }] },
        { role: "tool" as const, tool_call_id: `pin_${i}`, content: filler(i, 300) },
      ]);
    await append(t, id, [{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }]);
    for (let i = 0; i < 10; i++) await append(t, id, [{ role: "user", content: `early ${i} ${filler(i, 80)}` }, ...calls(100 + i, 101 + i)]);
    await append(t, id, [{ role: "user", content: "LAST-ASK: run every part" }]);
    await append(t, id, calls(0, 40));
    await compress(id, "FIRST-SUMMARY");
    const ask = (messages: any[]) => messages.find((m) => m.role === "user" && String(m.content).includes("LAST-ASK"));
    expect(ask((await getJson(t, `/v1/sessions/${id}/context`)).messages).content).toContain("FIRST-SUMMARY");

    await append(t, id, calls(40, 80));
    await compress(id, "SECOND-SUMMARY");
    const messages = (await getJson(t, `/v1/sessions/${id}/context`)).messages;
    const text = JSON.stringify(messages);
    expect(text).toContain("SECOND-SUMMARY");
    expect(text).not.toContain("FIRST-SUMMARY");
    expect(text.split("[CONTEXT COMPACTION").length - 1).toBe(1);
    expect(ask(messages).content).toBe("LAST-ASK: run every part");
  });
});
