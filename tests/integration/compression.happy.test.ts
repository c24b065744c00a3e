import { describe, expect } from "vitest";
import type { TestApp } from "../fixtures/test-app.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { json, type CompressResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const clock = { now: Date.parse("2026-11-30T09:00:00Z") };
const OVER = { prompt_tokens: 14_000, completion_tokens: 20 }; // threshold of a 16K window is 13,600
const UNDER = { prompt_tokens: 2_000, completion_tokens: 20 };

const it = withApp({ model: "context", now: () => clock.now });
it.beforeEach(({ fake }) => {
  fake.reset();
  fake.respondWith(() => ({ content: "## Goal\nsummarized" }));
});

let round = 0;
async function addRounds(t: TestApp, id: string, count: number) {
  for (let i = 0; i < count; i++) {
    round += 1;
    await append(
      t,
      id,
      toolRound(`ask ${round}`, "terminal", { command: `make r${round}` }, filler(round, 300), `reply ${round}`),
    );
  }
}

const manager = (t: TestApp) => t.app.services.compressionTriggers;
const session = async (t: TestApp, id: string) => (await t.app.services.store.sessions.get(id))!;

describe("afterResponse", () => {
  it("records real usage and compresses when the real count crosses the threshold", async ({ app: t }) => {
    const id = await createSessionId(t);
    await addRounds(t, id, 14);
    expect(await manager(t).afterResponse(id, UNDER)).toBeNull();
    expect((await session(t, id)).last_prompt_tokens).toBe(2_000);
    const outcome = await manager(t).afterResponse(id, OVER);
    expect(outcome).toMatchObject({ compressed: true, fallback_used: false });
    expect((await session(t, id)).compression_count).toBe(1);
    const events = (await t.app.services.events.replay(id, 0)).filter((e) => e.type === "context.compressed");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      trigger: "threshold",
      engine: "compressor",
      summary_id: outcome!.summary!.id,
    });
  });

  it("blocks automatic compression for 300 s after two strikes; manual compression still works", async ({ app: t }) => {
    const id = await createSessionId(t);
    await addRounds(t, id, 14);
    expect((await manager(t).afterResponse(id, OVER))?.compressed).toBe(true);
    await addRounds(t, id, 14);
    // first real count after the compression is still over: strike one, compression runs again
    expect((await manager(t).afterResponse(id, OVER))?.compressed).toBe(true);
    await addRounds(t, id, 14);
    // strike two: blocked
    expect(await manager(t).afterResponse(id, OVER)).toBeNull();
    expect((await session(t, id)).engine_state.auto_blocked_until).toBe(clock.now + 300_000);
    expect(await manager(t).prepareForRun(id)).toBeNull();
    const manual = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(manual.compressed).toBe(true);
    clock.now += 301_000;
    expect(await manager(t).afterResponse(id, UNDER)).toBeNull(); // the manual compression helped: strikes cleared
    await addRounds(t, id, 14);
    expect((await manager(t).afterResponse(id, OVER))?.compressed).toBe(true);
  });

  it("does nothing when compression is disabled for the session", async ({ app: t, fake }) => {
    const id = await createSessionId(t, { config: { compression: { enabled: false } } });
    await addRounds(t, id, 14);
    expect(await manager(t).afterResponse(id, OVER)).toBeNull();
    expect(await manager(t).prepareForRun(id)).toBeNull();
    expect(fake.completions).toHaveLength(0);
  });
});

describe("prepareForRun", () => {
  it("compresses a session with 400 messages in context first (hygiene)", async ({ app: t }) => {
    const id = await createSessionId(t);
    const roles = ["user", "assistant"] as const;
    const messages = Array.from({ length: 400 }, (_, i) => ({ role: roles[i % 2], content: `m${i}` }));
    await t.app.services.transcript.append(id, messages, { model: "fake-model" });
    const outcome = await manager(t).prepareForRun(id);
    expect(outcome?.compressed).toBe(true);
    expect((await session(t, id)).context_message_count).toBeLessThan(400);
    const events = (await t.app.services.events.replay(id, 0)).filter((e) => e.type === "context.compressed");
    expect(events[0].data).toMatchObject({ trigger: "hygiene" });
  });

  it("compresses before the run when the estimate is over the threshold, and not otherwise", async ({ app: t }) => {
    const id = await createSessionId(t);
    await addRounds(t, id, 4);
    expect(await manager(t).prepareForRun(id)).toBeNull();
    await addRounds(t, id, 40);
    expect((await session(t, id)).context_tokens).toBeGreaterThan(13_600);
    const outcome = await manager(t).prepareForRun(id);
    expect(outcome?.compressed).toBe(true);
    expect((await session(t, id)).context_tokens).toBeLessThan(13_600);
  });

  it("uses the hygiene threshold of the session's window", async ({ app: t }) => {
    const id = await createSessionId(t, { config: { compression: { hygiene_threshold: 0.1 } } });
    await addRounds(t, id, 14);
    const outcome = await manager(t).prepareForRun(id);
    expect(outcome?.compressed).toBe(true);
  });
});
