import { describe, expect } from "vitest";
import type { ContextEngine, EngineFactoryContext } from "../../src/domain/context/engine.js";
import { append, getJson } from "../fixtures/context-transcript.js";
import { json, type CompressResponse, type GetContextResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

/** The hooks' app names a model but has no server for it; engine selection's talks to the fake model. */
const itHooks = withApp({ model: "none", overrides: { model: { name: "fake-model", context_length: 64_000 } } });
const itSelection = withApp({ model: "context" });

/** The optional lifecycle hooks of a session's engine (SPEC §5.1) follow the session's life through the API. */

type Heard = { hook: string; sessionId: string; detail: unknown };

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
    onSessionStart: (sessionId, info) =>
      void heard.push({ hook: "start", sessionId, detail: { model: info.model, contextLength: info.contextLength } }),
    updateModel: (model, contextLength) =>
      void heard.push({ hook: "model", sessionId: context.sessionId, detail: { model, contextLength } }),
    onSessionEnd: (sessionId, messages) => {
      if (options.failOnEnd) throw new Error("could not flush the engine's notes");
      heard.push({ hook: "end", sessionId, detail: messages.map((m) => m.content) });
    },
  });
}

describe("engine lifecycle hooks", () => {
  itHooks.beforeAll(({ app }) => {
    app.app.services.engines.register("recorder", recordingEngine("recorder"));
    app.app.services.engines.register("failing-end", recordingEngine("failing-end", { failOnEnd: true }));
  });

  itHooks(
    "calls onSessionStart on create, updateModel on a model change, onSessionEnd with the context on delete",
    async ({ app: t }) => {
      const id = await createSessionId(t, { system_prompt: "sys", config: { engine: "recorder" } });
      expect(heard.filter((h) => h.sessionId === id)).toEqual([
        { hook: "start", sessionId: id, detail: { model: "fake-model", contextLength: 64_000 } },
      ]);

      expect((await t.call("PATCH", `/v1/sessions/${id}`, { title: "renamed" })).status).toBe(200);
      expect(heard.filter((h) => h.sessionId === id && h.hook === "model")).toEqual([]);
      expect((await t.call("PATCH", `/v1/sessions/${id}`, { model: "gpt-4o" })).status).toBe(200);
      expect(heard.filter((h) => h.sessionId === id && h.hook === "model")).toEqual([
        { hook: "model", sessionId: id, detail: { model: "gpt-4o", contextLength: 128_000 } },
      ]);

      await append(t, id, [
        { role: "user", content: "remember the blue door" },
        { role: "assistant", content: "noted" },
      ]);
      expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
      expect(heard.filter((h) => h.sessionId === id && h.hook === "end")).toEqual([
        { hook: "end", sessionId: id, detail: ["sys", "remember the blue door", "noted"] },
      ]);
    },
  );

  itHooks("deletes the session even when the engine's onSessionEnd fails", async ({ app: t }) => {
    const id = await createSessionId(t, { config: { engine: "failing-end" } });
    expect((await t.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect((await t.call("GET", `/v1/sessions/${id}`)).status).toBe(404);
  });
});

describe("engine selection", () => {
  itSelection(
    "never activates a registered engine unless a session names it; a programmatic engine works like a plugin",
    async ({ app: t, fake }) => {
      t.app.services.engines.register("keep-last-four", (context) => ({
        name: "keep-last-four",
        last_prompt_tokens: 0,
        last_completion_tokens: 0,
        last_total_tokens: 0,
        threshold_tokens: context.thresholdTokens,
        context_length: context.contextLength,
        compression_count: context.compressionCount,
        updateFromResponse() {},
        shouldCompress: (tokens?: number) => (tokens ?? 0) >= context.thresholdTokens,
        compress: async (messages) => [
          ...messages.filter((m) => m.seq === undefined),
          ...messages.filter((m) => m.seq !== undefined).slice(-4),
        ],
      }));
      const plain = await createSessionId(t);
      expect((await getJson<GetContextResponse>(t, `/v1/sessions/${plain}/context`)).engine).toBe("compressor");
      const custom = await createSessionId(t, { config: { engine: "keep-last-four" } });
      await append(
        t,
        custom,
        Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `line ${i}` })),
      );
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${custom}/compress`, {}));
      expect(out).toMatchObject({ compressed: true, messages_compacted: 6, summary: null });
      const context = await getJson<GetContextResponse>(t, `/v1/sessions/${custom}/context`);
      expect(context.messages.map((m) => m.content)).toEqual(["line 6", "line 7", "line 8", "line 9"]);
      expect(context.engine).toBe("keep-last-four");
      expect(fake.completions).toHaveLength(0);
    },
  );
});
