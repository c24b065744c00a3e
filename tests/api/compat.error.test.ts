import OpenAI from "openai";
import { describe, expect } from "vitest";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { makeAgentApp, waitFor } from "../fixtures/agent-harness.js";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const API_KEY = "compat-key";
const it = withApp({ overrides: { server: { api_key: API_KEY } } });
const envelope = {
  error: {
    message: expect.any(String),
    type: expect.any(String),
    param: expect.toBeOneOf([expect.any(String), null]),
    code: expect.any(String),
  },
};

describe("compatibility routes: errors in the OpenAI envelope", () => {
  let server: LoopbackServer;
  let baseUrl: string;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    baseUrl = server.baseUrl;
    client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  const postRaw = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("refuses a missing API key with 401, named gateway_auth_failed as Hermes names it", async () => {
    const anonymous = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: "wrong", maxRetries: 0 });
    const err = await anonymous.models.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    const res = await fetch(`${baseUrl}/v1/models`);
    expect(res.status).toBe(401);
    expect(await json<OpenAIErrorResponse>(res)).toEqual({
      error: {
        message: expect.stringMatching(/Bearer/),
        type: "gateway_auth_error",
        param: null,
        code: "gateway_auth_failed",
      },
    });
  });

  it("answers a malformed request with 400 invalid_request_error naming the parameter", async () => {
    const res = await postRaw({ model: "caduceus" });
    expect(res.status).toBe(400);
    const body = await json<OpenAIErrorResponse>(res);
    expect(body).toEqual(envelope);
    expect(body.error).toMatchObject({ type: "invalid_request_error", param: "messages", code: "validation_failed" });
    const err = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "assistant", content: "no user turn" }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ param: "messages[0].role" });
  });

  it("refuses an X-Hermes-Session-Id that is not path-safe with 400, naming the header", async () => {
    const res = await postRaw({ messages: [{ role: "user", content: "hi" }] }, { "x-hermes-session-id": "../etc" });
    expect(res.status).toBe(400);
    expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
      error: { type: "invalid_request_error", param: expect.stringContaining("x-hermes-session-id") },
    });
  });

  it("answers a failed run with 502 agent_incomplete as Hermes does, still naming the session", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ status: 500, error: { message: "model down" } });
    const res = await postRaw({ messages: [{ role: "user", content: "fail please" }] });
    expect(res.status).toBe(502);
    expect(res.headers.get("x-hermes-session-id")).toMatch(/^ses_/);
    expect(res.headers.get("x-hermes-completed")).toBe("false");
    expect(res.headers.get("x-hermes-partial")).toBe("false");
    const body = await json<OpenAIErrorResponse>(res);
    expect(body.error).toMatchObject({
      type: "server_error",
      code: "agent_incomplete",
      message: expect.stringMatching(/model down/),
      hermes: { completed: false, partial: false, failed: true, run_id: res.headers.get("x-run-id"), status: "failed" },
    });
    const rows = await t.app.services.store.messages.page(res.headers.get("x-hermes-session-id")!, 0, 10);
    expect(rows.map((m) => m.content)).toEqual(["fail please"]);
  });

  it("makes the openai client raise when a streamed run fails", async ({ fake }) => {
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

  it("answers 409 when the session is already running", async ({ app: t, fake }) => {
    const id = await t.createSession();
    let answer!: () => void;
    fake.enqueue({ content: "slow", until: new Promise<void>((resolve) => (answer = resolve)) });
    const first = postRaw({ messages: [{ role: "user", content: "one" }] }, { "x-hermes-session-id": id });
    try {
      await waitFor(() => t.app.services.agent.isBusy(id));
      const res = await postRaw({ messages: [{ role: "user", content: "two" }] }, { "x-hermes-session-id": id });
      expect(res.status).toBe(409);
      expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
        error: { type: "invalid_request_error", code: "session_busy" },
      });
    } finally {
      answer();
    }
    expect((await first).status).toBe(200);
  });

  it("answers 503 model_not_configured in the envelope without a model", async ({ fake }) => {
    const bare = await makeAgentApp(fake, {
      overrides: { model: { provider: "openai", name: null, base_url: null, api_key: null } },
    });
    try {
      const res = await bare.call("POST", "/v1/chat/completions", { messages: [{ role: "user", content: "hi" }] });
      expect(res.status).toBe(503);
      expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
        error: { type: "server_error", code: "model_not_configured" },
      });
      expect(await bare.app.services.store.sessions.list(10, null)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it("answers an unknown compatibility route in the envelope", async () => {
    const res = await fetch(`${baseUrl}/v1/chat/nothing`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(404);
    expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
      error: { type: "not_found_error", code: "not_found" },
    });
  });
});
