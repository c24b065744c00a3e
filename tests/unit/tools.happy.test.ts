import { describe, expect, it } from "vitest";
import { SessionTools } from "../../src/domain/agent/tool-registry.js";
import type { ToolDefinition } from "../../src/domain/agent/tools.js";
import { EventFeed } from "../../src/domain/events/feed.js";
import { formatSseFrame } from "../../src/http/sse.js";
import type { SessionRecord } from "../../src/db/records.js";

const session = { id: "ses_x" } as SessionRecord;
const call = (name: string, args: string) => ({ id: "c1", type: "function" as const, function: { name, arguments: args } });

const seen: Array<Record<string, unknown>> = [];
const record: ToolDefinition = {
  name: "record",
  description: "records its arguments",
  parameters: { type: "object", properties: {} },
  execute: async (args) => {
    seen.push(args);
    return { content: "recorded" };
  },
};
const soft: ToolDefinition = { ...record, name: "soft", execute: async () => ({ content: "file not found", is_error: true }) };
const shadow: ToolDefinition = { ...record, description: "a second tool with the same name", execute: async () => ({ content: "shadow" }) };

describe("SessionTools", () => {
  const tools = new SessionTools([record, soft, shadow]);

  it("offers each name once, the first provider's tool winning", async () => {
    expect(tools.names).toEqual(["record", "soft"]);
    expect(tools.schemas()[0]).toEqual({ type: "function", function: { name: "record", description: "records its arguments", parameters: record.parameters } });
    expect(await tools.execute(call("record", "{}"), { session, runId: null })).toEqual({ content: "recorded" });
  });

  it("reads empty arguments as an empty object", async () => {
    seen.length = 0;
    await tools.execute(call("record", ""), { session, runId: null });
    expect(seen).toEqual([{}]);
  });

  it("turns bad calls into error results instead of throwing", async () => {
    expect(await tools.execute(call("nope", "{}"), { session, runId: null })).toEqual({
      content: 'Error: unknown tool "nope". Available tools: record, soft.',
      is_error: true,
    });
    const array = await tools.execute(call("record", "[1,2]"), { session, runId: null });
    expect(array).toMatchObject({ is_error: true, content: expect.stringMatching(/not a valid JSON object \(expected an object\)/) });
    const soft = await tools.execute(call("soft", "{}"), { session, runId: null });
    expect(soft).toEqual({ content: "Error: file not found", is_error: true });
  });
});

describe("SSE frames and feeds", () => {
  it("formats every data line and the id", () => {
    expect(formatSseFrame({ event: "message.delta", id: 7, data: "a\nb" })).toBe("event: message.delta\nid: 7\ndata: a\ndata: b\n\n");
    expect(formatSseFrame({ data: "[DONE]" })).toBe("data: [DONE]\n\n");
  });

  it("delivers pushed items in order, ends after draining, and drops everything once cancelled", async () => {
    const feed = new EventFeed();
    feed.push({ type: "a", data: 1 });
    feed.push({ type: "b", data: 2 });
    feed.end();
    feed.push({ type: "late", data: 3 });
    const got: string[] = [];
    for await (const item of feed) got.push(item.type);
    expect(got).toEqual(["a", "b"]);

    const cancelled = new EventFeed();
    let told = false;
    cancelled.onCancel(() => (told = true));
    cancelled.push({ type: "x", data: null });
    cancelled.cancel();
    const rest: string[] = [];
    for await (const item of cancelled) rest.push(item.type);
    expect(rest).toEqual([]);
    expect(told).toBe(true);
  });
});
