import { describe, expect } from "vitest";
import { json, type ProblemResponse, type SessionResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

/**
 * What the guard's settings and private values refuse: a session cannot turn the guard off or name origins to trust
 * (400, naming the setting), only make it stricter; a private value too short to track or bound to something that is
 * not an origin is refused, every field named; an unknown session is a 404.
 */

const it = withApp({ overrides: { agent: { guard: { mode: "ask", trusted_origins: ["docs.example.com"] } } } });

const locations = (problem: ProblemResponse) => (problem.errors ?? []).map((e) => [e.location, e.message]);

describe("a session's guard settings", () => {
  it("refuses off from a session, on create and on update, naming the setting", async ({ app: t }) => {
    const created = await t.call("POST", "/v1/sessions", { config: { agent: { guard: { mode: "off" } } } });
    expect(created.status).toBe(400);
    const problem = await json<ProblemResponse>(created);
    expect(problem.code).toBe("validation_failed");
    expect(locations(problem)).toEqual([
      [
        "body.config.agent.guard.mode",
        "agent.guard.mode off is server config only: a session may make the guard stricter (ask, block), never turn it off",
      ],
    ]);

    const id = (await json<SessionResponse>(await t.call("POST", "/v1/sessions", {}))).id;
    const patched = await t.call("PATCH", `/v1/sessions/${id}`, { config: { agent: { guard: { mode: "off" } } } });
    expect(patched.status).toBe(400);
    expect(locations(await json<ProblemResponse>(patched))[0][0]).toBe("body.config.agent.guard.mode");
    const session = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${id}`));
    expect(session.config.agent.guard).toEqual({ mode: "ask" });
  });

  it("refuses trusted origins from a session: they are the operator's", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/sessions", {
      config: { agent: { guard: { trusted_origins: ["attacker.example"] } } },
    });
    expect(res.status).toBe(400);
    expect(locations(await json<ProblemResponse>(res))).toEqual([
      [
        "body.config.agent.guard.trusted_origins",
        "agent.guard.trusted_origins is a server-only setting: the operator sets it in the server configuration",
      ],
    ]);
  });

  it("takes block from a session (stricter), and keeps it through a later update of other settings", async ({
    app: t,
  }) => {
    const created = await json<SessionResponse>(
      await t.call("POST", "/v1/sessions", { config: { agent: { guard: { mode: "block" } } } }),
    );
    expect(created.config.agent.guard).toEqual({ mode: "block" });
    const patched = await t.call("PATCH", `/v1/sessions/${created.id}`, { config: { agent: { max_iterations: 5 } } });
    expect((await json<SessionResponse>(patched)).config.agent.guard).toEqual({ mode: "block" });
  });
});

describe("private values", () => {
  it("refuses a value too short to track and origins that are none, naming each field", async ({ app: t }) => {
    const id = (await json<SessionResponse>(await t.call("POST", "/v1/sessions", {}))).id;
    const res = await t.call("POST", `/v1/sessions/${id}/private-values`, {
      value: "abc",
      origins: ["https://ok.example.com", "not an origin"],
    });
    expect(res.status).toBe(400);
    expect(locations(await json<ProblemResponse>(res)).map(([location]) => location)).toEqual([
      "body.value",
      "body.origins.1",
    ]);
    const short = await t.call("POST", `/v1/sessions/${id}/private-values`, { value: "abc" });
    expect(short.status).toBe(400);
    expect(locations(await json<ProblemResponse>(short))).toEqual([
      ["body.value", "at least 6 characters besides spaces"],
    ]);
  });

  it("answers 404 for a session or a value that does not exist", async ({ app: t }) => {
    expect((await t.call("GET", "/v1/sessions/ses_nope/private-values")).status).toBe(404);
    expect((await t.call("POST", "/v1/sessions/ses_nope/private-values", { value: "long enough" })).status).toBe(404);
    const id = (await json<SessionResponse>(await t.call("POST", "/v1/sessions", {}))).id;
    const gone = await t.call("DELETE", `/v1/sessions/${id}/private-values/prv_nope`);
    expect(gone.status).toBe(404);
    expect((await json<ProblemResponse>(gone)).code).toBe("not_found");
  });
});
