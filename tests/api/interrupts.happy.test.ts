import { describe, expect } from "vitest";
import { type AgentApp, eventData, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import {
  json,
  type ListMessagesResponse,
  type MessageRow,
  type OpenAIErrorResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type {
  InterruptAnsweredResponse,
  InterruptListResponse,
  RunResourceResponse,
  ToolOutputsAnsweredResponse,
} from "../../src/routes/runs/schemas.js";

const it = withApp({
  tools: [testTools.echo, testTools.add, testTools.slow],
  overrides: { agent: { approvals: { default: "allow", tools: { add: "ask", "ech*": "allow" } } } },
});

/** Our event type of a frame of GET /v1/runs/{id}/events, which names it in its data. */
const typeOf = (frame: { data: string }) => (frame.data ? (JSON.parse(frame.data) as { type: string }).type : null);

const post = (t: AgentApp, id: string, body: Record<string, unknown>) =>
  t.call("POST", `/v1/sessions/${id}/messages`, body);

async function transcript(t: AgentApp, id: string): Promise<MessageRow[]> {
  return (await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages?limit=200`))).data;
}

async function runOf(t: AgentApp, runId: string): Promise<RunResourceResponse> {
  // The Hermes read names the session; the session's own route answers the native shape.
  const { session_id: sessionId } = await json<{ session_id: string }>(await t.call("GET", `/v1/runs/${runId}`));
  const res = await t.call("GET", `/v1/sessions/${sessionId}/runs/${runId}`);
  expect(res.status).toBe(200);
  return json<RunResourceResponse>(res);
}

const completed = (t: AgentApp, runId: string) =>
  waitFor(async () => {
    const run = await runOf(t, runId);
    return run.status !== "running" && run.status !== "requires_action" && run;
  });

describe("approvals", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("pauses on a call that asks for approval, runs it once approved, and records who answered", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_add", name: "add", arguments: { a: 2, b: 3 } }] });
    fake.enqueue({ content: "2 + 3 = 5" });
    const res = await post(t, id, { content: "add 2 and 3" });
    expect(res.status).toBe(200);
    const paused = await json<PostMessageRunResponse>(res);
    expect(paused.run.status).toBe("requires_action");
    expect(paused.interrupts).toHaveLength(1);
    const [interrupt] = paused.interrupts;
    expect(interrupt).toMatchObject({
      kind: "approval",
      status: "pending",
      run_id: paused.run.id,
      tool: "add",
      tool_call_id: "call_add",
      arguments: '{"a":2,"b":3}',
      answer: null,
      answer_route: `POST /v1/sessions/${id}/interrupts/${interrupt.id}`,
    });
    expect(Date.parse(interrupt.expires_at!) - Date.parse(interrupt.created_at)).toBe(600_000);
    // The run holds the session while it waits; its state is read back with the pending interrupt.
    expect((await runOf(t, paused.run.id)).interrupts.map((i) => i.id)).toEqual([interrupt.id]);
    const busy = await post(t, id, { content: "something else" });
    expect(busy.status).toBe(409);
    expect((await json<ProblemResponse>(busy)).code).toBe("session_busy");
    expect(fake.completions).toHaveLength(1);

    const answer = await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, { decision: "approve" });
    expect(answer.status).toBe(200);
    expect((await json<InterruptAnsweredResponse>(answer)).interrupt).toMatchObject({
      status: "answered",
      answer: { by: "user", decision: "approve", reason: null },
    });
    expect(await completed(t, paused.run.id)).toMatchObject({ status: "completed", iterations: 2, interrupts: [] });
    const rows = await transcript(t, id);
    expect(rows.map((m) => [m.role, m.content])).toEqual([
      ["user", "add 2 and 3"],
      ["assistant", null],
      ["tool", "5"],
      ["assistant", "2 + 3 = 5"],
    ]);
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_add",
      content: "5",
    });
  });

  it("shows an approval's arguments with secrets redacted, and runs the call with the real ones", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { agent: { approvals: { tools: { echo: "ask" } } } } });
    const secret = "sk-abcdefghijklmnopqrstuvwxyz123456";
    fake.enqueue({ tool_calls: [{ id: "call_sec", name: "echo", arguments: { text: `key ${secret}` } }] });
    fake.enqueue({ content: "echoed" });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "echo my key" }));
    const [interrupt] = paused.interrupts;
    expect(interrupt.arguments).toContain("sk-abc");
    expect(interrupt.arguments).not.toContain("qrstuvwxyz123456");
    expect((await t.app.services.store.interrupts.get(interrupt.id))?.arguments).not.toContain("qrstuvwxyz123456");
    await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, { decision: "approve" });
    await completed(t, paused.run.id);
    expect((await transcript(t, id)).find((m) => m.role === "tool")?.content).toBe(`echo: key ${secret}`);
  });

  it("gives the model the user's refusal and reason when a call is denied", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_no", name: "add", arguments: { a: 1, b: 1 } }] });
    fake.enqueue({ content: "Understood, I will not add." });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "add" }));
    const [interrupt] = paused.interrupts;
    const res = await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, {
      decision: "deny",
      reason: "not on production",
    });
    expect((await json<InterruptAnsweredResponse>(res)).interrupt.answer).toMatchObject({
      by: "user",
      decision: "deny",
      reason: "not on production",
    });
    await completed(t, paused.run.id);
    const tool = (await transcript(t, id)).find((m) => m.role === "tool")!;
    expect(tool.content).toMatch(/user refused to let add run: not on production/);
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({ role: "tool", content: tool.content });
  });

  it("gives each call of one model turn its own interrupt and resumes once all are answered", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue({
      tool_calls: [
        { id: "call_a", name: "add", arguments: { a: 1, b: 2 } },
        { id: "call_b", name: "add", arguments: { a: 3, b: 4 } },
        { id: "call_e", name: "echo", arguments: { text: "free" } },
      ],
    });
    fake.enqueue({ content: "3 and 7" });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "two sums" }));
    const runId = paused.run.id;
    const requested = (
      await readSse(await t.call("GET", `/v1/runs/${runId}/events`), (f) => typeOf(f) === "run.requires_action")
    )
      .filter((f) => typeOf(f) === "approval.requested")
      .map((f) => eventData<"approval.requested">(f));
    expect(requested.map((r) => r.interrupt.tool_call_id)).toEqual(["call_a", "call_b"]);
    expect(paused.interrupts.map((i) => i.id)).toEqual(requested.map((r) => r.interrupt.id));
    // The allowed call ran at once.
    await waitFor(async () => (await transcript(t, id)).some((m) => m.tool_call_id === "call_e"));
    const [a, b] = requested.map((r) => r.interrupt.id);
    await t.call("POST", `/v1/sessions/${id}/interrupts/${a}`, { decision: "approve" });
    expect((await runOf(t, runId)).status).toBe("requires_action");
    expect(fake.completions).toHaveLength(1);
    await t.call("POST", `/v1/sessions/${id}/interrupts/${b}`, { decision: "deny" });
    expect(await completed(t, runId)).toMatchObject({ status: "completed" });
    const results = Object.fromEntries(
      (await transcript(t, id)).filter((m) => m.role === "tool").map((m) => [m.tool_call_id, m.content]),
    );
    expect(results).toEqual({ call_e: "echo: free", call_a: "3", call_b: expect.stringMatching(/user refused/) });
  });

  it("streams a paused run to its end across the pause, with approval.responded", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_s", name: "add", arguments: { a: 5, b: 5 } }] });
    fake.enqueue({ content: "ten" });
    const res = await post(t, id, { content: "stream a sum", stream: true });
    const all = readSse(res);
    const interrupt = await waitFor(async () => {
      const list = await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`));
      return list.data[0];
    });
    await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, { decision: "approve" });
    const types = (await all).map((f) => f.event).filter(Boolean);
    expect(types).toEqual(
      expect.arrayContaining(["approval.requested", "run.requires_action", "approval.responded", "run.completed"]),
    );
    expect(types.indexOf("approval.responded")).toBeGreaterThan(types.indexOf("run.requires_action"));
    expect(types.at(-1)).toBe("done");
  });

  it("refuses a call the policy denies without asking, recorded as answered by policy", async ({ app: t, fake }) => {
    const id = await t.createSession({ config: { agent: { approvals: { tools: { echo: "deny" } } } } });
    fake.enqueue({ tool_calls: [{ id: "call_d", name: "echo", arguments: { text: "x" } }] });
    fake.enqueue({ content: "echo is not allowed" });
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "echo x" }));
    expect(body.run.status).toBe("completed");
    const tool = body.messages.find((m) => m.role === "tool")!;
    expect(tool.content).toMatch(/not allowed by the server's approval policy/);
    const [record] = await t.app.services.store.interrupts.forRun(body.run.id);
    expect(record).toMatchObject({ status: "answered", answered_by: "policy", decision: "deny" });
  });

  it("lets a session ask for more approvals but never lift one the server requires", async ({ app: t, fake }) => {
    const id = await t.createSession({
      config: { agent: { approvals: { default: "allow", tools: { add: "allow" } } } },
    });
    fake.enqueue({ tool_calls: [{ id: "call_x", name: "add", arguments: { a: 1, b: 1 } }] });
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "add" }));
    expect(body.run.status).toBe("requires_action");
    await t.call("POST", `/v1/runs/${body.run.id}/cancel`, {});
  });
});

