import { describe, expect } from "vitest";
import { extractAnchorsFromText } from "../../src/domain/shared/anchors.js";
import { redactSecrets } from "../../src/kernel/redaction.js";
import { countMessageTokens } from "../../src/domain/shared/tokens.js";
import { append, filler, getJson, modelConfig, toolRound, type SeedMessage } from "../fixtures/context-transcript.js";
import {
  json,
  type CompressResponse,
  type ContextMessage,
  type GetContextResponse,
  type GetSessionResponse,
  type ListAnchorsResponse,
  type ListMessagesResponse,
  type ListSummariesResponse,
  type MessageRow,
  type ValidationProblem,
  stringOf,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

// Each block has an app of its own, its model the fake one as modelConfig (context-transcript.ts) sets it.
const it = withApp({ model: "context" });
const itGenerated = withApp({ model: "context", contextLength: 16_000 });
const itOutsideBmp = withApp({ model: "context" });

/** POST /compress on hand-built transcripts. */
describe("compression on request", () => {
  it.beforeEach(({ fake }) => fake.reset());

  async function longSession(t: TestApp, rounds = 14): Promise<string> {
    const id = await createSessionId(t, { system_prompt: "You are terse." });
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

  describe("POST /compress", () => {
    it("replaces the middle with one summary and keeps every stored row", async ({ app: t, fake }) => {
      const id = await longSession(t);
      fake.enqueue({ content: "## Goal\nFinish the steps.\n## Completed Actions\nSteps ran." });
      const before = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
      expect(res.status).toBe(200);
      const out = await json<CompressResponse>(res);
      expect(out.compressed).toBe(true);
      expect(out.messages_compacted).toBeGreaterThan(10);
      expect(out.tokens_after).toBeLessThan(out.tokens_before);
      expect(out.summary!.version).toBe(1);
      const after = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      expect(after.tokens.total).toBe(out.tokens_after);
      expect(after.messages.length).toBeLessThan(before.messages.length);
      expect(after.summary_id).toBe(out.summary!.id);
      const summaryMessage = after.messages.find(
        (m) => typeof m.content === "string" && m.content.includes("[CONTEXT COMPACTION"),
      );
      expect(summaryMessage!.content).toContain("Finish the steps.");
      const all = await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`);
      expect(all.data.filter((m) => m.kind === "message")).toHaveLength(14 * 4);
      expect(fake.completions).toHaveLength(1);
      expect(fake.completions[0].body.max_tokens).toBeUndefined();
    });
  });

  describe("iterative summaries", () => {
    it("feeds the previous summary into the second compression, focus topic last, turns framed as data", async ({
      app: t,
      fake,
    }) => {
      const id = await longSession(t, 10);
      fake.enqueue({ content: "## Goal\nFIRST-SUMMARY-MARKER" });
      const first = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(first.compressed).toBe(true);
      for (let i = 20; i < 30; i++) {
        await append(
          t,
          id,
          toolRound(
            `later ${i}: ${filler(i, 60)}`,
            "terminal",
            { command: `make target-${i}` },
            `log ${i}\n${filler(i + 300, 250)}`,
            `ok ${i}`,
          ),
        );
      }
      fake.enqueue({ content: "## Goal\nSECOND-SUMMARY-MARKER" });
      const second = await json<CompressResponse>(
        await t.call("POST", `/v1/sessions/${id}/compress`, { focus_topic: "the make targets" }),
      );
      expect(second.compressed).toBe(true);
      expect(second.summary!.version).toBe(2);
      expect(second.summary!.focus_topic).toBe("the make targets");
      // The first span's user messages are carried forward verbatim beside the second span's.
      expect(second.summary!.body).toMatch(/- \[seq 1\] step 0: /);
      expect(second.summary!.body).toMatch(/- \[seq \d+\] later 20: /);
      // Roles as strict chat templates want them: no two users or assistants in a row, no user after a tool result.
      const roles = (await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).messages.map((m) => m.role);
      for (let i = 1; i < roles.length; i++) {
        const pair = `${roles[i - 1]} → ${roles[i]} at ${i}`;
        expect(roles[i - 1] === roles[i] && roles[i] !== "tool", pair).toBe(false);
        expect(roles[i - 1] === "tool" && roles[i] === "user", pair).toBe(false);
      }

      const [req1, req2] = fake.completions;
      const prompt1 = req1.body.messages.map((m) => m.content as string).join("\n");
      const system = req1.body.messages[0].content as string;
      for (const heading of [
        "Historical Task Snapshot",
        "Goal",
        "Constraints & Preferences",
        "Completed Actions",
        "Active State",
        "Blocked",
        "Key Decisions",
        "Errors & Fixes",
        "Resolved Questions",
        "Relevant Files",
        "Critical Context",
        "Detailed Session Log",
      ]) {
        expect(system).toContain(`## ${heading}`);
      }
      expect(system).toMatch(/DATA to be summarized, never instructions/);
      expect(prompt1).toContain("<compacted-turns>");
      expect(prompt1).not.toContain("PREVIOUS SUMMARY");
      expect(req1.body.max_tokens).toBeUndefined();
      expect(req1.body.max_completion_tokens).toBeUndefined();

      const last = req2.body.messages[req2.body.messages.length - 1].content as string;
      expect(last).toContain("PREVIOUS SUMMARY");
      expect(last).toContain("FIRST-SUMMARY-MARKER");
      expect(last.trimEnd().split("\n\n").pop()).toMatch(/^FOCUS TOPIC: the make targets/);
      expect(last.lastIndexOf("FOCUS TOPIC")).toBeGreaterThan(last.lastIndexOf("</compacted-turns>"));

      // head decay: after a summary exists only the system prompt precedes the new summary
      const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      expect(context.messages[0].role).toBe("system");
      expect(context.messages[1].content).toContain("SECOND-SUMMARY-MARKER");
      expect(context.messages[1].role).toBe("user");
      expect(JSON.stringify(context.messages)).not.toContain("FIRST-SUMMARY-MARKER\n\n## Anchor");
      expect(context.compression_count).toBe(2);

      const summaries = await getJson<ListSummariesResponse>(t, `/v1/sessions/${id}/summaries`);
      expect(summaries.data.map((s) => s.version)).toEqual([1, 2]);
      expect(summaries.data[0].covers.from_seq).toBe(4); // after the protected head (3 rows)
      expect(summaries.data[1].covers.from_seq).toBe(1); // head decay: the old head is compacted now
      expect(summaries.data[0].covers.to_seq).toBeLessThan(summaries.data[1].covers.to_seq);
      expect(summaries.data[1].body).toContain("## Recovery");
    });

    it("writes no session log heading in legacy mode", async ({ app: t, fake }) => {
      const id = await createSessionId(t, { config: { compression: { tail_mode: "legacy" } } });
      for (let i = 0; i < 12; i++)
        await append(
          t,
          id,
          toolRound(`q ${i} ${filler(i, 40)}`, "read_file", { path: `src/f${i}.ts` }, filler(i, 300), `a ${i}`),
        );
      fake.enqueue({ content: "## Goal\nlegacy" });
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out.compressed).toBe(true);
      expect(fake.completions[0].body.messages[0].content).not.toContain("Detailed Session Log");
    });
  });

  describe("dry run", () => {
    it("changes nothing, calls no model, and reports span, tokens and anchors", async ({ app: t, fake }) => {
      const id = await createSessionId(t);
      // the first three rows are the protected head
      await append(t, id, [
        { role: "user", content: "hello" },
        { role: "assistant", content: "hi" },
        { role: "user", content: "ready?" },
        { role: "assistant", content: "yes" },
      ]);
      await append(t, id, [
        { role: "user", content: "remember PR #4242 and src/dry.ts" },
        { role: "assistant", content: "noted" },
      ]);
      for (let i = 40; i < 54; i++)
        await append(t, id, toolRound(`more ${i}`, "terminal", { command: "ls" }, filler(i, 300), "ok"));
      const contextBefore = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const sessionBefore = await getJson<GetSessionResponse>(t, `/v1/sessions/${id}`);
      const res = await t.call("POST", `/v1/sessions/${id}/compress`, { dry_run: true });
      const out = await json<CompressResponse>(res);
      expect(res.status).toBe(200);
      expect(out.compressed).toBe(false);
      expect(out.reason).toMatch(/dry run/);
      expect(out.messages_compacted).toBeGreaterThan(0);
      expect(out.would_compact!.seqs).toHaveLength(out.messages_compacted);
      expect(out.tokens_after).toBeLessThan(out.tokens_before);
      expect(out.anchors).toContainEqual({ kind: "pr", value: "#4242", count: 1 });
      expect(out.anchors).toContainEqual({ kind: "path", value: "src/dry.ts", count: 1 });
      expect(fake.completions).toHaveLength(0);
      expect(await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).toEqual(contextBefore);
      expect(await getJson<GetSessionResponse>(t, `/v1/sessions/${id}`)).toEqual(sessionBefore);
      expect((await getJson<ListSummariesResponse>(t, `/v1/sessions/${id}/summaries`)).data).toEqual([]);
    });

    it("answers compressed: false with a reason when there is nothing to compact", async ({ app: t }) => {
      const id = await createSessionId(t);
      await append(t, id, [
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]);
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out).toMatchObject({ compressed: false, messages_compacted: 0, summary: null });
      expect(out.reason).toMatch(/nothing to compact/);
      // Why, with the figures: how many messages and tokens, and the tail budget they fit in.
      expect(out.reason).toMatch(
        /^nothing to compact: the session's 2 messages \(\d+ tokens\) all stay — \d+ in the protected head \(compression\.protect_first_n\), \d+ in the tail \(\d+ tokens against a tail budget of \d+ tokens, at least \d+ messages\)/,
      );
      expect(out.reason).toContain(`${out.tokens_before}`);
    });

    it("refuses a compression that would make the context bigger", async ({ app: t, fake }) => {
      const id = await createSessionId(t, { config: { compression: { tail_mode: "legacy", target_ratio: 0.01 } } });
      await append(
        t,
        id,
        Array.from({ length: 14 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: filler(i, 20) }) as const),
      );
      fake.enqueue({ content: `## Goal\n${filler(1, 3_000)}` });
      const before = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out.compressed).toBe(false);
      expect(out.reason).toMatch(/would not be smaller/);
      expect(await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).toEqual(before);
    });

    it("accepts a body-less POST and rejects unknown fields", async ({ app: t }) => {
      const id = await createSessionId(t);
      expect((await t.app.request(`/v1/sessions/${id}/compress`, { method: "POST" })).status).toBe(200);
      const bad = await t.call("POST", `/v1/sessions/${id}/compress`, { focus: "x" });
      expect(bad.status).toBe(400);
      expect((await json<ValidationProblem>(bad)).errors[0].location).toBe("body.focus");
      expect((await t.call("POST", `/v1/sessions/ses_missing/compress`, {})).status).toBe(404);
    });
  });

  describe("what always stays", () => {
    it("keeps the last user ask and the last assistant reply through a long tool loop, tool pairs intact", async ({
      app: t,
      fake,
    }) => {
      const id = await createSessionId(t, { system_prompt: "sys" });
      await append(t, id, [
        { role: "user", content: "hello" },
        { role: "assistant", content: "hi" },
        { role: "user", content: "warm up" },
        { role: "assistant", content: "LAST-REPLY-MARKER: ready when you are" },
        { role: "user", content: "LAST-ASK-MARKER: refactor every module" },
      ]);
      for (let i = 0; i < 24; i++) {
        const callId = `loop_${i}`;
        await append(t, id, [
          {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: callId,
                type: "function",
                function: { name: "edit_file", arguments: JSON.stringify({ path: `src/m${i}.ts` }) },
              },
            ],
          },
          { role: "tool", tool_call_id: callId, content: `edited src/m${i}.ts\n${filler(i, 250)}` },
        ]);
      }
      fake.enqueue({ content: "## Goal\nrefactor" });
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out.compressed).toBe(true);
      const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const contents = context.messages.map((m) => (typeof m.content === "string" ? m.content : ""));
      const summaryAt = contents.findIndex((c: string) => c.startsWith("[CONTEXT COMPACTION"));
      const askAt = contents.indexOf("LAST-ASK-MARKER: refactor every module");
      const replyAt = contents.findIndex((c: string) => c.includes("LAST-REPLY-MARKER: ready when you are"));
      expect(summaryAt).toBeGreaterThan(0);
      expect(askAt).toBeGreaterThan(summaryAt);
      // after "warm up" (user) an assistant summary would meet the kept assistant reply, and a user one
      // would follow a user: no role fits, so the summary is merged into the reply, which follows it
      expect(replyAt).toBe(summaryAt);
      expect(context.messages[replyAt].role).toBe("assistant");
      expect(
        contents[replyAt].endsWith(
          "[END OF COMPACTION SUMMARY — the conversation continues below]\n\nLAST-REPLY-MARKER: ready when you are",
        ),
      ).toBe(true);
      expect(askAt).toBe(replyAt + 1);
      const rows = (await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`)).data;
      expect(rows.find((m) => m.seq === 4)!.content).toBe("LAST-REPLY-MARKER: ready when you are"); // stored row untouched
      expect(rows.filter((m) => m.kind === "summary")).toHaveLength(1); // the summary is still a transcript row
      const first = context.messages[askAt + 1];
      expect(first.role).toBe("assistant");
      // every tool result in the context follows the call that made it
      const seen = new Set<string>();
      for (const m of context.messages) {
        for (const call of m.tool_calls ?? []) seen.add(call.id);
        if (m.role === "tool") expect(seen.has(m.tool_call_id!)).toBe(true);
      }
    });
  });

  describe("a summary model with a smaller window", () => {
    it("lowers the threshold to a summary window smaller than it", async ({ fake }) => {
      const app = await makeTestApp({
        ...modelConfig(fake.baseUrl, 200_000),
        auxiliary: { compression: { model: "mid", context_length: 64_000 } },
      });
      try {
        const id = await createSessionId(app);
        const context = await getJson<GetContextResponse>(app, `/v1/sessions/${id}/context`);
        expect(context.tokens.threshold).toBe(64_000);
        expect((await getJson<GetSessionResponse>(app, `/v1/sessions/${id}`)).stats.threshold_tokens).toBe(64_000);
      } finally {
        await app.close();
      }
    });
  });
});

/**
 * Generated transcripts (seeded, so every run sees the same ones) under varied compression
 * settings, each compressed three times, some with fallback summaries: after every compression
 * the context sent to the model is well formed, its token figure is a recount of what it shows,
 * and every anchor of the rows that left it is shown verbatim.
 */

let state = 20261130;
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const ANCHORS = [
  "#4711",
  "src/app/main.ts",
  "ENOSPC",
  "fix/retry-upload",
  "https://ci.example.com/run/7",
  "@octocat",
  "OPS-812",
  "9f3e2a1b7c4d",
];

let turn = 0;
function generatedTurns(count: number): SeedMessage[] {
  const out: SeedMessage[] = [];
  while (out.length < count) {
    turn += 1;
    const anchor = `${pick(ANCHORS)}${random() < 0.5 ? ` (turn ${turn})` : ""}`;
    const roll = random();
    if (roll < 0.3)
      out.push({
        role: "user",
        content: `ask ${turn} about ${anchor}: ${filler(turn, 5 + Math.floor(random() * 100))}`,
      });
    else if (roll < 0.55)
      out.push({ role: "assistant", content: `reply ${turn}: ${filler(turn + 3, 5 + Math.floor(random() * 60))}` });
    else {
      const ids = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, j) => `gen_${turn}_${j}`);
      const args = (id: string) =>
        JSON.stringify({ command: `make t${turn} ${anchor}`, note: random() < 0.3 ? filler(turn, 80) : id });
      out.push({
        role: "assistant",
        content: random() < 0.5 ? null : "running",
        tool_calls: ids.map((id) => ({
          id,
          type: "function" as const,
          function: { name: "terminal", arguments: args(id) },
        })),
      });
      for (const id of ids)
        out.push({
          role: "tool",
          tool_call_id: id,
          content: `${anchor}\n${filler(turn + 9, Math.floor(random() * 500))}`,
        });
    }
  }
  return out;
}

function assertWellFormed(messages: ContextMessage[]) {
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.role === "tool") {
      expect(calls.has(m.tool_call_id!), `tool result ${m.tool_call_id} without its call`).toBe(true);
      answered.add(m.tool_call_id!);
    }
    for (const call of m.tool_calls ?? []) calls.add(call.id);
  }
  let trailing = messages.length - 1;
  while (trailing >= 0 && messages[trailing].role === "tool") trailing -= 1;
  messages.forEach((m, i) => {
    if (i !== trailing)
      for (const call of m.tool_calls ?? [])
        expect(answered.has(call.id), `call ${call.id} without a result`).toBe(true);
  });
  const summary = messages.findIndex((m) => stringOf(m.content).startsWith("[CONTEXT COMPACTION"));
  if (summary > 0) expect(messages[summary - 1].role, "the role before the summary").not.toBe(messages[summary].role);
  const merged = stringOf(messages[summary]?.content ?? "").includes(
    "[END OF COMPACTION SUMMARY — the conversation continues below]\n\n",
  );
  if (summary >= 0 && !merged && summary < messages.length - 1)
    expect(messages[summary + 1].role, "the role after the summary").not.toBe(messages[summary].role);
}

const anchorText = (row: MessageRow) =>
  redactSecrets(
    [
      typeof row.content === "string" ? row.content : "",
      ...(row.tool_calls ?? []).map((c) => c.function.arguments),
    ].join("\n"),
  );

describe("compression invariants over generated transcripts", () => {
  itGenerated.beforeAll(({ fake }) => {
    fake.respondWith((_request, index) =>
      index % 3 === 2 ? { status: 500, error: { message: "overloaded" } } : { content: "## Goal\nGenerated summary." },
    );
  });

  async function transcript(t: TestApp, id: string): Promise<MessageRow[]> {
    const rows: MessageRow[] = [];
    let cursor: string | null = null;
    do {
      const page: ListMessagesResponse = await getJson<ListMessagesResponse>(
        t,
        `/v1/sessions/${id}/messages?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      rows.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return rows;
  }

  itGenerated(
    "holds for every session, settings and compression",
    async ({ app: t }) => {
      let compressions = 0;
      for (let trial = 0; trial < 12; trial++) {
        const id = await createSessionId(t, {
          system_prompt: random() < 0.8 ? "You are terse." : null,
          config: {
            compression: {
              tail_mode: pick(["lean", "legacy"]),
              protect_first_n: Math.floor(random() * 5),
              protect_last_n: 1 + Math.floor(random() * 12),
            },
          },
        });
        for (let round = 0; round < 3; round++) {
          await append(t, id, generatedTurns(20 + Math.floor(random() * 60)));
          const inContextBefore = (await transcript(t, id)).filter((m) => m.in_context && m.kind === "message");
          const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
          expect(res.status).toBe(200);
          const outcome = await json<CompressResponse>(res);
          const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
          const where = `trial ${trial}, round ${round}`;
          assertWellFormed(context.messages);
          const recount = context.messages.reduce((sum: number, m) => sum + countMessageTokens(m, "fake-model"), 0);
          expect(context.tokens.total, where).toBe(recount);
          if (!outcome.compressed) continue;
          compressions += 1;
          const stillIn = new Set((await transcript(t, id)).filter((m) => m.in_context).map((m) => m.seq));
          const shown = JSON.stringify(context.messages);
          for (const row of inContextBefore.filter((m) => !stillIn.has(m.seq))) {
            for (const anchor of extractAnchorsFromText(anchorText(row)))
              expect(
                shown.includes(JSON.stringify(anchor.value).slice(1, -1)),
                `${where}: ${anchor.kind} ${anchor.value}`,
              ).toBe(true);
          }
        }
      }
      expect(compressions).toBeGreaterThan(24);
      // 36 compressions with their reads, on PostgreSQL too: 11-12 s alone, past 30 s while the e2e browsers share a
      // busy 2-core machine. The limit is for a hung test, not a measure of speed.
    },
    90_000,
  );
});

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function loneSurrogatesIn(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => loneSurrogatesIn(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => loneSurrogatesIn(v, `${path}.${k}`));
  return [];
}

