import { describe, expect } from "vitest";
import { append } from "../fixtures/context-transcript.js";
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

/** FTS5 query syntax typed by a model must never reach SQLite as syntax. */
describe("FTS5 syntax in a session_search query", () => {
  it("the session_search tool answers instead of failing", async ({ app: t }) => {
    const session = await t.app.services.sessions.require(id);
    const offered = await Promise.all(t.app.services.toolProviders.map(async (p) => p.toolsFor(session)));
    const tool = offered.flat().find((d) => d.name === "session_search")!;
    const out = await tool.execute({ query: "src/app.ts\u0000retry-later" }, { session, runId: null });
    expect(out.is_error).toBeUndefined();
    expect(out.content).toMatch(/\[seq 1\] user/);
  });
});
