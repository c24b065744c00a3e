import OpenAI from "openai";
import { describe, expect } from "vitest";
import { testTools } from "../fixtures/agent-harness.js";
import { serveOnLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { withApp } from "../fixtures/suite.js";

const API_KEY = "compat-approvals-key";

// The operator's policy asks before `add` runs, in every session.
const it = withApp({
  tools: [testTools.add],
  overrides: { server: { api_key: API_KEY }, agent: { approvals: { tools: { add: "ask" } } } },
});

/** The frame Hermes sends in a chat stream when a call waits for a person (the openai client yields it as a chunk). */
type ApprovalFrame = { object: "hermes.approval.request"; run_id: string; request_id: string; choices: string[] };

describe("approvals on a streamed chat completion, driven by the official openai client", () => {
  let server: LoopbackServer;
  let client: OpenAI;

  it.beforeAll(async ({ app }) => {
    server = await serveOnLoopback(app.app.fetch);
    client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: API_KEY, maxRetries: 0 });
  });
  it.afterAll(() => server.close());
  it.beforeEach(({ fake }) => fake.reset());

  it("sends approval.request in the stream, takes the answer at /v1/runs/{chatcmpl id}/approval, and goes on", async ({
    fake,
  }) => {
    fake.enqueue({ tool_calls: [{ id: "call_ap", name: "add", arguments: { a: 40, b: 2 } }] });
    fake.enqueue({ content: "It is 42." });
    const stream = await client.chat.completions.create({
      model: "caduceus",
      stream: true,
      messages: [{ role: "user", content: "What is 40 + 2?" }],
    });
    let text = "";
    let finish: string | null = null;
    const approvals: ApprovalFrame[] = [];
    for await (const chunk of stream) {
      const frame = chunk as unknown as ApprovalFrame | OpenAI.Chat.Completions.ChatCompletionChunk;
      if (frame.object === "hermes.approval.request") {
        approvals.push(frame);
        const answer = await fetch(`${server.baseUrl}/v1/runs/${frame.run_id}/approval`, {
          method: "POST",
          headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ choice: "once", request_id: frame.request_id }),
        });
        expect(answer.status).toBe(200);
        continue;
      }
      // Tool progress frames (hermes.tool.progress) carry no completion choices.
      if (frame.object !== "chat.completion.chunk") continue;
      text += frame.choices[0]?.delta?.content ?? "";
      finish = frame.choices[0]?.finish_reason ?? finish;
      if (approvals.length) expect(frame.id).toBe(approvals[0].run_id);
    }
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      run_id: expect.stringMatching(/^chatcmpl-run_/),
      choices: ["once", "session", "always", "deny"],
    });
    expect(text).toBe("It is 42.");
    expect(finish).toBe("stop");
    // The tool ran once approved: its result reached the model.
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: expect.stringContaining("42"),
    });
  });
});
