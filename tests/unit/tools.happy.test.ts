import { describe, expect, it } from "vitest";
import { SessionTools } from "../../src/domain/agent/tool-registry.js";
import { call, record, seen, session, shadow, soft } from "../fixtures/tools.js";

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

  it("tells the model in words when a tool answers nothing, so the call never reads as not run", async () => {
    const blank = { ...record, name: "blank", execute: async () => ({ content: "  " }) };
    const failing = { ...record, name: "failing", execute: async () => ({ content: "", is_error: true }) };
    const quiet = new SessionTools([blank, failing]);
    expect(await quiet.execute(call("blank", "{}"), { session, runId: null })).toEqual({
      content: "(blank returned no content)",
    });
    expect(await quiet.execute(call("failing", "{}"), { session, runId: null })).toEqual({
      content: "Error: the tool failed without saying why",
      is_error: true,
    });
  });

  it("reads empty arguments as an empty object", async () => {
    seen.length = 0;
    await tools.execute(call("record", ""), { session, runId: null });
    expect(seen).toEqual([{}]);
  });
});
