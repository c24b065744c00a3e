import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeAgentApp, testTools, type AgentApp } from "../fixtures/agent-harness.js";

describe("GET /v1/sessions/{id}/events", () => {
  let fake: FakeModelServer;
  let t: AgentApp;
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeAgentApp(fake, { tools: [testTools.echo], sseKeepaliveMs: 50 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("answers 404 for an unknown session and 400 for a malformed Last-Event-ID", async () => {
    expect((await t.call("GET", "/v1/sessions/ses_nope/events")).status).toBe(404);
    const id = await t.createSession();
    const res = await t.call("GET", `/v1/sessions/${id}/events`, undefined, { "last-event-id": "abc" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].location).toBe("header.last-event-id");
  });
});
