import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append } from "../fixtures/context-transcript.js";
import { createSessionId } from "../fixtures/sessions-api.js";

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await makeTestApp();
  id = await createSessionId(t);
  await append(t, id, [
    { role: "user", content: "deploy failed on src/app.ts with ENOSPC near the cache: retry-later" },
  ]);
});
afterAll(async () => {
  await t.close();
});

/** FTS5 query syntax typed by a user or a model must never reach SQLite as syntax. */
const HOSTILE_QUERIES = [
  '"',
  'ENOSPC"',
  "NEAR(deploy cache)",
  "deploy*",
  "*",
  "-deploy",
  "cache:",
  "search_text:deploy",
  "^deploy",
  "(",
  "AND",
  "deploy OR",
  "a\u0000b",
  "deploy\u0000ENOSPC",
  "\u0007",
  "{search_text}: deploy",
];

describe("GET /search with FTS5 syntax in the query", () => {
  it.each(HOSTILE_QUERIES)("answers 200 for %j", async (q) => {
    const res = await t.call("GET", `/v1/sessions/${id}/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray((await res.json()).data)).toBe(true);
  });

  it("treats a control character as a separator between words", async () => {
    const res = await t.call("GET", `/v1/sessions/${id}/search?q=${encodeURIComponent("deploy\u0000ENOSPC")}`);
    expect((await res.json()).data.map((hit: any) => hit.seq)).toEqual([1]);
  });
});
