import { rmSync } from "node:fs";
import OpenAI from "openai";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect } from "vitest";
import { makeAgentApp, testTools, waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { withApp } from "../fixtures/suite.js";
import { tempDir } from "../fixtures/test-app.js";

const API_KEY = "responses-key";

const it = withApp({ tools: [testTools.add], overrides: { server: { api_key: API_KEY } } });

/** Message contents of the nth model request, system prompt first. */
const sent = (
  fake: { completions: Array<{ body: { messages: Array<{ role: string; content: unknown }> } }> },
  n: number,
) =>
  fake.completions[n].body.messages.map(
    (m) => `${m.role}: ${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`,
  );

describe("OpenAI Responses, driven by the official openai client", () => {
  let server: LoopbackServer;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  it("answers a string input with instructions, and reads the response back", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Hello there.", usage: { prompt_tokens: 21, completion_tokens: 3 } });
    const response = await client.responses.create({
      model: "caduceus",
      input: "Say hello.",
      instructions: "Answer briefly.",
    });
    expect(response).toMatchObject({
      object: "response",
      status: "completed",
      output_text: "Hello there.",
      instructions: "Answer briefly.",
      previous_response_id: null,
      usage: { input_tokens: 21, output_tokens: 3, total_tokens: 24 },
    });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output).toEqual([
      expect.objectContaining({
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "Hello there.", annotations: [] }],
      }),
    ]);
    expect(sent(fake, 0)).toEqual(["system: Answer briefly.", "user: Say hello."]);
    const again = await client.responses.retrieve(response.id);
    expect(again).toMatchObject({ id: response.id, status: "completed", output: response.output });
    // The conversation is a session like any other, with its rows.
    const sessionId = (response as unknown as { session_id: string }).session_id;
    expect((await t.app.services.store.messages.page(sessionId, 0, 10)).map((m) => m.role)).toEqual([
      "user",
      "assistant",
    ]);
  });

  it("chains through previous_response_id, and branches when an earlier response is continued", async ({ fake }) => {
    fake.enqueue({ content: "Noted: Tom." }, { content: "Tom." }, { content: "Rex, you said." });
    const first = await client.responses.create({ model: "caduceus", input: "My cat is Tom." });
    const second = await client.responses.create({
      model: "caduceus",
      input: "What is my cat called?",
      previous_response_id: first.id,
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(sent(fake, 1)).toEqual(["user: My cat is Tom.", "assistant: Noted: Tom.", "user: What is my cat called?"]);
    // Continuing the first response again is a branch: the second exchange is not in it.
    const branch = await client.responses.create({
      model: "caduceus",
      input: "Actually my dog is Rex. Name my pet.",
      previous_response_id: first.id,
    });
    expect(sent(fake, 2)).toEqual([
      "user: My cat is Tom.",
      "assistant: Noted: Tom.",
      "user: Actually my dog is Rex. Name my pet.",
    ]);
    const sessionOf = (r: unknown) => (r as { session_id: string }).session_id;
    expect(sessionOf(branch)).not.toBe(sessionOf(second));
    expect(sessionOf(second)).toBe(sessionOf(first));
  });

  it("streams the Responses events, tool use as function_call items, and ends with the stored response", async ({
    fake,
  }) => {
    fake.enqueue(
      { content: "Adding.", tool_calls: [{ id: "call_r1", name: "add", arguments: { a: 2, b: 5 } }] },
      { content: "2 + 5 = 7." },
    );
    const stream = await client.responses.create({ model: "caduceus", input: "Add 2 and 5.", stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(["response.created", "response.in_progress"]);
    expect(types.at(-1)).toBe("response.completed");
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const text = events
      .filter(
        (e): e is Extract<ResponseStreamEvent, { type: "response.output_text.delta" }> =>
          e.type === "response.output_text.delta",
      )
      .map((e) => e.delta)
      .join("");
    expect(text).toBe("Adding.2 + 5 = 7.");
    const done = events
      .filter(
        (e): e is Extract<ResponseStreamEvent, { type: "response.output_item.done" }> =>
          e.type === "response.output_item.done",
      )
      .map((e) => e.item);
    expect(done.map((item) => item.type)).toEqual(["message", "function_call", "function_call_output", "message"]);
    expect(done[1]).toMatchObject({ call_id: "call_r1", name: "add", arguments: '{"a":2,"b":5}' });
    expect(done[2]).toMatchObject({ call_id: "call_r1", output: expect.stringContaining("7") });
    const final = events.at(-1) as Extract<ResponseStreamEvent, { type: "response.completed" }>;
    // What was streamed is what is stored: the same items under the same ids.
    expect(final.response.output).toEqual(done);
    expect((await client.responses.retrieve(final.response.id)).output).toEqual(done);
  });

  it("works with the client's stream helper, which rebuilds the response from the events", async ({ fake }) => {
    fake.enqueue({ content: "Streaming through the helper works." });
    const stream = client.responses.stream({ model: "caduceus", input: "Does the helper work?" });
    const deltas: string[] = [];
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe("Streaming through the helper works.");
    expect(deltas.join("")).toBe("Streaming through the helper works.");
  });

  it("continues a named conversation, created under its id when new", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Hi Ada." }, { content: "You are Ada." });
    const first = await client.responses.create({ model: "caduceus", input: "I am Ada.", conversation: "conv-ada-1" });
    expect(first.conversation).toEqual({ id: "conv-ada-1" });
    await client.responses.create({ model: "caduceus", input: "Who am I?", conversation: "conv-ada-1" });
    expect(sent(fake, 1)).toEqual(["user: I am Ada.", "assistant: Hi Ada.", "user: Who am I?"]);
    expect(await t.app.services.store.sessions.get("conv-ada-1")).not.toBeNull();
  });

  it("takes item-array input with earlier turns and an image part", async ({ fake }) => {
    fake.enqueue({ content: "A red square." });
    const image =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    const response = await client.responses.create({
      model: "caduceus",
      input: [
        { role: "developer", content: "Describe images in three words." },
        { role: "user", content: "I will send a picture." },
        { role: "assistant", content: "Ready." },
        {
          role: "user",
          content: [
            { type: "input_text", text: "What is this?" },
            { type: "input_image", image_url: image, detail: "low" },
          ],
        },
      ],
    });
    expect(response.output_text).toBe("A red square.");
    const last = fake.completions[0].body.messages.at(-1)!;
    expect(last.role).toBe("user");
    expect(last.content).toEqual([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: image, detail: "low" } },
    ]);
    expect(fake.completions[0].body.messages.slice(0, 3).map((m) => m.role)).toEqual(["system", "user", "assistant"]);
  });

  it("deletes a response: it is gone from the API, the conversation's rows stay", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Kept." });
    const response = await client.responses.create({ model: "caduceus", input: "Keep this." });
    await client.responses.delete(response.id);
    await expect(client.responses.retrieve(response.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(
      client.responses.create({ model: "caduceus", input: "And then?", previous_response_id: response.id }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const sessionId = (response as unknown as { session_id: string }).session_id;
    expect(await t.app.services.store.messages.page(sessionId, 0, 10)).toHaveLength(2);
  });

  it("answers store: false but keeps the response from being read back or continued", async ({ fake }) => {
    fake.enqueue({ content: "Not kept." });
    const response = await client.responses.create({ model: "caduceus", input: "Forget this.", store: false });
    expect(response).toMatchObject({ status: "completed", store: false, output_text: "Not kept." });
    await expect(client.responses.retrieve(response.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("answers a run whose model failed as a failed response, and ends its stream with response.failed", async ({
    fake,
  }) => {
    fake.enqueue({ status: 500, error: { message: "upstream overloaded" } });
    const failed = await client.responses.create({ model: "caduceus", input: "Try this." });
    expect(failed).toMatchObject({ status: "failed", error: { code: "server_error" }, output: [] });
    expect(failed.error?.message).toContain("upstream overloaded");
    fake.enqueue({ status: 500, error: { message: "still overloaded" } });
    const stream = await client.responses.create({ model: "caduceus", input: "Try again.", stream: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toEqual(["response.created", "response.in_progress", "response.failed"]);
  });

  it("answers a background response at once and is polled to completion", async ({ fake }) => {
    fake.enqueue({ content: "Done in the background.", delay_ms: 150 });
    const response = await client.responses.create({ model: "caduceus", input: "Take your time.", background: true });
    expect(response).toMatchObject({ status: "in_progress", background: true, usage: null });
    const polled = await waitFor(async () => {
      const current = await client.responses.retrieve(response.id);
      return current.status !== "in_progress" && current;
    });
    expect(polled).toMatchObject({ status: "completed", output_text: "Done in the background." });
  });
});

describe("Responses after a restart", () => {
  it("chains to a response stored before the server restarted", async ({ fake }) => {
    fake.reset();
    const dir = tempDir("caduceus-responses-restart-");
    const open = () => makeAgentApp(fake, { dir });
    const call = async (t: AgentApp, body: Record<string, unknown>) =>
      (await (await t.call("POST", "/v1/responses", body)).json()) as { id: string; status: string };
    fake.enqueue({ content: "The code is 4711." }, { content: "It was 4711." });
    const before = await open();
    const first = await call(before, { input: "Remember the code 4711." });
    await before.close();
    const after = await open();
    try {
      const second = await call(after, { input: "What was the code?", previous_response_id: first.id });
      expect(second.status).toBe("completed");
      expect(sent(fake, 1)).toEqual([
        "user: Remember the code 4711.",
        "assistant: The code is 4711.",
        "user: What was the code?",
      ]);
    } finally {
      await after.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
