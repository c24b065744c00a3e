/**
 * Every model call recorded with its purpose, model, owner, key, session and run: the tokens the fake model reported
 * (counted with the model's tokenizer when it reports none), the cost from the price table (null without a price),
 * grouped by GET /v1/usage and carried by the run and the Hermes session; a turn that showed the model a screenshot
 * is a `vision` call, a summary a `compression` call, and the compression line says what its summaries saved later.
 */
import { describe, expect } from "vitest";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { shotTool } from "../fixtures/images.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY, type KeyCaller } from "../fixtures/keys.js";
import {
  json,
  type CompressResponse,
  type PostMessageRunResponse,
  type UsageReportResponse,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { HermesRunResponse, RunResourceResponse } from "../../src/routes/runs/schemas.js";
import { countMessageTokens, countTextTokens } from "../../src/domain/shared/tokens.js";

const PRICES = { "fake-model": { input_per_million: 2, cached_input_per_million: 1, output_per_million: 8 } };
const it = withApp({
  tools: [shotTool()],
  overrides: { server: { api_key: SERVER_KEY }, models: { prices: PRICES }, model: { vision: "on" } },
});
const itCompress = withApp({
  model: "context",
  overrides: { server: { api_key: SERVER_KEY }, models: { prices: PRICES } },
});

type CallRow = {
  purpose: string;
  model: string;
  owner: string | null;
  key_id: string | null;
  session_id: string;
  run_id: string | null;
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  estimated: number | boolean;
  cost_usd: number | null;
  saved_tokens: number;
};

const rowOf = (report: UsageReportResponse, group: string) => report.data.find((row) => row.group === group);

describe("usage and cost", () => {
  let alice: KeyCaller;
  let bob: KeyCaller;
  it.beforeAll(async ({ app: t }) => {
    alice = await makeKey(t, { name: "alice", owner: "alice", scopes: ALL_BUT_ADMIN });
    bob = await makeKey(t, { name: "bob", owner: "bob", scopes: ALL_BUT_ADMIN });
  });
  it.beforeEach(({ fake }) => fake.reset());

  it("records an agent call with the provider's usage and the cost from the price table", async ({ app: t, fake }) => {
    const id = await createSessionId(alice, {});
    fake.enqueue({
      content: "priced",
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 200,
        prompt_tokens_details: { cached_tokens: 400 },
        completion_tokens_details: { reasoning_tokens: 50 },
      },
    });
    const ran = await json<PostMessageRunResponse>(
      await alice.call("POST", `/v1/sessions/${id}/messages`, { content: "what does it cost?" }),
    );
    const cost = (600 * 2 + 400 * 1 + 200 * 8) / 1_000_000;
    const [row] = await t.query<CallRow>("select * from model_calls where run_id = $1", [ran.run.id]);
    expect(row).toMatchObject({
      purpose: "agent",
      model: "fake-model",
      owner: "alice",
      key_id: alice.key.id,
      session_id: id,
      input_tokens: 1000,
      cached_input_tokens: 400,
      output_tokens: 200,
      reasoning_tokens: 50,
    });
    expect(Boolean(row.estimated)).toBe(false);
    expect(row.cost_usd).toBeCloseTo(cost, 12);
    const hermes = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${ran.run.id}`));
    expect(hermes.cost_usd).toBeCloseTo(cost, 12);
    expect(hermes.usage).toMatchObject({ input_tokens: 1000, output_tokens: 200 });
    const native = await json<RunResourceResponse>(await alice.call("GET", `/v1/sessions/${id}/runs/${ran.run.id}`));
    expect(native.cost_usd).toBeCloseTo(cost, 12);
    const session = await json<{ session: { estimated_cost_usd: number | null } }>(
      await alice.call("GET", `/api/sessions/${id}`),
    );
    expect(session.session.estimated_cost_usd).toBeCloseTo(cost, 12);
    const report = await json<UsageReportResponse>(await alice.call("GET", "/v1/usage?group_by=model"));
    expect(rowOf(report, "fake-model")).toMatchObject({
      calls: 1,
      input_tokens: 1000,
      cached_input_tokens: 400,
      output_tokens: 200,
      reasoning_tokens: 50,
      unpriced_calls: 0,
    });
    expect(report.totals.cost_usd).toBeCloseTo(cost, 12);
  });

  it("counts with the model's tokenizer when the provider sends no usage", async ({ app: t, fake }) => {
    const id = await createSessionId(bob, { system_prompt: "Be brief." });
    fake.enqueue({ content: "counted here", omit_usage: true });
    const ran = await json<PostMessageRunResponse>(
      await bob.call("POST", `/v1/sessions/${id}/messages`, { content: "count me" }),
    );
    const [row] = await t.query<CallRow>("select * from model_calls where run_id = $1", [ran.run.id]);
    const sent = fake.completions[0].body.messages;
    const expected = sent.reduce(
      (sum, message) => sum + countMessageTokens({ role: message.role, content: message.content }, "fake-model"),
      0,
    );
    expect(Boolean(row.estimated)).toBe(true);
    expect(row.input_tokens).toBe(expected);
    expect(row.output_tokens).toBe(countTextTokens("counted here", "fake-model"));
  });

  it("records a cost of null, not 0, for a model the price table does not name", async ({ app: t, fake }) => {
    const id = await createSessionId(bob, { model: "unpriced-model" });
    fake.enqueue({ content: "free?", usage: { prompt_tokens: 10, completion_tokens: 2 } });
    const ran = await json<PostMessageRunResponse>(
      await bob.call("POST", `/v1/sessions/${id}/messages`, { content: "?" }),
    );
    const [row] = await t.query<CallRow>("select * from model_calls where run_id = $1", [ran.run.id]);
    expect(row.cost_usd).toBeNull();
    expect((await json<HermesRunResponse>(await bob.call("GET", `/v1/runs/${ran.run.id}`))).cost_usd).toBeNull();
    const report = await json<UsageReportResponse>(await bob.call("GET", "/v1/usage?group_by=model"));
    expect(rowOf(report, "unpriced-model")).toMatchObject({ calls: 1, cost_usd: null, unpriced_calls: 1 });
  });

  it("records a turn that showed the model a screenshot as a vision call", async ({ app: t, fake }) => {
    const id = await createSessionId(alice, {});
    fake.enqueue(
      {
        tool_calls: [{ name: "shot", arguments: { label: "home" } }],
        usage: { prompt_tokens: 50, completion_tokens: 5 },
      },
      { content: "It is blue.", usage: { prompt_tokens: 900, completion_tokens: 4 } },
    );
    const ran = await json<PostMessageRunResponse>(
      await alice.call("POST", `/v1/sessions/${id}/messages`, { content: "look" }),
    );
    const rows = await t.query<CallRow>("select * from model_calls where run_id = $1 order by id", [ran.run.id]);
    expect(rows.map((row) => [row.purpose, row.input_tokens])).toEqual([
      ["agent", 50],
      ["vision", 900],
    ]);
  });

  it("groups by owner, key, session, purpose and day; each key sees its owner's, an admin everyone's", async ({
    app: t,
  }) => {
    const byOwner = await json<UsageReportResponse>(await t.call("GET", "/v1/usage?group_by=owner"));
    expect(byOwner.data.map((row) => row.group).sort()).toEqual(["alice", "bob"]);
    const own = await json<UsageReportResponse>(await bob.call("GET", "/v1/usage?group_by=owner"));
    expect(own.data.map((row) => row.group)).toEqual(["bob"]);
    const byKey = await json<UsageReportResponse>(await t.call("GET", "/v1/usage?group_by=key&owner=alice"));
    expect(byKey.data.map((row) => row.group)).toEqual([alice.key.id]);
    const byPurpose = await json<UsageReportResponse>(await alice.call("GET", "/v1/usage?group_by=purpose"));
    expect(byPurpose.data.map((row) => row.group).sort()).toEqual(["agent", "vision"]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await json<UsageReportResponse>(await t.call("GET", "/v1/usage?group_by=day"));
    expect(byDay.data.map((row) => row.group)).toEqual([today]);
    expect(byDay.totals.calls).toBe(byOwner.totals.calls);
    const before = await json<UsageReportResponse>(await t.call("GET", "/v1/usage?to=2001-01-01"));
    expect(before.data).toEqual([]);
    expect((await bob.call("GET", "/v1/usage?owner=alice")).status).toBe(403);
  });
});

describe("compression's usage", () => {
  itCompress.beforeEach(({ fake }) => fake.reset());

  itCompress(
    "records a summary as a compression call, and the compression line says what it saved on later calls",
    async ({ app: t, fake }) => {
      const id = await createSessionId(t, { system_prompt: "You are terse." });
      for (let i = 0; i < 14; i++)
        await append(
          t,
          id,
          toolRound(
            `step ${i}: ${filler(i, 60)}`,
            "terminal",
            { command: `npm run step-${i}` },
            `output ${i}\n${filler(i + 100, 250)}`,
            `done ${i}`,
          ),
        );
      fake.enqueue({ content: "## Goal\nFinish the steps.", usage: { prompt_tokens: 5000, completion_tokens: 300 } });
      const compressed = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(compressed.compressed).toBe(true);
      const saved = compressed.tokens_before - compressed.tokens_after;
      fake.enqueue({ content: "next", usage: { prompt_tokens: 700, completion_tokens: 3 } });
      await t.call("POST", `/v1/sessions/${id}/messages`, { content: "and now?" });
      const calls = await t.query<CallRow>("select * from model_calls where session_id = $1 order by id", [id]);
      expect(calls.map((row) => [row.purpose, row.input_tokens, row.output_tokens, row.saved_tokens])).toEqual([
        ["compression", 5000, 300, 0],
        ["agent", 700, 3, saved],
      ]);
      expect(calls[0].run_id).toBeNull();
      expect(calls[0].cost_usd).toBeCloseTo((5000 * 2 + 300 * 8) / 1_000_000, 12);
      const report = await json<UsageReportResponse>(await t.call("GET", "/v1/usage?group_by=purpose"));
      expect(rowOf(report, "compression")).toMatchObject({
        calls: 1,
        input_tokens: 5000,
        compression_saved_tokens: saved,
      });
      expect(rowOf(report, "agent")).toMatchObject({ calls: 1, compression_saved_tokens: 0 });
    },
  );
});
