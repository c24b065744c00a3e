import { describe, expect, it } from "vitest";
import { SessionTools } from "../../src/domain/agent/tool-registry.js";
import { call, record, session, shadow, soft } from "../fixtures/tools.js";

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
