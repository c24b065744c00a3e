import OpenAI from "openai";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect } from "vitest";
import { readSse, waitFor } from "../fixtures/agent-harness.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { json, type ListMessagesResponse } from "../fixtures/responses.js";
import { it } from "../fixtures/suite.js";
import type { SubmittedRunResponse } from "../../src/routes/runs/schemas.js";

const THOUGHT = "The user wants a greeting; keep it short.";

/** A reasoning model's `reasoning_content` (or `reasoning`), passed on wherever a client can read it, and kept. */
describe("reasoning from a reasoning model", () => {
  let server: LoopbackServer;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: "unused", maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  it("streams reasoning_content chunks on chat completions, keeps it with the row, never sends it back", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ content: "Hello!", reasoning: THOUGHT }, { content: "Again." });
    const stream = await client.chat.completions.create({
      model: "caduceus",
      messages: [{ role: "user", content: "Greet me." }],
      stream: true,
    });
    let reasoning = "";
    let content = "";
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      reasoning += delta?.reasoning_content ?? "";
      content += delta?.content ?? "";
    }
    expect(reasoning).toBe(THOUGHT);
    expect(content).toBe("Hello!");
    const sessionId = (await t.app.services.store.sessions.listByActivity(1, 0))[0].id;
    const rows = await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${sessionId}/messages`));
    expect(rows.data.find((m) => m.role === "assistant")).toMatchObject({ content: "Hello!", reasoning: THOUGHT });
    await client.chat.completions.create(
      { model: "caduceus", messages: [{ role: "user", content: "And again." }] },
      { headers: { "X-Hermes-Session-Id": sessionId } },
    );
    const resent = JSON.stringify(fake.completions[1].body.messages);
    expect(resent).toContain("Hello!");
    expect(resent).not.toContain(THOUGHT);
  });

  it("answers a non-streamed completion with reasoning_content, from a server that calls it reasoning", async ({
    fake,
  }) => {
    fake.enqueue({ content: "Hi.", reasoning: THOUGHT, reasoning_field: "reasoning" });
    const completion = await client.chat.completions.create({
      model: "caduceus",
      messages: [{ role: "user", content: "Greet me briefly." }],
    });
    expect(completion.choices[0].message).toMatchObject({ content: "Hi.", reasoning_content: THOUGHT });
  });

  it("announces reasoning.available on a run's events before the answer's text", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Hello there.", reasoning: THOUGHT });
    const { run_id: runId } = await json<SubmittedRunResponse>(
      await t.call("POST", "/v1/runs", { input: "Greet me." }),
    );
    const frames = (await readSse(await t.call("GET", `/v1/runs/${runId}/events`)))
      .filter((f) => f.data)
      .map((f) => JSON.parse(f.data) as { event: string; text?: string; delta?: string });
    const names = frames.map((f) => f.event);
    expect(frames.find((f) => f.event === "reasoning.available")?.text).toBe(THOUGHT);
    expect(names.indexOf("reasoning.available")).toBeLessThan(names.indexOf("message.delta"));
    expect(
      frames
        .filter((f) => f.event === "reasoning.delta")
        .map((f) => f.delta)
        .join(""),
    ).toBe(THOUGHT);
  });

  it("gives Responses a reasoning item before the message, streamed and read back alike", async ({ fake }) => {
    fake.enqueue({ content: "Hello!", reasoning: THOUGHT }, { content: "Hello again!", reasoning: THOUGHT });
    const whole = await client.responses.create({ model: "caduceus", input: "Greet me." });
    expect(whole.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
    expect(whole.output[0]).toMatchObject({ summary: [{ type: "summary_text", text: THOUGHT }] });
    expect(whole.output_text).toBe("Hello!");

    const stream = await client.responses.create({ model: "caduceus", input: "Greet me again.", stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const done = events
      .filter(
        (e): e is Extract<ResponseStreamEvent, { type: "response.output_item.done" }> =>
          e.type === "response.output_item.done",
      )
      .map((e) => e.item);
    expect(done.map((item) => item.type)).toEqual(["reasoning", "message"]);
    const final = events.at(-1) as Extract<ResponseStreamEvent, { type: "response.completed" }>;
    expect(final.response.output).toEqual(done);
  });

  it("sends the reasoning as Hermes's _thinking tool.progress on a session chat stream", async ({ app: t, fake }) => {
    await t.call("POST", "/api/sessions", { id: "thinker" });
    fake.enqueue({ content: "Done.", reasoning: THOUGHT });
    const frames = await readSse(await t.call("POST", "/api/sessions/thinker/chat/stream", { message: "Think." }));
    const thought = frames.find((f) => f.event === "tool.progress");
    expect(JSON.parse(thought!.data)).toMatchObject({ tool_name: "_thinking", delta: THOUGHT, session_id: "thinker" });
    await waitFor(() => frames.some((f) => f.event === "run.completed"));
  });
});
