import { describe, expect, it } from "vitest";
import { SessionTools } from "../../src/domain/agent/tool-registry.js";
import type { ToolDefinition } from "../../src/domain/agent/tools.js";
import type { SessionRecord } from "../../src/db/records.js";

const session = { id: "ses_x" } as SessionRecord;
const call = (name: string, args: string) => ({
  id: "c1",
  type: "function" as const,
  function: { name, arguments: args },
});

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
const soft: ToolDefinition = {
  ...record,
  name: "soft",
  execute: async () => ({ content: "file not found", is_error: true }),
};
const shadow: ToolDefinition = {
  ...record,
  description: "a second tool with the same name",
  execute: async () => ({ content: "shadow" }),
};

describe("SessionTools", () => {
  const tools = new SessionTools([record, soft, shadow]);

  it("turns bad calls into error results instead of throwing", async () => {
    expect(await tools.execute(call("nope", "{}"), { session, runId: null })).toEqual({
      content: 'Error: unknown tool "nope". Available tools: record, soft.',
      is_error: true,
    });
    const array = await tools.execute(call("record", "[1,2]"), { session, runId: null });
    expect(array).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/not a valid JSON object \(expected an object\)/),
    });
    const soft = await tools.execute(call("soft", "{}"), { session, runId: null });
    expect(soft).toEqual({ content: "Error: file not found", is_error: true });
  });
});
