import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, tempDir, type TestApp } from "../fixtures/test-app.js";
import { append, filler, getJson, modelConfig, toolRound, type SeedMessage } from "../fixtures/context-transcript.js";
import {
  json,
  type CompressResponse,
  type ContextMessage,
  type GetContextResponse,
  type GetSessionResponse,
  type ListMessagesResponse,
  type SearchMessagesResponse,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";

/**
 * One contract, every engine: the built-in compressor and the example plugin shipped in
 * examples/, loaded the way a user installs it (copied into context.plugins_dir).
 */

const EXAMPLE_PLUGIN = join(process.cwd(), "examples", "context-engine-observation-masking");

type EngineCase = { engine: string; setup: (fake: FakeModelServer) => Promise<TestApp> };

const ENGINES: EngineCase[] = [
  { engine: "compressor", setup: (fake) => makeTestApp(modelConfig(fake.baseUrl)) },
  {
    engine: "observation-masking",
    setup: (fake) => {
      const pluginsDir = join(tempDir("caduceus-plugins-"), "context_engine");
      mkdirSync(pluginsDir, { recursive: true });
      cpSync(EXAMPLE_PLUGIN, join(pluginsDir, "observation-masking"), { recursive: true });
      return makeTestApp({
        ...modelConfig(fake.baseUrl),
        context: { engine: "observation-masking", plugins_dir: pluginsDir },
      });
    },
  },
];

function textOf(content: unknown): string {
  return typeof content === "string" ? content : JSON.stringify(content ?? "");
}

/** Tool messages answer a call made earlier in the context; calls are answered (the trailing one excepted). */
function assertWellFormed(messages: ContextMessage[]) {
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const m of messages) {
    if (m.role === "tool") {
      expect(calls.has(m.tool_call_id!), `orphan tool result ${m.tool_call_id}`).toBe(true);
      answered.add(m.tool_call_id!);
    }
    for (const call of m.tool_calls ?? []) calls.add(call.id);
  }
  let trailing = messages.length - 1;
  while (trailing >= 0 && messages[trailing].role === "tool") trailing -= 1;
  messages.forEach((m, i) => {
    if (i !== trailing)
      for (const call of m.tool_calls ?? []) expect(answered.has(call.id), `unanswered call ${call.id}`).toBe(true);
  });
}

describe.each(ENGINES)("context engine contract: $engine", ({ engine, setup }) => {
  let fake: FakeModelServer;
  let t: TestApp;
  let id: string;
  let seeded: SeedMessage[];
  let contextBefore: GetContextResponse;

  beforeAll(async () => {
    fake = await startFakeModel();
    fake.respondWith(() => ({ content: "## Goal\nContract summary." }));
    t = await setup(fake);
    id = await createSessionId(t, { system_prompt: "You are the contract assistant." });
    seeded = [];
    for (let i = 0; i < 16; i++) {
      seeded.push(
        ...toolRound(
          `step ${i}`,
          "read_file",
          { path: `src/contract${i}.ts` },
          `CONTRACT-OUTPUT-${i} ${filler(i, 350)}`,
          `looked at ${i}`,
        ),
      );
    }
    seeded.push({ role: "user", content: "FINAL-ASK: what is left?" });
    await append(t, id, seeded);
    contextBefore = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("is the session's engine", async () => {
    expect(contextBefore.engine).toBe(engine);
    expect((await getJson<GetSessionResponse>(t, `/v1/sessions/${id}`)).config.engine).toBe(engine);
  });

  it("leaves the context alone under the threshold", async () => {
    expect(
      await t.app.services.compressionTriggers.afterResponse(id, { prompt_tokens: 100, completion_tokens: 1 }),
    ).toBeNull();
    expect(await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).toEqual(contextBefore);
  });

  it("shrinks the context when compressing, and reports it", async () => {
    const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(res.status).toBe(200);
    const out = await json<CompressResponse>(res);
    expect(out.compressed).toBe(true);
    expect(out.tokens_after).toBeLessThan(out.tokens_before);
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    expect(context.tokens.total).toBe(out.tokens_after);
    expect(context.compression_count).toBe(1);
    expect((await t.app.services.events.replay(id, 0)).map((e) => e.type)).toContain("context.compressed");
  });

  it("keeps every stored row verbatim (lossless)", async () => {
    const page = await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`);
    const originals = page.data.filter((m) => m.kind === "message");
    expect(originals).toHaveLength(seeded.length);
    originals.forEach((m, i: number) => {
      expect(m.role).toBe(seeded[i].role);
      expect(m.content).toEqual(seeded[i].content);
    });
  });

  it("leaves a well-formed context: system prompt first, tool pairs intact, the last ask verbatim", async () => {
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    expect(context.messages[0]).toEqual({ role: "system", content: "You are the contract assistant." });
    assertWellFormed(context.messages);
    expect(context.messages[context.messages.length - 1]).toMatchObject({
      role: "user",
      content: "FINAL-ASK: what is left?",
    });
  });

  it("keeps what it shortened findable", async () => {
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    const shown = context.messages.map((m) => textOf(m.content)).join("\n");
    expect(shown).not.toContain("CONTRACT-OUTPUT-0 ");
    const hits = await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=CONTRACT-OUTPUT-0`);
    expect(hits.data[0]).toMatchObject({ role: "tool", seq: 3 });
  });

  it("offers the model session_search, which reads back what the engine moved out or shortened", async () => {
    const session = await t.app.services.sessions.require(id);
    const tools = await t.app.services.tools.forSession(session);
    expect(tools.schemas().map((schema) => schema.function.name)).toContain("session_search");
    const offered = await Promise.all(t.app.services.toolProviders.map(async (p) => p.toolsFor(session)));
    const search = offered.flat().find((tool) => tool.name === "session_search")!;
    const out = await search.execute({ query: "CONTRACT-OUTPUT-0" }, { session, runId: null });
    expect(out.content).toMatch(/\[seq 3\] tool/);
  });

  it("compresses again without breaking the context", async () => {
    const more: SeedMessage[] = [];
    for (let i = 16; i < 30; i++)
      more.push(
        ...toolRound(
          `step ${i}`,
          "read_file",
          { path: `src/contract${i}.ts` },
          `CONTRACT-OUTPUT-${i} ${filler(i, 350)}`,
          `looked at ${i}`,
        ),
      );
    more.push({ role: "user", content: "FINAL-ASK-2" });
    await append(t, id, more);
    const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(out.compressed).toBe(true);
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    assertWellFormed(context.messages);
    expect(context.compression_count).toBe(2);
    expect(context.messages[context.messages.length - 1].content).toBe("FINAL-ASK-2");
  });
});
