import { describe, expect } from "vitest";
import { eventData, readSse, type AgentApp, type SseEvent } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { it as suite } from "../fixtures/suite.js";

/**
 * `model.fallbacks` and the circuit breaker, through the real loop: the primary model is the suite's fake model, the
 * fallbacks a second fake model server under other names. What the client sees (statuses, events), which server got
 * which request, and the clock the breaker reads are all real.
 */

const clock = { now: Date.parse("2026-12-01T09:00:00Z") };
const COOLDOWN_S = 30;

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("backup", { scope: "file" }, async ({}, { onCleanup }) => {
    const backup = await startFakeModel();
    onCleanup(() => backup.close());
    return backup;
  })
  .extend("appOptions", { scope: "file" }, ({ backup }: { backup: FakeModelServer }) => ({
    now: () => clock.now,
    overrides: {
      model: {
        context_length: 32_000,
        breaker: { cooldown_s: COOLDOWN_S },
        fallbacks: [
          { model: "small-backup", base_url: backup.baseUrl, context_length: 16_000 },
          { model: "big-backup", base_url: backup.baseUrl, context_length: 1_000_000 },
        ],
      },
    },
  }));

type RunEnd = { status: string; error: string | null; usage: { prompt_tokens: number; completion_tokens: number } };

async function streamedRun(
  t: AgentApp,
  sessionId: string,
  content: string,
): Promise<{ frames: SseEvent[]; run: RunEnd }> {
  const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, { content, stream: true });
  expect(res.status).toBe(200);
  const frames = await readSse(res, (frame) => frame.event === "done", 20_000);
  return { frames, run: (eventData<"done">(frames.find((f) => f.event === "done")!) as { run: RunEnd }).run };
}

const fallbacksOf = (frames: SseEvent[]) =>
  frames.filter((f) => f.event === "model.fallback").map((f) => eventData<"model.fallback">(f));
/** The model each assistant row of the run was written by, as its `message.created` event says. */
const answeredBy = (frames: SseEvent[]) =>
  frames
    .filter((f) => f.event === "message.created")
    .map((f) => eventData<"message.created">(f))
    .filter((data) => data.message.role === "assistant")
    .map((data) => data.model);

describe("fallback chains and the circuit breaker", () => {
  it.beforeEach(({ fake, backup }) => {
    fake.reset();
    backup.reset();
  });

  it("a failing primary falls through to the first fallback, which answers; the breaker then keeps it out", async ({
    app,
    fake,
    backup,
  }) => {
    const id = await app.createSession();
    fake.enqueue({ status: 503, error: { message: "the primary is overloaded", type: "server_error" } });
    backup.enqueue({ content: "From the backup.", usage: { prompt_tokens: 40, completion_tokens: 4 } });
    const first = await streamedRun(app, id, "Hello?");
    expect(first.run).toMatchObject({ status: "completed", error: null });
    // Usage goes to the model that did the work: the backup's own figures.
    expect(first.run.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 4 });
    expect(fallbacksOf(first.frames)).toEqual([
      expect.objectContaining({
        purpose: "agent",
        from_model: "fake-model",
        to_model: "small-backup",
        reason: "server",
      }),
    ]);
    expect(answeredBy(first.frames)).toEqual(["small-backup"]);
    expect(backup.completions.map((r) => r.body.model)).toEqual(["small-backup"]);
    // The usage report counts the call for the model that answered, not the one that failed.
    const byModel = await (
      await app.call("GET", "/v1/usage?group_by=model&from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z")
    ).json();
    expect(byModel.data).toEqual([
      expect.objectContaining({ group: "small-backup", calls: 1, input_tokens: 40, output_tokens: 4 }),
    ]);

    // Within the cooldown the primary is out: the next call goes straight to the backup, no fallback needed.
    fake.reset();
    backup.reset();
    backup.enqueue({ content: "Still the backup." });
    const second = await streamedRun(app, id, "Again?");
    expect(second.run.status).toBe("completed");
    expect(fake.completions).toHaveLength(0);
    expect(fallbacksOf(second.frames)).toEqual([]);
    expect(answeredBy(second.frames)).toEqual(["small-backup"]);

    // After the cooldown one call probes the primary (half-open); it answers, and the breaker closes.
    clock.now += (COOLDOWN_S + 1) * 1000;
    backup.reset();
    fake.enqueue({ content: "The primary is back." });
    const third = await streamedRun(app, id, "And now?");
    expect(third.run.status).toBe("completed");
    expect(answeredBy(third.frames)).toEqual(["fake-model"]);
    expect(backup.completions).toHaveLength(0);
  });

  it("a prompt over the primary's window goes to the first fallback with a larger one", async ({
    app,
    fake,
    backup,
  }) => {
    const id = await app.createSession();
    fake.enqueue({
      status: 400,
      error: {
        message:
          "This model's maximum context length is 32000 tokens. However, your messages resulted in 40000 tokens.",
        type: "invalid_request_error",
        code: "context_length_exceeded",
      },
    });
    backup.enqueue({ content: "I have room." });
    const { frames, run } = await streamedRun(app, id, "A long one.");
    expect(run.status).toBe("completed");
    // small-backup's 16K window is no larger than the primary's 32K: it is passed over.
    expect(backup.completions.map((r) => r.body.model)).toEqual(["big-backup"]);
    expect(fallbacksOf(frames)).toEqual([
      expect.objectContaining({ from_model: "fake-model", to_model: "big-backup", reason: "context_length" }),
    ]);
    expect(answeredBy(frames)).toEqual(["big-backup"]);
    // The primary is not broken for it: the next call goes to it first.
    fake.enqueue({ content: "Short again." });
    const next = await streamedRun(app, id, "Short.");
    expect(answeredBy(next.frames)).toEqual(["fake-model"]);
  });
});
