import { describe, expect } from "vitest";
import { eventData, readSse, type AgentApp } from "../fixtures/agent-harness.js";
import { ProviderReplay } from "../fixtures/provider-replay.js";
import { json, type ListMessagesResponse } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";

/**
 * Recorded provider failures through the agent loop: an error frame in the middle of a stream, and rate limits whose
 * wait the `openai` client's own retries honour (`retry-after-ms`, `retry-after`) before the run goes on or fails.
 */

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("replay", { scope: "file" }, async ({}, { onCleanup }) => {
    const replay = await new ProviderReplay().start();
    onCleanup(() => replay.close());
    return replay;
  })
  .extend("appOptions", { scope: "file" }, ({ replay }: { replay: ProviderReplay }) => ({
    overrides: { model: { base_url: replay.baseUrl, max_retries: 2 } },
  }));

type RunEnd = { status: string; error: string | null; usage: { prompt_tokens: number } };

/** Posts a user message with `stream: true` (the recordings are streams) and reads the run's end. */
async function streamedRun(t: AgentApp, sessionId: string, content: string): Promise<RunEnd> {
  const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, { content, stream: true });
  expect(res.status).toBe(200);
  const frames = await readSse(res, (frame) => frame.event === "done", 20_000);
  return (eventData<"done">(frames.find((f) => f.event === "done")!) as { run: RunEnd }).run;
}

describe("recorded provider failures", () => {
  it.beforeEach(({ replay }) => replay.reset());

  it("OpenAI: an error frame mid-stream fails the run as a server failure; the partial text is not stored", async ({
    app,
    replay,
  }) => {
    replay.play("openai-stream-error");
    const id = await app.createSession();
    const res = await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Angels on a pin?", stream: true });
    const frames = await readSse(res, (frame) => frame.event === "done", 20_000);
    const deltas = frames.filter((f) => f.event === "message.delta").map((f) => eventData<"message.delta">(f).content);
    expect(deltas.join("")).toBe('The question "');
    const run = (eventData<"done">(frames.find((f) => f.event === "done")!) as { run: RunEnd }).run;
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/model call failed: server: .*The server had an error while processing your request/);
    // The SDK does not resend a request whose answer began: one request.
    expect(replay.completions).toHaveLength(1);
    const rows = (await json<ListMessagesResponse>(await app.call("GET", `/v1/sessions/${id}/messages`))).data;
    expect(rows.map((row) => row.role)).toEqual(["user"]);
  });

  it("Azure: a 429 with retry-after-ms is retried by the client after the wait it asked for", async ({
    app,
    replay,
  }) => {
    replay.play("azure-429-retry-after-ms", "azure-text");
    const id = await app.createSession();
    const run = await streamedRun(app, id, "Say hello.");
    expect(run).toMatchObject({ status: "completed", usage: { prompt_tokens: 15 } });
    expect(replay.completions).toHaveLength(2);
    // 1500 ms asked; the SDK's own backoff would have waited at most 500 ms.
    expect(replay.completions[1].at - replay.completions[0].at).toBeGreaterThanOrEqual(1_450);
    expect(replay.completions[1].headers["x-stainless-retry-count"]).toBe("1");
  });

  it("OpenAI: a 429 with retry-after is retried after it; past the retry budget the run fails as rate limited", async ({
    app,
    replay,
  }) => {
    replay.play("openai-429-rate-limit", "azure-text");
    const id = await app.createSession();
    expect((await streamedRun(app, id, "Hi.")).status).toBe("completed");
    expect(replay.completions[1].at - replay.completions[0].at).toBeGreaterThanOrEqual(950);

    replay.reset();
    replay.play("openai-429-rate-limit", "openai-429-rate-limit", "openai-429-rate-limit");
    const failed = await streamedRun(app, id, "Again.");
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/model call failed: rate_limit \(HTTP 429\): .*Rate limit reached for gpt-4o-mini/);
    // The first request and max_retries (2) more.
    expect(replay.completions).toHaveLength(3);
  });
});
