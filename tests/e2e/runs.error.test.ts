import { join } from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.js";
import { createSqliteStore } from "../../src/db/sqlite-store.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { waitFor } from "../fixtures/agent-harness.js";
import { json, type CreateSessionResponse, type PostMessageRunResponse } from "../fixtures/responses.js";
import { startServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

describe("run lifecycle across the server process", () => {
  let fake: FakeModelServer;
  let dir: string;
  let dbPath: string;
  beforeAll(async () => {
    fake = await startFakeModel();
    dir = tempDir("caduceus-e2e-agent-");
    dbPath = join(dir, "caduceus.db");
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The server process's replica id: the runs these tests leave behind are recorded under it. */
  const REPLICA_ID = "e2e-replica";
  const env = () => ({
    CADUCEUS_DB: dbPath,
    CADUCEUS_REPLICA_ID: REPLICA_ID,
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "k",
    CADUCEUS_MODEL: "fake-model",
    CADUCEUS_LOG_LEVEL: "info",
  });

  it("marks a run left running by a previous process interrupted when the server starts", async () => {
    const store = createSqliteStore(openDatabase(dbPath));
    await store.sessions.create({
      id: "ses_leftover",
      title: null,
      model: null,
      system_prompt: null,
      system_prompt_tokens: 0,
      config: {},
      now: Date.now(),
    });
    await store.runs.create({
      id: "run_leftover",
      session_id: "ses_leftover",
      model: "fake-model",
      background: false,
      client_tools: [],
      replica_id: REPLICA_ID,
      now: Date.now(),
    });
    await store.close();

    const server = await startServerProcess(env());
    try {
      const check = createSqliteStore(openDatabase(dbPath));
      expect(await check.runs.get("run_leftover"), server.output()).toMatchObject({ status: "interrupted" });
      await check.close();
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("answers the open tool calls of a run a crashed process left, so the next run sends well-formed pairs", async () => {
    const store = createSqliteStore(openDatabase(dbPath));
    const now = Date.now();
    await store.sessions.create({
      id: "ses_crashed",
      title: null,
      model: null,
      system_prompt: null,
      system_prompt_tokens: 0,
      config: {},
      now,
    });
    await store.runs.create({
      id: "run_crashed",
      session_id: "ses_crashed",
      model: "fake-model",
      background: false,
      client_tools: [],
      replica_id: REPLICA_ID,
      now,
    });
    const call = {
      id: "call_open",
      type: "function" as const,
      function: { name: "session_search", arguments: '{"query":"x"}' },
    };
    await store.messages.append(
      "ses_crashed",
      [
        {
          id: "msg_crash_1",
          role: "user",
          content: "search for me",
          tokens: 5,
          search_text: "search for me",
          run_id: "run_crashed",
        },
        {
          id: "msg_crash_2",
          role: "assistant",
          content: null,
          tool_calls: [call],
          tokens: 9,
          search_text: "session_search",
          run_id: "run_crashed",
        },
      ],
      now,
    );
    await store.close();

    const server = await startServerProcess(env());
    try {
      fake.reset();
      const res = await fetch(`${server.baseUrl}/v1/sessions/ses_crashed/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content: "try again" }),
      });
      expect(res.status, server.output()).toBe(200);
      expect((await json<PostMessageRunResponse>(res)).run.status).toBe("completed");
      const sent = fake.completions[0].body.messages;
      const callAt = sent.findIndex((m) => m.tool_calls?.[0]?.id === "call_open");
      expect(sent[callAt + 1]).toMatchObject({
        role: "tool",
        tool_call_id: "call_open",
        content: expect.stringMatching(/interrupted/),
      });
      expect(sent.at(-1)).toMatchObject({ role: "user", content: "try again" });
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
      fake.reset();
    }
  });

  it("interrupts a running run on SIGTERM, keeps its user message, and exits 0", async () => {
    const server = await startServerProcess(env());
    const id = await createSessionId(server);
    fake.enqueue({ content: "never sent", delay_ms: 20_000 });
    const pending = fetch(`${server.baseUrl}/v1/sessions/${id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "work until I stop you" }),
    }).then(
      async (res) => await json<PostMessageRunResponse>(res),
      () => null,
    );
    await waitFor(() => fake.completions.length === 1, 10_000);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    const answer = await pending;
    if (answer) expect(answer.run.status).toBe("interrupted");

    const store = createSqliteStore(openDatabase(dbPath));
    const [run] = await store.runs.list(id);
    expect(run).toMatchObject({ status: "interrupted", error: expect.stringMatching(/shutting down/) });
    expect((await store.messages.page(id, 0, 10)).map((m) => m.content)).toEqual(["work until I stop you"]);
    await store.close();
  });

  it("on SIGTERM, open streams and waiting requests get the interrupted outcome before the process exits", async () => {
    const server = await startServerProcess(env());
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const streamed = (await json<CreateSessionResponse>(await post("/v1/sessions", {}))).id;
    const waiting = (await json<CreateSessionResponse>(await post("/v1/sessions", {}))).id;
    fake.reset();
    fake.respondWith(() => ({ content: "never sent", delay_ms: 20_000 }));
    const watcher = await fetch(`${server.baseUrl}/v1/sessions/${streamed}/events`);
    const watched = readToEnd(watcher);
    const stream = readToEnd(
      await post(`/v1/sessions/${streamed}/messages`, { content: "stream until I stop you", stream: true }),
    );
    const answer = post(`/v1/sessions/${waiting}/messages`, { content: "wait until I stop you" }).then(async (res) => ({
      status: res.status,
      body: await json<PostMessageRunResponse>(res),
    }));
    await waitFor(() => fake.completions.length === 2, 10_000);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    fake.respondWith(null);

    const streamText = await stream;
    expect(streamText).toMatch(/event: run\.failed\nid: \d+\ndata: \{"run":\{[^\n]*"status":"interrupted"/);
    expect(streamText).toMatch(/event: done\ndata: \{"run":\{[^\n]*"status":"interrupted"/);
    expect(await watched).toMatch(/event: run\.failed\nid: \d+\ndata: \{"run":\{[^\n]*"status":"interrupted"/);
    expect(await answer).toMatchObject({ status: 200, body: { run: { status: "interrupted" } } });
  });

  it("cancels the run when the HTTP client goes away mid-request", async () => {
    const server = await startServerProcess(env());
    try {
      const id = await createSessionId(server);
      fake.reset();
      fake.enqueue({ content: "too late", delay_ms: 20_000 });
      const controller = new AbortController();
      const pending = fetch(`${server.baseUrl}/v1/sessions/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content: "I will hang up" }),
        signal: controller.signal,
      }).catch(() => null);
      await waitFor(() => fake.completions.length === 1, 10_000);
      controller.abort();
      await pending;
      const store = createSqliteStore(openDatabase(dbPath));
      try {
        const run = await waitFor(async () => (await store.runs.list(id)).find((r) => r.status !== "running"), 10_000);
        expect(run).toMatchObject({ status: "cancelled", error: expect.stringMatching(/client cancelled/) });
        expect((await store.messages.page(id, 0, 10)).map((m) => m.content)).toEqual(["I will hang up"]);
      } finally {
        await store.close();
      }
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });
});

/** The whole body as text, or as much of it as arrived before the connection broke. */
async function readToEnd(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } catch {
    /* the connection was cut: keep what arrived */
  }
  return text;
}
