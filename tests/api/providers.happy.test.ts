import { describe, expect } from "vitest";
import { eventData, readSse, type SseEvent } from "../fixtures/agent-harness.js";
import { ProviderReplay } from "../fixtures/provider-replay.js";
import { json, type ListMessagesResponse, type MessageRow } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";
import type { ToolDefinition } from "../../src/domain/shared/tools.js";
import type { TestApp } from "../fixtures/test-app.js";

/**
 * The provider conformance suite: recordings of real providers' answers (tests/fixtures/providers, each naming its
 * source) replayed by a local server, each through the whole agent loop — a user message posted with `stream: true`,
 * the model streamed, its tool calls run by real tools, the answer stored. Each gives a well-formed transcript, the
 * provider's own usage figures and the run's right status.
 */

/** The tools the recorded models call, each answering with its name and arguments. */
const RECORDED_TOOLS: ToolDefinition[] = [
  "get_weather",
  "GetWeatherArgs",
  "get_stock_price",
  "read_file",
  "weather",
  "read",
  "run_command",
].map((name) => ({
  name,
  description: `The recorded model's ${name}`,
  parameters: { type: "object", properties: {} },
  execute: async (args) => ({ content: `${name} ran with ${JSON.stringify(args)}` }),
}));

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("replay", { scope: "file" }, async ({}, { onCleanup }) => {
    const replay = await new ProviderReplay().start();
    onCleanup(() => replay.close());
    return replay;
  })
  .extend("appOptions", { scope: "file" }, ({ replay }: { replay: ProviderReplay }) => ({
    tools: RECORDED_TOOLS,
    overrides: { model: { base_url: replay.baseUrl, max_retries: 2 } },
  }));

type RunEnd = {
  id: string;
  status: string;
  usage: { prompt_tokens: number; completion_tokens: number };
  error: string | null;
};

/** Posts a user message with `stream: true` and reads the run's stream to its end. */
async function streamedRun(
  t: TestApp,
  sessionId: string,
  content: string,
): Promise<{ frames: SseEvent[]; run: RunEnd }> {
  const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, { content, stream: true });
  expect(res.status).toBe(200);
  const frames = await readSse(res, (frame) => frame.event === "done", 20_000);
  const done = frames.find((frame) => frame.event === "done");
  expect(done).toBeDefined();
  return { frames, run: (eventData<"done">(done!) as { run: RunEnd }).run };
}

