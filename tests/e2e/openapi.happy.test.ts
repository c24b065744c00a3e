import { describe, expect } from "vitest";
import { evaluate, waitFor, waitForPending } from "../fixtures/browser.js";
import { json, type CreateSessionResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import { it } from "../fixtures/suite.js";

/** The parts of an operation this check reads. */
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/**
 * The request examples of the document are what the API reference's "Try it out" sends: each must succeed as it
 * is, against a fresh server with a model (the fake one) and a browser, answered with a status the document lists.
 */
describe("the request examples of the OpenAPI document", () => {
  it("succeed when sent as they are, each with a documented success status", async ({ app: t, fake }) => {
    const doc = await json<OpenApiDocument>(await t.app.request("/openapi.json"));
    const runWaitingOnClientTool = async (session: string) => {
      fake.enqueue({ tool_calls: [{ id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }] });
      const res = await t.call("POST", `/v1/sessions/${session}/messages`, {
        content: "weather?",
        tools: [{ type: "function", function: { name: "get_weather" } }],
      });
      const body = await json<PostMessageRunResponse>(res);
      expect(body.run.status).toBe("requires_action");
      return body.run.id;
    };
    // Steering needs a run at work: one whose model answers once the steer example was sent, in the background.
    const atWork: { release?: () => void } = {};
    const runAtWork = async (session: string) => {
      fake.enqueue({ content: "Slowly.", until: new Promise<void>((resolve) => (atWork.release = resolve)) });
      const res = await t.call("POST", `/v1/sessions/${session}/messages`, { content: "go slowly", background: true });
      const { run } = await json<{ run: { id: string } }>(res);
      await waitFor(
        () => fake.completions.length > 0 && fake.completions.at(-1)!.body.messages.at(-1)!.content === "go slowly",
        "the slow model call",
      );
      return run.id;
    };
    const ended = (id: string) =>
      waitFor(
        async () => (await json<{ status: string }>(await t.call("GET", `/v1/runs/${id}`))).status === "completed",
        "the run's end",
      );
    const pendingApproval = async (): Promise<[string, string, string]> => {
      const session = await createSessionId(t, {
        config: { agent: { approvals: { tools: { session_search: "ask" } } } },
      });
      fake.enqueue({ tool_calls: [{ id: "call_s", name: "session_search", arguments: { query: "x" } }] });
      fake.enqueue({ content: "Nothing found." });
      const body = await json<PostMessageRunResponse>(
        await t.call("POST", `/v1/sessions/${session}/messages`, { content: "search" }),
      );
      return [session, body.interrupts[0].id, body.run.id];
    };
    const withExamples = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // The sign-in example holds a placeholder key (this server has none); tests/api/inspector-sign-in.* drive it.
        .filter(([, op]) => op.requestBody && path !== "/ui/session")
        .map(([method, op]) => ({ method, path, op, example: op.requestBody!.content["application/json"]?.example })),
    );
    expect(withExamples.length).toBeGreaterThanOrEqual(9);
    for (const { op, example } of withExamples) expect(example, `${op.operationId} has an example`).toBeDefined();

    // The session example first: the others run on the session it creates; a run's operations need a run waiting
    // at work (steer it), one waiting on the client's tool call (send the outputs), an interrupt's one a pending
    // approval.
    const LAST = ["/dialogs/respond", "/steer", "/tool_outputs", "/interrupts/{interrupt_id}", "/approval"];
    // A key's change runs on the key the key example makes.
    const order = (path: string) =>
      path === "/v1/sessions" ? 0 : path.includes("{key_id}") ? 1.5 : 2 + LAST.findIndex((end) => path.endsWith(end));
    withExamples.sort((a, b) => order(a.path) - order(b.path));
    let sessionId = "";
    let runId = "";
    let interruptId = "";
    let keyId = "";
    let memoryEntryId = "";
    // The job and webhook operations change one of their own.
    const made = async (path: string, body: unknown) =>
      (await json<{ id: string }>(await t.call("POST", path, body))).id;
    const jobId = await made("/v1/jobs", { name: "j", schedule: { cron: "0 3 * * *" }, prompt: "p" });
    const hookId = await made("/v1/webhooks", { url: "https://hooks.example.com/x", events: ["run.failed"] });
    for (const { method, path, op, example } of withExamples) {
      if (path.includes("{memory_entry_id}")) {
        const added = await t.call("POST", "/v1/memory/user/entries", { content: "An entry to change" });
        memoryEntryId = (await json<{ id: string }>(added)).id;
      }
      if (path.endsWith("/dialogs/respond")) {
        // Answering a dialog needs one open: the page raises it, as a page would.
        await evaluate(t, sessionId, "setTimeout(() => alert('Saved'), 0), true");
        await waitForPending(t, sessionId);
      }
      if (path.endsWith("/steer")) runId = await runAtWork(sessionId);
      if (path.endsWith("/tool_outputs")) {
        await ended(runId);
        runId = await runWaitingOnClientTool(sessionId);
        fake.enqueue({ content: "It rains." });
      }
      if (path.endsWith("/interrupts/{interrupt_id}")) [sessionId, interruptId] = await pendingApproval();
      if (path.endsWith("/approval")) [, , runId] = await pendingApproval();
      if (path === "/v1/runs") fake.enqueue({ content: "Submitted and answered." });
      if (path === "/v1/chat/completions") fake.enqueue({ content: "Hello!" });
      const own = path.startsWith("/v1/jobs/") || path.startsWith("/api/jobs/") ? jobId : hookId;
      const target = (
        path.startsWith("/v1/jobs/") || path.startsWith("/api/jobs/") || path.startsWith("/v1/webhooks/")
          ? path.replace("{id}", own).replace("{job_id}", own)
          : path
      )
        .replace("{id}", sessionId)
        .replace("{session_id}", sessionId)
        .replace("{run_id}", runId)
        .replace("{interrupt_id}", interruptId)
        .replace("{key_id}", keyId)
        .replace("{store}", "user")
        .replace("{memory_entry_id}", memoryEntryId);
      const res = await t.call(method.toUpperCase(), target, example);
      atWork.release?.();
      delete atWork.release;
      const text = await res.clone().text();
      const successes = Object.keys(op.responses)
        .map(Number)
        .filter((status) => status < 300);
      expect(successes, `${op.operationId} answered ${res.status}: ${text}`).toContain(res.status);
      if (path === "/v1/sessions" && method === "post") sessionId = (await json<CreateSessionResponse>(res)).id;
      if (path === "/v1/admin/keys" && method === "post") keyId = (await json<{ id: string }>(res)).id;
    }
  });
});
