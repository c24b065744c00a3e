import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseToolArgs, toolParameters } from "../../src/domain/shared/tool-args.js";
import { DomainError } from "../../src/kernel/errors.js";
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

describe("a tool's arguments as one zod object", () => {
  const args = z.object({
    url: z.string().describe("Absolute http(s) URL"),
    amount: z.number().min(1).max(10).optional(),
  });

  it("sends the model the schema it parses by: types, bounds, descriptions, what is required, nothing else", () => {
    expect(toolParameters(args)).toEqual({
      type: "object",
      properties: {
        url: { type: "string", description: "Absolute http(s) URL" },
        amount: { type: "number", minimum: 1, maximum: 10 },
      },
      required: ["url"],
      additionalProperties: false,
    });
  });

  it("refuses a bad call as validation_failed naming each argument, and reads null as left out", () => {
    expect(parseToolArgs(args, { url: "https://example.com/", amount: null })).toEqual({ url: "https://example.com/" });
    let refused: unknown;
    try {
      parseToolArgs(args, { url: null, amount: 11 });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: "validation_failed",
      details: { errors: [{ location: "url", message: "is required" }, { location: "amount" }] },
    });
    expect((refused as Error).message).toMatch(/^invalid arguments: "url" is required; "amount" /);
  });
});
