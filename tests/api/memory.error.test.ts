/**
 * Memory refusals: a write past a store's limit is 400 `memory_full` naming used and limit, and nothing is cut or
 * written; an empty entry, an unknown store and a missing entry are refused as such.
 */
import { describe, expect } from "vitest";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { GetMemoryResponse } from "../../src/routes/memory/schemas.js";

const it = withApp({ overrides: { memory: { memory_chars: 120 } } });

describe("memory limits", () => {
  it("refuses an entry past the limit with used and limit, writing nothing", async ({ app: t }) => {
    const first = "a".repeat(100);
    expect((await t.call("POST", "/v1/memory/memory/entries", { content: first })).status).toBe(201);
    const res = await t.call("POST", "/v1/memory/memory/entries", { content: "b".repeat(30) });
    expect(res.status).toBe(400);
    const problem = await json<ProblemResponse & { used: number; limit: number; needed: number }>(res);
    expect(problem).toMatchObject({ code: "memory_full", used: 100, limit: 120, needed: 133 });
    const after = await json<GetMemoryResponse>(await t.call("GET", "/v1/memory"));
    expect(after.memory.entries.map((entry) => entry.content)).toEqual([first]);
    // A change past the limit is refused the same way, the entry left as it was.
    const id = after.memory.entries[0].id;
    const grown = await t.call("PATCH", `/v1/memory/memory/entries/${id}`, { content: "c".repeat(121) });
    expect(grown.status).toBe(400);
    expect((await json<ProblemResponse>(grown)).code).toBe("memory_full");
    const still = await json<GetMemoryResponse>(await t.call("GET", "/v1/memory"));
    expect(still.memory.entries[0].content).toBe(first);
  });

  it("refuses an empty entry, an unknown store and a missing entry", async ({ app: t }) => {
    const blank = await t.call("POST", "/v1/memory/user/entries", { content: "   " });
    expect(blank.status).toBe(400);
    expect((await json<ProblemResponse>(blank)).code).toBe("validation_failed");
    const store = await t.call("POST", "/v1/memory/notes/entries", { content: "x" });
    expect(store.status).toBe(400);
    const missing = await t.call("DELETE", "/v1/memory/user/entries/mem_missing");
    expect(missing.status).toBe(404);
    expect((await json<ProblemResponse>(missing)).code).toBe("not_found");
  });
});
