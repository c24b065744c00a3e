import { join } from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { waitFor } from "../fixtures/agent-harness.js";
import { json, type ListMessagesResponse } from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { InterruptListResponse, RunResourceResponse } from "../../src/routes/runs/schemas.js";

/** A run waiting on a person holds nothing in memory: kill -9 the process, start it again, answer, and it completes. */
describe("a waiting run across a kill -9 of the server process", () => {
  let fake: FakeModelServer;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeModel();
    dir = tempDir("caduceus-e2e-interrupts-");
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => fake.reset());

  const env = (db: string) => ({
    CADUCEUS_DB: join(dir, db),
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "k",
    CADUCEUS_MODEL: "fake-model",
  });

  async function runOf(server: ServerProcess, runId: string): Promise<RunResourceResponse> {
    // The Hermes read names the session; the session's own route answers the native shape.
    const { session_id: id } = await json<{ session_id: string }>(await server.call("GET", `/v1/runs/${runId}`));
    return json<RunResourceResponse>(await server.call("GET", `/v1/sessions/${id}/runs/${runId}`));
  }

  async function transcript(server: ServerProcess, id: string) {
    return (await json<ListMessagesResponse>(await server.call("GET", `/v1/sessions/${id}/messages`))).data;
  }

  it("keeps an approval listed after kill -9, and answering it resumes the run from the stored transcript", async () => {
    let server = await startServerProcess(env("approval.db"));
    let id: string;
    let runId: string;
    try {
      id = await createSessionId(server, { config: { agent: { approvals: { tools: { session_search: "ask" } } } } });
      fake.enqueue({ tool_calls: [{ id: "call_search", name: "session_search", arguments: { query: "deploy" } }] });
      fake.enqueue({ content: "Nothing about deploys yet." });
      const res = await server.call("POST", `/v1/sessions/${id}/messages`, { content: "search the deploys" });
      expect(res.status, server.output()).toBe(200);
      const paused = await json<PostMessageRunResponse>(res);
      expect(paused.run.status).toBe("requires_action");
      runId = paused.run.id;
    } finally {
      await server.stop("SIGKILL");
    }

    server = await startServerProcess(env("approval.db"));
    try {
      const list = await json<InterruptListResponse>(await server.call("GET", `/v1/sessions/${id}/interrupts`));
      expect(list.data, server.output()).toMatchObject([
        { kind: "approval", status: "pending", run_id: runId, tool: "session_search", tool_call_id: "call_search" },
      ]);
      expect((await runOf(server, runId)).status).toBe("requires_action");
      const answer = await server.call("POST", `/v1/sessions/${id}/interrupts/${list.data[0].id}`, {
        decision: "approve",
      });
      expect(answer.status, server.output()).toBe(200);
      const run = await waitFor(async () => {
        const r = await runOf(server, runId);
        return r.status !== "requires_action" && r.status !== "running" && r;
      });
      expect(run, server.output()).toMatchObject({ status: "completed", iterations: 2 });
      const rows = await transcript(server, id);
      expect(rows.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
      expect(rows[2]).toMatchObject({ tool_call_id: "call_search", name: "session_search" });
      expect(rows[3].content).toBe("Nothing about deploys yet.");
      // The model was sent the stored transcript: the approved call's real result, right after the call.
      const sent = fake.completions[1].body.messages;
      expect(sent.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_search" });
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("keeps a client tool call waiting after kill -9, and its outputs resume the run", async () => {
    let server = await startServerProcess(env("client-tools.db"));
    let runId: string;
    let id: string;
    try {
      id = await createSessionId(server, {});
      fake.enqueue({ tool_calls: [{ id: "call_local", name: "read_local_file", arguments: { path: "notes.txt" } }] });
      fake.enqueue({ content: "The notes say: ship on Friday." });
      const res = await server.call("POST", `/v1/sessions/${id}/messages`, {
        content: "what do my notes say?",
        tools: [{ type: "function", function: { name: "read_local_file", parameters: { type: "object" } } }],
      });
      const paused = await json<PostMessageRunResponse>(res);
      expect(paused.run.status, server.output()).toBe("requires_action");
      runId = paused.run.id;
    } finally {
      await server.stop("SIGKILL");
    }

    server = await startServerProcess(env("client-tools.db"));
    try {
      const res = await server.call("POST", `/v1/runs/${runId}/tool_outputs`, {
        outputs: [{ tool_call_id: "call_local", output: "ship on Friday" }],
      });
      expect(res.status, server.output()).toBe(200);
      const run = await waitFor(async () => {
        const r = await runOf(server, runId);
        return r.status === "completed" && r;
      });
      expect(run.iterations).toBe(2);
      // The resumed run offered the model the client's tool again, as stored with the run.
      expect(fake.completions[1].body.tools?.map((tool) => tool.function.name)).toContain("read_local_file");
      expect((await transcript(server, id)).at(-1)?.content).toBe("The notes say: ship on Friday.");
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });
});
