import { describe, expect } from "vitest";
import { append } from "../fixtures/context-transcript.js";
import { json, type SearchMessagesResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

let id: string;

it.beforeAll(async ({ app }) => {
  id = await createSessionId(app);
  await append(app, id, [
    { role: "user", content: "deploy failed on src/app.ts with ENOSPC near the cache: retry-later" },
  ]);
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
  it.for(HOSTILE_QUERIES)("answers 200 for %j", async (q, { app: t }) => {
    const res = await t.call("GET", `/v1/sessions/${id}/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray((await json<SearchMessagesResponse>(res)).data)).toBe(true);
  });

  it("treats a control character as a separator between words", async ({ app: t }) => {
    const res = await t.call("GET", `/v1/sessions/${id}/search?q=${encodeURIComponent("deploy\u0000ENOSPC")}`);
    expect((await json<SearchMessagesResponse>(res)).data.map((hit) => hit.seq)).toEqual([1]);
  });
});
