import { describe, expect, it } from "vitest";
import { finishReasonOf, streamErrorOf, ToolCallAssembler, usageOf } from "../../src/domain/llm/provider-quirks.js";
import { CircuitBreakers } from "../../src/domain/llm/circuit-breaker.js";

/**
 * The quirks the recordings of tests/fixtures/providers do not cover one by one: the shapes ollama/ollama#15457 and
 * vercel/ai#14722 report (reused indexes, arguments before the name), and the circuit breaker's states.
 */
describe("tool-call fragments", () => {
  it("Ollama: two calls both at index 0, each with its own id and whole arguments, stay two calls", () => {
    const calls = new ToolCallAssembler();
    calls.add({ index: 0, id: "call_a", function: { name: "file_write", arguments: '{"filePath":"hello.py"}' } });
    calls.add({ index: 0, id: "call_b", function: { name: "file_write", arguments: '{"filePath":"world.py"}' } });
    expect(calls.calls().map((c) => [c.id, c.function.arguments])).toEqual([
      ["call_a", '{"filePath":"hello.py"}'],
      ["call_b", '{"filePath":"world.py"}'],
    ]);
  });

  it("arguments before the name, and a name repeated on every fragment, make one well-named call", () => {
    const calls = new ToolCallAssembler();
    calls.add({ index: 0, id: "call_123", function: { arguments: '{"command": ' } });
    calls.add({ index: 0, function: { name: "bash", arguments: '"ls -la"}' } });
    calls.add({ index: 0, function: { name: "bash", arguments: "" } });
    expect(calls.calls()).toEqual([
      { id: "call_123", type: "function", function: { name: "bash", arguments: '{"command": "ls -la"}' } },
    ]);
  });

  it("index-less fragments: a new id starts a call, none continues the last", () => {
    const calls = new ToolCallAssembler();
    calls.add({ id: "a", function: { name: "read", arguments: '{"p":' } });
    calls.add({ function: { arguments: "1}" } });
    calls.add({ id: "b", function: { name: "read", arguments: '{"p":2}' } });
    expect(calls.calls().map((c) => c.function.arguments)).toEqual(['{"p":1}', '{"p":2}']);
  });
});

describe("finish reasons and usage", () => {
  it("reads eos as stop, a tool answer's stop or missing reason as tool_calls, and keeps the rest", () => {
    expect(finishReasonOf("eos", 0)).toBe("stop");
    expect(finishReasonOf(null, 0)).toBe("stop");
    expect(finishReasonOf("", 0)).toBe("stop");
    expect(finishReasonOf("stop", 2)).toBe("tool_calls");
    expect(finishReasonOf(undefined, 1)).toBe("tool_calls");
    expect(finishReasonOf("length", 0)).toBe("length");
  });

  it("takes usage from x_groq when a chunk has none of its own", () => {
    expect(usageOf({ x_groq: { usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } } })).toMatchObject({
      prompt_tokens: 5,
      completion_tokens: 2,
    });
    expect(usageOf({ usage: null })).toBeNull();
  });
});

describe("errors inside a stream", () => {
  it("vLLM: a chunk of object error is an error with its message; any other chunk is none", () => {
    expect(streamErrorOf({ object: "error", message: "The model ran out of KV cache", type: "BadRequestError" })).toBe(
      "The model ran out of KV cache",
    );
    expect(streamErrorOf({ object: "chat.completion.chunk", choices: [] })).toBeNull();
  });
});

describe("the circuit breaker", () => {
  it("opens after the threshold, lets one probe through after the cooldown, and closes on its success", () => {
    const clock = { now: 0 };
    const breakers = new CircuitBreakers({ cooldownMs: 1_000, failureThreshold: 2, now: () => clock.now });
    breakers.failed("m", "server: down");
    expect(breakers.admit("m")).toBe(true);
    breakers.failed("m", "server: down");
    expect(breakers.view("m").state).toBe("open");
    expect(breakers.admit("m")).toBe(false);
    clock.now = 1_001;
    expect(breakers.view("m").state).toBe("half_open");
    expect(breakers.admit("m")).toBe(true);
    // One probe at a time.
    expect(breakers.admit("m")).toBe(false);
    breakers.failed("m", "server: still down");
    expect(breakers.view("m")).toMatchObject({ state: "open", open_until: 2_001, last_failure: "server: still down" });
    clock.now = 2_002;
    expect(breakers.admit("m")).toBe(true);
    breakers.succeeded("m");
    expect(breakers.view("m")).toMatchObject({ state: "closed", failures: 0 });
  });
});
