/**
 * @module
 * An `Idempotency-Key` retry after the server was killed mid-run (SPEC §2, §4.1): the key is committed with the run
 * and its user message, so the retry answers with the run as stored — never a second user message, never a second
 * model call. Exercised against the built server process, killed with SIGKILL, over a real SQLite file.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readSse, waitFor } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { json } from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

/** Long enough that the server is always killed while it waits for the model. */
const SLOW_REPLY_MS = 30_000;
const MODEL_REQUEST_TIMEOUT_MS = 10_000;

type RunSummary = { id: string; status: string; error: string | null };
type PublicMessage = { id: string; role: string; content: unknown };
type RunAnswer = { messages: PublicMessage[]; run: RunSummary };
type Problem = { code: string; status: number };
type OpenAiError = { error: { code: string; type: string } };

describe("Idempotency-Key retry after the server was killed mid-run", () => {
  let fake: FakeModelServer;
  let dir: string;
  let dbPath: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    fake = await startFakeModel();
    dir = tempDir("caduceus-e2e-idempotency-");
    dbPath = join(dir, "caduceus.db");
  });
  afterEach(async () => {
    await server?.stop("SIGKILL");
    server = null;
    fake.reset();
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (): Promise<ServerProcess> => {
    server = await startServerProcess({
      CADUCEUS_DB: dbPath,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "k",
      CADUCEUS_MODEL: "fake-model",
      CADUCEUS_LOG_LEVEL: "info",
    });
    return server;
  };
  /** Kills the server the way a crash would: no shutdown hook runs, the run stays `running` in SQLite. */
  const crash = async (running: ServerProcess): Promise<void> => {
    await running.stop("SIGKILL");
    expect(running.child.signalCode).toBe("SIGKILL");
    server = null;
  };
  const post = (target: ServerProcess, path: string, body: unknown, key: string): Promise<Response> =>
    fetch(`${target.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    });
  /** Reads the database file directly, beside (or after) the server. */
  const sql = <T>(query: string, ...params: unknown[]): T[] => {
    const db = new Database(dbPath, { fileMustExist: true });
    try {
      return db.prepare(query).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  const userMessages = (sessionId: string) =>
    sql<{ id: string; content_json: string; run_id: string }>(
      "select id, content_json, run_id from messages where session_id = ? and role = 'user'",
      sessionId,
    );
  const keyRow = (key: string) =>
    sql<{ run_id: string | null; status: number | null; body: string | null }>(
      "select run_id, status, body from idempotency_keys where key = ?",
      key,
    )[0];

  it("answers the retry with the interrupted run from SQLite, and neither appends nor calls the model again", async () => {
    const first = await start();
    const sessionId = await createSessionId(first);
    const path = `/v1/sessions/${sessionId}/messages`;
    const body = { content: "transfer 100 EUR to Bob, exactly once" };
    fake.respondWith(() => ({ content: "never sent", delay_ms: SLOW_REPLY_MS }));
    const cut = post(first, path, body, "k1").catch(() => null);
    await waitFor(() => fake.completions.length === 1, MODEL_REQUEST_TIMEOUT_MS);

    // Before any answer, the key is committed with the run and its user message.
    const [stored] = userMessages(sessionId);
    expect(keyRow("k1")).toEqual({ run_id: stored.run_id, status: null, body: null });
    // The same process still refuses a retry while the run goes on.
    const early = await post(first, path, body, "k1");
    expect(early.status).toBe(409);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(((await early.json()) as Problem).code).toBe("idempotency_key_in_flight");

    await crash(first);
    expect(await cut).toBeNull();
    fake.reset();
    const second = await start();

    const conflict = await post(second, path, { content: "transfer 900 EUR to Bob" }, "k1");
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as Problem).code).toBe("idempotency_key_conflict");
    expect(userMessages(sessionId)).toHaveLength(1);

    const retry = await post(second, path, body, "k1");
    expect(retry.status, second.output()).toBe(200);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    const answer = (await retry.json()) as RunAnswer;
    expect(answer.run).toMatchObject({ id: stored.run_id, status: "interrupted" });
    expect(answer.messages).toEqual([expect.objectContaining({ id: stored.id, role: "user", content: body.content })]);

    // The replayed answer is now the key's stored response: the next retry gets the same body.
    expect(keyRow("k1")).toMatchObject({ run_id: stored.run_id, status: 200 });
    const again = await post(second, path, body, "k1");
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(await json<RunAnswer>(again)).toEqual(answer);

    const transcript = (await (await fetch(`${second.baseUrl}${path}`)).json()) as { data: PublicMessage[] };
    expect(transcript.data.filter((m) => m.role === "user").map((m) => m.content)).toEqual([body.content]);
    expect(userMessages(sessionId)).toHaveLength(1);
    expect(sql("select id from runs where session_id = ?", sessionId)).toHaveLength(1);
    expect(fake.completions).toHaveLength(0);
  });

  it("replays the cut run even when the server comes back without a model: the answer is stored, not run", async () => {
    const first = await start();
    const sessionId = await createSessionId(first);
    const path = `/v1/sessions/${sessionId}/messages`;
    const body = { content: "archive the project, once" };
    fake.respondWith(() => ({ content: "never sent", delay_ms: SLOW_REPLY_MS }));
    const cut = post(first, path, body, "k-no-model").catch(() => null);
    await waitFor(() => fake.completions.length === 1, MODEL_REQUEST_TIMEOUT_MS);
    await crash(first);
    expect(await cut).toBeNull();
    fake.reset();

    server = await startServerProcess({ CADUCEUS_DB: dbPath, CADUCEUS_MODEL_PROVIDER: "openai" });
    const retry = await post(server, path, body, "k-no-model");
    expect(retry.status, server.output()).toBe(200);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(((await retry.json()) as RunAnswer).run.status).toBe("interrupted");
    // A new request on the same session still needs a model.
    const fresh = await post(server, path, { content: "something new" }, "k-other");
    expect(fresh.status).toBe(503);
    expect(((await fresh.json()) as Problem).code).toBe("model_not_configured");
    expect(userMessages(sessionId)).toHaveLength(1);
    expect(fake.completions).toHaveLength(0);
  });

  it("replays a streamed run and an OpenAI-compatible one from their rows after the crash", async () => {
    const first = await start();
    const sessionId = await createSessionId(first);
    const path = `/v1/sessions/${sessionId}/messages`;
    const streamBody = { content: "stream me an answer, once", stream: true };
    const chatBody = {
      model: "fake-model",
      messages: [
        { role: "system", content: "You are the bank's assistant." },
        { role: "user", content: "close my savings account, once" },
      ],
    };
    fake.respondWith(() => ({ content: "never sent", delay_ms: SLOW_REPLY_MS }));
    const stream = await post(first, path, streamBody, "k-stream");
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    await waitFor(() => fake.completions.length === 1, MODEL_REQUEST_TIMEOUT_MS);
    // The stream's handler has returned; its run, still running in SQLite, keeps the key in flight.
    const early = await post(first, path, streamBody, "k-stream");
    expect(early.status).toBe(409);
    expect(((await early.json()) as Problem).code).toBe("idempotency_key_in_flight");
    const chat = post(first, "/v1/chat/completions", chatBody, "k-chat").catch(() => null);
    await waitFor(() => fake.completions.length === 2, MODEL_REQUEST_TIMEOUT_MS);

    await crash(first);
    await stream.body?.cancel().catch(() => undefined);
    await chat;
    fake.reset();
    const second = await start();

    const replayedStream = await post(second, path, streamBody, "k-stream");
    expect(replayedStream.status, second.output()).toBe(200);
    expect(replayedStream.headers.get("idempotency-replayed")).toBe("true");
    const frames = (await readSse(replayedStream, (frame) => frame.event === "done")).filter((f) => f.event);
    expect(frames.map((f) => f.event)).toEqual(["message.created", "run.failed", "done"]);
    const created = JSON.parse(frames[0].data) as { message: PublicMessage };
    expect(created.message).toMatchObject({ role: "user", content: streamBody.content });
    expect((JSON.parse(frames[2].data) as { run: RunSummary }).run).toMatchObject({ status: "interrupted" });
    expect(userMessages(sessionId)).toHaveLength(1);

    // The run was cut, so the OpenAI shape of its outcome is the error a live request gets for it.
    const replayedChat = await post(second, "/v1/chat/completions", chatBody, "k-chat");
    expect(replayedChat.status, second.output()).toBe(502);
    expect(replayedChat.headers.get("idempotency-replayed")).toBe("true");
    // Cut by the restart, not failed by the model: Hermes's agent_incomplete, with the run it names.
    expect(((await replayedChat.json()) as OpenAiError).error.code).toBe("agent_incomplete");
    const chatSession = replayedChat.headers.get("x-hermes-session-id");
    expect(chatSession).toMatch(/^ses_/);
    const chatUserMessages = userMessages(chatSession!).map((m) => JSON.parse(m.content_json) as unknown);
    expect(chatUserMessages).toEqual([chatBody.messages[1].content]);

    const otherChat = {
      ...chatBody,
      messages: [chatBody.messages[0], { role: "user", content: "close all accounts" }],
    };
    const conflict = await post(second, "/v1/chat/completions", otherChat, "k-chat");
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as OpenAiError).error.code).toBe("idempotency_key_conflict");
    expect(userMessages(chatSession!)).toHaveLength(1);
    expect(fake.completions).toHaveLength(0);
  });

  it("still replays an answered run as it was sent, in the same process and after a restart", async () => {
    const first = await start();
    const sessionId = await createSessionId(first);
    const path = `/v1/sessions/${sessionId}/messages`;
    const body = { content: "what is my balance?" };
    fake.enqueue({ content: "Your balance is 42 EUR." });
    const answered = await post(first, path, body, "k-normal");
    expect(answered.status).toBe(200);
    expect(answered.headers.get("idempotency-replayed")).toBeNull();
    const answer = (await answered.json()) as RunAnswer;
    expect(answer.run.status).toBe("completed");
    expect(keyRow("k-normal")).toMatchObject({ run_id: answer.run.id, status: 200 });

    const replay = await post(first, path, body, "k-normal");
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(await json<RunAnswer>(replay)).toEqual(answer);

    await crash(first);
    const second = await start();
    const afterRestart = await post(second, path, body, "k-normal");
    expect(afterRestart.headers.get("idempotency-replayed")).toBe("true");
    expect(await json<RunAnswer>(afterRestart)).toEqual(answer);
    expect(userMessages(sessionId)).toHaveLength(1);
    expect(fake.completions).toHaveLength(1);
  });
});
