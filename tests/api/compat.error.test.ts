import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { makeAgentApp, waitFor, type AgentApp } from "../fixtures/agent-harness.js";

const API_KEY = "compat-key";
const envelope = {
  error: {
    message: expect.any(String),
    type: expect.any(String),
    param: expect.toBeOneOf([expect.any(String), null]),
    code: expect.any(String),
  },
};

describe("compatibility routes: errors in the OpenAI envelope", () => {
  let fake: FakeModelServer;
  let t: AgentApp;
  let server: LoopbackServer;
  let baseUrl: string;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeAgentApp(fake, { overrides: { server: { api_key: API_KEY } } });
    server = await serveOnLoopback(t.app.fetch);
    baseUrl = server.baseUrl;
    client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const postRaw = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("refuses a missing API key with 401 authentication_error", async () => {
    const anonymous = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: "wrong", maxRetries: 0 });
    const err = await anonymous.models.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    const res = await fetch(`${baseUrl}/v1/models`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: {
        message: expect.stringMatching(/Bearer/),
        type: "authentication_error",
        param: null,
        code: "unauthorized",
      },
    });
  });

  it("answers a malformed request with 400 invalid_request_error naming the parameter", async () => {
    const res = await postRaw({ model: "caduceus" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual(envelope);
    expect(body.error).toMatchObject({ type: "invalid_request_error", param: "messages", code: "validation_failed" });
    const err = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "assistant", content: "no user turn" }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ param: "messages[0].role" });
  });

  it("answers an unknown X-Hermes-Session-Id with 404", async () => {
    const res = await postRaw(
      { messages: [{ role: "user", content: "hi" }] },
      { "x-hermes-session-id": "ses_missing" },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: "not_found_error", code: "not_found" } });
  });

  it("answers a failed run with 502 in the envelope, still naming the session", async () => {
    fake.enqueue({ status: 500, error: { message: "model down" } });
    const res = await postRaw({ messages: [{ role: "user", content: "fail please" }] });
    expect(res.status).toBe(502);
    expect(res.headers.get("x-hermes-session-id")).toMatch(/^ses_/);
    const body = await res.json();
    expect(body.error).toMatchObject({
      type: "server_error",
      code: "model_error",
      message: expect.stringMatching(/model down/),
    });
    const rows = t.app.services.store.messages.page(res.headers.get("x-hermes-session-id")!, 0, 10);
    expect(rows.map((m) => m.content)).toEqual(["fail please"]);
  });

  it("makes the openai client raise when a streamed run fails", async () => {
    fake.enqueue({ status: 500, error: { message: "stream model down" } });
    const stream = await client.chat.completions.create({
      model: "caduceus",
      stream: true,
      messages: [{ role: "user", content: "stream fail" }],
    });
    const err = await (async () => {
      for await (const _ of stream) {
        /* drain */
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as Error).message).toMatch(/stream model down/);
  });

  it("answers 409 when the session is already running", async () => {
    const id = await t.createSession();
    fake.enqueue({ content: "slow", delay_ms: 400 });
    const first = postRaw({ messages: [{ role: "user", content: "one" }] }, { "x-hermes-session-id": id });
    await waitFor(() => t.app.services.agent.isBusy(id));
    const res = await postRaw({ messages: [{ role: "user", content: "two" }] }, { "x-hermes-session-id": id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", code: "session_busy" } });
    expect((await first).status).toBe(200);
  });

  it("answers 503 model_not_configured in the envelope without a model", async () => {
    const bare = await makeAgentApp(fake, { overrides: { model: { name: null, base_url: null, api_key: null } } });
    try {
      const res = await bare.call("POST", "/v1/chat/completions", { messages: [{ role: "user", content: "hi" }] });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { type: "server_error", code: "model_not_configured" } });
      expect(bare.app.services.store.sessions.list(10, null)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it("answers an unknown compatibility route in the envelope", async () => {
    const res = await fetch(`${baseUrl}/v1/chat/nothing`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: "not_found_error", code: "not_found" } });
  });
});
