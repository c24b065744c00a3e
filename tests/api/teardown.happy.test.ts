/**
 * @module teardown.happy.test
 * The suite's own teardown order: an app closed with everything it opened (its store's pool and listener, the
 * test's query pool) and its database dropped right after, many times over, leaves no error behind — a connection
 * still closing when the database goes must not surface as an unhandled error (the PostgreSQL server cuts it with
 * 57P01 "terminating connection due to administrator command").
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/browser.js";
import { makeTestApp, TEST_STORE } from "../fixtures/test-app.js";

/** How many apps are opened, used and closed one after another: the race is lost on some of them. */
const ROUNDS = 4;

describe("closing an app and dropping its database", () => {
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);
  beforeEach(() => {
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
  });
  afterEach(() => {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
  });

  it("leaves no unhandled error, however soon the database goes after the pools end", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const t = await makeTestApp();
      expect((await t.call("POST", "/v1/sessions", { title: `round ${round}` })).status).toBe(201);
      expect(await t.query<{ title: string }>("select title from sessions")).toEqual([{ title: `round ${round}` }]);
      await t.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });

  it.runIf(TEST_STORE === "postgres")(
    "replaces every idle connection the server ends (the app's, its listener's, the test's), and serves on",
    async () => {
      const t = await makeTestApp();
      try {
        expect((await t.call("POST", "/v1/sessions", { title: "before" })).status).toBe(201);
        expect(await t.query("select 1 as one")).toEqual([{ one: 1 }]);
        const admin = new pg.Client({ connectionString: t.config.database.url! });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ ended: boolean }>(
            "select pg_terminate_backend(pid) as ended from pg_stat_activity " +
              "where datname = current_database() and pid <> pg_backend_pid()",
          );
          expect(rows.length).toBeGreaterThanOrEqual(3);
        } finally {
          await admin.end();
        }
        await waitFor(
          async () => (await t.call("POST", "/v1/sessions", { title: "after" })).status === 201,
          "the app to write again",
        );
        expect(await t.query<{ title: string }>("select title from sessions order by title")).toEqual([
          { title: "after" },
          { title: "before" },
        ]);
      } finally {
        await t.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    },
  );
});
