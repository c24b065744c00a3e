import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { describe, expect } from "vitest";
import { testTools, type AgentApp } from "../fixtures/agent-harness.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { withApp } from "../fixtures/suite.js";

const API_KEY = "compat-tools-key";

const it = withApp({ tools: [testTools.add], overrides: { server: { api_key: API_KEY } } });

const weatherTool: ChatCompletionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Current weather of a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

describe("client-side tools on /v1/chat/completions, driven by the official openai client", () => {
  let server: LoopbackServer;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  const rows = (t: AgentApp, id: string) => t.app.services.store.messages.page(id, 0, 1000);

  it("answers finish_reason tool_calls, and the next request's tool message continues the same run", async ({
    app: t,
    fake,
  }) => {
    // A server tool and a client tool in one conversation: the server runs add, the client runs get_weather.
    fake.enqueue({ tool_calls: [{ id: "call_add", name: "add", arguments: { a: 20, b: 1 } }] });
    fake.enqueue({
      content: "Let me check the weather.",
      tool_calls: [{ id: "call_weather", name: "get_weather", arguments: { city: "Oslo" } }],
    });
    fake.enqueue({ content: "21 degrees is warmer than Oslo's 8." });
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Is 20+1 warmer than Oslo?" }];
    const first = await client.chat.completions
      .create({ model: "caduceus", messages, tools: [weatherTool] })
      .withResponse();
    const choice = first.data.choices[0];
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBe("Let me check the weather.");
    expect(choice.message.tool_calls).toEqual([
      { id: "call_weather", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
    ]);
    const sessionId = first.response.headers.get("x-hermes-session-id")!;
    const runId = first.response.headers.get("x-run-id")!;
    expect(fake.completions[0].body.tools?.map((tool) => tool.function.name)).toContain("get_weather");

    // The client runs its tool and sends the conversation back with the result, as any OpenAI client does.
    messages.push(choice.message, {
      role: "tool",
      tool_call_id: "call_weather",
      content: "8 °C, rain",
    });
    const second = await client.chat.completions
      .create({ model: "caduceus", messages, tools: [weatherTool] })
      .withResponse();
    expect(second.data.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { role: "assistant", content: "21 degrees is warmer than Oslo's 8." },
    });
    expect(second.response.headers.get("x-run-id")).toBe(runId);
    expect(second.response.headers.get("x-hermes-session-id")).toBe(sessionId);
    expect(fake.completions[2].body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_weather",
      content: "8 °C, rain",
    });
    expect((await rows(t, sessionId)).map((m) => [m.role, m.tool_call_id ?? null])).toEqual([
      ["user", null],
      ["assistant", null],
      ["tool", "call_add"],
      ["assistant", null],
      ["tool", "call_weather"],
      ["assistant", null],
    ]);
    expect(await t.app.services.store.runs.get(runId)).toMatchObject({ status: "completed", iterations: 3 });
  });

  it("streams the client's tool calls as a tool_calls delta with finish_reason tool_calls", async ({ fake }) => {
    fake.enqueue({ tool_calls: [{ id: "call_w2", name: "get_weather", arguments: { city: "Bergen" } }] });
    fake.enqueue({ content: "Bergen is wet." });
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Bergen, streamed?" }];
    const stream = await client.chat.completions.create({
      model: "caduceus",
      messages,
      tools: [weatherTool],
      stream: true,
    });
    const calls: Array<{ id?: string; name?: string; arguments?: string }> = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      for (const call of chunk.choices?.[0]?.delta.tool_calls ?? [])
        calls.push({ id: call.id, name: call.function?.name, arguments: call.function?.arguments });
      finish = chunk.choices?.[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe("tool_calls");
    expect(calls).toEqual([{ id: "call_w2", name: "get_weather", arguments: '{"city":"Bergen"}' }]);

    messages.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_w2", type: "function", function: { name: "get_weather", arguments: '{"city":"Bergen"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_w2", content: "rain" },
    );
    const next = await client.chat.completions.create({
      model: "caduceus",
      messages,
      tools: [weatherTool],
      stream: true,
    });
    let text = "";
    // hermes.tool.progress frames (the client tool's result) come through the SDK next to the chunks, without choices.
    for await (const chunk of next) text += chunk.choices?.[0]?.delta.content ?? "";
    expect(text).toBe("Bergen is wet.");
    expect(fake.completions).toHaveLength(2);
  });

  it("sends tool results to the run of their own conversation when two wait on the same call id", async ({
    app: t,
    fake,
  }) => {
    const call = { id: "call_same", name: "get_weather", arguments: { city: "Paris" } };
    fake.enqueue({ tool_calls: [call] }, { tool_calls: [call] }, { content: "Bob: Paris is sunny." });
    const alice: ChatCompletionMessageParam[] = [{ role: "user", content: "Alice asks: weather in Paris?" }];
    const bob: ChatCompletionMessageParam[] = [{ role: "user", content: "Bob asks: weather in Paris?" }];
    const first = await client.chat.completions
      .create({ model: "caduceus", messages: alice, tools: [weatherTool] })
      .withResponse();
    const second = await client.chat.completions.create({ model: "caduceus", messages: bob, tools: [weatherTool] });
    bob.push(second.choices[0].message, {
      role: "tool",
      tool_call_id: "call_same",
      content: "sunny",
    });
    const answer = await client.chat.completions.create({ model: "caduceus", messages: bob, tools: [weatherTool] });
    expect(answer.choices[0].message.content).toBe("Bob: Paris is sunny.");
    expect(fake.completions[2].body.messages[0]).toMatchObject({ content: "Bob asks: weather in Paris?" });
    // Alice's run still waits for her own result.
    const aliceRun = first.response.headers.get("x-run-id")!;
    expect((await t.app.services.store.runs.get(aliceRun))?.status).toBe("requires_action");
    await t.app.services.agent.cancelRun(aliceRun);
  });

  it("refuses tool results no run of the conversation waits for", async () => {
    const err = await client.chat.completions
      .create({
        model: "caduceus",
        messages: [
          { role: "user", content: "never asked" },
          { role: "tool", tool_call_id: "call_ghost", content: "boo" },
        ],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/no run of it waits/);
  });
});
