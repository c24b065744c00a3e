import { describe, expect } from "vitest";
import { json, type SessionResponse, type ProblemResponse, type ValidationProblem } from "../fixtures/responses.js";
import { countRows, createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

function expectProblem(body: ProblemResponse, status: number, code: string) {
  expect(body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(body.request_id).toMatch(/\S/);
}

describe("sessions: errors", () => {
  it("refuses an unknown context engine on create and on PATCH, naming the available ones", async ({ app: t }) => {
    const created = await t.call("POST", "/v1/sessions", { config: { engine: "no-such-engine" } });
    expect(created.status).toBe(400);
    const body = await json<ValidationProblem>(created);
    expectProblem(body, 400, "validation_failed");
    expect(body.errors).toEqual([{ location: "body.config.engine", message: expect.stringContaining("compressor") }]);
    expect(await countRows(t, "sessions")).toBe(0);

    const session = await createSession(t, { title: "x" });
    const patched = await t.call("PATCH", `/v1/sessions/${session.id}`, {
      title: "changed",
      config: { engine: "lcm" },
    });
    expect(patched.status).toBe(400);
    const problem = await json<ValidationProblem>(patched);
    expect(problem.errors.map((e) => e.location)).toEqual(["body.config.engine"]);
    // Nothing of the refused PATCH was applied.
    const after = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`));
    expect(after.title).toBe("x");
    expect(after.config.engine).toBe("compressor");
  });

  it("lists every failing field of a create body, unknown fields included", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/sessions", {
      title: 5,
      model: "",
      config: { compression: { threshold: 7, tail_mode: "fat" }, browser: { dialog_policy: "ignore" }, colour: "red" },
      surprise: true,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = await json<ValidationProblem>(res);
    expectProblem(body, 400, "validation_failed");
    const locations = body.errors.map((e) => e.location).sort();
    expect(locations).toEqual(
      [
        "body.title",
        "body.model",
        "body.config.compression.threshold",
        "body.config.compression.tail_mode",
        "body.config.browser.dialog_policy",
        "body.config.colour",
        "body.surprise",
      ].sort(),
    );
    for (const error of body.errors) expect(error.message).toMatch(/\S/);
    expect(await countRows(t, "sessions")).toBe(1);
  });

  it("bounds every string of a session body, config included, and stores nothing over a limit", async ({ app: t }) => {
    const before = await countRows(t, "sessions");
    const res = await t.call("POST", "/v1/sessions", {
      title: "t".repeat(501),
      model: "m".repeat(201),
      system_prompt: "s".repeat(200_001),
      config: { engine: "e".repeat(65), browser: { cdp_url: `http://127.0.0.1/${"u".repeat(2_048)}` } },
    });
    expect(res.status).toBe(400);
    const body = await json<ValidationProblem>(res);
    expectProblem(body, 400, "validation_failed");
    expect(body.errors.map((e) => e.location).sort()).toEqual(
      ["body.title", "body.model", "body.system_prompt", "body.config.engine", "body.config.browser.cdp_url"].sort(),
    );
    expect(await countRows(t, "sessions")).toBe(before);
  });

  it("names a server-only browser key as such, on create and on PATCH, instead of as an unknown field", async ({
    app: t,
  }) => {
    const session = await createSession(t, { title: "as it was" });
    for (const [method, path] of [
      ["POST", "/v1/sessions"],
      ["PATCH", `/v1/sessions/${session.id}`],
    ] as const) {
      const res = await t.call(method, path, { config: { browser: { downloads: true, headless: false } } });
      expect(res.status, method).toBe(400);
      const body = await json<ValidationProblem>(res);
      expectProblem(body, 400, "validation_failed");
      expect(body.errors).toEqual([
        {
          location: "body.config.browser.downloads",
          message:
            "browser.downloads is a server-only setting: the operator sets it in the server configuration, and a session cannot set or change it",
        },
      ]);
    }
    const after = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`));
    expect(after.config.browser.headless).toBe(true);
  });

  it("answers 404 problems for a session that does not exist", async ({ app: t }) => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { title: "x" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await t.call(method, "/v1/sessions/ses_missing", body);
      expect(res.status, method).toBe(404);
      const problem = await json<ProblemResponse>(res);
      expectProblem(problem, 404, "not_found");
      expect(problem.detail).toContain("ses_missing");
    }
  });

  it("validates paging parameters", async ({ app: t }) => {
    for (const query of ["limit=0", "limit=201", "limit=abc", "limit=2.5"]) {
      const res = await t.call("GET", `/v1/sessions?${query}`);
      expect(res.status, query).toBe(400);
      expect((await json<ValidationProblem>(res)).errors[0].location).toBe("query.limit");
    }
    for (const cursor of ["not-a-cursor", Buffer.from(JSON.stringify({ seq: 3 })).toString("base64url")]) {
      const res = await t.call("GET", `/v1/sessions?cursor=${cursor}`);
      expect(res.status).toBe(400);
      const body = await json<ValidationProblem>(res);
      expectProblem(body, 400, "validation_failed");
      expect(body.errors).toEqual([{ location: "query.cursor", message: expect.any(String) }]);
    }
  });

  it("refuses a PATCH body with wrong types and keeps the session as it was", async ({ app: t }) => {
    const session = await createSession(t, { title: "stable" });
    const res = await t.call("PATCH", `/v1/sessions/${session.id}`, { title: ["x"], system_prompt: 3 });
    expect(res.status).toBe(400);
    expect((await json<ValidationProblem>(res)).errors.map((e) => e.location).sort()).toEqual([
      "body.system_prompt",
      "body.title",
    ]);
    expect((await json<SessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`))).title).toBe("stable");
  });
});
