import OpenAI from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { describe, expect } from "vitest";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { testTools, type AgentApp } from "../fixtures/agent-harness.js";
import { json, type CapabilitiesResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const API_KEY = "compat-key";

const it = withApp({ tools: [testTools.add, testTools.echo], overrides: { server: { api_key: API_KEY } } });

/** A hermes.tool.progress frame, as the openai client hands it over next to the chunks. */
type ToolProgress = { object: "hermes.tool.progress"; choices: []; tool: string; toolCallId: string; status: string };

describe("OpenAI / Hermes compatibility, driven by the official openai client", () => {
  let server: LoopbackServer;
  let baseUrl: string;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    baseUrl = server.baseUrl;
    client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  const sessionRows = (t: AgentApp, id: string) => t.app.services.store.messages.page(id, 0, 1000);

  it("lists the configured model, with Hermes's root, parent and permission", async () => {
    const models = await client.models.list();
    expect(models.data).toEqual([
      {
        id: "fake-model",
        object: "model",
        created: expect.any(Number),
        owned_by: "caduceus",
        permission: [],
        root: "fake-model",
        parent: null,
      },
    ]);
  });

  it("describes its capabilities", async () => {
    const res = await fetch(`${baseUrl}/v1/capabilities`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(200);
    const body = await json<CapabilitiesResponse>(res);
    expect(body).toMatchObject({ platform: "caduceus", model: "fake-model", auth: { type: "bearer", required: true } });
    expect(body.features).toMatchObject({
      chat_completions: true,
      tool_progress_events: true,
      session_continuity_header: "X-Hermes-Session-Id",
    });
    expect(body.endpoints.chat_completions).toEqual({ method: "POST", path: "/v1/chat/completions" });
    // The flags Hermes clients gate their features on, under Hermes's names.
    expect(body.runtime).toMatchObject({ mode: "server_agent", tool_execution: "server", split_runtime: false });
    for (const flag of [
      "responses_api",
      "responses_streaming",
      "run_submission",
      "run_status",
      "run_events_sse",
      "run_stop",
      "run_approval_response",
      "approval_events",
      "run_steer",
      "session_resources",
      "session_chat",
      "session_chat_streaming",
      "session_fork",
    ])
      expect(body.features[flag], flag).toBe(true);
    expect(body.features.session_key_header).toBe("X-Hermes-Session-Key");
    expect(body.features.memory_write_api).toBe(false);
    expect(body.endpoints.sessions).toEqual({ method: "GET", path: "/api/sessions" });
    expect(body.endpoints.session_chat_stream).toEqual({
      method: "POST",
      path: "/api/sessions/{session_id}/chat/stream",
    });
    expect(body.endpoints.run_steer).toEqual({ method: "POST", path: "/v1/runs/{run_id}/steer" });
    // Every endpoint it names is a route this server serves (the document describes all but itself).
    const documented = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await fetch(`${baseUrl}/openapi.json`, { headers: { authorization: `Bearer ${API_KEY}` } }),
    );
    for (const [name, { method, path }] of Object.entries(body.endpoints).filter(([name]) => name !== "openapi")) {
      const templated = path.replace(/\{[^}]+\}/g, "{}");
      const match = Object.entries(documented.paths).find(([p]) => p.replace(/\{[^}]+\}/g, "{}") === templated);
      expect(match?.[1][method.toLowerCase()], `${name}: ${method} ${path}`).toBeDefined();
    }
  });

  it("answers a non-streamed completion and keeps the conversation in a derived session", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Paris.", usage: { prompt_tokens: 30, completion_tokens: 2 } });
    const system = { role: "system" as const, content: "Answer in one word." };
    const first = { role: "user" as const, content: "Capital of France?" };
    const { data, response } = await client.chat.completions
      .create({ model: "caduceus", messages: [system, first] })
      .withResponse();
    expect(data.object).toBe("chat.completion");
    expect(data.model).toBe("caduceus");
    expect(data.choices[0].message).toMatchObject({ role: "assistant", content: "Paris." });
    expect(data.choices[0].finish_reason).toBe("stop");
    expect(data.usage).toEqual({ prompt_tokens: 30, completion_tokens: 2, total_tokens: 32 });
    const sessionId = response.headers.get("x-hermes-session-id")!;
    expect(sessionId).toMatch(/^ses_/);
    expect(fake.completions[0].body.messages).toEqual([system, first]);

    // The same conversation, one turn later, without the header: same session, history from the database.
    fake.enqueue({ content: "Berlin." });
    const second = await client.chat.completions
      .create({
        model: "caduceus",
        messages: [system, first, { role: "assistant", content: "Paris." }, { role: "user", content: "And Germany?" }],
      })
      .withResponse();
    expect(second.response.headers.get("x-hermes-session-id")).toBe(sessionId);
    expect(second.data.choices[0].message.content).toBe("Berlin.");
    expect(fake.completions[1].body.messages.map((m) => m.content)).toEqual([
      "Answer in one word.",
      "Capital of France?",
      "Paris.",
      "And Germany?",
    ]);
    expect((await sessionRows(t, sessionId)).map((m) => m.content)).toEqual([
      "Capital of France?",
      "Paris.",
      "And Germany?",
      "Berlin.",
    ]);
  });

  it("stores the earlier turns a new derived conversation brings along", async ({ app: t, fake }) => {
    fake.enqueue({ content: "42" });
    const { response } = await client.chat.completions
      .create({
        model: "caduceus",
        messages: [
          { role: "user", content: "Remember the number 42." },
          { role: "assistant", content: "Noted." },
          { role: "user", content: "Which number?" },
        ],
      })
      .withResponse();
    const sessionId = response.headers.get("x-hermes-session-id")!;
    expect((await sessionRows(t, sessionId)).map((m) => [m.role, m.content])).toEqual([
      ["user", "Remember the number 42."],
      ["assistant", "Noted."],
      ["user", "Which number?"],
      ["assistant", "42"],
    ]);
  });

  it("continues the session named by X-Hermes-Session-Id with its history from the database", async ({
    app: t,
    fake,
  }) => {
    const sessionId = await t.createSession({ system_prompt: "Be brief." });
    fake.enqueue({ content: "first reply" }, { content: "second reply" });
    const opts = { headers: { "X-Hermes-Session-Id": sessionId } };
    await client.chat.completions.create({ model: "caduceus", messages: [{ role: "user", content: "hello" }] }, opts);
    const { data, response } = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "user", content: "and again" }] }, opts)
      .withResponse();
    expect(response.headers.get("x-hermes-session-id")).toBe(sessionId);
    expect(data.choices[0].message.content).toBe("second reply");
    expect(fake.completions[1].body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "hello" },
      { role: "assistant", content: "first reply" },
      { role: "user", content: "and again" },
    ]);
  });

  it("streams: role chunk, content chunks, a final chunk with finish_reason and usage, then [DONE]", async ({
    fake,
  }) => {
    fake.enqueue({
      content: "A streamed answer in several chunks.",
      usage: { prompt_tokens: 12, completion_tokens: 8 },
    });
    const stream = await client.chat.completions.create({
      model: "caduceus",
      stream: true,
      messages: [{ role: "user", content: "stream please" }],
    });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0].choices[0].delta.role).toBe("assistant");
    const text = chunks.map((c) => c.choices?.[0]?.delta?.content ?? "").join("");
    expect(text).toBe("A streamed answer in several chunks.");
    const last = chunks.at(-1)!;
    expect(last.choices[0].finish_reason).toBe("stop");
    expect(last.usage).toEqual({ prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 });
    expect(chunks.filter((c) => c.choices[0].finish_reason)).toHaveLength(1);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it("sends tool progress as hermes.tool.progress frames, and none when switched off", async ({ fake }) => {
    const turns = () =>
      fake.enqueue({ tool_calls: [{ id: "tp1", name: "add", arguments: { a: 4, b: 5 } }] }, { content: "4 + 5 = 9" });
    turns();
    const raw = await fetch(`${baseUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "caduceus", stream: true, messages: [{ role: "user", content: "add 4 and 5" }] }),
    });
    expect(raw.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(raw.headers.get("x-hermes-session-id")).toMatch(/^ses_/);
    const body = await raw.text();
    expect(body.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const progress = body
      .split("\n\n")
      .filter((block) => block.startsWith("event: hermes.tool.progress"))
      .map(
        (block) =>
          JSON.parse(
            block
              .split("\n")
              .find((l) => l.startsWith("data: "))!
              .slice(6),
          ) as ToolProgress,
      );
    const frame = { object: "hermes.tool.progress", choices: [], tool: "add", toolCallId: "tp1" };
    expect(progress).toEqual([
      { ...frame, status: "running", label: expect.stringContaining("add(") },
      { ...frame, status: "completed", is_error: false },
    ]);

    // Through the openai client the frames arrive as extra objects next to the chunks, each with no choice in it:
    // the loop every OpenAI example writes reads them without a guard.
    turns();
    const seen: Array<ChatCompletionChunk | ToolProgress> = [];
    let text = "";
    for await (const chunk of await client.chat.completions.create({
      model: "caduceus",
      stream: true,
      messages: [{ role: "user", content: "add again" }],
    })) {
      seen.push(chunk);
      text += chunk.choices[0]?.delta?.content ?? "";
      for (const choice of chunk.choices) void choice.index;
    }
    expect(text).toBe("4 + 5 = 9");
    expect(
      seen
        .filter((item) => (item as { object: string }).object === "hermes.tool.progress")
        .map((item) => (item as ToolProgress).status),
    ).toEqual(["running", "completed"]);

    // The SDK's stream helper, which reads every choice of every chunk, runs through a tool call too.
    turns();
    const helper = client.chat.completions.stream({
      model: "caduceus",
      messages: [{ role: "user", content: "add with the helper" }],
    });
    const final = await helper.finalChatCompletion();
    expect(final.choices[0].message.content).toBe("4 + 5 = 9");

    turns();
    const quiet: ChatCompletionChunk[] = [];
    const stream = await client.chat.completions.create(
      { model: "caduceus", stream: true, messages: [{ role: "user", content: "add quietly" }] },
      { headers: { "X-Hermes-Tool-Progress": "off" } },
    );
    for await (const item of stream) quiet.push(item);
    expect(quiet.every((item) => item.object === "chat.completion.chunk")).toBe(true);
    expect(quiet.at(-1)!.choices[0].finish_reason).toBe("stop");
  });
});
