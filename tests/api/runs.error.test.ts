import { describe, expect } from "vitest";
import type { FakeModelServer } from "../fixtures/fake-model.js";
import { type AgentApp, eventData, makeAgentApp, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import {
  json,
  type ListMessagesResponse,
  type MessageRow,
  type PostMessageRunResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({
  tools: [testTools.echo, testTools.add, testTools.fail, testTools.slow],
  overrides: { agent: { max_iterations: 3 } },
});

const post = (
  t: AgentApp,
  id: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
  signal?: AbortSignal,
) => t.call("POST", `/v1/sessions/${id}/messages`, body, headers, signal);

async function transcript(t: AgentApp, id: string): Promise<MessageRow[]> {
  return (await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages?limit=200`))).data;
}

describe("agent run failures", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const failures: Array<[string, Parameters<FakeModelServer["enqueue"]>[0], RegExp]> = [
    ["a 5xx", { status: 500, error: { message: "upstream exploded" } }, /server \(HTTP 500\).*upstream exploded/],
    ["a 429", { status: 429, error: { message: "slow down", type: "rate_limit_error" } }, /rate_limit \(HTTP 429\)/],
    ["a 401", { status: 401, error: { message: "bad key" } }, /auth \(HTTP 401\).*model\.api_key/],
    ["malformed JSON", { malformed: true }, /malformed/],
    ["a dropped connection", { drop_connection: true }, /network/],
    ["an empty answer", { content: "" }, /empty answer/],
  ];
  for (const [what, turn, error] of failures) {
    it(`ends the run failed with the error recorded on ${what}, answering 200 with the user message kept`, async ({
      app: t,
      fake,
    }) => {
      const id = await t.createSession();
      fake.enqueue(turn);
      const res = await post(t, id, { content: `trigger ${what}` });
      expect(res.status).toBe(200);
      const body = await json<PostMessageRunResponse>(res);
      expect(body.run.status).toBe("failed");
      expect(body.run.error).toMatch(error);
      expect(body.messages.map((m) => m.role)).toEqual(["user"]);
      expect(await t.app.services.store.runs.get(body.run.id)).toMatchObject({
        status: "failed",
        error: body.run.error,
      });
      expect((await transcript(t, id)).map((m) => m.content)).toEqual([`trigger ${what}`]);
    });
  }

  for (const [what, turn, error] of failures) {
    it(`ends a streamed run failed on ${what}`, async ({ app: t, fake }) => {
      const id = await t.createSession();
      fake.enqueue(turn);
      const frames = (
        await readSse(await post(t, id, { content: `stream ${what}`, stream: true }), (f) => f.event === "done")
      ).filter((f) => f.event);
      expect(frames.at(-1)!.event).toBe("done");
      const run = eventData<"done">(frames.at(-1)!).run;
      expect(run.status).toBe("failed");
      expect(run.error).toMatch(error);
      expect((await transcript(t, id)).map((m) => m.role)).toEqual(["user"]);
    });
  }

  it("fails a streamed run on a model error with run.failed then done", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ status: 503, error: { message: "overloaded" } });
    const res = await post(t, id, { content: "stream and fail", stream: true });
    const frames = (await readSse(res, (f) => f.event === "done")).filter((f) => f.event);
    expect(frames.map((f) => f.event)).toEqual(["run.started", "message.created", "run.failed", "done"]);
    expect(eventData<"done">(frames[3]).run).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/HTTP 503/),
    });
  });

  it("feeds an unknown tool, invalid JSON arguments and a throwing tool back to the model as error results", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue(
      {
        tool_calls: [
          { id: "u1", name: "no_such_tool", arguments: {} },
          { id: "u2", name: "add", arguments: "{not json" },
          { id: "u3", name: "fail", arguments: {} },
        ],
      },
      { content: "I could not do it." },
    );
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "try tools" }));
    expect(body.run.status).toBe("completed");
    const results = Object.fromEntries(
      body.messages.filter((m) => m.role === "tool").map((m) => [m.tool_call_id!, m.content] as const),
    );
    expect(results.u1).toMatch(/^Error: unknown tool "no_such_tool". Available tools: .*echo/);
    expect(results.u2).toMatch(/^Error: the arguments of add are not a valid JSON object/);
    expect(results.u3).toBe("Error: fail failed: disk quota exceeded");
    const fedBack = fake.completions[1].body.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect(fedBack.sort()).toEqual(Object.values(results).sort());
  });

  it("gives tool calls with empty or reused ids fresh unique ids so every result pairs", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue(
      { tool_calls: [{ id: "call_0", name: "echo", arguments: { text: "a" } }] },
      {
        tool_calls: [
          { id: "call_0", name: "echo", arguments: { text: "b" } },
          { id: "", name: "echo", arguments: { text: "c" } },
        ],
      },
      { content: "three echoes" },
    );
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "echo thrice" }));
    expect(body.run.status).toBe("completed");
    const rows = await transcript(t, id);
    const ids = rows.flatMap((m) => m.tool_calls ?? []).map((c) => c.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe("call_0");
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((callId: string) => callId.length > 0)).toBe(true);
    const results = rows.filter((m) => m.role === "tool").map((m) => [m.tool_call_id, m.content]);
    expect(Object.fromEntries(results)).toEqual({ [ids[0]]: "echo: a", [ids[1]]: "echo: b", [ids[2]]: "echo: c" });
    const last = fake.completions[2].body.messages;
    expect(
      last
        .filter((m) => m.role === "tool")
        .map((m) => m.tool_call_id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it("ends incomplete when the iteration budget is spent, every tool call keeping its result", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.respondWith((_req, i) => ({
      tool_calls: [{ id: `loop_${i}`, name: "echo", arguments: { text: String(i) } }],
    }));
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "loop forever" }));
    expect(body.run).toMatchObject({ status: "incomplete", iterations: 3 });
    expect(body.run.error).toMatch(/agent\.max_iterations = 3/);
    expect(fake.completions).toHaveLength(3);
    const rows = await transcript(t, id);
    const calls = rows.flatMap((m) => m.tool_calls ?? []).map((c) => c.id);
    const answered = rows.filter((m) => m.role === "tool").map((m) => m.tool_call_id);
    expect(answered.sort()).toEqual(calls.sort());
  });

  it("ends incomplete when the answer is cut off at the output limit", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "The answer is cut", finish_reason: "length" });
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "long answer" }));
    expect(body.run).toMatchObject({ status: "incomplete", error: expect.stringMatching(/finish_reason: length/) });
    expect(body.messages.at(-1)!.content).toBe("The answer is cut");
  });

  it("refuses a second run on a busy session with 409 session_busy", async ({ app: t, fake }) => {
    const id = await t.createSession();
    let answer!: () => void;
    fake.enqueue({ content: "slow answer", until: new Promise<void>((resolve) => (answer = resolve)) });
    const first = post(t, id, { content: "first" });
    try {
      await waitFor(() => fake.completions.length === 1);
      const second = await post(t, id, { content: "second" });
      expect(second.status).toBe(409);
      expect(second.headers.get("content-type")).toBe("application/problem+json");
      expect((await json<ProblemResponse>(second)).code).toBe("session_busy");
    } finally {
      answer();
    }
    expect((await json<PostMessageRunResponse>(await first)).run.status).toBe("completed");
    expect((await transcript(t, id)).map((m) => m.content)).toEqual(["first", "slow answer"]);
  });

  it("fails the run when its final answer cannot be stored, still recording the model call, and serves the next", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    // The database refuses the answer's row (as a full disk or a broken constraint would), and only that row.
    const postgres = t.app.services.store.dialect === "postgres";
    const refuse = postgres
      ? [
          `create function refuse_answer() returns trigger language plpgsql as $$ begin
             if new.content_json like '%poisoned answer%' then raise exception 'disk failure while writing the answer'; end if;
             return new; end $$`,
          "create trigger refuse_answer before insert on messages for each row execute function refuse_answer()",
        ]
      : [
          `create trigger refuse_answer before insert on messages when new.content_json like '%poisoned answer%'
           begin select raise(abort, 'disk failure while writing the answer'); end`,
        ];
    for (const statement of refuse) await t.query(statement);
    try {
      fake.enqueue({ content: "a poisoned answer", usage: { prompt_tokens: 50, completion_tokens: 4 } });
      const body = await json<PostMessageRunResponse>(await post(t, id, { content: "answer me" }));
      expect(body.run.status).toBe("failed");
      expect(body.run.error).toMatch(/disk failure while writing the answer/);
      expect(body.messages.map((m) => m.content)).toEqual(["answer me"]);
    } finally {
      await t.query(postgres ? "drop trigger refuse_answer on messages" : "drop trigger refuse_answer");
      if (postgres) await t.query("drop function refuse_answer()");
    }
    const runs = await json<{ data: Array<{ status: string }> }>(await t.call("GET", `/v1/sessions/${id}/runs`));
    expect(runs.data.map((run) => run.status)).toEqual(["failed"]);
    const session = await t.app.services.store.sessions.get(id);
    expect([session?.message_count, session?.last_prompt_tokens]).toEqual([1, 0]);
    // The call was made and is paid for: it is recorded although its answer is not.
    const usage = await json<{ data: Array<{ group: string; calls: number; input_tokens: number }> }>(
      await t.call("GET", "/v1/usage?group_by=session"),
    );
    expect(usage.data.find((row) => row.group === id)).toMatchObject({ calls: 1, input_tokens: 50 });
    const events = (await t.app.services.events.replay(id, 0)).map((e) => e.type);
    expect(events.at(-1)).toBe("run.failed");
    expect(events.filter((type) => type === "message.created")).toHaveLength(1);

    fake.enqueue({ content: "fine now" });
    const next = await json<PostMessageRunResponse>(await post(t, id, { content: "again" }));
    expect(next.run.status).toBe("completed");
    expect((await transcript(t, id)).map((m) => m.content)).toEqual(["answer me", "again", "fine now"]);
  });

  it("refuses a run on a session whose run another replica holds, naming that run, and stores nothing", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    // A run stored by another replica: this one has never heard of it.
    const elsewhere = "run_01HELSEWHERE000000000000";
    await t.app.services.store.runs.create({
      id: elsewhere,
      session_id: id,
      model: "fake-model",
      background: false,
      client_tools: [],
      replica_id: "replica-elsewhere",
      now: Date.now(),
    });
    const res = await post(t, id, { content: "mine" });
    expect(res.status).toBe(409);
    expect(await json<ProblemResponse & { run_id?: string }>(res)).toMatchObject({
      code: "session_busy",
      run_id: elsewhere,
    });
    expect(fake.completions).toHaveLength(0);
    expect(await transcript(t, id)).toEqual([]);
    const runs = await json<{ data: Array<{ id: string }> }>(await t.call("GET", `/v1/sessions/${id}/runs`));
    expect(runs.data.map((run) => run.id)).toEqual([elsewhere]);
  });

  it("cancels the run when the client cancels the request, keeping the transcript whole", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "never delivered", delay_ms: 3_000 });
    const controller = new AbortController();
    const pending = post(t, id, { content: "cancel me" }, {}, controller.signal);
    await waitFor(() => fake.completions.length === 1);
    controller.abort();
    const body = await json<PostMessageRunResponse>(await pending);
    expect(body.run.status).toBe("cancelled");
    expect((await t.app.services.store.runs.get(body.run.id))!.status).toBe("cancelled");
    expect((await transcript(t, id)).map((m) => m.content)).toEqual(["cancel me"]);
    expect(t.app.services.agent.isBusy(id)).toBe(false);
  });

  it("records a cancelled result for a tool still running when the run is cancelled", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "slow_1", name: "slow", arguments: { ms: 10_000 } }] });
    const controller = new AbortController();
    const pending = post(t, id, { content: "slow tool" }, {}, controller.signal);
    await waitFor(async () => (await transcript(t, id)).some((m) => m.tool_calls));
    controller.abort();
    const body = await json<PostMessageRunResponse>(await pending);
    expect(body.run.status).toBe("cancelled");
    const rows = await transcript(t, id);
    expect(rows.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(rows[2]).toMatchObject({ tool_call_id: "slow_1", content: expect.stringMatching(/cancelled/) });
  });

  it("cancels a streamed run whose client disconnects", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "a long streamed answer that the client will not wait for", chunk_delay_ms: 100 });
    const res = await post(t, id, { content: "stream then leave", stream: true });
    await readSse(res, (f) => f.event === "message.delta");
    const run = await waitFor(async () =>
      (await t.app.services.store.runs.list(id)).find((r) => r.status !== "running"),
    );
    expect(run.status).toBe("cancelled");
    expect((await transcript(t, id)).map((m) => m.role)).toEqual(["user"]);
  });
});

describe("run admission and lifecycle", () => {
  // The fake model is the file's; each test here starts from a fresh one, as the block's own was.
  it.beforeEach(({ fake }) => fake.reset());

  it("answers 429 with Retry-After beyond server.max_concurrent_runs", async ({ fake }) => {
    const t = await makeAgentApp(fake, { overrides: { server: { max_concurrent_runs: 1 } } });
    try {
      const a = await t.createSession();
      const b = await t.createSession();
      let answer!: () => void;
      fake.enqueue({ content: "slow", until: new Promise<void>((resolve) => (answer = resolve)) });
      const first = post(t, a, { content: "busy" });
      try {
        await waitFor(() => t.app.services.agent.activeCount === 1);
        const res = await post(t, b, { content: "one too many" });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await json<ProblemResponse>(res)).code).toBe("too_many_runs");
        expect(await transcript(t, b)).toEqual([]);
      } finally {
        answer();
      }
      expect((await json<PostMessageRunResponse>(await first)).run.status).toBe("completed");
    } finally {
      await t.close();
    }
  });

  it("fails a run whose model does not answer within model.timeout_s", async ({ fake }) => {
    const t = await makeAgentApp(fake, { overrides: { model: { timeout_s: 0.3 } } });
    try {
      const id = await t.createSession();
      fake.enqueue({ content: "too late", delay_ms: 2_000 });
      const body = await json<PostMessageRunResponse>(await post(t, id, { content: "hurry" }));
      expect(body.run.status).toBe("failed");
      expect(body.run.error).toMatch(/timeout/);
    } finally {
      await t.close();
    }
  });

  it("retries a 5xx within model.max_retries and completes", async ({ fake }) => {
    const t = await makeAgentApp(fake, { overrides: { model: { max_retries: 1 } } });
    try {
      fake.reset();
      const id = await t.createSession();
      fake.enqueue({ status: 502, error: { message: "blip" } }, { content: "recovered" });
      const body = await json<PostMessageRunResponse>(await post(t, id, { content: "retry" }));
      expect(body.run).toMatchObject({ status: "completed", iterations: 1 });
      expect(fake.completions).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it("answers 503 model_not_configured and stores nothing without a model", async ({ fake }) => {
    const t = await makeAgentApp(fake, {
      overrides: { model: { provider: "openai", name: null, base_url: null, api_key: null } },
    });
    try {
      const id = await t.createSession();
      const res = await post(t, id, { content: "anyone?" });
      expect(res.status).toBe(503);
      expect((await json<ProblemResponse>(res)).code).toBe("model_not_configured");
      expect(await transcript(t, id)).toEqual([]);
      expect(await t.app.services.store.runs.list(id)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
