import { expect } from "vitest";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

/** No scheduler or delivery pass on this app: their timers would read the database while the turn is counted. */
const it = withApp({ overrides: { jobs: { enabled: false } } });

/** What one turn costs in SQL: every statement better-sqlite3 runs while a user message is answered. */
const TURN_STATEMENTS_MAX = 20;

type StatementMethod = (this: { source: string }, ...args: unknown[]) => unknown;

it("answers a user message with at most 20 SQL statements, the session row read at most four times", async ({
  app: t,
  fake,
}) => {
  const id = await createSessionId(t, { system_prompt: "You are brief." });
  for (let i = 0; i < 3; i++) {
    fake.enqueue({ content: `answer ${i}` });
    expect((await t.call("POST", `/v1/sessions/${id}/messages`, { content: `warm-up ${i}` })).status).toBe(200);
  }
  // Count at the driver: every prepared statement of the connection runs through these methods.
  const prototype = Object.getPrototypeOf(t.database.sqlite.prepare("select 1")) as Record<string, StatementMethod>;
  const seen: string[] = [];
  const originals = new Map<string, StatementMethod>();
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = prototype[method];
    originals.set(method, original);
    prototype[method] = function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return original.apply(this, args);
    };
  }
  try {
    fake.enqueue({ content: "counted" });
    expect((await t.call("POST", `/v1/sessions/${id}/messages`, { content: "counted turn" })).status).toBe(200);
  } finally {
    for (const [method, original] of originals) prototype[method] = original;
  }
  expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(TURN_STATEMENTS_MAX);
  const sessionReads = seen.filter((sql) => /^select .* from "sessions"/.test(sql));
  expect(sessionReads.length, sessionReads.join("\n")).toBeLessThanOrEqual(4);
});
