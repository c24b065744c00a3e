import { describe, expect, it } from "vitest";
import { json, type ReadinessResponse } from "../fixtures/responses.js";
import { makeTestApp, TEST_STORE } from "../fixtures/test-app.js";

describe("readiness", () => {
  // Closes the SQLite handle under the app to stand for a database that is gone.
  it.skipIf(TEST_STORE === "postgres")(
    "answers 503 unavailable when the database is gone, while /health stays up",
    async () => {
      const t = await makeTestApp();
      try {
        t.database.sqlite.close();
        const res = await t.call("GET", "/health/ready");
        expect(res.status).toBe(503);
        const body = await json<ReadinessResponse>(res);
        expect(body.status).toBe("unavailable");
        expect(body.checks.database.status).toBe("unavailable");
        expect((await t.call("GET", "/health")).status).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});
