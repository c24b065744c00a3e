import { replicaIdOf } from "../../src/config/schema.js";
import { describe, expect } from "vitest";
import { makeAgentApp, waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { it } from "../fixtures/suite.js";

const post = (t: AgentApp, id: string, body: Record<string, unknown>) =>
  t.call("POST", `/v1/sessions/${id}/messages`, body);

/** What the services' shutdown and start-up do to runs: the in-process side of tests/e2e/runs.error.test.ts. */
describe("run lifecycle", () => {
  it("interrupts running runs on shutdown", async ({ fake }) => {
    const t = await makeAgentApp(fake);
    const id = await t.createSession();
    fake.enqueue({ content: "never", delay_ms: 5_000 });
    const pending = post(t, id, { content: "shut down under me" });
    await waitFor(() => t.app.services.agent.activeCount === 1);
    await t.app.services.shutdown();
    const body = await json<PostMessageRunResponse>(await pending);
    expect(body.run.status).toBe("interrupted");
    expect(body.run.error).toMatch(/shutting down/);
    await t.close();
  });

  it("marks runs left running by a previous process as interrupted at start-up", async ({ fake }) => {
    const first = await makeAgentApp(fake);
    const id = await first.createSession();
    await first.app.services.store.runs.create({
      id: "run_left_running",
      session_id: id,
      model: "fake-model",
      background: false,
      client_tools: [],
      replica_id: replicaIdOf(first.config),
      now: Date.now(),
    });
    await first.app.services.shutdown();
    first.database.close();
    const second = await makeAgentApp(fake, { dir: first.dir });
    try {
      const run = await second.app.services.store.runs.get("run_left_running");
      expect(run).toMatchObject({ status: "interrupted", error: expect.stringMatching(/server stopped/) });
      expect(run!.finished_at).not.toBeNull();
    } finally {
      await second.close();
      await first.close();
    }
  });
});