describe("approvals that time out", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("answers an approval nobody answered with on_timeout, recorded as answered by timeout", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { agent: { approvals: { timeout_s: 1, on_timeout: "allow" } } } });
    fake.enqueue({ tool_calls: [{ id: "call_t", name: "add", arguments: { a: 1, b: 2 } }] });
    fake.enqueue({ content: "nobody approved" });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "add slowly" }));
    const run = await waitFor(async () => {
      const r = await runOf(t, paused.run.id);
      return r.status === "completed" && r;
    });
    expect(run.iterations).toBe(2);
    const [record] = await t.app.services.store.interrupts.forRun(paused.run.id);
    expect(record).toMatchObject({ answered_by: "timeout", decision: "deny" });
    const tool = (await transcript(t, id)).find((m) => m.role === "tool")!;
    expect(tool.content).toMatch(/no one approved add within 1 seconds/);
    const late = await t.call("POST", `/v1/sessions/${id}/interrupts/${record.id}`, { decision: "approve" });
    expect(late.status).toBe(409);
    expect((await json<ProblemResponse>(late)).code).toBe("interrupt_already_answered");
  });
});

describe("client-side tools through POST /messages", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const weather = {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather",
      parameters: { type: "object", properties: { city: { type: "string" } } },
    },
  };

  it("offers the client's tools, pauses on a call to one, and resumes with the outputs", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_w", name: "get_weather", arguments: { city: "Oslo" } }] });
    fake.enqueue({ content: "It is raining in Oslo." });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "weather?", tools: [weather] }));
    const offered = fake.completions[0].body.tools?.map((tool) => tool.function.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(["echo", "add", "get_weather"]));
    expect(offered.at(-1)).toBe("get_weather");
    expect(paused.run.status).toBe("requires_action");
    expect(paused.interrupts).toMatchObject([
      { kind: "client_tool", tool_calls: [{ id: "call_w", function: { name: "get_weather" } }] },
    ]);

    const wrong = await t.call("POST", `/v1/runs/${paused.run.id}/tool_outputs`, {
      outputs: [{ tool_call_id: "call_other", output: "?" }],
    });
    expect(wrong.status).toBe(400);
    const { error } = await json<OpenAIErrorResponse>(wrong);
    expect(error.code).toBe("tool_outputs_mismatch");
    expect(error.message).toMatch(/missing outputs for call_w; no pending call has the id call_other/);

    const res = await t.call("POST", `/v1/runs/${paused.run.id}/tool_outputs`, {
      outputs: [{ tool_call_id: "call_w", output: "light rain, 8 °C" }],
    });
    expect(res.status).toBe(200);
    expect((await json<ToolOutputsAnsweredResponse>(res)).interrupt.answer).toMatchObject({ by: "client" });
    expect(await completed(t, paused.run.id)).toMatchObject({ status: "completed", iterations: 2 });
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_w",
      content: "light rain, 8 °C",
    });
  });

  it("offers the client tools a session's config declares on every run of it", async ({ app: t, fake }) => {
    const id = await t.createSession({ config: { agent: { client_tools: [weather] } } });
    fake.enqueue({ tool_calls: [{ id: "call_cfg", name: "get_weather", arguments: { city: "Rome" } }] });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "weather in Rome?" }));
    expect(paused.interrupts).toMatchObject([{ kind: "client_tool", tool_calls: [{ id: "call_cfg" }] }]);
    const session = await json<{ config: { agent: { client_tools: unknown[] } } }>(
      await t.call("GET", `/v1/sessions/${id}`),
    );
    expect(session.config.agent.client_tools).toEqual([weather]);
    await t.call("POST", `/v1/runs/${paused.run.id}/cancel`, {});
  });

  it("refuses a client tool named like a server tool, storing nothing", async ({ app: t }) => {
    const id = await t.createSession();
    const res = await post(t, id, {
      content: "shadow",
      tools: [{ type: "function", function: { name: "echo", parameters: { type: "object" } } }],
    });
    expect(res.status).toBe(400);
    const problem = await json<ProblemResponse>(res);
    expect(problem.errors).toEqual([expect.objectContaining({ location: "body.tools.0.function.name" })]);
    expect(await transcript(t, id)).toEqual([]);
  });
});

