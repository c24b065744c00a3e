/**
 * @module navigate.error.test
 * `POST /browser/navigate` refusals: a URL no browser can load answers 502 navigation_failed with the network error
 * and the URL that was asked for (never a 200 with the previous page's URL), and a URL that is not well-formed
 * Unicode is a 400 before any browser starts.
 */
import { createServer } from "node:net";
import { describe, expect } from "vitest";
import { navigate, snapshot } from "../fixtures/browser.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

type NavigationProblem = ProblemResponse & { requested_url: string; url: string | null; navigation_error: string };

/** A port on 127.0.0.1 that nothing listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe("navigate: refusals", () => {
  it("answers 502 navigation_failed naming the network error and the URL asked for", async ({ app: t, pages }) => {
    const id = await createSessionId(t);
    const before = pages.url("localhost", "/plain");
    await navigate(t, id, before);
    const requested = `http://127.0.0.1:${await closedPort()}/nothing-here`;
    const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, { url: requested });
    expect(res.status).toBe(502);
    const problem = await json<NavigationProblem>(res);
    expect(problem).toMatchObject({ code: "navigation_failed", requested_url: requested, url: before });
    expect(problem.navigation_error).toContain("ERR_CONNECTION_REFUSED");
    expect(problem.detail).toContain(requested);
    expect(problem.detail).toContain("ERR_CONNECTION_REFUSED");
    // The browser never reached the URL (Chromium may show its own error page after the failure, or stay put).
    expect([before, "chrome-error://chromewebdata/"]).toContain((await snapshot(t, id)).url);
  });

  it("refuses a URL with a lone surrogate as 400 at body.url, before any browser starts", async ({ app: t }) => {
    const id = await createSessionId(t);
    for (const url of ["https://example.com/\ud800", "https://example.com/?q=\udfff"]) {
      const res = await t.call("POST", `/v1/sessions/${id}/browser/navigate`, JSON.stringify({ url }));
      expect(res.status).toBe(400);
      const problem = await json<ProblemResponse>(res);
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors).toEqual([{ location: "body.url", message: expect.stringContaining("lone surrogate") }]);
    }
    expect((await snapshot(t, id)).active).toBe(false);
  });
});
