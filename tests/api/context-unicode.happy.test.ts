import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, modelConfig, toolRound } from "../fixtures/context-transcript.js";

/** Cuts made by compression never split a character: every text it produces stays valid Unicode. */

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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function loneSurrogatesIn(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => loneSurrogatesIn(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => loneSurrogatesIn(v, `${path}.${k}`));
  return [];
}

describe("compression and characters outside the BMP", () => {
  it("cuts user messages, tool arguments, turns and error anchors on character boundaries", async () => {
    const id = await createSession(t, { system_prompt: "sys" });
    const emojiAt = (n: number) => `${"a".repeat(n)}😀 and more text after the emoji ${filler(1, 20)}`;
    // head (protect_first_n = 3): a tool call whose argument is cut at 200 characters
    await append(t, id, toolRound("start", "write_file", { path: "notes.md", text: emojiAt(199) }, filler(2, 10), "written"));
    await append(t, id, [
      { role: "user", content: emojiAt(3_999) }, // the user-message appendix keeps 4,000 characters
      { role: "assistant", content: "ok" },
      { role: "user", content: `RangeError: ${"b".repeat(158)}😀 happened` }, // an error anchor keeps 160 characters of detail
      { role: "assistant", content: "seen" },
      { role: "user", content: emojiAt(2_599) }, // the summary request keeps the first 2,600 characters of a long turn
      { role: "assistant", content: "long" },
    ]);
    for (let i = 0; i < 14; i++) await append(t, id, toolRound(`step ${i}`, "terminal", { command: "ls" }, filler(i, 300), `done ${i}`));
    fake.enqueue({ content: "## Goal\nKeep going." });
    const out = await (await t.call("POST", `/v1/sessions/${id}/compress`, {})).json();
    expect(out.compressed).toBe(true);

    const context = await getJson(t, `/v1/sessions/${id}/context`);
    const text = JSON.stringify(context.messages);
    expect(text).toContain("…[truncated]");
    expect(loneSurrogatesIn(context.messages)).toEqual([]);
    expect(loneSurrogatesIn(fake.completions[0].body)).toEqual([]);
    expect(loneSurrogatesIn(await getJson(t, `/v1/sessions/${id}/anchors`))).toEqual([]);
  });
});
