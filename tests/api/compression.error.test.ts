import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { append, filler, getJson, makeClockedTestApp, modelConfig, toolRound } from "../fixtures/context-transcript.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import {
  json,
  type CompressResponse,
  type GetContextResponse,
  type ListSummariesResponse,
  type PostMessageRunResponse,
  type ProblemResponse,
} from "../fixtures/responses.js";
import { countSearchRows, createSessionId } from "../fixtures/sessions-api.js";
import { it as itWithAgent } from "../fixtures/suite.js";
import { makeTestApp, TEST_STORE, type TestApp } from "../fixtures/test-app.js";

/** POST /compress when the summary model, the database or the configuration fails it. */
describe("compression failures", () => {
  let fake: FakeModelServer;
  let t: TestApp;
  const clock = { now: Date.parse("2026-11-30T08:00:00Z") };

  beforeAll(async () => {
    fake = await startFakeModel();
    const config = modelConfig(fake.baseUrl) as { model: Record<string, unknown> };
    config.model.timeout_s = 0.5;
    t = await makeClockedTestApp(config, clock);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  let round = 0;
  async function addRounds(id: string, count: number) {
    for (let i = 0; i < count; i++) {
      round += 1;
      await append(
        t,
        id,
        toolRound(
          `ask ${round} about src/r${round}.ts`,
          "terminal",
          { command: `make r${round}` },
          `fatal: step ${round} failed\n${filler(round, 300)}`,
          `reply ${round}`,
        ),
      );
    }
  }

  async function session(rounds = 14): Promise<string> {
    const id = await createSessionId(t, { system_prompt: "sys" });
    await addRounds(id, rounds);
    return id;
  }

  /** Everything a reader of the session can observe, straight from the database. */
  async function snapshot(id: string) {
    return {
      session: (await t.query("select * from sessions where id = $1", [id]))[0],
      messages: await t.query("select * from messages where session_id = $1 order by seq", [id]),
      summaries: await t.query("select * from summaries where session_id = $1 order by version", [id]),
      anchors: await t.query("select * from anchors where session_id = $1 order by kind, value", [id]),
      fts: await countSearchRows(t, id),
      events: await t.query("select type from events where session_id = $1 order by id", [id]),
    };
  }

  const compress = async (id: string, body: Record<string, unknown> = {}) => {
    const res = await t.call("POST", `/v1/sessions/${id}/compress`, body);
    // The compression's outcome, or the problem when it is refused.
    return { status: res.status, body: await json<CompressResponse & Partial<ProblemResponse>>(res) };
  };

  describe("atomic persistence", () => {
    // Makes SQLite abort the summary's insert with a trigger, midway through the compression's transaction.
    it.skipIf(TEST_STORE === "postgres")(
      "a failure midway through the transaction leaves the session exactly as before",
      async () => {
        const id = await session();
        const before = await snapshot(id);
        const contextBefore = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
        t.database.sqlite.exec(
          "create trigger fail_summary_insert before insert on summaries begin select raise(abort, 'disk failure while writing the summary'); end;",
        );
        try {
          fake.enqueue({ content: "## Goal\nnever stored" });
          const res = await compress(id);
          expect(res.status).toBe(500);
          expect(res.body.code).toBe("internal_error");
          expect(fake.completions).toHaveLength(1); // it got as far as the summary
        } finally {
          t.database.sqlite.exec("drop trigger fail_summary_insert");
        }
        // Nothing of the compression is stored; only the event that announced the attempt stays in the log.
        const after = await snapshot(id);
        expect({ ...after, events: before.events }).toEqual(before);
        expect(after.events).toEqual([...before.events, { type: "context.compressing" }]);
        expect(await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).toEqual(contextBefore);
        fake.enqueue({ content: "## Goal\nstored now" });
        expect((await compress(id)).body.compressed).toBe(true);
      },
    );
  });

  describe("summary model failures", () => {
    it.each([
      ["auth", { status: 401, error: { message: "bad key" } }, /auth/],
      ["quota", { status: 402, error: { message: "no credit", code: "insufficient_quota" } }, /quota/],
      ["network", { drop_connection: true }, /network/],
    ])("aborts on %s with the context unchanged and the reason reported", async (_kind, turn, reason) => {
      const id = await session();
      const before = await snapshot(id);
      fake.enqueue(turn);
      const res = await compress(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ compressed: false, messages_compacted: 0, summary: null });
      expect(res.body.reason).toMatch(reason);
      const after = await snapshot(id);
      expect(after.messages).toEqual(before.messages);
      expect(after.summaries).toEqual([]);
      expect((after.session as { compression_count: number }).compression_count).toBe(0);
    });

    it("falls back to a deterministic summary on a server error, never dropping turns silently", async () => {
      const id = await session();
      await append(t, id, [
        { role: "user", content: "the LAST-ASK-MARKER question" },
        { role: "assistant", content: "answered" },
      ]);
      await addRounds(id, 16);
      fake.enqueue({ status: 500, error: { message: "overloaded" } });
      const res = await compress(id);
      expect(res.body.compressed).toBe(true);
      expect(res.body.fallback_used).toBe(true);
      const body: string = res.body.summary!.body;
      expect(body).toContain("Deterministic summary");
      expect(body).toMatch(/## Last User Ask\nask \d+ about src\/r\d+\.ts/);
      expect(body).toMatch(/- \[seq \d+\] the LAST-ASK-MARKER question/);
      expect(body).toMatch(/## Tool Calls Made\n- terminal\(make r/);
      expect(body).toMatch(/## Errors Seen\n- fatal: step/);
      expect(body).toMatch(/## Files Touched\n- src\/r/);
      expect(body).toContain("## Anchor Index");
      expect(res.body.summary!.model).toBeNull();
    });

    it("keeps fallback summaries in a row bounded, the older ones cut with a note", async () => {
      fake.respondWith(() => ({ status: 500, error: { message: "overloaded" } }));
      const id = await session(20);
      const lengths: number[] = [];
      for (let i = 0; i < 7; i++) {
        // A 500 starts no cooldown: every compression asks the model and falls back.
        const res = await compress(id);
        expect(res.body.compressed, JSON.stringify(res.body)).toBe(true);
        expect(res.body.fallback_used).toBe(true);
        lengths.push(res.body.summary!.body.length);
        await addRounds(id, 20);
      }
      // same-sized spans: once the nested previous summaries reach their bound, the summary stops growing
      expect(lengths[6] - lengths[5], JSON.stringify(lengths)).toBeLessThan(lengths[5] * 0.05);
      const last = (await getJson<ListSummariesResponse>(t, `/v1/sessions/${id}/summaries`)).data.at(-1)!.body;
      expect(last).toContain("chars of older summaries cut here");
    });

    it.each([
      ["finish_reason length", { content: "## Goal\ncut", finish_reason: "length" as const }],
      ["empty content", { content: "" }],
      ["a body that is not JSON", { malformed: true }],
    ])("treats %s as a failure and cools down 30 s", async (_kind, turn) => {
      const id = await session();
      fake.enqueue(turn);
      const res = await compress(id);
      expect(res.body).toMatchObject({ compressed: true, fallback_used: true });
      const state = (await t.app.services.store.sessions.get(id))!.engine_state;
      expect(state.summary_cooldown_until).toBe(clock.now + 30_000);
    });

    it("cools the summary model down after a timeout: no call for 60 s, then it is asked again", async () => {
      const id = await session(20);
      fake.enqueue({ delay_ms: 1_500, content: "too late" });
      const first = await compress(id);
      expect(first.body).toMatchObject({ compressed: true, fallback_used: true });
      expect(first.body.reason).toBeUndefined();
      expect((await t.app.services.store.sessions.get(id))!.engine_state.summary_cooldown_until).toBe(
        clock.now + 60_000,
      );
      await addRounds(id, 14);
      const during = await compress(id);
      expect(during.body).toMatchObject({ compressed: true, fallback_used: true });
      expect(during.body.summary!.body).toMatch(/cooling down/);
      expect(fake.completions).toHaveLength(1);
      clock.now += 61_000;
      await addRounds(id, 14);
      fake.enqueue({ content: "## Goal\nback" });
      const after = await compress(id);
      expect(after.body).toMatchObject({ compressed: true, fallback_used: false });
      expect(fake.completions).toHaveLength(2);
      expect((await t.app.services.store.sessions.get(id))!.engine_state.summary_cooldown_until).toBeNull();
    });
  });

  describe("a distinct summary model", () => {
    let aux: FakeModelServer;
    let app2: TestApp;
    beforeAll(async () => {
      aux = await startFakeModel();
      app2 = await makeClockedTestApp(
        {
          ...modelConfig(fake.baseUrl),
          auxiliary: { compression: { model: "aux-model", base_url: aux.baseUrl, context_length: 128_000 } },
        },
        clock,
      );
    });
    afterAll(async () => {
      await app2.close();
      await aux.close();
    });

    it("is retried once on the main model when it fails", async () => {
      const saved = t;
      t = app2;
      try {
        const id = await session();
        aux.enqueue({ status: 500, error: { message: "aux down" } });
        fake.enqueue({ content: "## Goal\nfrom the main model" });
        const res = await compress(id);
        expect(res.body).toMatchObject({ compressed: true, fallback_used: false });
        expect(res.body.summary!.model).toBe("fake-model");
        expect(aux.completions).toHaveLength(1);
        expect(aux.completions[0].body.model).toBe("aux-model");
        expect(fake.completions).toHaveLength(1);
        expect(fake.completions[0].body.messages).toEqual(aux.completions[0].body.messages);
      } finally {
        t = saved;
      }
    });
  });

  describe("configuration", () => {
    it("refuses a summary model with a window under 64K at start", async () => {
      await expect(
        makeTestApp({
          ...modelConfig(fake.baseUrl),
          auxiliary: { compression: { model: "small", context_length: 32_000 } },
        }),
      ).rejects.toThrow(/auxiliary\.compression: the summary model's window is 32000 tokens, under the 64000/);
    });
  });
});

/** How a running agent meets a manual compression of its session. */
describe("a session with a run in progress", () => {
  itWithAgent.beforeEach(({ fake }) => fake.reset());

  itWithAgent("refuses a manual compression until the run ends, but allows a dry run", async ({ app: t, fake }) => {
    const id = await t.createSession();
    // The model answers when the test says: the run is still going whatever the compressions below take.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake.respondWith(async () => {
      await answered;
      return { content: "done" };
    });
    const pending = t.call("POST", `/v1/sessions/${id}/messages`, { content: "work" });
    try {
      await waitFor(() => fake.completions.length === 1);
      const busy = await t.call("POST", `/v1/sessions/${id}/compress`, {});
      expect(busy.status).toBe(409);
      expect(await json<ProblemResponse>(busy)).toMatchObject({ code: "session_busy" });
      const dry = await t.call("POST", `/v1/sessions/${id}/compress`, { dry_run: true });
      expect(dry.status).toBe(200);
    } finally {
      answer();
    }

    expect((await json<PostMessageRunResponse>(await pending)).run.status).toBe("completed");
    const after = await t.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(after.status).toBe(200);
  });
});
