import { describe, expect } from "vitest";
import { type AgentApp, eventData, readSse, testTools, waitFor } from "../fixtures/agent-harness.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ tools: [testTools.echo], sseKeepaliveMs: 50 });

describe("GET /v1/sessions/{id}/events", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const run = (t: AgentApp, id: string, content: string) => t.call("POST", `/v1/sessions/${id}/messages`, { content });
  const persisted = (t: AgentApp, id: string, after = 0) => t.app.services.events.replay(id, after);

  it("streams the session's events live while a run happens", async ({ app: t, fake }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    fake.enqueue({ tool_calls: [{ id: "e1", name: "echo", arguments: { text: "hi" } }] }, { content: "done" });
    const reading = readSse(res, (f) => f.event === "run.completed");
    await run(t, id, "watch me");
    const frames = (await reading).filter((f) => f.event);
    // A live watcher makes the run stream from the model, so the answer arrives as deltas too.
    const deltas = frames.filter((f) => f.event === "message.delta").map((f) => eventData<"message.delta">(f).content);
    expect(deltas.join("")).toBe("done");
    expect(frames.filter((f) => f.event !== "message.delta").map((f) => f.event)).toEqual([
      "run.started",
      "message.created",
      "message.created",
      "tool.started",
      "message.created",
      "tool.completed",
      "message.created",
      "run.completed",
    ]);
    expect(frames.map((f) => Number(f.id))).toEqual((await persisted(t, id)).map((e) => e.id));
    expect(eventData<"tool.started">(frames.find((f) => f.event === "tool.started")!)).toMatchObject({
      tool_call_id: "e1",
      name: "echo",
    });
  });

  it("tells on each model call's message.created when it started, its time to first token, duration and usage", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    fake.enqueue(
      {
        tool_calls: [{ id: "mc1", name: "echo", arguments: { text: "hi" } }],
        usage: { prompt_tokens: 321, completion_tokens: 9 },
      },
      { content: "a streamed answer", chunk_delay_ms: 80, usage: { prompt_tokens: 340, completion_tokens: 4 } },
    );
    const reading = readSse(res, (f) => f.event === "run.completed");
    const before = Date.now();
    await run(t, id, "time me");
    const created = (await reading)
      .filter((f) => f.event === "message.created")
      .map((f) => eventData<"message.created">(f))
      .filter((data) => data.message.role === "assistant");
    expect(created.map((data) => data.model_call?.usage)).toEqual([
      { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 },
      { prompt_tokens: 340, completion_tokens: 4, total_tokens: 344 },
    ]);
    const answer = created[1].model_call!;
    // The first chunk of text came one chunk delay after the opening chunk; the rest came after it.
    expect(answer.first_token_ms).toBeGreaterThanOrEqual(70);
    expect(answer.duration_ms).toBeGreaterThan(answer.first_token_ms!);
    expect(Date.parse(answer.started_at)).toBeGreaterThanOrEqual(Date.parse(created[0].model_call!.started_at));
    expect(Date.parse(created[0].model_call!.started_at)).toBeGreaterThanOrEqual(before - 1);
    // A stored user or tool row is no model call.
    const rows = (await persisted(t, id)).filter((e) => e.type === "message.created");
    expect(rows.filter((e) => "model_call" in e.data)).toHaveLength(2);

    // With nobody watching the run is not streamed: there is no first token to time.
    fake.enqueue({ content: "unwatched" });
    await run(t, id, "again");
    const last = (await persisted(t, id)).filter((e) => e.type === "message.created").at(-1)!;
    expect(last.type === "message.created" && last.data.model_call).toMatchObject({ first_token_ms: null });
  });

  it("ends the stream, after the interrupted run's last events, when the session is deleted", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    fake.enqueue({ content: "never delivered", delay_ms: 20_000 });
    const answer = run(t, id, "delete me mid-run");
    await waitFor(() => fake.completions.length === 1);
    const body = new Response(res.body).text();
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    // The body only resolves once the server ends the stream.
    const frames = (await body).split("\n\n").filter((block) => block.startsWith("event:"));
    expect(frames.at(-1)).toMatch(/^event: run\.failed\nid: \d+\ndata: \{"run":\{[^\n]*"status":"interrupted"/);
    expect(t.app.services.events.hasListeners(id)).toBe(false);
    await answer;
  });

  it("resumes after Last-Event-ID: replays what was missed, then goes live, without gaps or duplicates", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "first" });
    await run(t, id, "one");
    const before = await persisted(t, id);
    expect(before.length).toBeGreaterThan(3);
    const resumeAfter = before[1].id;

    const res = await t.call("GET", `/v1/sessions/${id}/events`, undefined, { "last-event-id": String(resumeAfter) });
    fake.enqueue({ content: "second" });
    const reading = readSse(res, (f, all) => all.filter((x) => x.event === "run.completed").length === 2);
    await run(t, id, "two");
    const ids = (await reading).filter((f) => f.event).map((f) => Number(f.id));
    expect(ids).toEqual((await persisted(t, id, resumeAfter)).map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(before[2].id);
  });

  it("accepts the id as ?last_event_id= for clients that cannot set headers", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "x" });
    await run(t, id, "one");
    const all = await persisted(t, id);
    const res = await t.call("GET", `/v1/sessions/${id}/events?last_event_id=${all.at(-2)!.id}`);
    const frames = (await readSse(res, (f) => f.event === "run.completed")).filter((f) => f.event);
    expect(frames.map((f) => Number(f.id))).toEqual([all.at(-1)!.id]);
  });

  it("sends keepalive comments while idle", async ({ app: t }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    const frames = await readSse(res, (f) => f.comment === "keepalive");
    expect(frames.some((f) => f.comment === "keepalive")).toBe(true);
  });

  it("lets a client disconnect without disturbing the run", async ({ app: t, fake }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    fake.enqueue({ content: "finished anyway", delay_ms: 200 });
    const pending = run(t, id, "leave early");
    await readSse(res, (f) => f.event === "run.started");
    const body = await json<PostMessageRunResponse>(await pending);
    expect(body.run.status).toBe("completed");
    expect(body.messages.map((m) => m.content)).toEqual(["leave early", "finished anyway"]);
    const types = (await persisted(t, id)).map((e) => e.type);
    expect(types.at(-1)).toBe("run.completed");
  });

  it("ends the stream and drops its subscription when the session is deleted", async ({ app: t }) => {
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`);
    const reader = res.body!.getReader();
    await reader.read();
    expect(t.app.services.events.hasListeners(id)).toBe(true);
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    // Keepalives arrive every 50 ms; the stream must still come to an end rather than idle on.
    const deadline = Date.now() + 5_000;
    let ended = false;
    while (!ended && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000)),
      ]);
      ended = next?.done === true;
    }
    await reader.cancel().catch(() => {});
    expect(ended).toBe(true);
    expect(t.app.services.events.hasListeners(id)).toBe(false);
  });
});
