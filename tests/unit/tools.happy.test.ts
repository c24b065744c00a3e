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

  it("offers each name once, the first provider's tool winning", async () => {
    expect(tools.names).toEqual(["record", "soft"]);
    expect(tools.schemas()[0]).toEqual({
      type: "function",
      function: { name: "record", description: "records its arguments", parameters: record.parameters },
    });
    expect(await tools.execute(call("record", "{}"), { session, runId: null })).toEqual({ content: "recorded" });
  });

  it("reads empty arguments as an empty object", async () => {
    seen.length = 0;
    await tools.execute(call("record", ""), { session, runId: null });
    expect(seen).toEqual([{}]);
  });
});
