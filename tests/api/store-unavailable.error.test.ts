/**
 * @module store-unavailable.error.test
 * The embedded SQLite file that cannot take a write — the disk full (SQLITE_FULL, by SQLite's own page limit) or the
 * database read-only — answers 503 `store_unavailable` with `Retry-After` and a detail naming the cause, keeps
 * serving reads, and loses nothing it acknowledged. (PostgreSQL's outage is tests/e2e/store-outage.error.test.ts.)
 */
import { afterEach, describe, expect } from "vitest";
import { json, type ListMessagesResponse, type ProblemResponse } from "../fixtures/responses.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { TEST_STORE, type TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none" });

async function expectUnavailable(res: Response, cause: string): Promise<void> {
  const problem = await json<ProblemResponse>(res);
  expect(res.status, JSON.stringify(problem)).toBe(503);
  expect(problem.code).toBe("store_unavailable");
  expect(problem.detail).toContain(cause);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

async function transcript(t: TestApp, sessionId: string): Promise<string[]> {
  const res = await t.call("GET", `/v1/sessions/${sessionId}/messages`);
  expect(res.status).toBe(200);
  return (await json<ListMessagesResponse>(res)).data.map((row) =>
    typeof row.content === "string" ? row.content : JSON.stringify(row.content),
  );
}

describe.runIf(TEST_STORE === "sqlite")("a SQLite file that cannot take writes", () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it("answers a write on a full disk with 503, and keeps every message it acknowledged", async ({ app: t }) => {
    const session = await createSession(t, { title: "full" });
    const first = await t.call("POST", `/v1/sessions/${session.id}/messages`, { content: "kept", run: false });
    expect(first.status).toBe(201);

    const sqlite = t.database.sqlite;
    sqlite.pragma(`max_page_count = ${(sqlite.pragma("page_count", { simple: true }) as number) + 1}`);
    restore = () => sqlite.pragma("max_page_count = 1073741823");
    const big = "word ".repeat(40_000);
    await expectUnavailable(
      await t.call("POST", `/v1/sessions/${session.id}/messages`, { content: big, run: false }),
      "the disk holding the SQLite file is full",
    );
    await expectUnavailable(await t.call("POST", "/v1/sessions", { system_prompt: big }), "full");
    expect(await transcript(t, session.id)).toEqual(["kept"]);

    restore();
    restore = null;
    const after = await t.call("POST", `/v1/sessions/${session.id}/messages`, { content: "again", run: false });
    expect(after.status).toBe(201);
    expect(await transcript(t, session.id)).toEqual(["kept", "again"]);
  });

  it("answers a write on a read-only database with 503 and still serves reads", async ({ app: t }) => {
    const session = await createSession(t, { title: "read-only" });
    const sqlite = t.database.sqlite;
    sqlite.pragma("query_only = ON");
    restore = () => sqlite.pragma("query_only = OFF");
    await expectUnavailable(
      await t.call("PATCH", `/v1/sessions/${session.id}`, { title: "changed" }),
      "the SQLite file is read-only",
    );
    await expectUnavailable(
      await t.call("POST", `/v1/sessions/${session.id}/messages`, { content: "lost?", run: false }),
      "read-only",
    );
    const read = await t.call("GET", `/v1/sessions/${session.id}`);
    expect(read.status).toBe(200);
    expect((await json<{ title: string }>(read)).title).toBe("read-only");
    expect(await transcript(t, session.id)).toEqual([]);
  });
});
