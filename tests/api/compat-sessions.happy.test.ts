import OpenAI from "openai";
import { describe, expect } from "vitest";
import type { AgentApp } from "../fixtures/agent-harness.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const API_KEY = "compat-sessions-key";

const it = withApp({ overrides: { server: { api_key: API_KEY } } });

/** Which session a chat completion lands in, with and without X-Hermes-Session-Id, as Hermes clients send them. */
describe("chat-completion sessions", () => {
  let server: LoopbackServer;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  const rows = async (t: AgentApp, id: string) =>
    (await t.app.services.store.messages.page(id, 0, 1000)).map((m) => m.content);

  it("never lets two clients that open with the same words share a history", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Hi, Alice." }, { content: "Hi, Bob." }, { content: "You said your cat is Tom." });
    const alice = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "user", content: "hello there" }] })
      .withResponse();
    await client.chat.completions.create({
      model: "caduceus",
      messages: [
        { role: "user", content: "hello there" },
        { role: "assistant", content: "Hi, Alice." },
        { role: "user", content: "my cat is Tom" },
      ],
    });
    const bob = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "user", content: "hello there" }] })
      .withResponse();
    const aliceSession = alice.response.headers.get("x-hermes-session-id")!;
    const bobSession = bob.response.headers.get("x-hermes-session-id")!;
    expect(bobSession).not.toBe(aliceSession);
    // Bob's model request carried Bob's conversation only.
    expect(fake.completions[2].body.messages).toEqual([{ role: "user", content: "hello there" }]);
    expect(await rows(t, aliceSession)).toEqual(["hello there", "Hi, Alice.", "my cat is Tom", "Hi, Bob."]);
    expect(await rows(t, bobSession)).toEqual(["hello there", "You said your cat is Tom."]);
  });

  it("follows the client's messages when they no longer match what the session holds", async ({ app: t, fake }) => {
    fake.enqueue({ content: "Four." }, { content: "Six." });
    const first = await client.chat.completions
      .create({ model: "caduceus", messages: [{ role: "user", content: "2+2?" }] })
      .withResponse();
    // The client edited the earlier answer: its version is the conversation.
    const edited = await client.chat.completions
      .create({
        model: "caduceus",
        messages: [
          { role: "user", content: "2+2?" },
          { role: "assistant", content: "4" },
          { role: "user", content: "and 3+3?" },
        ],
      })
      .withResponse();
    const session = edited.response.headers.get("x-hermes-session-id")!;
    expect(session).not.toBe(first.response.headers.get("x-hermes-session-id"));
    expect(fake.completions[1].body.messages.map((m) => m.content)).toEqual(["2+2?", "4", "and 3+3?"]);
    expect(await rows(t, session)).toEqual(["2+2?", "4", "and 3+3?", "Six."]);
  });

  it("creates a session under an id it has not seen, and refuses an id that is not path-safe", async ({
    app: t,
    fake,
  }) => {
    fake.enqueue({ content: "Created." }, { content: "Continued." });
    const id = "session-general-stable";
    const first = await client.chat.completions
      .create(
        { model: "caduceus", messages: [{ role: "user", content: "first" }] },
        { headers: { "X-Hermes-Session-Id": id } },
      )
      .withResponse();
    expect(first.response.headers.get("x-hermes-session-id")).toBe(id);
    await client.chat.completions.create(
      { model: "caduceus", messages: [{ role: "user", content: "second" }] },
      { headers: { "X-Hermes-Session-Id": id } },
    );
    expect(await rows(t, id)).toEqual(["first", "Created.", "second", "Continued."]);
    const long = "s".repeat(256);
    fake.enqueue({ content: "Long ids work." });
    await client.chat.completions.create(
      { model: "caduceus", messages: [{ role: "user", content: "long" }] },
      { headers: { "X-Hermes-Session-Id": long } },
    );
    expect((await t.app.services.store.sessions.get(long))?.id).toBe(long);

    for (const bad of ["../x", "a/b", "s".repeat(257), "..", "x..y"]) {
      const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json", "x-hermes-session-id": bad },
        body: JSON.stringify({ model: "caduceus", messages: [{ role: "user", content: "x" }] }),
      });
      expect(res.status, bad).toBe(400);
      expect((await json<OpenAIErrorResponse>(res)).error.type).toBe("invalid_request_error");
      expect(await t.app.services.store.sessions.get(bad)).toBeNull();
    }
  });

  it("makes a session once when requests naming an id it has not seen arrive together", async ({ app: t, fake }) => {
    fake.respondWith(() => ({ content: "Answered.", delay_ms: 100 }));
    const id = `session-race-${Date.now()}`;
    const messages = [
      { role: "user", content: "earlier question" },
      { role: "assistant", content: "earlier answer" },
      { role: "user", content: "now this" },
    ];
    const statuses = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${API_KEY}`,
            "content-type": "application/json",
            "x-hermes-session-id": id,
          },
          body: JSON.stringify({ model: "caduceus", messages }),
        });
        await res.text();
        return res.status;
      }),
    );
    // One made the session and ran; the others found it, and either waited for no run (200) or met the run (409).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(","),
    ).toBe(true);
    const stored = await rows(t, id);
    // The earlier turns were stored once, by the request that made the session.
    expect(stored.filter((content) => content === "earlier question")).toHaveLength(1);
    expect(stored.slice(0, 2)).toEqual(["earlier question", "earlier answer"]);
  });
});

describe("X-Hermes-Session-Key", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("is echoed back, and refused when too long or carrying control characters", async ({ app: t, fake }) => {
    const server = await serveOnLoopback(t.app.fetch);
    try {
      const post = (key: string) =>
        fetch(`${server.baseUrl}/v1/chat/completions`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${API_KEY}`,
            "content-type": "application/json",
            "x-hermes-session-key": key,
          },
          body: JSON.stringify({ model: "caduceus", messages: [{ role: "user", content: "hi" }] }),
        });
      fake.enqueue({ content: "Hello." });
      const ok = await post("agent:main:webui:dm:user-42");
      expect(ok.status).toBe(200);
      expect(ok.headers.get("x-hermes-session-key")).toBe("agent:main:webui:dm:user-42");
      const long = await post("k".repeat(257));
      expect(long.status).toBe(400);
      expect((await json<OpenAIErrorResponse>(long)).error.param).toContain("x-hermes-session-key");
      expect(fake.completions).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
