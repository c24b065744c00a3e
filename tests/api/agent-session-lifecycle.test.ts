import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeAgentApp, waitFor, type AgentApp } from "../fixtures/agent-harness.js";

/** How a running agent meets the other operations on its session. */
describe("a session with a run in progress", () => {
  let fake: FakeModelServer;
  let t: AgentApp;

  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeAgentApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("is deleted only after its run was interrupted, leaving no rows behind", async () => {
    const id = await t.createSession();
    fake.enqueue({ content: "never delivered", delay_ms: 3_000 });
    const pending = t.call("POST", `/v1/sessions/${id}/messages`, { content: "long task" });
    await waitFor(() => fake.completions.length === 1);

    const deleted = await t.call("DELETE", `/v1/sessions/${id}`);
    expect(deleted.status).toBe(204);
    const body = await (await pending).json();
    expect(body.run.status).toBe("interrupted");
    expect(t.app.services.agent.isBusy(id)).toBe(false);
    expect((await t.call("GET", `/v1/sessions/${id}`)).status).toBe(404);
    const left = t.database.sqlite
      .prepare("select (select count(*) from messages where session_id = ?) + (select count(*) from runs where session_id = ?) as n")
      .get(id, id) as { n: number };
    expect(left.n).toBe(0);
  });

  it("refuses a manual compression until the run ends, but allows a dry run", async () => {
    const id = await t.createSession();
    fake.enqueue({ content: "done", delay_ms: 600 });
    const pending = t.call("POST", `/v1/sessions/${id}/messages`, { content: "work" });
    await waitFor(() => fake.completions.length === 1);

    const busy = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: "session_busy" });
    const dry = await t.call("POST", `/v1/sessions/${id}/compress`, { dry_run: true });
    expect(dry.status).toBe(200);

    expect((await (await pending).json()).run.status).toBe("completed");
    const after = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(after.status).toBe(200);
  });
});
