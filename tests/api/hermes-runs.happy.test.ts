import { describe, expect } from "vitest";
import { type AgentApp, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type {
  ApprovalAnsweredResponse,
  HermesRunResponse,
  SubmittedRunResponse,
} from "../../src/routes/runs/schemas.js";

const it = withApp({ tools: [testTools.add, testTools.slow] });

/** /v1/runs driven the way Hermes clients drive it: raw requests, polling the run. */
describe("Hermes-style runs", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const submit = (t: AgentApp, body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call("POST", "/v1/runs", body, headers);
  const runOf = async (t: AgentApp, id: string) => json<HermesRunResponse>(await t.call("GET", `/v1/runs/${id}`));
  const until = (t: AgentApp, id: string, status: string) =>
    waitFor(async () => {
      const run = await runOf(t, id);
      return run.status === status && run;
    });

  it("answers 202 at once, runs in the background, and is polled to its output", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Release notes: two fixes.", delay_ms: 100 });
    const res = await submit(t, { input: "Summarise the release notes." });
    expect(res.status).toBe(202);
    const body = await json<SubmittedRunResponse>(res);
    expect(body).toMatchObject({ object: "hermes.run", status: "started", replayed: false });
    expect(res.headers.get("x-hermes-session-id")).toBe(body.session_id);
    const run = await until(t, body.run_id, "completed");
    expect(run).toMatchObject({ object: "hermes.run", run_id: body.run_id, output: "Release notes: two fixes." });

    const list = await json<{ object: string; data: HermesRunResponse[] }>(await t.call("GET", "/v1/runs?limit=1"));
    expect(list).toMatchObject({ object: "list", data: [{ run_id: body.run_id }] });
  });

  it("starts a new session under the given id with the instructions and history, and continues it", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ content: "Your cat is Tom." }, { content: "Still Tom." });
    const first = await json<SubmittedRunResponse>(
      await submit(t, {
        input: [{ role: "user", content: "What is my cat called?" }],
        session_id: "webui-chat-7",
        instructions: "Answer briefly.",
        conversation_history: [
          { role: "user", content: "My cat is Tom." },
          { role: "assistant", content: "Noted." },
        ],
      }),
    );
    expect(first.session_id).toBe("webui-chat-7");
    await until(t, first.run_id, "completed");
    expect(fake.completions[0].body.messages.map((m) => m.content)).toEqual([
      "Answer briefly.",
      "My cat is Tom.",
      "Noted.",
      "What is my cat called?",
    ]);
    // The session header names the session when the body does not; its history comes from the database.
    const second = await json<SubmittedRunResponse>(
      await submit(t, { input: "And now?" }, { "x-hermes-session-id": "webui-chat-7" }),
    );
    await until(t, second.run_id, "completed");
    expect(fake.completions[1].body.messages.map((m) => m.content)).toEqual([
      "Answer briefly.",
      "My cat is Tom.",
      "Noted.",
      "What is my cat called?",
      "Your cat is Tom.",
      "And now?",
    ]);
  });

  it("answers a pending approval with Hermes's choices", async ({ app: t, fake }) => {
    const created = await json<{ id: string }>(
      await t.call("POST", "/v1/sessions", { config: { agent: { approvals: { tools: { add: "ask" } } } } }),
    );
    fake.enqueue({ tool_calls: [{ id: "call_h", name: "add", arguments: { a: 2, b: 2 } }] }, { content: "4" });
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await submit(t, { input: "add 2 and 2", session_id: created.id }),
    );
    await until(t, runId, "waiting_for_approval");
    const bad = await t.call("POST", `/v1/runs/${runId}/approval`, { choice: "maybe" });
    expect(bad.status).toBe(400);
    expect((await json<OpenAIErrorResponse>(bad)).error).toMatchObject({
      code: "invalid_approval_choice",
      message: "Invalid approval choice; expected one of: always, deny, once, session",
    });
    const res = await t.call("POST", `/v1/runs/${runId}/approval`, { choice: "approve" });
    expect(res.status).toBe(200);
    expect(await json<ApprovalAnsweredResponse>(res)).toEqual({
      object: "hermes.run.approval_response",
      run_id: runId,
      choice: "once",
      resolved: 1,
    });
    expect(await until(t, runId, "completed")).toMatchObject({ output: "4" });
    const again = await t.call("POST", `/v1/runs/${runId}/approval`, { choice: "deny" });
    expect(again.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(again)).error.code).toBe("approval_not_active");
  });

  it("streams the run's events as Hermes frames them, through an approval, resumable by id", async ({
    app: t,
    fake,
  }) => {
    const created = await json<{ id: string }>(
      await t.call("POST", "/v1/sessions", { config: { agent: { approvals: { tools: { add: "ask" } } } } }),
    );
    fake.enqueue({ tool_calls: [{ id: "call_ev", name: "add", arguments: { a: 2, b: 3 } }] }, { content: "It is 5." });
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await submit(t, { input: "add 2 and 3", session_id: created.id }),
    );
    type HermesData = Record<string, unknown> & { event: string; run_id: string; timestamp: number };
    const dataOf = (frames: Awaited<ReturnType<typeof readSse>>) =>
      frames.filter((f) => f.data).map((f) => JSON.parse(f.data) as HermesData);
    const first = await readSse(await t.call("GET", `/v1/runs/${runId}/events`), (f) =>
      f.data.includes('"approval.request"'),
    );
    // No event line: EventSource's onmessage and data-only parsers both get every frame.
    expect(first.filter((f) => f.data).every((f) => f.event === null && f.id !== null)).toBe(true);
    const request = dataOf(first).at(-1)!;
    expect(request).toMatchObject({
      event: "approval.request",
      type: "approval.requested",
      run_id: runId,
      tool: "add",
      choices: ["once", "session", "always", "deny"],
    });
    expect(request.timestamp).toBeGreaterThan(1.7e9);
    expect(request.timestamp).toBeLessThan(Date.now() / 1000 + 1);
    expect(request.command).toContain('"a":2');

    const answer = await t.call("POST", `/v1/runs/${runId}/approval`, {
      choice: "once",
      request_id: request.request_id,
    });
    expect(answer.status).toBe(200);
    const rest = dataOf(
      await readSse(await t.call("GET", `/v1/runs/${runId}/events`, undefined, { "last-event-id": first.at(-1)!.id! })),
    );
    expect(rest.map((d) => d.event)).toContain("run.requires_action");
    expect(rest.find((d) => d.event === "approval.responded")).toMatchObject({
      choice: "once",
      request_id: request.request_id,
      resolved: 1,
    });
    expect(rest.find((d) => d.event === "tool.started")).toMatchObject({ tool: "add", preview: '{"a":2,"b":3}' });
    const completedTool = rest.find((d) => d.event === "tool.completed")!;
    expect(completedTool).toMatchObject({ tool: "add", error: false });
    expect(typeof completedTool.duration).toBe("number");
    // A background run streams from the model, so its text is in the stored events for a late watcher.
    expect(
      rest
        .filter((d) => d.event === "message.delta")
        .map((d) => d.delta)
        .join(""),
    ).toBe("It is 5.");
    expect(rest.at(-1)).toMatchObject({
      event: "run.completed",
      run_id: runId,
      output: "It is 5.",
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it("stops a running run, and answers a stop of an ended run with the run as it is", async ({ app: t, fake }) => {
    fake.enqueue({ tool_calls: [{ id: "call_zz", name: "slow", arguments: { ms: 10_000 } }] });
    const { run_id: runId } = await json<SubmittedRunResponse>(await submit(t, { input: "take your time" }));
    await until(t, runId, "running");
    await waitFor(() => fake.completions.length === 1);
    const stopped = await t.call("POST", `/v1/runs/${runId}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(await json<unknown>(stopped)).toEqual({ run_id: runId, status: "stopping" });
    expect(await until(t, runId, "cancelled")).toMatchObject({ interrupted: true, completed: false });
    const again = await t.call("POST", `/v1/runs/${runId}/stop`, {});
    expect(again.status).toBe(200);
    expect(await json<HermesRunResponse>(again)).toMatchObject({ status: "cancelled" });
  });

  it("reports the runs in flight on /health/detailed", async ({ app: t, fake }) => {
    type Detailed = { status: string; platform: string; runs: { active: number; waiting: number }; checks: object };
    const detailed = async () => json<Detailed>(await t.call("GET", "/health/detailed"));
    const idle = await detailed();
    expect(idle).toMatchObject({ platform: "caduceus", runs: { active: 0, waiting: 0 }, browsers: { active: 0 } });
    expect(Object.keys(idle.checks).sort()).toEqual(["browser", "database", "leases", "model"]);
    // The run's first model call answers once the run was seen in flight.
    let release!: () => void;
    fake.enqueue(
      {
        tool_calls: [{ id: "call_hd", name: "slow", arguments: { ms: 400 } }],
        until: new Promise<void>((resolve) => (release = resolve)),
      },
      { content: "done" },
    );
    const { run_id: runId } = await json<SubmittedRunResponse>(await submit(t, { input: "be slow" }));
    try {
      await waitFor(() => fake.completions.length === 1);
      expect((await detailed()).runs.active).toBe(1);
    } finally {
      release();
    }
    await until(t, runId, "completed");
    expect((await detailed()).runs.active).toBe(0);
  });

  it("takes a steering message sent as Hermes's input", async ({ app: t, fake }) => {
    // The run's first model call answers once the steer is in: it is taken before the next call.
    let release!: () => void;
    fake.enqueue(
      {
        tool_calls: [{ id: "call_st", name: "slow", arguments: { ms: 300 } }],
        until: new Promise<void>((resolve) => (release = resolve)),
      },
      { content: "Steered." },
    );
    const { run_id: runId, session_id: sessionId } = await json<SubmittedRunResponse>(
      await submit(t, { input: "start slowly" }),
    );
    try {
      await waitFor(() => fake.completions.length === 1);
      const blank = await t.call("POST", `/v1/runs/${runId}/steer`, { input: "  " });
      expect(blank.status).toBe(400);
      expect((await json<OpenAIErrorResponse>(blank)).error.code).toBe("invalid_steer_input");
      const steered = await t.call("POST", `/v1/runs/${runId}/steer`, { input: "use staging" });
      expect(steered.status).toBe(200);
      expect(await json<unknown>(steered)).toMatchObject({ object: "hermes.run.steer", run_id: runId, accepted: true });
    } finally {
      release();
    }
    await until(t, runId, "completed");
    const rows = await t.app.services.store.messages.page(sessionId, 0, 100);
    expect(rows.map((m) => m.content)).toContain("use staging");
    // A run that has ended takes no more steering.
    const late = await t.call("POST", `/v1/runs/${runId}/steer`, { input: "too late" });
    expect(late.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(late)).error.code).toBe("run_not_accepting_steer");
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({ role: "user", content: "use staging" });
  });

  it("refuses a submission without a user turn in the OpenAI envelope, storing nothing", async ({ app: t }) => {
    const before = (await t.app.services.store.sessions.list(200, null)).length;
    for (const body of [{}, { input: "" }, { input: [{ role: "assistant", content: "hi" }] }]) {
      const res = await submit(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<OpenAIErrorResponse>(res)).error).toMatchObject({ type: "invalid_request_error" });
    }
    const unsafe = await submit(t, { input: "hi", session_id: "../etc" });
    expect(unsafe.status).toBe(400);
    expect(await t.app.services.store.sessions.list(200, null)).toHaveLength(before);
  });
});