describe("one interrupts queue", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("answers 404 for an unknown interrupt and 400 for an answer of the wrong kind", async ({ app: t, fake }) => {
    const id = await t.createSession();
    const missing = await t.call("POST", `/v1/sessions/${id}/interrupts/int_missing`, { decision: "approve" });
    expect(missing.status).toBe(404);
    expect((await json<ProblemResponse>(missing)).code).toBe("interrupt_not_found");

    fake.enqueue({ tool_calls: [{ id: "call_k", name: "add", arguments: { a: 1, b: 1 } }] });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "add" }));
    const [interrupt] = paused.interrupts;
    const wrongKind = await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, {
      outputs: [{ tool_call_id: "call_k", output: "2" }],
    });
    expect(wrongKind.status).toBe(400);
    const both = await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, {
      decision: "approve",
      action: "accept",
    });
    expect(both.status).toBe(400);
    const other = await t.createSession();
    const foreign = await t.call("POST", `/v1/sessions/${other}/interrupts/${interrupt.id}`, { decision: "approve" });
    expect(foreign.status).toBe(404);
    expect((await t.app.services.store.interrupts.get(interrupt.id))?.status).toBe("pending");

    const cancelled = await json<RunResourceResponse>(await t.call("POST", `/v1/runs/${paused.run.id}/cancel`, {}));
    expect(cancelled.status).toBe("cancelled");
    expect((await t.app.services.store.interrupts.get(interrupt.id))?.status).toBe("cancelled");
    const rows = await transcript(t, id);
    expect(rows.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_k",
      content: expect.stringMatching(/cancelled/),
    });
    const late = await t.call("POST", `/v1/sessions/${id}/interrupts/${interrupt.id}`, { decision: "approve" });
    expect(late.status).toBe(409);
    expect((await json<ProblemResponse>(late)).code).toBe("interrupt_already_answered");
    expect((await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`))).data).toEqual([]);
  });

  it("ends a waiting run as interrupted when its session is deleted", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_del", name: "add", arguments: { a: 1, b: 1 } }] });
    const paused = await json<PostMessageRunResponse>(await post(t, id, { content: "add, then go" }));
    expect(paused.run.status).toBe("requires_action");
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect(t.app.services.agent.isBusy(id)).toBe(false);
    expect(await t.app.services.store.runs.get(paused.run.id)).toBeNull();
    expect((await t.call("GET", `/v1/runs/${paused.run.id}`)).status).toBe(404);
  });

  it("cancels the approvals a run raised when it is cancelled before pausing", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({
      tool_calls: [
        { id: "call_slow_ok", name: "slow", arguments: { ms: 10_000 } },
        { id: "call_ask", name: "add", arguments: { a: 1, b: 2 } },
      ],
    });
    const pending = post(t, id, { content: "slow, then ask" });
    const listed = await waitFor(async () => {
      const list = await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`));
      return list.data[0];
    });
    // The allowed call is still running, so the run has not paused yet.
    const runId = listed.run_id!;
    expect((await runOf(t, runId)).status).toBe("running");
    expect((await t.call("POST", `/v1/runs/${runId}/cancel`, {})).status).toBe(200);
    expect((await json<PostMessageRunResponse>(await pending)).run.status).toBe("cancelled");
    expect((await t.app.services.store.interrupts.get(listed.id))?.status).toBe("cancelled");
    expect((await json<InterruptListResponse>(await t.call("GET", `/v1/sessions/${id}/interrupts`))).data).toEqual([]);
    const results = (await transcript(t, id)).filter((m) => m.role === "tool").map((m) => m.tool_call_id);
    expect(results.sort()).toEqual(["call_ask", "call_slow_ok"]);
  });
});
