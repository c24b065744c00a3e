import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractAnchorsFromText } from "../../src/domain/context/anchors.js";
import { redactSecrets } from "../../src/domain/context/redaction.js";
import { countMessageTokens } from "../../src/domain/context/tokens.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, modelConfig, type SeedMessage } from "../fixtures/context-transcript.js";

/**
 * Generated transcripts (seeded, so every run sees the same ones) under varied compression
 * settings, each compressed three times, some with fallback summaries: after every compression
 * the context sent to the model is well formed, its token figure is a recount of what it shows,
 * and every anchor of the rows that left it is shown verbatim.
 */

let fake: FakeModelServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeModel();
  fake.respondWith((_request, index) => (index % 3 === 2 ? { status: 500, error: { message: "overloaded" } } : { content: "## Goal\nGenerated summary." }));
  t = await makeTestApp(modelConfig(fake.baseUrl, 16_000));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let state = 20261130;
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const ANCHORS = ["#4711", "src/app/main.ts", "ENOSPC", "fix/retry-upload", "https://ci.example.com/run/7", "@octocat", "OPS-812", "9f3e2a1b7c4d"];

let turn = 0;
function generatedTurns(count: number): SeedMessage[] {
  const out: SeedMessage[] = [];
  while (out.length < count) {
    turn += 1;
    const anchor = `${pick(ANCHORS)}${random() < 0.5 ? ` (turn ${turn})` : ""}`;
    const roll = random();
    if (roll < 0.3) out.push({ role: "user", content: `ask ${turn} about ${anchor}: ${filler(turn, 5 + Math.floor(random() * 100))}` });
    else if (roll < 0.55) out.push({ role: "assistant", content: `reply ${turn}: ${filler(turn + 3, 5 + Math.floor(random() * 60))}` });
    else {
      const ids = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, j) => `gen_${turn}_${j}`);
      const args = (id: string) => JSON.stringify({ command: `make t${turn} ${anchor}`, note: random() < 0.3 ? filler(turn, 80) : id });
      out.push({ role: "assistant", content: random() < 0.5 ? null : "running", tool_calls: ids.map((id) => ({ id, type: "function" as const, function: { name: "terminal", arguments: args(id) } })) });
      for (const id of ids) out.push({ role: "tool", tool_call_id: id, content: `${anchor}\n${filler(turn + 9, Math.floor(random() * 500))}` });
    }
  }
  return out;
}

function assertWellFormed(messages: any[]) {
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.role === "tool") {
      expect(calls.has(m.tool_call_id), `tool result ${m.tool_call_id} without its call`).toBe(true);
      answered.add(m.tool_call_id);
    }
    for (const call of m.tool_calls ?? []) calls.add(call.id);
  }
  let trailing = messages.length - 1;
  while (trailing >= 0 && messages[trailing].role === "tool") trailing -= 1;
  messages.forEach((m, i) => {
    if (i !== trailing) for (const call of m.tool_calls ?? []) expect(answered.has(call.id), `call ${call.id} without a result`).toBe(true);
  });
  const summary = messages.findIndex((m) => String(m.content).startsWith("[CONTEXT COMPACTION"));
  if (summary > 0) expect(messages[summary - 1].role, "the role before the summary").not.toBe(messages[summary].role);
  const merged = String(messages[summary]?.content ?? "").includes("[END OF COMPACTION SUMMARY — the conversation continues below]\n\n");
  if (summary >= 0 && !merged && summary < messages.length - 1) expect(messages[summary + 1].role, "the role after the summary").not.toBe(messages[summary].role);
}

async function transcript(id: string): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await getJson(t, `/v1/sessions/${id}/messages?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

const anchorText = (row: any) => redactSecrets([typeof row.content === "string" ? row.content : "", ...(row.tool_calls ?? []).map((c: any) => c.function.arguments)].join("\n"));

describe("compression invariants over generated transcripts", () => {
  it("holds for every session, settings and compression", async () => {
    let compressions = 0;
    for (let trial = 0; trial < 12; trial++) {
      const id = await createSession(t, {
        system_prompt: random() < 0.8 ? "You are terse." : null,
        config: { compression: { tail_mode: pick(["lean", "legacy"]), protect_first_n: Math.floor(random() * 5), protect_last_n: 1 + Math.floor(random() * 12) } },
      });
      for (let round = 0; round < 3; round++) {
        await append(t, id, generatedTurns(20 + Math.floor(random() * 60)));
        const inContextBefore = (await transcript(id)).filter((m: any) => m.in_context && m.kind === "message");
        const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
        expect(res.status).toBe(200);
        const outcome = await res.json();
        const context = await getJson(t, `/v1/sessions/${id}/context`);
        const where = `trial ${trial}, round ${round}`;
        assertWellFormed(context.messages);
        const recount = context.messages.reduce((sum: number, m: any) => sum + countMessageTokens(m, "fake-model"), 0);
        expect(context.tokens.total, where).toBe(recount);
        if (!outcome.compressed) continue;
        compressions += 1;
        const stillIn = new Set((await transcript(id)).filter((m: any) => m.in_context).map((m: any) => m.seq));
        const shown = JSON.stringify(context.messages);
        for (const row of inContextBefore.filter((m: any) => !stillIn.has(m.seq))) {
          for (const anchor of extractAnchorsFromText(anchorText(row))) expect(shown.includes(JSON.stringify(anchor.value).slice(1, -1)), `${where}: ${anchor.kind} ${anchor.value}`).toBe(true);
        }
      }
    }
    expect(compressions).toBeGreaterThan(24);
  });
});
