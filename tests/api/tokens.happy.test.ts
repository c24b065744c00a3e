import { get_encoding } from "tiktoken";
import { afterAll, describe, expect } from "vitest";
import { appendMessage, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

// Russian text splits very differently in the two encodings, so the stored count shows which was used.
const TEXT = "Приветствую вас, как ваши дела сегодня?";

describe("token counts", () => {
  const o200k = get_encoding("o200k_base");
  const cl100k = get_encoding("cl100k_base");
  afterAll(() => {
    o200k.free();
    cl100k.free();
  });

  it("are computed with the encoding of the session's model, o200k_base by default", async ({ app: t }) => {
    expect(o200k.encode(TEXT).length).not.toBe(cl100k.encode(TEXT).length);
    const byDefault = await appendMessage(t, (await createSession(t)).id, { role: "user", content: TEXT });
    const gpt4o = await appendMessage(t, (await createSession(t, { model: "gpt-4o" })).id, {
      role: "user",
      content: TEXT,
    });
    const gpt4 = await appendMessage(t, (await createSession(t, { model: "gpt-4" })).id, {
      role: "user",
      content: TEXT,
    });
    const unknown = await appendMessage(t, (await createSession(t, { model: "my-local-llama" })).id, {
      role: "user",
      content: TEXT,
    });
    // Each message costs its text plus the same fixed framing, whatever the encoding.
    const framing = byDefault.tokens - o200k.encode(TEXT).length;
    expect(framing).toBeGreaterThan(0);
    expect(gpt4o.tokens).toBe(byDefault.tokens);
    expect(unknown.tokens).toBe(byDefault.tokens);
    expect(gpt4.tokens).toBe(cl100k.encode(TEXT).length + framing);
  });

  it("count tool calls and every text part of a multi-part message", async ({ app: t }) => {
    const session = await createSession(t);
    const plain = await appendMessage(t, session.id, { role: "user", content: "describe the page" });
    const parts = await appendMessage(t, session.id, {
      role: "user",
      content: [
        { type: "text", text: "describe the page" },
        { type: "text", text: "and list every link on it, with its target" },
      ],
    });
    expect(parts.tokens).toBeGreaterThan(plain.tokens);
    const withCall = await appendMessage(t, session.id, {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_x",
          type: "function",
          function: {
            name: "browser_navigate",
            arguments: JSON.stringify({ url: "https://example.com/a/long/path?with=query&and=more" }),
          },
        },
      ],
    });
    expect(withCall.tokens).toBeGreaterThan(plain.tokens);
  });
});
