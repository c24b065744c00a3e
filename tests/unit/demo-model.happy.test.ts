import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { DEMO_BASE_URL, DEMO_MODEL_NAME } from "../../src/config/schema.js";
import { buildSummaryRequest, SUMMARY_HEADINGS } from "../../src/domain/context/compressor/summary-request.js";
import type { ContextItem } from "../../src/domain/context/engine.js";
import { demoFetch } from "../../src/domain/llm/demo/model.js";
import { DEMO_NOTICE, demoReply, parseCommand, type DemoMessage } from "../../src/domain/llm/demo/replies.js";
import { demoSummary } from "../../src/domain/llm/demo/summary.js";
import { countTextTokens } from "../../src/domain/shared/tokens.js";

const user = (text: string): DemoMessage => ({ role: "user", text, tool_calls: [], tool_call_id: null });
const called = (id: string, name: string, args: unknown): DemoMessage => ({
  role: "assistant",
  text: "",
  tool_calls: [{ id, name, arguments: JSON.stringify(args) }],
  tool_call_id: null,
});
const result = (id: string, data: unknown): DemoMessage => ({
  role: "tool",
  text: typeof data === "string" ? data : JSON.stringify(data),
  tool_calls: [],
  tool_call_id: id,
});
const BROWSER = new Set(["browser_navigate", "browser_snapshot", "browser_click", "browser_type", "browser_dialog"]);
const OUTLINE = [
  '- heading "Sign up" [level=1] [ref=e1]',
  '- textbox "Email" [ref=e2]',
  '- button "Create account" [ref=e3]',
  '- link "Create account help" [ref=e4]',
].join("\n");

