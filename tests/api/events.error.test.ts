import { describe, expect } from "vitest";
import { testTools } from "../fixtures/agent-harness.js";
import { json, type ValidationProblem } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ tools: [testTools.echo], sseKeepaliveMs: 50 });

describe("GET /v1/sessions/{id}/events", () => {
  it("answers 404 for an unknown session and 400 for a malformed Last-Event-ID", async ({ app: t }) => {
    expect((await t.call("GET", "/v1/sessions/ses_nope/events")).status).toBe(404);
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`, undefined, { "last-event-id": "abc" });
    expect(res.status).toBe(400);
    expect((await json<ValidationProblem>(res)).errors[0].location).toBe("header.last-event-id");
  });
});
