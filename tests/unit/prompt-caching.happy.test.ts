import { describe, expect, it } from "vitest";
import { applyPromptCaching } from "../../src/domain/context/prompt-caching.js";
import type { ChatMessage } from "../../src/kernel/chat.js";

const conversation: ChatMessage[] = [
  { role: "system", content: "You are terse." },
  { role: "user", content: "one" },
  { role: "assistant", content: "two" },
  {
    role: "user",
    content: [
      { type: "text", text: "three" },
      { type: "text", text: "four" },
    ],
  },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "t", arguments: "{}" } }],
  },
  { role: "tool", content: "result", tool_call_id: "c1" },
];

function markers(messages: unknown): number {
  return (JSON.stringify(messages).match(/cache_control/g) ?? []).length;
}

describe("applyPromptCaching", () => {
  it("leaves non-Claude models untouched", () => {
    expect(applyPromptCaching(conversation, { model: "gpt-4o", ttl: "5m" })).toEqual(conversation);
    expect(applyPromptCaching(conversation, { model: null, ttl: "5m" })).toEqual(conversation);
  });

  it("marks the system prompt and the last three non-system messages, four markers at most", () => {
    const out = applyPromptCaching(conversation, { model: "anthropic/claude-sonnet-4", ttl: "5m" });
    expect(markers(out)).toBe(4);
    expect(out[0].content).toEqual([{ type: "text", text: "You are terse.", cache_control: { type: "ephemeral" } }]);
    expect(markers(out[1])).toBe(0);
    expect(markers(out[2])).toBe(0);
    // array content: the marker goes on the last part only
    expect(out[3].content).toEqual([
      { type: "text", text: "three" },
      { type: "text", text: "four", cache_control: { type: "ephemeral" } },
    ]);
    // null content: the marker goes on the message
    expect(out[4].cache_control).toEqual({ type: "ephemeral" });
    expect(out[5].content).toEqual([{ type: "text", text: "result", cache_control: { type: "ephemeral" } }]);
  });

  it("adds the 1h ttl when configured and never mutates its input", () => {
    const copy = structuredClone(conversation);
    const out = applyPromptCaching(conversation, { model: "claude-3-5-haiku", ttl: "1h" });
    expect(JSON.stringify(out)).toContain('"ttl":"1h"');
    expect(conversation).toEqual(copy);
  });

  it("marks every message of a short conversation without exceeding the budget", () => {
    const out = applyPromptCaching([{ role: "user", content: "hi" }], { model: "claude-opus-4", ttl: "5m" });
    expect(markers(out)).toBe(1);
  });
});
