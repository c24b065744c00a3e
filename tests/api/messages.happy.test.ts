import { describe, expect } from "vitest";
import {
  json,
  type GetContextResponse,
  type GetSessionResponse,
  type ListMessagesResponse,
  type PostMessageAppendedResponse,
} from "../fixtures/responses.js";
import { appendMessage, createSession, readAllPages } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

const searchCall = (id: string, query: string) => ({
  id,
  type: "function",
  function: { name: "session_search", arguments: JSON.stringify({ query }) },
});

describe("messages: append, transcript and context", () => {
  it("appends every role with run: false, with dense seqs and tool calls paired", async ({ app: t }) => {
    const session = await createSession(t, { system_prompt: "You are terse." });
    const sent = [
      { role: "system", content: "Extra instructions." },
      { role: "user", content: "Find PR #1234." },
      {
        role: "assistant",
        content: null,
        tool_calls: [searchCall("call_a", "PR #1234"), searchCall("call_b", "#1234")],
      },
      { role: "tool", tool_call_id: "call_b", name: "session_search", content: "second result" },
      { role: "tool", tool_call_id: "call_a", content: "first result" },
      { role: "assistant", content: [{ type: "text", text: "PR #1234 touches src/app.ts." }] },
    ];
    const stored = [];
    for (const body of sent) stored.push(await appendMessage(t, session.id, body));
    expect(stored.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stored.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "tool", "assistant"]);
    for (const [i, m] of stored.entries()) {
      expect(m).toMatchObject({ session_id: session.id, in_context: true, kind: "message", content: sent[i].content });
      expect(m.id).toMatch(/^msg_/);
      expect(m.tokens).toBeGreaterThan(0);
    }
    expect(stored[2].tool_calls).toEqual(sent[2].tool_calls);
    expect(stored[3]).toMatchObject({ tool_call_id: "call_b", name: "session_search" });
    expect(stored[1]).not.toHaveProperty("tool_calls");

    const rows = await t.query<{ seq: number; role: string; tokens: number }>(
      "select seq, role, tokens from messages where session_id = $1 order by seq",
      [session.id],
    );
    expect(rows).toEqual(stored.map((m) => ({ seq: m.seq, role: m.role, tokens: m.tokens })));
  });

  it("appends non-user roles without a run even when run is not given", async ({ app: t }) => {
    const session = await createSession(t);
    const res = await t.call("POST", `/v1/sessions/${session.id}/messages`, { role: "assistant", content: "noted" });
    expect(res.status).toBe(201);
    expect((await json<PostMessageAppendedResponse>(res)).messages[0].seq).toBe(1);
  });

  it("stores a tiktoken count per message and keeps the session's statistics in step", async ({ app: t }) => {
    const session = await createSession(t, { system_prompt: "Answer in one line." });
    const short = await appendMessage(t, session.id, { role: "user", content: "ok" });
    const long = await appendMessage(t, session.id, {
      role: "user",
      content: "the quick brown fox jumps over the lazy dog ".repeat(40),
    });
    expect(short.tokens).toBeGreaterThan(0);
    // 40 repetitions of a nine-word sentence: several hundred tokens, far more than "ok".
    expect(long.tokens).toBeGreaterThan(300);
    expect(long.tokens).toBeGreaterThan(short.tokens * 50);

    const got = await json<GetSessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`));
    const total = session.stats.context_tokens + short.tokens + long.tokens;
    expect(got.stats.message_count).toBe(2);
    expect(got.stats.context_tokens).toBe(total);
    expect(got.stats.usage_percent).toBe(Math.round((total / 128_000) * 10_000) / 100);
    const counters = await t.query(
      "select message_count, context_tokens, context_message_count, next_seq from sessions where id = $1",
      [session.id],
    );
    expect(counters).toEqual([
      { message_count: 2, context_tokens: short.tokens + long.tokens, context_message_count: 2, next_seq: 3 },
    ]);
  });

  it("pages the transcript by seq with an opaque cursor", async ({ app: t }) => {
    const session = await createSession(t);
    for (let i = 1; i <= 7; i++)
      await appendMessage(t, session.id, { role: i % 2 ? "user" : "assistant", content: `message ${i}` });
    const { items, pageSizes } = await readAllPages(t, `/v1/sessions/${session.id}/messages`, 3);
    expect(pageSizes).toEqual([3, 3, 1]);
    expect(items.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(items.map((m) => m.content)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `message ${i}`));
    // Internal columns stay internal.
    for (const key of ["position", "override", "override_tokens", "run_id", "search_text"])
      expect(items[0]).not.toHaveProperty(key);

    const whole = await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${session.id}/messages`));
    expect(whole.data).toHaveLength(7);
    expect(whole.next_cursor).toBeNull();
    const empty = await json<ListMessagesResponse>(
      await t.call("GET", `/v1/sessions/${(await createSession(t)).id}/messages`),
    );
    expect(empty).toEqual({ data: [], next_cursor: null });
  });

  it("shows the active context as the model gets it: system prompt first, then the rows, with token figures", async ({
    app: t,
  }) => {
    const session = await createSession(t, { system_prompt: "You are terse.", model: "gpt-4o" });
    await appendMessage(t, session.id, { role: "user", content: "Open example.com" });
    await appendMessage(t, session.id, {
      role: "assistant",
      content: null,
      tool_calls: [searchCall("call_1", "example")],
    });
    await appendMessage(t, session.id, { role: "tool", tool_call_id: "call_1", content: "Example Domain" });
    const res = await t.call("GET", `/v1/sessions/${session.id}/context`);
    expect(res.status).toBe(200);
    const context = await json<GetContextResponse>(res);
    expect(context.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Open example.com" },
      { role: "assistant", content: null, tool_calls: [searchCall("call_1", "example")] },
      { role: "tool", tool_call_id: "call_1", content: "Example Domain" },
    ]);
    const stats = (await json<GetSessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`))).stats;
    expect(context.tokens).toEqual({
      total: stats.context_tokens,
      threshold: stats.threshold_tokens,
      context_length: 128_000,
      usage_percent: stats.usage_percent,
    });
    expect(context.tokens.total).toBeGreaterThan(0);
    expect(context).toMatchObject({ summary_id: null, compression_count: 0, engine: "compressor" });
  });

  it("shows an empty context for a session without a system prompt or messages", async ({ app: t }) => {
    const session = await createSession(t);
    const context = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${session.id}/context`));
    expect(context.messages).toEqual([]);
    expect(context.tokens.total).toBe(0);
  });
});
