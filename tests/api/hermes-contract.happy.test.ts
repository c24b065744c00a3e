import { describe, expect } from "vitest";
import { type AgentApp, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { HermesRunResponse, SubmittedRunResponse } from "../../src/routes/runs/schemas.js";

const API_KEY = "hermes-contract-key";
const it = withApp({ tools: [testTools.add, testTools.slow], overrides: { server: { api_key: API_KEY } } });

type Envelope = { session: Record<string, unknown> };

/** What a Hermes client relies on, each point driven as such a client drives it. */
describe("the Hermes contract", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const runOf = async (t: AgentApp, id: string) => json<HermesRunResponse>(await t.call("GET", `/v1/runs/${id}`));
  const until = (t: AgentApp, id: string, status: string) =>
    waitFor(async () => {
      const run = await runOf(t, id);
      return run.status === status && run;
    });
  const askingSession = async (t: AgentApp) =>
    json<{ id: string }>(
      await t.call("POST", "/v1/sessions", { config: { agent: { approvals: { tools: { add: "ask" } } } } }),
    ).then((s) => s.id);
  const addCall = (id: string) => ({ tool_calls: [{ id, name: "add", arguments: { a: 1, b: 2 } }] });

  it("describes a run in Hermes's words: epoch times, flags, last event, runtime, cache usage", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({
      content: "Done.",
      usage: { prompt_tokens: 1500, completion_tokens: 20, prompt_tokens_details: { cached_tokens: 1024 } },
    });
    const { run_id: runId } = await json<SubmittedRunResponse>(await t.call("POST", "/v1/runs", { input: "go" }));
    const run = await until(t, runId, "completed");
    expect(run).toMatchObject({
      object: "hermes.run",
      run_id: runId,
      completed: true,
      partial: false,
      interrupted: false,
      last_event: "run.completed",
      output: "Done.",
      runtime: { model: "fake-model", provider: "custom", route_source: "global" },
      usage: {
        input_tokens: 1500,
        output_tokens: 20,
        total_tokens: 1520,
        cache_read_tokens: 1024,
        cache_write_tokens: 0,
      },
    });
    expect(typeof run.created_at).toBe("number");
    expect(run.created_at).toBeGreaterThan(1.7e9);
    expect(run.updated_at).toBeGreaterThanOrEqual(run.created_at);
    // The stream of an ended run closes as Hermes's does: the run's end with its answer, then the closing comment.
    const res = await t.call("GET", `/v1/runs/${runId}/events`);
    const text = await res.text();
    expect(text.trimEnd().endsWith(": stream closed")).toBe(true);
    const frames = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(frames.at(-1)).toMatchObject({
      event: "run.completed",
      output: "Done.",
      usage: { cache_read_tokens: 1024 },
      runtime: { model: "fake-model" },
    });
  });

  it("runs a model a run names for that run only; Hermes's virtual name means the session's", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ content: "from xl" }, { content: "from default" });
    const named = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "one", model: "fake-model-xl" }),
    );
    expect(await until(t, named.run_id, "completed")).toMatchObject({
      model: "fake-model-xl",
      runtime: { model: "fake-model-xl", route_source: "raw_request" },
    });
    const virtual = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "two", model: "hermes-agent", session_id: named.session_id }),
    );
    expect(await until(t, virtual.run_id, "completed")).toMatchObject({ runtime: { route_source: "global" } });
    expect(fake.completions.map((c) => c.body.model)).toEqual(["fake-model-xl", "fake-model"]);
  });

  it("reads the prompt-cache figures from each provider's own usage fields", async ({ app: t, fake }) => {
    fake.enqueue(
      // Anthropic's OpenAI-compatible endpoint.
      {
        content: "a",
        usage: {
          prompt_tokens: 900,
          completion_tokens: 5,
          cache_read_input_tokens: 800,
          cache_creation_input_tokens: 64,
        },
      },
      // DeepSeek.
      { content: "d", usage: { prompt_tokens: 700, completion_tokens: 5, prompt_cache_hit_tokens: 512 } },
    );
    const usageOf = async (input: string) => {
      const { run_id: runId } = await json<SubmittedRunResponse>(await t.call("POST", "/v1/runs", { input }));
      return (await until(t, runId, "completed")).usage;
    };
    expect(await usageOf("anthropic")).toMatchObject({ cache_read_tokens: 800, cache_write_tokens: 64 });
    expect(await usageOf("deepseek")).toMatchObject({ cache_read_tokens: 512, cache_write_tokens: 0 });
  });

  it("names a run that ran out of budget failed with partial: true, its end run.failed", async ({ app: t, fake }) => {
    const { id } = await json<{ id: string }>(
      await t.call("POST", "/v1/sessions", { config: { agent: { max_iterations: 1 } } }),
    );
    fake.respondWith((_req, i) => ({ tool_calls: [{ id: `loop_${i}`, name: "add", arguments: { a: i, b: 1 } }] }));
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "loop", session_id: id }),
    );
    const run = await until(t, runId, "failed");
    expect(run).toMatchObject({ partial: true, completed: false, interrupted: false, last_event: "run.failed" });
    const text = await (await t.call("GET", `/v1/runs/${runId}/events`)).text();
    const last = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
      .at(-1);
    expect(last).toMatchObject({ event: "run.failed", partial: true, type: "run.completed" });
  });

  it("shows a waiting run's approval and answers with Hermes's errors", async ({ app: t, fake }) => {
    const session = await askingSession(t);
    fake.enqueue(addCall("call_w"), { content: "3" });
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: session }),
    );
    const waiting = await until(t, runId, "waiting_for_approval");
    expect(waiting.approval).toMatchObject({
      event: "approval.request",
      run_id: runId,
      request_id: waiting.interrupts[0].id,
      choices: ["once", "session", "always", "deny"],
      pattern_key: "add",
      description: expect.stringContaining("add"),
    });
    const missing = await t.call("POST", `/v1/runs/${runId}/approval`, { choice: "once", request_id: "int_nope" });
    expect(missing.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(missing)).error.code).toBe("approval_not_pending");
    const unknown = await t.call("POST", "/v1/runs/run_missing/approval", { choice: "once" });
    expect(unknown.status).toBe(404);
    expect((await json<OpenAIErrorResponse>(unknown)).error).toMatchObject({
      code: "run_not_found",
      message: "Run not found: run_missing",
    });
    const ok = await t.call("POST", `/v1/runs/${runId}/approval`, {
      choice: "once",
      request_id: waiting.interrupts[0].id,
    });
    expect(await json<unknown>(ok)).toMatchObject({ request_id: waiting.interrupts[0].id, resolved: 1 });
    await until(t, runId, "completed");
  });

  it("approves a tool for the rest of the session with `session`, and not in another session", async ({
    app: t,
    fake,
  }) => {
    const session = await askingSession(t);
    fake.enqueue(addCall("call_s1"), { content: "3" });
    const first = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: session }),
    );
    await until(t, first.run_id, "waiting_for_approval");
    await t.call("POST", `/v1/runs/${first.run_id}/approval`, { choice: "session" });
    await until(t, first.run_id, "completed");
    // The run's events say how far the approval reaches.
    const frames = (await (await t.call("GET", `/v1/runs/${first.run_id}/events`)).text())
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    expect(frames.find((frame) => frame.event === "approval.responded")).toMatchObject({ choice: "session" });
    // The next call of the tool in this session runs without asking.
    fake.enqueue(addCall("call_s2"), { content: "3 again" });
    const second = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add again", session_id: session }),
    );
    expect(await until(t, second.run_id, "completed")).toMatchObject({ output: "3 again" });
    // Another session is asked.
    const other = await askingSession(t);
    fake.enqueue(addCall("call_s3"), { content: "x" });
    const third = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: other }),
    );
    await until(t, third.run_id, "waiting_for_approval");
    await t.call("POST", `/v1/runs/${third.run_id}/stop`, {});
    expect((await json<{ data: unknown[] }>(await t.call("GET", "/v1/approvals/allowlist"))).data).toEqual([]);
  });

  it("answers the turn's other calls of the tool with the `session` approval of one", async ({ app: t, fake }) => {
    const session = await askingSession(t);
    fake.enqueue(
      {
        tool_calls: [
          { id: "call_p1", name: "add", arguments: { a: 1, b: 1 } },
          { id: "call_p2", name: "add", arguments: { a: 2, b: 2 } },
        ],
      },
      { content: "2 and 4" },
    );
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add twice", session_id: session }),
    );
    const waiting = await until(t, runId, "waiting_for_approval");
    expect(waiting.interrupts).toHaveLength(2);
    const res = await t.call("POST", `/v1/runs/${runId}/approval`, { choice: "session" });
    expect(await json<unknown>(res)).toMatchObject({ choice: "session", resolved: 1 });
    expect(await until(t, runId, "completed")).toMatchObject({ output: "2 and 4" });
    // Both calls ran (in parallel, so their results may come in either order).
    const results = Object.fromEntries(
      fake.completions[1].body.messages
        .filter((m) => m.role === "tool")
        .map((m) => [(m as { tool_call_id?: string }).tool_call_id, m.content]),
    );
    expect(results).toEqual({ call_p1: "2", call_p2: "4" });
  });

  it("keeps `always` in a persisted allowlist for every session, listable and removable, never past a deny", async ({
    app: t,
    fake,
  }) => {
    const session = await askingSession(t);
    fake.enqueue(addCall("call_a1"), { content: "3" });
    const first = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: session }),
    );
    const waiting = await until(t, first.run_id, "waiting_for_approval");
    // The native interrupt takes the same scopes.
    const answered = await t.call("POST", `/v1/sessions/${session}/interrupts/${waiting.interrupts[0].id}`, {
      decision: "approve",
      scope: "always",
    });
    expect(answered.status).toBe(200);
    await until(t, first.run_id, "completed");
    const list = await json<{ data: Array<Record<string, unknown>> }>(await t.call("GET", "/v1/approvals/allowlist"));
    expect(list.data).toEqual([
      expect.objectContaining({ tool: "add", match_key: "add", added_by: "user", session_id: session }),
    ]);
    const stored = await t.app.services.store.approvalGrants.list("always");
    expect(stored.map((g) => g.tool)).toEqual(["add"]);

    // A new session is not asked.
    const other = await askingSession(t);
    fake.enqueue(addCall("call_a2"), { content: "no question" });
    const second = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: other }),
    );
    expect(await until(t, second.run_id, "completed")).toMatchObject({ output: "no question" });

    // A session whose policy denies the tool is not widened by the allowlist.
    const denying = await json<{ id: string }>(
      await t.call("POST", "/v1/sessions", { config: { agent: { approvals: { tools: { add: "deny" } } } } }),
    );
    fake.enqueue(addCall("call_a3"), { content: "refused" });
    const third = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: denying.id }),
    );
    await until(t, third.run_id, "completed");
    const sent = fake.completions.at(-1)!.body.messages.at(-1) as { role: string; content: string };
    expect(sent).toMatchObject({ role: "tool", content: expect.stringMatching(/not allowed/) });

    // Removed, the tool asks again.
    const id = list.data[0].id as string;
    expect((await t.call("DELETE", `/v1/approvals/allowlist/${id}`)).status).toBe(204);
    expect((await t.call("GET", `/v1/approvals/allowlist/${id}`)).status).toBe(404);
    fake.enqueue(addCall("call_a4"), { content: "asked" });
    const fourth = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "add", session_id: other }),
    );
    await until(t, fourth.run_id, "waiting_for_approval");
    await t.call("POST", `/v1/runs/${fourth.run_id}/stop`, {});
  });

  it("streams a session chat in Hermes's frames: ids, seq and ts on every frame, done last", async ({
    app: t,
    fake,
  }) => {
    await t.call("POST", "/api/sessions", { id: "framed" });
    fake.enqueue({ content: "Adding:", tool_calls: [{ id: "call_f", name: "add", arguments: { a: 2, b: 2 } }] });
    fake.enqueue({ content: "It is 4." });
    const res = await t.call(
      "POST",
      "/api/sessions/framed/chat/stream",
      { input: "what is 2 + 2?" },
      { "x-hermes-session-key": "webui:user-1" },
    );
    expect(res.headers.get("x-hermes-session-key")).toBe("webui:user-1");
    const frames = (await readSse(res)).filter((f) => f.event);
    const data = frames.map((f) => JSON.parse(f.data) as Record<string, unknown>);
    expect(frames.map((f) => f.event)).toEqual([
      "run.started",
      "message.started",
      "assistant.delta",
      "tool.started",
      "tool.completed",
      "assistant.delta",
      "assistant.completed",
      "run.completed",
      "done",
    ]);
    expect(data.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const d of data) expect(typeof d.ts).toBe("number");
    expect(data[0]).toMatchObject({ user_message: { role: "user", content: "what is 2 + 2?" }, session_id: "framed" });
    const messageId = (data[1].message as { id: string }).id;
    expect(messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    for (const d of data.slice(2, 8)) expect(d.message_id).toBe(messageId);
    expect(data[3]).toMatchObject({ tool_name: "add", args: { a: 2, b: 2 } });
    expect(data[7]).toMatchObject({ completed: true, usage: { input_tokens: expect.any(Number) } });

    const author = await t.call("POST", "/api/sessions/framed/chat", { message: "hi", author: "bob" });
    expect(author.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(author)).error).toMatchObject({
      code: "invalid_author",
      message: "author must be an object",
    });
    const empty = await t.call("POST", "/api/sessions/framed/chat", {});
    expect((await json<OpenAIErrorResponse>(empty)).error.code).toBe("missing_message");
  });

  it("continues the newest session bound to an X-Hermes-Session-Key and echoes the key", async ({ app: t, fake }) => {
    const key = { "x-hermes-session-key": "agent:main:webui:dm:user-7" };
    fake.enqueue({ content: "first" }, { content: "second" });
    const first = await t.call("POST", "/v1/runs", { input: "one" }, key);
    expect(first.headers.get("x-hermes-session-key")).toBe(key["x-hermes-session-key"]);
    const a = await json<SubmittedRunResponse>(first);
    await until(t, a.run_id, "completed");
    const b = await json<SubmittedRunResponse>(await t.call("POST", "/v1/runs", { input: "two" }, key));
    expect(b.session_id).toBe(a.session_id);
    await until(t, b.run_id, "completed");
    expect(fake.completions[1].body.messages.map((m) => m.content)).toEqual(["one", "first", "two"]);

    const long = await t.call("POST", "/v1/runs", { input: "x" }, { "x-hermes-session-key": "k".repeat(257) });
    expect(long.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(long)).error).toMatchObject({
      code: "invalid_session_key",
      message: "Session key too long",
    });
  });

  it("replays an idempotent submission with 202 and replayed: true, and finds the run by its key", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ content: "once" });
    const headers = { "idempotency-key": "submit-42" };
    const first = await json<SubmittedRunResponse>(await t.call("POST", "/v1/runs", { input: "go" }, headers));
    await until(t, first.run_id, "completed");
    expect(first.status).toBe("started");
    const replay = await t.call("POST", "/v1/runs", { input: "go" }, headers);
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    // A replay says the run's status now, as Hermes answers one.
    expect(await json<unknown>(replay)).toMatchObject({ run_id: first.run_id, status: "completed", replayed: true });
    const found = await json<{ data: HermesRunResponse[] }>(await t.call("GET", "/v1/runs", undefined, headers));
    expect(found.data.map((r) => r.run_id)).toEqual([first.run_id]);
    const bad = await t.call("POST", "/v1/runs", { input: "go" }, { "idempotency-key": "has space" });
    expect(bad.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(bad)).error.code).toBe("invalid_idempotency_key");
    expect(fake.completions).toHaveLength(1);
  });

  it("answers 404 for a route that does not exist before asking for a key", async ({ app: t }) => {
    const unknown = await t.app.request("/v1/nothing-here", { headers: {} });
    expect(unknown.status).toBe(404);
    // Nothing runs for it: a path under a session's browser that no route serves claims and starts nothing.
    const under = await t.app.request("/v1/sessions/ses_x/browser/nothing", { method: "POST", headers: {} });
    expect(under.status).toBe(404);
    expect(t.app.services.supervisors.activeCount).toBe(0);
    expect(await t.app.services.store.sessions.get("ses_x")).toBeNull();
    const known = await t.app.request("/v1/runs", { headers: {} });
    expect(known.status).toBe(401);
    expect((await json<OpenAIErrorResponse>(known)).error.code).toBe("gateway_auth_failed");
  });

  it("keeps Hermes's session fields: no prompt text, usage, hidden, end_reason, unique titles", async ({
    app: t,
    fake,
  }) => {
    await t.call("POST", "/api/sessions", { id: "fields", title: "Notes", system_prompt: "Be brief." });
    fake.enqueue({ content: "ok", usage: { prompt_tokens: 40, completion_tokens: 2 } });
    await t.call("POST", "/api/sessions/fields/chat", { message: "hi" });
    const session = (await json<Envelope>(await t.call("GET", "/api/sessions/fields"))).session;
    expect(session).not.toHaveProperty("system_prompt");
    expect(session).toMatchObject({
      has_system_prompt: true,
      input_tokens: 40,
      output_tokens: 2,
      api_call_count: 1,
      tool_call_count: 0,
      estimated_cost_usd: null,
      hidden: false,
      end_reason: null,
    });
    const dup = await t.call("POST", "/api/sessions", { id: "other", title: "Notes" });
    expect(dup.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(dup)).error).toMatchObject({
      code: "invalid_title",
      message: "Title already in use by session fields",
    });
    expect(await t.app.services.store.sessions.get("other")).toBeNull();
    const patched = await json<Envelope>(
      await t.call("PATCH", "/api/sessions/fields", { hidden: true, end_reason: "user_closed" }),
    );
    expect(patched.session).toMatchObject({ hidden: true, end_reason: "user_closed", ended_at: expect.any(Number) });
    // The first reason wins.
    const again = await json<Envelope>(await t.call("PATCH", "/api/sessions/fields", { end_reason: "other" }));
    expect(again.session.end_reason).toBe("user_closed");
  });

  it("lists model options, locks a session to a model, and shows Hermes's health fields", async ({ app: t, fake }) => {
    const options = await json<Record<string, unknown>>(await t.call("GET", "/api/model/options"));
    expect(options).toMatchObject({
      model: "fake-model",
      provider: "custom",
      providers: [{ slug: "custom", models: ["fake-model"], is_current: true }],
    });
    await t.call("POST", "/api/sessions", { id: "locked" });
    const none = await t.call("POST", "/api/sessions/locked/model", {});
    expect(none.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(none)).error.code).toBe("missing_model");
    const elsewhere = await t.call("POST", "/api/sessions/locked/model", { model: "claude", provider: "anthropic" });
    expect(elsewhere.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(elsewhere)).error.code).toBe("model_lock_unavailable");
    const locked = await t.call("POST", "/api/sessions/locked/model", { model: "fake-model-large" });
    expect(await json<unknown>(locked)).toMatchObject({
      object: "hermes.session.model_lock",
      runtime: { model: "fake-model-large", route_source: "raw_request", model_lock: "accepted" },
    });
    fake.enqueue({ content: "big answer" });
    await t.call("POST", "/api/sessions/locked/chat", { message: "hi" });
    expect(fake.completions[0].body.model).toBe("fake-model-large");

    const health = await json<Record<string, unknown>>(await t.call("GET", "/health/detailed"));
    expect(health).toMatchObject({
      gateway_state: "running",
      platforms: { api_server: { state: "connected" } },
      pid: process.pid,
    });
    const capabilities = await json<{ endpoints: Record<string, { path: string }> }>(
      await t.call("GET", "/v1/capabilities"),
    );
    expect(capabilities.endpoints.session_model_lock.path).toBe("/api/sessions/{session_id}/model");
    expect(capabilities.endpoints.model_options.path).toBe("/api/model/options");
  });

  it("sends a run's model_options with each of its model calls, and refuses bad ones or another provider before storing anything", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue(addCall("call_mo1"), { content: "3" });
    const res = await t.call("POST", "/v1/runs", {
      input: "add",
      session_id: "tuned",
      provider: "custom",
      model_options: { temperature: 0.2, max_tokens: 300, stop: ["END"], seed: 7 },
    });
    expect(res.status).toBe(202);
    const { run_id: runId } = await json<SubmittedRunResponse>(res);
    await until(t, runId, "completed");
    expect(fake.completions).toHaveLength(2);
    for (const call of fake.completions)
      expect(call.body).toMatchObject({ temperature: 0.2, max_tokens: 300, stop: ["END"], seed: 7 });
    // The session's next run without options is sent none of them.
    fake.enqueue({ content: "plain" });
    const next = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "again", session_id: "tuned" }),
    );
    await until(t, next.run_id, "completed");
    expect(fake.completions[2].body).not.toHaveProperty("temperature");

    const before = await t.app.services.store.sessions.list(100, null);
    const unknown = await t.call("POST", "/v1/runs", {
      input: "x",
      session_id: "bad-1",
      model_options: { tempurature: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await json<OpenAIErrorResponse>(unknown))).toContain("tempurature");
    const range = await t.call("POST", "/v1/runs", { input: "x", session_id: "bad-2", model_options: { top_p: 3 } });
    expect(range.status).toBe(400);
    expect(JSON.stringify(await json<OpenAIErrorResponse>(range))).toContain("top_p");
    const elsewhere = await t.call("POST", "/v1/runs", { input: "x", session_id: "bad-3", provider: "anthropic" });
    expect(elsewhere.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(elsewhere)).error.code).toBe("model_lock_unavailable");
    expect(await t.app.services.store.sessions.list(100, null)).toHaveLength(before.length);
    expect(fake.completions).toHaveLength(3);
  });

  it("lists its toolsets and skills as Hermes does, and says it serves them", async ({ app: t }) => {
    type Toolset = { name: string; enabled: boolean; configured: boolean; tools: string[]; source: string };
    const toolsets = await json<{ object: string; platform: string; data: Toolset[] }>(
      await t.call("GET", "/v1/toolsets"),
    );
    expect(toolsets).toMatchObject({ object: "list", platform: "api_server" });
    const recall = toolsets.data.find((set) => set.name === "session_search");
    expect(recall).toMatchObject({ enabled: true, configured: true, source: "builtin" });
    expect(recall?.tools).toEqual(["session_anchors", "session_read", "session_search"]);
    const browser = toolsets.data.find((set) => set.name === "browser");
    expect(browser?.tools).toContain("browser_navigate");
    expect(browser?.tools).toContain("browser_dialog");

    const skills = await json<{ object: string; data: Array<Record<string, unknown>> }>(
      await t.call("GET", "/v1/skills"),
    );
    expect(skills.data.map((skill) => skill.name)).toEqual(toolsets.data.map((set) => set.name));
    expect(skills.data.find((skill) => skill.name === "session_search")).toMatchObject({
      category: "builtin",
      enabled: true,
      description: expect.stringContaining("search"),
    });
    const capabilities = await json<{ features: Record<string, unknown>; endpoints: Record<string, { path: string }> }>(
      await t.call("GET", "/v1/capabilities"),
    );
    expect(capabilities.features).toMatchObject({ skills_api: true, toolsets_api: true });
    expect(capabilities.endpoints.toolsets.path).toBe("/v1/toolsets");
    expect(capabilities.endpoints.skills.path).toBe("/v1/skills");
    const anonymous = await t.call("GET", "/v1/toolsets", undefined, { authorization: "Bearer wrong" });
    expect(anonymous.status).toBe(401);
  });

  it("reads a run natively only under its own session", async ({ app: t, fake }) => {
    fake.enqueue({ content: "mine" });
    const { run_id: runId, session_id: sessionId } = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "one" }),
    );
    await until(t, runId, "completed");
    const own = await t.call("GET", `/v1/sessions/${sessionId}/runs/${runId}`);
    expect(await json<unknown>(own)).toMatchObject({ id: runId, status: "completed", created_at: expect.any(String) });
    const other = await t.createSession();
    expect((await t.call("GET", `/v1/sessions/${other}/runs/${runId}`)).status).toBe(404);
  });

  it("publishes run.steered on the run's events when a steering message is taken", async ({ app: t, fake }) => {
    // The run's first model call answers once the steer is in: it is taken before the next call.
    let release!: () => void;
    fake.enqueue(
      {
        tool_calls: [{ id: "call_st2", name: "slow", arguments: { ms: 300 } }],
        until: new Promise<void>((resolve) => (release = resolve)),
      },
      { content: "ok" },
    );
    const { run_id: runId } = await json<SubmittedRunResponse>(await t.call("POST", "/v1/runs", { input: "slow" }));
    try {
      await waitFor(() => fake.completions.length === 1);
      await t.call("POST", `/v1/runs/${runId}/steer`, { text: [{ type: "text", text: "use staging" }] });
    } finally {
      release();
    }
    await until(t, runId, "completed");
    const text = await (await t.call("GET", `/v1/runs/${runId}/events`)).text();
    const steered = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
      .find((d) => d.event === "run.steered");
    expect(steered).toMatchObject({ run_id: runId, accepted: true, content: "use staging" });
  });

  it("streams Responses deltas with logprobs and echoes the session key", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Hello there." });
    const res = await t.call(
      "POST",
      "/v1/responses",
      { model: "caduceus", input: "hi", stream: true },
      { "x-hermes-session-key": "webui:user-9" },
    );
    expect(res.headers.get("x-hermes-session-key")).toBe("webui:user-9");
    const events = (await readSse(res)).filter((f) => f.data).map((f) => JSON.parse(f.data) as Record<string, unknown>);
    const deltas = events.filter((e) => e.type === "response.output_text.delta");
    expect(deltas.length).toBeGreaterThan(0);
    for (const delta of deltas) expect(delta).toMatchObject({ logprobs: [], sequence_number: expect.any(Number) });
    const both = await t.call("POST", "/v1/responses", {
      input: "x",
      conversation: "conv-1",
      previous_response_id: "resp_x",
    });
    expect(both.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(both)).error.message).toBe(
      "Cannot use both 'conversation' and 'previous_response_id'",
    );
  });
});