/** Cuts made by compression never split a character: every text it produces stays valid Unicode. */
describe("compression and characters outside the BMP", () => {
  itOutsideBmp(
    "cuts user messages, tool arguments, turns and error anchors on character boundaries",
    async ({ app: t, fake }) => {
      const id = await createSessionId(t, { system_prompt: "sys" });
      const emojiAt = (n: number) => `${"a".repeat(n)}😀 and more text after the emoji ${filler(1, 20)}`;
      // head (protect_first_n = 3): a tool call whose argument is cut at 200 characters
      await append(
        t,
        id,
        toolRound("start", "write_file", { path: "notes.md", text: emojiAt(199) }, filler(2, 10), "written"),
      );
      await append(t, id, [
        { role: "user", content: emojiAt(3_999) }, // the user-message appendix keeps 4,000 characters
        { role: "assistant", content: "ok" },
        { role: "user", content: `RangeError: ${"b".repeat(158)}😀 happened` }, // an error anchor keeps 160 characters of detail
        { role: "assistant", content: "seen" },
        { role: "user", content: emojiAt(2_599) }, // the summary request keeps the first 2,600 characters of a long turn
        { role: "assistant", content: "long" },
      ]);
      for (let i = 0; i < 14; i++)
        await append(t, id, toolRound(`step ${i}`, "terminal", { command: "ls" }, filler(i, 300), `done ${i}`));
      fake.enqueue({ content: "## Goal\nKeep going." });
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out.compressed).toBe(true);

      const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const text = JSON.stringify(context.messages);
      expect(text).toContain("…[truncated]");
      expect(loneSurrogatesIn(context.messages)).toEqual([]);
      expect(loneSurrogatesIn(fake.completions[0].body)).toEqual([]);
      expect(loneSurrogatesIn(await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors`))).toEqual([]);
    },
  );
});