async function transcript(t: TestApp, sessionId: string): Promise<MessageRow[]> {
  return (await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${sessionId}/messages?limit=200`))).data;
}

/** The calls of an assistant row, each as name and parsed arguments. */
const callsOf = (row: MessageRow | undefined) =>
  (row?.tool_calls ?? []).map((call) => ({
    name: call.function.name,
    args: JSON.parse(call.function.arguments) as unknown,
  }));

/** Every tool call of the transcript has exactly one result, and every id is distinct. */
function expectWellFormed(rows: MessageRow[]): void {
  const callIds = rows.flatMap((row) => (row.tool_calls ?? []).map((call) => call.id));
  expect(new Set(callIds).size).toBe(callIds.length);
  const resultIds = rows.filter((row) => row.role === "tool").map((row) => row.tool_call_id);
  expect(resultIds.sort()).toEqual([...callIds].sort());
  for (const id of callIds) expect(id).toMatch(/\S/);
}

describe("provider conformance: recorded streams through the agent loop", () => {
  it.beforeEach(({ replay }) => replay.reset());

  it("OpenAI: one tool call split over many deltas, usage in a last chunk with no choices", async ({ app, replay }) => {
    replay.play("openai-tool-call", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "What's the weather in NYC?");
    expect(run).toMatchObject({ status: "completed", error: null });
    // 44/16 from the tool-call answer, 15/5 from the final one.
    expect(run.usage).toMatchObject({ prompt_tokens: 59, completion_tokens: 21 });
    const rows = await transcript(app, id);
    expect(rows.map((row) => row.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(callsOf(rows[1])).toEqual([{ name: "get_weather", args: { city: "New York City" } }]);
    expect(rows[1].tool_calls![0].id).toBe("call_5uxEBMFySqqQGu02I5QHA8k6");
    expect(rows[2].content).toBe('get_weather ran with {"city":"New York City"}');
    expect(rows[3].content).toBe("Hello World");
    expectWellFormed(rows);
    // The stream asked for its usage; the tools went along.
    const sent = replay.completions[0].body as { stream: boolean; stream_options: unknown; tools: unknown[] };
    expect(sent).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(sent.tools.length).toBeGreaterThanOrEqual(RECORDED_TOOLS.length);
  });

  it("OpenAI: parallel tool calls, each by its index", async ({ app, replay }) => {
    replay.play("openai-parallel-tool-calls", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "Weather in Edinburgh and the price of AAPL?");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 164, completion_tokens: 65 } });
    const rows = await transcript(app, id);
    expect(callsOf(rows[1])).toEqual([
      { name: "GetWeatherArgs", args: { city: "Edinburgh", country: "UK", units: "c" } },
      { name: "get_stock_price", args: { ticker: "AAPL", exchange: "NASDAQ" } },
    ]);
    expect(rows.filter((row) => row.role === "tool")).toHaveLength(2);
    expectWellFormed(rows);
  });

  it("Azure OpenAI: a content-filter chunk with no choices first, an annotation without delta, usage last", async ({
    app,
    replay,
  }) => {
    replay.play("azure-text");
    const id = await app.createSession();
    const { frames, run } = await streamedRun(app, id, "Say hello.");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 15, completion_tokens: 5 } });
    const deltas = frames
      .filter((frame) => frame.event === "message.delta")
      .map((frame) => eventData<"message.delta">(frame).content);
    expect(deltas.join("")).toBe("Hello World");
    const rows = await transcript(app, id);
    expect(rows.map((row) => [row.role, row.content])).toEqual([
      ["user", "Say hello."],
      ["assistant", "Hello World"],
    ]);
  });

  it("Anthropic's compatible endpoint: text then a call whose first index is 1, and no usage at all", async ({
    app,
    replay,
  }) => {
    replay.play("anthropic-tool-call", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "Read a.txt.");
    // Only the second answer reported usage.
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 15, completion_tokens: 5 } });
    const rows = await transcript(app, id);
    expect(rows[1]).toMatchObject({ role: "assistant", content: "Reading it." });
    expect(callsOf(rows[1])).toEqual([{ name: "read_file", args: { path: "a.txt" } }]);
    expectWellFormed(rows);
  });

  it("DeepSeek: reasoning_content before a split tool call, usage with cache hits on the finish chunk", async ({
    app,
    replay,
  }) => {
    replay.play("deepseek-reasoning-tool-call", "azure-text");
    const id = await app.createSession();
    const { frames, run } = await streamedRun(app, id, "Weather in San Francisco?");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 389, completion_tokens: 66 } });
    const thought = "The user asks about the weather in San Francisco. I should use the weather tool.";
    const available = frames.find((frame) => frame.event === "reasoning.available");
    expect(eventData<"reasoning.available">(available!).text).toBe(thought);
    const rows = await transcript(app, id);
    expect(rows[1]).toMatchObject({ role: "assistant", content: null, reasoning: thought });
    expect(callsOf(rows[1])).toEqual([{ name: "weather", args: { location: "San Francisco" } }]);
    expectWellFormed(rows);
    const stored = await app.app.services.store.runs.get(run.id);
    expect(stored?.cache.read_tokens).toBe(256);
  });

  it("Groq: a whole call in one delta and usage on the finish chunk beside x_groq", async ({ app, replay }) => {
    replay.play("groq-tool-call", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "Weather?");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 225, completion_tokens: 20 } });
    const rows = await transcript(app, id);
    expect(callsOf(rows[1])).toEqual([{ name: "weather", args: {} }]);
    expectWellFormed(rows);
  });

  it("Groq: thoughts in a `reasoning` field, then the answer", async ({ app, replay }) => {
    replay.play("groq-reasoning");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "How many r's in strawberry?");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 17, completion_tokens: 1107 } });
    const rows = await transcript(app, id);
    expect(rows[1]).toMatchObject({ role: "assistant", content: "**: $\\boxed{3}$", reasoning: "Okay, let me try" });
  });

  it("Gemini's compatible endpoint: a tool call without index, no finish_reason, no [DONE]", async ({
    app,
    replay,
  }) => {
    replay.play("gemini-tool-call-no-index", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "Read the skill file.");
    expect(run).toMatchObject({ status: "completed" });
    const rows = await transcript(app, id);
    expect(callsOf(rows[1])).toEqual([
      { name: "read", args: { offset: 1, limit: 100, path: "/app/skills/agent-runtime/stage-design/SKILL.md" } },
    ]);
    expect(rows[1].tool_calls![0].id).toBe("call_297140");
    expectWellFormed(rows);
  });

  it("Ollama: parallel calls each whole in a chunk of its own, empty content beside them, no usage", async ({
    app,
    replay,
  }) => {
    replay.play("ollama-parallel-tool-calls", "azure-text");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "List the files.");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 15, completion_tokens: 5 } });
    const rows = await transcript(app, id);
    expect(rows[1]).toMatchObject({ role: "assistant", content: null });
    expect(callsOf(rows[1])).toEqual([
      { name: "run_command", args: { command: "ls" } },
      { name: "run_command", args: { command: "ls -l" } },
    ]);
    expect(rows[1].tool_calls!.map((call) => call.id)).toEqual(["call_wteop8bt", "call_rk2xye1l"]);
    expectWellFormed(rows);
  });

  it("Together: finish_reason eos is a natural stop, with usage on that chunk", async ({ app, replay }) => {
    replay.play("together-eos");
    const id = await app.createSession();
    const { run } = await streamedRun(app, id, "Say ABC twice.");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 12, completion_tokens: 27 } });
    const rows = await transcript(app, id);
    expect(rows[1]).toMatchObject({ role: "assistant", content: "ABCABC" });
  });
});
