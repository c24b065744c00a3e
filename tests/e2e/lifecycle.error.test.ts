import { describe, expect, it } from "vitest";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp } from "../fixtures/test-app.js";

describe("a browser that cannot start", () => {
  it("names a configured executable_path that does not exist", async () => {
    const t = await makeTestApp({ browser: { executable_path: "/nonexistent/chromium" } });
    try {
      const id = await createSessionId(t);
      const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: "http://127.0.0.1:9/" });
      expect(res.status).toBe(503);
      expect(await json<ProblemResponse>(res)).toMatchObject({
        code: "browser_unavailable",
        detail: expect.stringContaining("browser.executable_path /nonexistent/chromium does not exist"),
      });
    } finally {
      await t.close();
    }
  });
});
