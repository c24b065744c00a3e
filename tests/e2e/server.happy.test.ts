import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type {
  CreateSessionResponse,
  GetContextResponse,
  ListMessagesResponse,
  ListSessionsResponse,
  PostMessageAppendedResponse,
  SessionResponse,
} from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

/** One request to the server process; `T` is the type of the body it answers (null when it answers none). */
async function json<T = unknown>(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

describe("the server process", () => {
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  const dbPath = () => {
    const dir = tempDir("caduceus-e2e-");
    dirs.push(dir);
    return join(dir, "data", "caduceus.db");
  };
  const start = async (env: Record<string, string>, args: string[] = []) => {
    const server = await startServerProcess(env, args);
    running.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of running) await server.stop("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("serves session CRUD and messages over HTTP, and exits 0 on SIGTERM", async () => {
    const server = await start({ CADUCEUS_DB: dbPath() });
    expect((await json(server, "GET", "/health")).body).toMatchObject({ status: "ok", platform: "caduceus" });
    // Loopback without a key is allowed, with one warning.
    expect(server.output().match(/no API key set/g)).toHaveLength(1);
    const created = await json<CreateSessionResponse>(server, "POST", "/v1/sessions", {
      title: "e2e",
      system_prompt: "Be brief.",
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const appended = await json<PostMessageAppendedResponse>(server, "POST", `/v1/sessions/${id}/messages`, {
      content: "hello",
      run: false,
    });
    expect(appended.status).toBe(201);
    expect(appended.body.messages[0].seq).toBe(1);
    expect((await json<SessionResponse>(server, "PATCH", `/v1/sessions/${id}`, { title: "renamed" })).body.title).toBe(
      "renamed",
    );
    expect((await json<ListSessionsResponse>(server, "GET", "/v1/sessions")).body.data.map((s) => s.id)).toEqual([id]);
    expect((await json<GetContextResponse>(server, "GET", `/v1/sessions/${id}/context`)).body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "hello" },
    ]);
    const form = await fetch(`${server.baseUrl}/v1/sessions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: '{"title":"x"}',
    });
    expect(form.status).toBe(415);
    expect((await json(server, "DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect((await json(server, "GET", `/v1/sessions/${id}`)).status).toBe(404);

    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down"');
  });

  it("keeps every answered write across kill -9 and a restart on the same database", async () => {
    const path = dbPath();
    const first = await start({ CADUCEUS_DB: path });
    const session = (
      await json<CreateSessionResponse>(first, "POST", "/v1/sessions", { title: "durable", system_prompt: "Remember." })
    ).body;
    const sent = ["one", "two", "three"];
    for (const content of sent)
      expect((await json(first, "POST", `/v1/sessions/${session.id}/messages`, { content, run: false })).status).toBe(
        201,
      );
    expect((await json(first, "POST", "/v1/sessions", { title: "keyed" }, { "idempotency-key": "e2e-1" })).status).toBe(
      201,
    );
    await first.stop("SIGKILL");
    expect(first.child.signalCode).toBe("SIGKILL");

    const second = await start({ CADUCEUS_DB: path });
    const got = (await json<SessionResponse>(second, "GET", `/v1/sessions/${session.id}`)).body;
    expect(got).toMatchObject({ title: "durable", stats: { message_count: 3 } });
    expect(got.stats.context_tokens).toBeGreaterThan(session.stats.context_tokens);
    const transcript = (await json<ListMessagesResponse>(second, "GET", `/v1/sessions/${session.id}/messages`)).body;
    expect(transcript.data.map((m) => [m.seq, m.content])).toEqual(sent.map((c, i) => [i + 1, c]));
    // The idempotency record survived too: the retry is a replay, not a second session.
    const retry = await json(second, "POST", "/v1/sessions", { title: "keyed" }, { "idempotency-key": "e2e-1" });
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect((await json<ListSessionsResponse>(second, "GET", "/v1/sessions")).body.data).toHaveLength(2);
    // And appends continue the dense seq.
    expect(
      (
        await json<PostMessageAppendedResponse>(second, "POST", `/v1/sessions/${session.id}/messages`, {
          content: "four",
          run: false,
        })
      ).body.messages[0].seq,
    ).toBe(4);
    expect(await second.stop("SIGINT")).toBe(0);
  });

  it("requires the API key when one is configured, including over the network interface", async () => {
    const server = await start({ CADUCEUS_DB: dbPath(), CADUCEUS_HOST: "0.0.0.0", CADUCEUS_API_KEY: "sk-e2e-key" });
    const denied = await json(server, "GET", "/v1/sessions");
    expect(denied.status).toBe(401);
    expect(denied.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await json(server, "GET", "/v1/sessions", undefined, { authorization: "Bearer sk-e2e-key" })).status).toBe(
      200,
    );
    expect((await json(server, "GET", "/health")).status).toBe(200);
    expect(server.output()).not.toContain("sk-e2e-key");
  });
});
