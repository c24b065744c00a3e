import { describe, expect } from "vitest";
import { type AgentApp, eventData, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import { json, type ListMessagesResponse, type MessageRow, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { RunPageResponse, RunResourceResponse } from "../../src/routes/runs/schemas.js";
import type { PostMessageBackgroundResponse, PostMessageRunResponse } from "../../src/routes/messages/schemas.js";

const it = withApp({ tools: [testTools.echo, testTools.slow] });

const post = (t: AgentApp, id: string, body: Record<string, unknown>, signal?: AbortSignal) =>
  t.call("POST", `/v1/sessions/${id}/messages`, body, undefined, signal);

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

describe("runs as resources", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("reads a finished run back with its session, usage, timestamps and no interrupts", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "done", usage: { prompt_tokens: 11, completion_tokens: 3 } });
    const body = await json<PostMessageRunResponse>(await post(t, id, { content: "hello" }));
    expect(body.interrupts).toEqual([]);
    const run = await runOf(t, body.run.id);
    expect(run).toMatchObject({
      id: body.run.id,
      session_id: id,
      status: "completed",
      iterations: 1,
      usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
      background: false,
      model: "fake-model",
      error: null,
      interrupts: [],
    });
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run.created_at));
  });

  it("lists the session's runs newest first, a page at a time", async ({ app: t, fake }) => {
    const id = await t.createSession();
    const ids: string[] = [];
    for (const content of ["one", "two", "three"]) {
      fake.enqueue({ content: `answer ${content}` });
      ids.push((await json<PostMessageRunResponse>(await post(t, id, { content }))).run.id);
    }
    const first = await json<RunPageResponse>(await t.call("GET", `/v1/sessions/${id}/runs?limit=2`));
    expect(first.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).not.toBeNull();
    const second = await json<RunPageResponse>(
      await t.call("GET", `/v1/sessions/${id}/runs?limit=2&cursor=${first.next_cursor}`),
    );
    expect(second.data.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it("answers 202 for a background run, which completes with no client connected and is read back", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "finished in the background", delay_ms: 200 });
    const res = await post(t, id, { content: "work on it", background: true });
    expect(res.status).toBe(202);
    const body = await json<PostMessageBackgroundResponse>(res);
    expect(body.messages.map((m) => m.content)).toEqual(["work on it"]);
    expect(body.run.status).toBe("running");
    const run = await waitFor(async () => {
      const r = await runOf(t, body.run.id);
      return r.status === "completed" && r;
    });
    expect(run).toMatchObject({ background: true, iterations: 1 });
    expect((await transcript(t, id)).map((m) => m.content)).toEqual(["work on it", "finished in the background"]);
  });

  it("replays a run's events, then follows it live, ending after its last event", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_e1", name: "echo", arguments: { text: "hi" } }], delay_ms: 100 });
    fake.enqueue({ content: "echoed", delay_ms: 200 });
    const started = await json<PostMessageBackgroundResponse>(
      await post(t, id, { content: "echo it", background: true }),
    );
    const res = await t.call("GET", `/v1/runs/${started.run.id}/events`);
    expect(res.status).toBe(200);
    const frames = await readSse(res);
    // Framed as Hermes frames them: no event line, the data names the event.
    expect(frames.every((f) => f.event === null)).toBe(true);
    const types = frames.filter((f) => f.data).map((f) => (JSON.parse(f.data) as { event: string }).event);
    expect(types[0]).toBe("run.started");
    expect(types).toContain("tool.started");
    expect(types).toContain("tool.completed");
    expect(types.at(-1)).toBe("run.completed");
    // Only this run's events, each with its id, increasing.
    const ids = frames.filter((f) => f.id).map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // A finished run's stream is its stored events, resumable after any id, and it ends at once.
    const resumed = await readSse(
      await t.call("GET", `/v1/runs/${started.run.id}/events`, undefined, { "last-event-id": String(ids[1]) }),
    );
    expect(resumed.filter((f) => f.id).map((f) => Number(f.id))).toEqual(ids.slice(2));
  });

  it("cancels a non-streamed run: it ends cancelled and its open tool call gets a cancelled result", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_slow", name: "slow", arguments: { ms: 10_000 } }] });
    const pending = post(t, id, { content: "take your time" });
    const run = await waitFor(async () => {
      const page = await json<RunPageResponse>(await t.call("GET", `/v1/sessions/${id}/runs`));
      return page.data[0];
    });
    await waitFor(async () => (await transcript(t, id)).some((m) => m.tool_calls));
    const cancel = await t.call("POST", `/v1/runs/${run.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(await json<RunResourceResponse>(cancel)).toMatchObject({ status: "cancelled", interrupted: true });
    const answer = await json<PostMessageRunResponse>(await pending);
    expect(answer.run.status).toBe("cancelled");
    const rows = await transcript(t, id);
    expect(rows.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(rows[2]).toMatchObject({ tool_call_id: "call_slow", content: expect.stringMatching(/cancelled/) });
    expect(t.app.services.agent.isBusy(id)).toBe(false);

    const again = await t.call("POST", `/v1/runs/${run.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(again)).error.code).toBe("run_not_active");
  });

  it("cancels a streamed run: the stream ends with run.cancelled and done", async ({ app: t, fake }) => {
    const id = await t.createSession();
    // The model holds the rest of its answer until the cancel is in: the run is still streaming when it lands.
    let release!: () => void;
    fake.enqueue({
      content: "a long streamed answer that will be cut",
      rest_until: new Promise<void>((resolve) => (release = resolve)),
    });
    const res = await post(t, id, { content: "stream it", stream: true });
    const runId = res.headers.get("x-run-id")!;
    const framesPromise = readSse(res);
    try {
      await waitFor(() => fake.completions.length === 1);
      expect((await t.call("POST", `/v1/runs/${runId}/cancel`, {})).status).toBe(200);
    } finally {
      release();
    }
    const frames = await framesPromise;
    const cancelled = frames.find((f) => f.event === "run.cancelled");
    expect(eventData<"run.cancelled">(cancelled!).run.status).toBe("cancelled");
    expect(frames.at(-1)?.event).toBe("done");
    expect((await t.app.services.store.runs.get(runId))?.status).toBe("cancelled");
  });

  it("takes a steering message in before the next model call, stored with its seq", async ({ app: t, fake }) => {
    const id = await t.createSession();
    // The run's first model call answers once the steer is in: the run is still going, however long the steer takes.
    let release!: () => void;
    fake.enqueue({
      tool_calls: [{ id: "call_s1", name: "slow", arguments: { ms: 300 } }],
      until: new Promise<void>((resolve) => (release = resolve)),
    });
    fake.enqueue({ content: "steered answer" });
    const pending = post(t, id, { content: "start" });
    let runId: string;
    try {
      await waitFor(() => fake.completions.length === 1);
      runId = (await t.app.services.runs.activeRunOf(id))!;
      const res = await t.call("POST", `/v1/runs/${runId}/steer`, { content: "also check the staging site" });
      expect(res.status).toBe(200);
      expect(await json<{ run_id: string; accepted: boolean }>(res)).toMatchObject({ run_id: runId, accepted: true });
    } finally {
      release();
    }
    const answer = await json<PostMessageRunResponse>(await pending);
    expect(answer.run.status).toBe("completed");
    const rows = await transcript(t, id);
    expect(rows.map((m) => [m.seq, m.role])).toEqual([
      [1, "user"],
      [2, "assistant"],
      [3, "tool"],
      [4, "user"],
      [5, "assistant"],
    ]);
    expect(rows[3].content).toBe("also check the staging site");
    // The model was sent the steering message after the tool result, before its answer.
    const sent = fake.completions[1].body.messages;
    expect(sent.at(-1)).toMatchObject({ role: "user", content: "also check the staging site" });

    const late = await t.call("POST", `/v1/runs/${runId}/steer`, { content: "too late" });
    expect(late.status).toBe(409);
    expect((await json<OpenAIErrorResponse>(late)).error.code).toBe("run_not_accepting_steer");
  });

  it("answers 404 for a run that does not exist", async ({ app: t }) => {
    for (const [method, path] of [
      ["GET", "/v1/runs/run_nope"],
      ["POST", "/v1/runs/run_nope/cancel"],
      ["GET", "/v1/runs/run_nope/events"],
    ] as const) {
      const res = await t.call(method, path, method === "POST" ? {} : undefined);
      expect(res.status, path).toBe(404);
      expect((await json<OpenAIErrorResponse>(res)).error).toMatchObject({
        code: "run_not_found",
        message: "Run not found: run_nope",
      });
    }
  });
});
