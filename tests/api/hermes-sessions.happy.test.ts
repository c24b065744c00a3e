import { describe, expect } from "vitest";
import { readSse, testTools } from "../fixtures/agent-harness.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { json, type GetContextResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";
import type {
  HermesChatAnswer,
  HermesMessageList,
  HermesSearchResult,
  HermesSession,
  HermesSessionList,
} from "../../src/routes/hermes-sessions/schemas.js";

const it = withApp({ tools: [testTools.add] });

type Envelope = { object: "hermes.session"; session: HermesSession };

/** /api/sessions driven the way Hermes clients drive it: raw JSON requests and an SSE reader. */
describe("Hermes /api/sessions", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const create = async (t: TestApp, body: Record<string, unknown>) => t.call("POST", "/api/sessions", body);
  const seed = (t: TestApp, id: string, texts: string[]) =>
    t.app.services.transcript.append(
      id,
      texts.map((content) => ({ role: "user" as const, content })),
      { model: "fake-model" },
    );

  it("creates a session under the client's id, reads it back, and refuses the id a second time", async ({ app: t }) => {
    const res = await create(t, { id: "webui-chat-7", title: "Release notes", source: "hermes_webui" });
    expect(res.status).toBe(201);
    const created = await json<Envelope>(res);
    expect(created).toMatchObject({
      object: "hermes.session",
      session: { id: "webui-chat-7", title: "Release notes", source: "hermes_webui", message_count: 0, pinned: false },
    });
    expect(created.session.started_at).toBeCloseTo(Date.now() / 1000, -1);
    const read = await json<Envelope>(await t.call("GET", "/api/sessions/webui-chat-7"));
    expect(read.session).toEqual(created.session);
    // The same session is ours too.
    expect((await t.call("GET", "/v1/sessions/webui-chat-7")).status).toBe(200);
    const again = await create(t, { session_id: "webui-chat-7" });
    expect(again.status).toBe(409);
    expect(await json<{ error: { code: string } }>(again)).toMatchObject({ error: { code: "session_exists" } });
    const made = await json<Envelope>(await create(t, {}));
    expect(made.session).toMatchObject({ source: "api_server", title: null });
  });

  it("replays a create sent again with the same Idempotency-Key instead of making a second session", async ({
    app: t,
  }) => {
    const headers = { "idempotency-key": "hermes-create-1" };
    const first = await t.call("POST", "/api/sessions", { title: "Once" }, headers);
    expect(first.status).toBe(201);
    const again = await t.call("POST", "/api/sessions", { title: "Once" }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect((await json<Envelope>(again)).session.id).toBe((await json<Envelope>(first)).session.id);
    const conflict = await t.call("POST", "/api/sessions", { title: "Twice" }, headers);
    expect(conflict.status).toBe(409);
    expect(await json<{ code: string }>(conflict)).toMatchObject({ code: "idempotency_key_conflict" });
    expect(await t.query("select count(*) as n from sessions where title = $1", ["Once"])).toEqual([{ n: 1 }]);
  });

  it("lists sessions most recently active first, by limit and offset", async ({ app: t }) => {
    for (const id of ["s-a", "s-b", "s-c"]) await create(t, { id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seed(t, "s-c", ["the opening of c", "later in c"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seed(t, "s-a", ["back to the first"]);
    const all = await json<HermesSessionList>(await t.call("GET", "/api/sessions?limit=200"));
    expect(all.has_more).toBe(false);
    expect(all.data.map((s) => s.id).slice(0, 3)).toEqual(["s-a", "s-c", "s-b"]);
    // Each row's preview is its own session's first user message (the page reads them all in one query).
    expect(all.data.slice(0, 3).map((s) => s.preview)).toEqual(["back to the first", "the opening of c", null]);
    const first = await json<HermesSessionList>(await t.call("GET", "/api/sessions?limit=2"));
    expect(first).toMatchObject({ object: "list", limit: 2, offset: 0, has_more: true });
    expect(first.data.map((s) => s.id)).toEqual(["s-a", "s-c"]);
    const next = await json<HermesSessionList>(await t.call("GET", "/api/sessions?limit=1&offset=2"));
    expect(next).toMatchObject({ offset: 2, has_more: all.data.length > 3, data: [{ id: "s-b" }] });
  });

  it("keeps a title, pinned and archived, and refuses any other field or a non-boolean flag", async ({ app: t }) => {
    await create(t, { id: "flags" });
    const patched = await json<Envelope>(
      await t.call("PATCH", "/api/sessions/flags", { pinned: true, archived: true, title: "Kept" }),
    );
    expect(patched.session).toMatchObject({ pinned: true, archived: true, title: "Kept" });
    expect((await json<Envelope>(await t.call("GET", "/api/sessions/flags"))).session.pinned).toBe(true);
    for (const [body, code] of [
      [{ pinned: "yes" }, "validation_failed"],
      [{ nonsense: 1, model: "x" }, "unsupported_session_field"],
    ] as const) {
      const res = await t.call("PATCH", "/api/sessions/flags", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await json<{ error: { code: string; message: string } }>(res);
      expect(error.code).toBe(code);
      if (code === "unsupported_session_field")
        expect(error.message).toBe("Unsupported session fields: model, nonsense");
    }
    expect((await json<Envelope>(await t.call("GET", "/api/sessions/flags"))).session).toMatchObject({
      pinned: true,
      archived: true,
      title: "Kept",
    });
  });

  it("answers the newest 500 rows by default, and a window by limit and offset", async ({ app: t }) => {
    await create(t, { id: "long" });
    await seed(
      t,
      "long",
      Array.from({ length: 501 }, (_, i) => `msg ${i}`),
    );
    const latest = await json<HermesMessageList>(await t.call("GET", "/api/sessions/long/messages"));
    expect(latest.pagination).toEqual({ limit: 500, offset: 0, order: "latest", returned: 500, total: 501 });
    expect(latest.data[0]).toMatchObject({ id: 2, role: "user", content: "msg 1", kind: "message", in_context: true });
    expect(latest.data.at(-1)!.content).toBe("msg 500");
    const window = await json<HermesMessageList>(await t.call("GET", "/api/sessions/long/messages?limit=2&offset=1"));
    expect(window.data.map((m) => m.content)).toEqual(["msg 1", "msg 2"]);
    expect(window.pagination.order).toBe("oldest");
    const tail = await json<HermesMessageList>(await t.call("GET", "/api/sessions/long/messages?limit=2"));
    expect(tail.data.map((m) => m.content)).toEqual(["msg 499", "msg 500"]);
  });

  it("chats: runs the agent and answers with the turn's rows and usage", async ({ app: t, fake }) => {
    await create(t, { id: "chatty", system_prompt: "Be brief." });
    fake.enqueue(
      { content: "Let me add:", tool_calls: [{ id: "call_h1", name: "add", arguments: { a: 20, b: 22 } }] },
      { content: "It is 42.", usage: { prompt_tokens: 50, completion_tokens: 4 } },
    );
    const res = await t.call("POST", "/api/sessions/chatty/chat", { message: "What is 20 + 22?" });
    expect(res.status).toBe(200);
    const answer = await json<HermesChatAnswer>(res);
    expect(answer).toMatchObject({
      object: "hermes.session.chat.completion",
      session_id: "chatty",
      status: "completed",
      completed: true,
      interrupted: false,
      message: { role: "assistant", content: "It is 42." },
    });
    expect(answer.messages.map((m) => [m.role, m.content])).toEqual([
      ["assistant", "Let me add:"],
      ["tool", expect.stringContaining("42")],
      ["assistant", "It is 42."],
    ]);
    expect(answer.messages[1].tool_name).toBe("add");
    expect(answer.usage.total_tokens).toBe(answer.usage.input_tokens + answer.usage.output_tokens);
    expect(fake.completions[0].body.messages.map((m) => m.content)).toEqual(["Be brief.", "What is 20 + 22?"]);
  });

  it("streams a chat with Hermes's event names, the turn's rows on run.completed", async ({ app: t, fake }) => {
    await create(t, { id: "streamy" });
    fake.enqueue(
      { content: "Let me search for that:", tool_calls: [{ id: "call_h2", name: "add", arguments: { a: 1, b: 1 } }] },
      { content: "Here is the summary." },
    );
    const res = await t.call("POST", "/api/sessions/streamy/chat/stream", { message: "search then summarize" });
    expect(res.status).toBe(200);
    const frames = (await readSse(res)).filter((f) => f.event);
    const names = frames.map((f) => f.event);
    expect(names.slice(0, 2)).toEqual(["run.started", "message.started"]);
    expect(names.slice(-3)).toEqual(["assistant.completed", "run.completed", "done"]);
    const data = (name: string) =>
      frames.filter((f) => f.event === name).map((f) => JSON.parse(f.data) as Record<string, unknown>);
    expect(
      data("assistant.delta")
        .map((d) => d.delta)
        .join(""),
    ).toBe("Let me search for that:Here is the summary.");
    expect([...data("tool.started"), ...data("tool.completed")].map((d) => d.tool_name)).toEqual(["add", "add"]);
    expect(data("assistant.completed")[0]).toMatchObject({ content: "Here is the summary.", completed: true });
    const completed = data("run.completed")[0] as { messages: Array<{ role: string; content: string }> };
    // A client that lost the text before the tool call gets it back here.
    expect(completed.messages.map((m) => m.content)).toContain("Let me search for that:");
    expect(completed.messages.every((m) => m.role === "assistant" || m.role === "tool")).toBe(true);
  });

  it("forks a session up to a row: the fork holds the copy and goes on apart, the parent is unchanged", async ({
    app: t,
    fake,
  }) => {
    await create(t, { id: "parent", title: "Parent" });
    await seed(t, "parent", ["one", "two", "three", "four"]);
    const res = await t.call("POST", "/api/sessions/parent/fork", { id: "child", upto_seq: 2 });
    expect(res.status).toBe(201);
    const child = (await json<Envelope>(res)).session;
    // Titled as Hermes titles a fork: the next of the source's title lineage; the source is marked branched.
    expect(child).toMatchObject({ id: "child", title: "Parent #2", parent_session_id: "parent", message_count: 2 });
    expect((await json<Envelope>(await t.call("GET", "/api/sessions/parent"))).session).toMatchObject({
      end_reason: "branched",
      ended_at: expect.any(Number),
    });
    const rows = await json<HermesMessageList>(await t.call("GET", "/api/sessions/child/messages"));
    expect(rows.data.map((m) => m.content)).toEqual(["one", "two"]);
    const listed = await json<HermesSessionList>(await t.call("GET", "/api/sessions"));
    expect(listed.data.map((s) => s.id)).toEqual(expect.arrayContaining(["parent", "child"]));
    fake.enqueue({ content: "Forked answer." });
    await t.call("POST", "/api/sessions/child/chat", { message: "five" });
    expect(fake.completions[0].body.messages.map((m) => m.content)).toEqual(["one", "two", "five"]);
    expect((await json<Envelope>(await t.call("GET", "/api/sessions/parent"))).session.message_count).toBe(4);
    // The whole transcript by default, under a new id; the fork's id is refused once taken.
    const whole = (await json<Envelope>(await t.call("POST", "/api/sessions/parent/fork", {}))).session;
    expect(whole.message_count).toBe(4);
    expect((await t.call("POST", "/api/sessions/parent/fork", { id: "child" })).status).toBe(409);
    expect((await t.call("POST", "/api/sessions/parent/fork", { upto_seq: 9 })).status).toBe(400);
  });

  it("searches every session's transcript and deletes a session", async ({ app: t }) => {
    await create(t, { id: "deploy", title: "Deploy" });
    await create(t, { id: "build", title: "Build" });
    await seed(t, "deploy", ["write failed: ENOSPC on /var/lib/docker"]);
    await seed(t, "build", ["the build hit ENOSPC too", "unrelated words"]);
    const found = await json<HermesSearchResult>(await t.call("GET", "/api/sessions/search?q=ENOSPC"));
    expect(found).toMatchObject({ object: "list", query: "ENOSPC" });
    expect(found.data.map((hit) => hit.session_id).sort()).toEqual(["build", "deploy"]);
    expect(found.data.find((hit) => hit.session_id === "deploy")).toMatchObject({
      session_title: "Deploy",
      message_id: 1,
      role: "user",
      snippet: expect.stringContaining("[ENOSPC]"),
    });
    const deleted = await t.call("DELETE", "/api/sessions/deploy");
    expect(await json(deleted)).toEqual({ object: "hermes.session.deleted", id: "deploy", deleted: true });
    const gone = await t.call("GET", "/api/sessions/deploy");
    expect(gone.status).toBe(404);
    expect(await json<{ error: { code: string } }>(gone)).toMatchObject({ error: { code: "not_found" } });
    const after = await json<HermesSearchResult>(await t.call("GET", "/api/sessions/search?q=ENOSPC"));
    expect(after.data.map((hit) => hit.session_id)).toEqual(["build"]);
  });
});

const itCompressing = withApp({ model: "context" });

describe("a fork of a compressed session", () => {
  itCompressing("carries the summary and the context as they stood at the fork point", async ({ app: t, fake }) => {
    fake.reset();
    const id = ((await (await t.call("POST", "/api/sessions", { id: "long-run" })).json()) as Envelope).session.id;
    for (let i = 0; i < 14; i++) {
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
    fake.enqueue({ content: "## Goal\nFORK-SUMMARY-MARKER" });
    const compressed = await json<{ compressed: boolean }>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(compressed.compressed, JSON.stringify(compressed)).toBe(true);
    const source = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${id}/context`));
    const fork = (await json<Envelope>(await t.call("POST", `/api/sessions/${id}/fork`, { id: "long-run-copy" })))
      .session;
    const copy = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${fork.id}/context`));
    // The same active context: the summary first, then the same tail; the counters recounted alike.
    const shape = (ctx: GetContextResponse) => ctx.messages.map((m) => [m.role, JSON.stringify(m.content)]);
    expect(shape(copy)).toEqual(shape(source));
    expect(JSON.stringify(copy.messages)).toContain("FORK-SUMMARY-MARKER");
    expect(copy.tokens).toEqual(source.tokens);
    const summaries = await json<{ data: unknown[] }>(await t.call("GET", `/v1/sessions/${fork.id}/summaries`));
    expect(summaries.data).toHaveLength(1);
    // Forked before the compression's summary row, the copy has its whole history back in context.
    const early = (await json<Envelope>(await t.call("POST", `/api/sessions/${id}/fork`, { id: "early", upto_seq: 8 })))
      .session;
    const earlyContext = await json<GetContextResponse>(await t.call("GET", `/v1/sessions/${early.id}/context`));
    expect(earlyContext.messages).toHaveLength(8);
    expect(JSON.stringify(earlyContext.messages)).not.toContain("FORK-SUMMARY-MARKER");
  });
});
