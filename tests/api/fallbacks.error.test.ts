import { describe, expect } from "vitest";
import { eventData, readSse, type AgentApp, type SseEvent } from "../fixtures/agent-harness.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { json, type CompressResponse } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";

/**
 * What a fallback chain does not do: fall through on an auth failure (it is reported as it is), or hide that every
 * model failed; and the compression chain (`auxiliary.compression.fallbacks`) standing in for a failing summary model.
 */

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("backup", { scope: "file" }, async ({}, { onCleanup }) => {
    const backup = await startFakeModel();
    onCleanup(() => backup.close());
    return backup;
  })
  .extend("appOptions", { scope: "file" }, ({ backup, fake }: { backup: FakeModelServer; fake: FakeModelServer }) => ({
    overrides: {
      model: {
        context_length: 16_000,
        fallbacks: [{ model: "backup-model", base_url: backup.baseUrl }],
        // Each test starts with a closed breaker: a failure keeps a model out for no time at all.
        breaker: { cooldown_s: 0.001 },
      },
      auxiliary: {
        compression: {
          model: "summary-model",
          base_url: fake.baseUrl,
          context_length: 128_000,
          fallbacks: [{ model: "summary-backup", base_url: backup.baseUrl }],
        },
      },
    },
  }));

type RunEnd = { status: string; error: string | null };

async function streamedRun(
  t: AgentApp,
  sessionId: string,
  content: string,
): Promise<{ frames: SseEvent[]; run: RunEnd }> {
  const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, { content, stream: true });
  const frames = await readSse(res, (frame) => frame.event === "done", 20_000);
  return { frames, run: (eventData<"done">(frames.find((f) => f.event === "done")!) as { run: RunEnd }).run };
}

describe("fallback chains: what does not fall through", () => {
  it.beforeEach(({ fake, backup }) => {
    fake.reset();
    backup.reset();
  });

  it("an auth failure is reported as it is: no fallback is tried", async ({ app, fake, backup }) => {
    const id = await app.createSession();
    fake.enqueue({ status: 401, error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    backup.enqueue({ content: "never asked" });
    const { frames, run } = await streamedRun(app, id, "Hello?");
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/model call failed: auth \(HTTP 401\).*check model\.api_key/);
    expect(backup.completions).toHaveLength(0);
    expect(frames.some((f) => f.event === "model.fallback")).toBe(false);
  });

  it("when every model fails the run fails with the last failure, each stand-in announced", async ({
    app,
    fake,
    backup,
  }) => {
    const id = await app.createSession();
    fake.enqueue({ status: 500, error: { message: "primary down" } });
    backup.enqueue({ status: 502, error: { message: "backup down too" } });
    const { frames, run } = await streamedRun(app, id, "Anyone?");
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/server \(HTTP 502\).*backup down too/);
    expect(frames.filter((f) => f.event === "model.fallback").map((f) => eventData<"model.fallback">(f))).toEqual([
      expect.objectContaining({ from_model: "fake-model", to_model: "backup-model", reason: "server" }),
    ]);
  });

  it("a failing summary model falls through to auxiliary.compression.fallbacks", async ({ app, fake, backup }) => {
    const id = await app.createSession({ system_prompt: "sys" });
    for (let round = 1; round <= 14; round++)
      await append(
        app,
        id,
        toolRound(`ask ${round}`, "terminal", { command: `make r${round}` }, filler(round, 300), `reply ${round}`),
      );
    fake.enqueue({ status: 500, error: { message: "summary model down" } });
    backup.enqueue({ content: "## Goal\nwritten by the backup" });
    const res = await app.call("POST", `/v1/sessions/${id}/compress`, {});
    const body = await json<CompressResponse>(res);
    expect(body).toMatchObject({ compressed: true, fallback_used: false });
    expect(body.summary!.model).toBe("summary-backup");
    expect(fake.completions.map((r) => r.body.model)).toEqual(["summary-model"]);
    expect(backup.completions.map((r) => r.body.model)).toEqual(["summary-backup"]);
    const stored = await app.app.services.store.events.after(id, 0, 500);
    const fallback = stored.find((event) => event.type === "model.fallback");
    expect(fallback?.data).toMatchObject({
      run_id: null,
      purpose: "compression",
      from_model: "summary-model",
      to_model: "summary-backup",
      reason: "server",
    });
  });
});