describe("the demo model", () => {
  it("reads the commands a person types, in their words", () => {
    expect(parseCommand("open example.com")).toEqual({ name: "open", url: "https://example.com" });
    expect(parseCommand("Please open http://127.0.0.1:8080/a?b=1.")).toEqual({
      name: "open",
      url: "http://127.0.0.1:8080/a?b=1",
    });
    expect(parseCommand("read the page")).toEqual({ name: "read" });
    expect(parseCommand('click "Create account"')).toEqual({ name: "click", target: "Create account" });
    expect(parseCommand("type ada@example.com into the Email field")).toEqual({
      name: "type",
      text: "ada@example.com",
      field: "Email",
    });
    expect(parseCommand("answer the dialog with Ada")).toEqual({ name: "dialog", answer: "Ada" });
    expect(parseCommand("remember that the deploy is on Friday")).toEqual({
      name: "remember",
      fact: "the deploy is on Friday",
    });
    expect(parseCommand("search for PR #4127")).toEqual({ name: "search", words: "PR #4127" });
    expect(parseCommand("how are you?")).toEqual({ name: "chat", text: "how are you?" });
  });

  it("opens a page, then says what it shows and that a dialog waits, saying it is not an LLM", () => {
    const turn = [user("open http://127.0.0.1:9/x")];
    expect(demoReply(turn, BROWSER)).toEqual({
      kind: "call",
      name: "browser_navigate",
      arguments: { url: "http://127.0.0.1:9/x" },
    });
    const after = [
      ...turn,
      called("c1", "browser_navigate", { url: "http://127.0.0.1:9/x" }),
      result("c1", {
        ok: true,
        url: "http://127.0.0.1:9/x",
        title: "X",
        pending_dialogs: [],
        dialog_opened: { id: "d-1", type: "prompt", message: "Your name?" },
      }),
    ];
    const reply = demoReply(after, BROWSER);
    expect(reply.kind).toBe("say");
    const text = (reply as { text: string }).text;
    expect(text).toContain('The page is http://127.0.0.1:9/x ("X")');
    expect(text).toContain('prompt dialog (d-1) saying "Your name?"');
    expect(text).toContain("answer the dialog with");
    expect(text.endsWith(DEMO_NOTICE)).toBe(true);
    expect(DEMO_NOTICE).toContain("not an LLM");
  });

  it("clicks and types by reading the page first and taking the ref whose name matches", () => {
    const click = [user("click Create account")];
    expect(demoReply(click, BROWSER)).toMatchObject({ kind: "call", name: "browser_snapshot" });
    const read = [...click, called("s1", "browser_snapshot", {}), result("s1", { outline: OUTLINE })];
    // The button named exactly so, not the link that also holds the words.
    expect(demoReply(read, BROWSER)).toEqual({ kind: "call", name: "browser_click", arguments: { ref: "e3" } });
    const typed = [
      user("type ada@example.com into Email"),
      called("s2", "browser_snapshot", {}),
      result("s2", { outline: OUTLINE }),
    ];
    expect(demoReply(typed, BROWSER)).toEqual({
      kind: "call",
      name: "browser_type",
      arguments: { ref: "e2", text: "ada@example.com" },
    });
    const missing = [user("click Delete"), called("s3", "browser_snapshot", {}), result("s3", { outline: OUTLINE })];
    expect((demoReply(missing, BROWSER) as { text: string }).text).toContain('nothing called "Delete"');
  });

  it("answers a dialog, says why a call did not run, and never loops", () => {
    expect(demoReply([user("answer the dialog with Ada")], BROWSER)).toEqual({
      kind: "call",
      name: "browser_dialog",
      arguments: { action: "accept", prompt_text: "Ada" },
    });
    expect(demoReply([user("answer the dialog with cancel")], BROWSER)).toMatchObject({
      arguments: { action: "dismiss" },
    });
    const denied = [
      user("open https://example.com"),
      called("c1", "browser_navigate", { url: "https://example.com" }),
      result("c1", "Error: the user refused to let browser_navigate run. The call did not run."),
    ];
    expect((demoReply(denied, BROWSER) as { text: string }).text).toContain(
      "browser_navigate did not do it: the user refused",
    );
    expect((demoReply([user("open https://example.com")], new Set()) as { text: string }).text).toContain(
      "not offered the browser_navigate tool",
    );
    const many = [user("click Create account")];
    for (let i = 0; i < 4; i++) many.push(called(`s${i}`, "browser_snapshot", {}), result(`s${i}`, { outline: "" }));
    expect(demoReply(many, BROWSER).kind).toBe("say");
  });

  it("writes an extractive summary under every heading, keeping identifiers and the previous summary's lines", () => {
    const turns: ContextItem[] = [
      { role: "user", content: "Open https://example.com/pricing and never click Buy.", seq: 1 },
      {
        role: "assistant",
        content: null,
        seq: 2,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "browser_navigate", arguments: '{"url":"https://example.com/pricing"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: '{"ok":true,"title":"Pricing","sha":"9387ba8c"}', seq: 3 },
    ];
    const [system, request] = buildSummaryRequest({
      turns,
      previousSummary: "## Critical Context\n- Ticket PR #4127 is open",
      focusTopic: null,
      targetTokens: 500,
      leanMode: false,
    });
    const summary = demoSummary(system.content, request.content);
    const headings = [...summary.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([...SUMMARY_HEADINGS]);
    expect(summary).toContain('The user asked: "Open https://example.com/pricing and never click Buy."');
    expect(summary).toContain('- Called browser_navigate {"url":"https://example.com/pricing"} (seq 2)');
    expect(summary).toContain("- Open https://example.com/pricing and never click Buy. (seq 1)");
    expect(summary).toContain("9387ba8c");
    expect(summary).toContain("- Ticket PR #4127 is open");
    expect(summary).toMatch(/## Resolved Questions\nNone/);
  });

  it("serves the OpenAI wire format to the official client, streamed or not, with tiktoken usage", async () => {
    const client = new OpenAI({ baseURL: DEMO_BASE_URL, apiKey: "demo", fetch: demoFetch, maxRetries: 0 });
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual([DEMO_MODEL_NAME]);
    const messages = [{ role: "user" as const, content: "hello there" }];
    const answer = await client.chat.completions.create({ model: DEMO_MODEL_NAME, messages });
    const content = answer.choices[0].message.content!;
    expect(content).toContain('You said: "hello there"');
    expect(answer.usage?.completion_tokens).toBe(countTextTokens(content));
    expect(answer.usage?.prompt_tokens).toBeGreaterThan(countTextTokens("hello there"));
    const stream = await client.chat.completions.create({
      model: DEMO_MODEL_NAME,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let streamed = "";
    let chunks = 0;
    let usage: { completion_tokens: number } | null = null;
    for await (const chunk of stream) {
      chunks++;
      streamed += chunk.choices[0]?.delta.content ?? "";
      if (chunk.usage) usage = chunk.usage;
    }
    expect(streamed).toBe(content);
    expect(chunks).toBeGreaterThan(5);
    expect(usage?.completion_tokens).toBe(countTextTokens(content));
    const tools = [{ type: "function" as const, function: { name: "browser_navigate", parameters: {} } }];
    const open = await client.chat.completions.create({
      model: DEMO_MODEL_NAME,
      messages: [{ role: "user", content: "open example.com" }],
      tools,
    });
    expect(open.choices[0]).toMatchObject({ finish_reason: "tool_calls" });
    expect(open.choices[0].message.tool_calls![0]).toMatchObject({
      type: "function",
      function: { name: "browser_navigate", arguments: '{"url":"https://example.com"}' },
    });
  });

  it("is what answers when nothing names a model, or when asked for, and never otherwise", () => {
    const load = (env: Record<string, string>, overrides = {}) =>
      loadConfig({ env, configPath: null, overrides }).model;
    expect(load({})).toMatchObject({ provider: "demo", base_url: DEMO_BASE_URL, name: DEMO_MODEL_NAME });
    expect(load({ CADUCEUS_MODEL_PROVIDER: "demo", OPENAI_API_KEY: "sk-x" })).toMatchObject({
      provider: "demo",
      api_key: null,
      name: DEMO_MODEL_NAME,
    });
    expect(load({ OPENAI_API_KEY: "sk-x" })).toMatchObject({ provider: "openai", name: "gpt-4o-mini" });
    expect(load({ CADUCEUS_MODEL_PROVIDER: "openai" })).toMatchObject({ provider: "openai", base_url: null });
    expect(() => load({ CADUCEUS_MODEL_PROVIDER: "anthropic" })).toThrow(/CADUCEUS_MODEL_PROVIDER/);
  });
});
