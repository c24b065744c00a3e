/**
 * A key's limits: past its requests of the minute it is answered 429 `rate_limited`, past its concurrent runs 429
 * `too_many_runs`, once its tokens of the day are spent 429 `token_budget_exceeded` — each with `Retry-After` and the
 * limit and when it resets — and a run that spends the last of the day's tokens stops before its next model call.
 */
import { describe, expect } from "vitest";
import { testTools, waitFor } from "../fixtures/agent-harness.js";
import { makeKey, SERVER_KEY } from "../fixtures/keys.js";
import { json, type PostMessageRunResponse, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { HermesRunResponse, SubmittedRunResponse } from "../../src/routes/runs/schemas.js";

const clock = { offsetMs: 0 };
const it = withApp({
  overrides: { server: { api_key: SERVER_KEY } },
  tools: [testTools.echo],
  now: () => Date.now() + clock.offsetMs,
});

const DAY_MS = 24 * 60 * 60 * 1000;

type LimitProblem = ProblemResponse & { limit: number; limit_name: string; resets_at?: string; used?: number };

describe("key limits", () => {
  it.beforeEach(({ fake }) => {
    fake.reset();
    clock.offsetMs = 0;
  });

  it("answers a key past its requests of the minute 429 rate_limited, until the minute is over", async ({ app: t }) => {
    const limited = await makeKey(t, { name: "chatty", scopes: ["sessions:read"], limits: { requests_per_minute: 3 } });
    const other = await makeKey(t, { name: "quiet", scopes: ["sessions:read"], limits: { requests_per_minute: 3 } });
    for (let i = 0; i < 3; i++) expect((await limited.call("GET", "/v1/sessions")).status).toBe(200);
    const refused = await limited.call("GET", "/v1/sessions");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const problem = await json<LimitProblem>(refused);
    expect(problem).toMatchObject({ code: "rate_limited", status: 429, limit: 3, limit_name: "requests_per_minute" });
    expect(Date.parse(problem.resets_at!)).toBeGreaterThan(Date.now());
    // The OpenAI routes answer it in their envelope.
    const openai = await limited.call("GET", "/v1/models");
    expect(openai.status).toBe(429);
    expect((await json<{ error: { code: string; message: string } }>(openai)).error).toMatchObject({
      code: "rate_limited",
      message: expect.stringContaining("requests_per_minute"),
    });
    // Another key counts its own; the next minute counts again.
    expect((await other.call("GET", "/v1/sessions")).status).toBe(200);
    clock.offsetMs = 61_000;
    expect((await limited.call("GET", "/v1/sessions")).status).toBe(200);
  });

  it("refuses a run past the key's concurrent runs with 429 too_many_runs until one ends", async ({ app: t, fake }) => {
    const key = await makeKey(t, {
      name: "one at a time",
      scopes: ["sessions:read", "sessions:write"],
      limits: { concurrent_runs: 1 },
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.respondWith(async () => {
      await gate;
      return { content: "done" };
    });
    const first = await json<SubmittedRunResponse>(await key.call("POST", "/v1/runs", { input: "first" }));
    await waitFor(() => fake.completions.length === 1);
    const refused = await key.call("POST", "/v1/runs", { input: "second" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await json<{ error: { code: string; message: string } }>(refused)).error.message).toContain(
      "concurrent_runs 1",
    );
    const native = await json<{ id: string }>(await key.call("POST", "/v1/sessions", {}));
    const nativeRefused = await key.call("POST", `/v1/sessions/${native.id}/messages`, { content: "third" });
    expect(nativeRefused.status).toBe(429);
    expect(await json<LimitProblem>(nativeRefused)).toMatchObject({
      code: "too_many_runs",
      limit: 1,
      limit_name: "concurrent_runs",
    });
    // The server key has no such limit.
    const server = await json<{ id: string }>(await t.call("POST", "/v1/sessions", {}));
    fake.enqueue({ content: "admin's answer" });
    expect((await t.call("POST", `/v1/sessions/${server.id}/messages`, { content: "go" })).status).toBe(200);
    release();
    await waitFor(async () => {
      const run = await json<HermesRunResponse>(await key.call("GET", `/v1/runs/${first.run_id}`));
      return run.status === "completed";
    });
    fake.respondWith(null);
    expect((await key.call("POST", `/v1/sessions/${native.id}/messages`, { content: "now" })).status).toBe(200);
  });

  it("refuses runs once the key's tokens of the day are spent, and stops one before its next model call", async ({
    app: t,
    fake,
  }) => {
    const key = await makeKey(t, {
      name: "budgeted",
      scopes: ["sessions:read", "sessions:write"],
      limits: { tokens_per_day: 100 },
    });
    const usage = { prompt_tokens: 60, completion_tokens: 10 };
    const session = await json<{ id: string }>(await key.call("POST", "/v1/sessions", {}));
    const post = (content: string) => key.call("POST", `/v1/sessions/${session.id}/messages`, { content });
    fake.enqueue({ content: "first", usage });
    expect((await post("one")).status).toBe(200);
    // 70 of 100 used: this run starts; its tool call's answer is never asked for, the day's tokens being spent.
    fake.enqueue({ tool_calls: [{ name: "echo", arguments: { text: "hi" } }], usage }, { content: "never", usage });
    const stopped = await json<PostMessageRunResponse>(await post("two"));
    expect(stopped.run.status).toBe("failed");
    expect(stopped.run.error).toContain("token_budget_exceeded");
    expect(fake.completions).toHaveLength(2);
    const asked = Date.now();
    const refused = await post("three");
    const answered = Date.now();
    expect(refused.status).toBe(429);
    const problem = await json<LimitProblem>(refused);
    expect(problem).toMatchObject({
      code: "token_budget_exceeded",
      limit: 100,
      used: 140,
      limit_name: "tokens_per_day",
    });
    const midnight = Math.floor((Date.now() + DAY_MS) / DAY_MS) * DAY_MS;
    expect(problem.resets_at).toBe(new Date(midnight).toISOString());
    // The seconds left until midnight when the server answered: between those at the answer and at the question.
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((midnight - answered) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((midnight - asked) / 1000));
    expect(fake.completions).toHaveLength(2);
    // A new day, a new budget.
    clock.offsetMs = midnight - Date.now() + 1_000;
    fake.enqueue({ content: "tomorrow", usage });
    expect((await post("four")).status).toBe(200);
  });
});
