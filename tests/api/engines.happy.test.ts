import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContextEngine, EngineFactoryContext } from "../../src/domain/context/engine.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession } from "../fixtures/context-transcript.js";

/** The optional lifecycle hooks of a session's engine (SPEC §5.1) follow the session's life through the API. */

type Heard = { hook: string; sessionId: string; detail: unknown };

let t: TestApp;
const heard: Heard[] = [];

function recordingEngine(name: string, options: { failOnEnd?: boolean } = {}) {
  return (context: EngineFactoryContext): ContextEngine => ({
    name,
    last_prompt_tokens: 0,
    last_completion_tokens: 0,
    last_total_tokens: 0,
    threshold_tokens: context.thresholdTokens,
    context_length: context.contextLength,
    compression_count: context.compressionCount,
    updateFromResponse() {},
    shouldCompress: () => false,
    compress: async (messages) => messages,
    onSessionStart: (sessionId, info) => void heard.push({ hook: "start", sessionId, detail: { model: info.model, contextLength: info.contextLength } }),
    updateModel: (model, contextLength) => void heard.push({ hook: "model", sessionId: context.sessionId, detail: { model, contextLength } }),
    onSessionEnd: (sessionId, messages) => {
      if (options.failOnEnd) throw new Error("could not flush the engine's notes");
      heard.push({ hook: "end", sessionId, detail: messages.map((m) => m.content) });
    },
  });
}

beforeAll(async () => {
  t = await makeTestApp({ model: { name: "fake-model", context_length: 64_000 } });
  t.app.services.engines.register("recorder", recordingEngine("recorder"));
  t.app.services.engines.register("failing-end", recordingEngine("failing-end", { failOnEnd: true }));
});
afterAll(async () => {
  await t.close();
});

describe("engine lifecycle hooks", () => {
  it("calls onSessionStart on create, updateModel on a model change, onSessionEnd with the context on delete", async () => {
    const id = await createSession(t, { system_prompt: "sys", config: { engine: "recorder" } });
    expect(heard.filter((h) => h.sessionId === id)).toEqual([{ hook: "start", sessionId: id, detail: { model: "fake-model", contextLength: 64_000 } }]);

    expect((await t.call("PATCH", `/v1/sessions/${id}`, { title: "renamed" })).status).toBe(200);
    expect(heard.filter((h) => h.sessionId === id && h.hook === "model")).toEqual([]);
    expect((await t.call("PATCH", `/v1/sessions/${id}`, { model: "gpt-4o" })).status).toBe(200);
    expect(heard.filter((h) => h.sessionId === id && h.hook === "model")).toEqual([{ hook: "model", sessionId: id, detail: { model: "gpt-4o", contextLength: 128_000 } }]);

    await append(t, id, [{ role: "user", content: "remember the blue door" }, { role: "assistant", content: "noted" }]);
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect(heard.filter((h) => h.sessionId === id && h.hook === "end")).toEqual([{ hook: "end", sessionId: id, detail: ["sys", "remember the blue door", "noted"] }]);
  });

  it("deletes the session even when the engine's onSessionEnd fails", async () => {
    const id = await createSession(t, { config: { engine: "failing-end" } });
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect((await t.call("GET", `/v1/sessions/${id}`)).status).toBe(404);
  });
});
