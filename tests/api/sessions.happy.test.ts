import { describe, expect } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import {
  json,
  type ListSessionsResponse,
  type PostMessageRunResponse,
  type SessionResponse,
} from "../fixtures/responses.js";
import { appendMessage, countRows, countSearchRows, createSession, readAllPages } from "../fixtures/sessions-api.js";
import { it, withApp } from "../fixtures/suite.js";
import { makeTestApp } from "../fixtures/test-app.js";

/** The first block's app has no model; the second's runs the agent against the fake model. */
const itWithoutModel = withApp({ model: "none" });

describe("sessions: create, list, get, patch, delete", () => {
  itWithoutModel("creates a session with per-session config overrides over the server defaults", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/sessions", {
      title: "release",
      model: "gpt-4o",
      system_prompt: "You are terse.",
      config: {
        compression: { threshold: 0.9, protect_last_n: 5 },
        browser: { dialog_policy: "auto_dismiss" },
        engine: "compressor",
      },
    });
    expect(res.status).toBe(201);
    const session = await json<SessionResponse>(res);
    expect(res.headers.get("location")).toBe(`/v1/sessions/${session.id}`);
    expect(session.id).toMatch(/^ses_[0-9A-Z]{26}$/);
    expect(session).toMatchObject({
      title: "release",
      model: "gpt-4o",
      system_prompt: "You are terse.",
      browser: { active: false, url: null },
    });
    // Overridden keys change, the rest keep the server defaults.
    expect(session.config.compression).toMatchObject({
      threshold: 0.9,
      protect_last_n: 5,
      protect_first_n: 3,
      target_ratio: 0.2,
      tail_mode: "lean",
    });
    expect(session.config.browser).toMatchObject({
      dialog_policy: "auto_dismiss",
      headless: true,
      dialog_timeout_s: 300,
    });
    expect(session.config.engine).toBe("compressor");
    // gpt-4o has a 128k window; 0.9 of it is above the 85 % ceiling, so the threshold is 85 %.
    expect(session.stats).toMatchObject({
      message_count: 0,
      context_length: 128_000,
      threshold_tokens: 108_800,
      compression_count: 0,
    });
    expect(session.stats.context_tokens).toBeGreaterThan(0); // the system prompt counts
    const [row] = await t.query<{ config_json: string; system_prompt_tokens: number }>(
      "select config_json, system_prompt_tokens from sessions where id = $1",
      [session.id],
    );
    // Only the overrides are stored, so later changes of the server defaults still apply.
    expect(JSON.parse(row.config_json) as unknown).toEqual({
      compression: { threshold: 0.9, protect_last_n: 5 },
      browser: { dialog_policy: "auto_dismiss" },
      engine: "compressor",
    });
    expect(row.system_prompt_tokens).toBe(session.stats.context_tokens);
  });

  itWithoutModel("creates a session from an empty request with every default", async ({ app: t }) => {
    const res = await t.app.request("/v1/sessions", { method: "POST" });
    expect(res.status).toBe(201);
    const session = await json<SessionResponse>(res);
    expect(session).toMatchObject({ title: null, model: null, system_prompt: null });
    expect(session.config.compression).toEqual(t.config.compression);
    const { headless, dialog_policy, dialog_timeout_s, bridge, cdp_url, executable_path, allow_file_urls } =
      t.config.browser;
    // The operator's policy lists (allowed CDP hosts and methods, downloads) are not shown to sessions.
    expect(session.config.browser).toEqual({
      headless,
      dialog_policy,
      dialog_timeout_s,
      bridge,
      cdp_url,
      executable_path,
      allow_file_urls,
    });
    expect(session.stats).toMatchObject({
      message_count: 0,
      context_tokens: 0,
      usage_percent: 0,
      context_length: 128_000,
    });
  });

  itWithoutModel("lists sessions newest first across pages with an opaque cursor", async () => {
    const app = await makeTestApp();
    try {
      const created: string[] = [];
      for (let i = 0; i < 7; i++) created.push((await createSession(app, { title: `s${i}` })).id);
      const { items, pageSizes } = await readAllPages<SessionResponse>(app, "/v1/sessions", 3);
      expect(pageSizes).toEqual([3, 3, 1]);
      expect(items.map((s) => s.id)).toEqual([...created].reverse());
      expect(items[0].stats).toBeDefined();
      const first = await json<ListSessionsResponse>(await app.call("GET", "/v1/sessions"));
      expect(first.data).toHaveLength(7);
      expect(first.next_cursor).toBeNull();
    } finally {
      await app.close();
    }
  });

  itWithoutModel("gets one session with token statistics that follow its messages", async ({ app: t }) => {
    const session = await createSession(t, { system_prompt: "Be brief." });
    const a = await appendMessage(t, session.id, { role: "user", content: "hello there" });
    const b = await appendMessage(t, session.id, { role: "assistant", content: "Hi. What do you need?" });
    const res = await t.call("GET", `/v1/sessions/${session.id}`);
    expect(res.status).toBe(200);
    const got = await json<SessionResponse>(res);
    const expectedTokens = session.stats.context_tokens + a.tokens + b.tokens;
    expect(got.stats.message_count).toBe(2);
    expect(got.stats.context_tokens).toBe(expectedTokens);
    expect(got.stats.usage_percent).toBe(Math.round((expectedTokens / got.stats.context_length) * 10_000) / 100);
    expect(Date.parse(got.updated_at)).toBeGreaterThanOrEqual(Date.parse(got.created_at));
  });

  itWithoutModel(
    "patches title, model, system prompt and config, merging config with earlier overrides",
    async ({ app: t }) => {
      const session = await createSession(t, {
        title: "old",
        system_prompt: "A.",
        config: { compression: { protect_last_n: 5 } },
      });
      const res = await t.call("PATCH", `/v1/sessions/${session.id}`, {
        title: "new",
        model: "claude-sonnet-4",
        system_prompt: "A much longer system prompt than before, with several more words in it.",
        config: { compression: { threshold: 0.6 }, browser: { headless: false } },
      });
      expect(res.status).toBe(200);
      const patched = await json<SessionResponse>(res);
      expect(patched).toMatchObject({ id: session.id, title: "new", model: "claude-sonnet-4" });
      expect(patched.config.compression).toMatchObject({ threshold: 0.6, protect_last_n: 5 });
      expect(patched.config.browser.headless).toBe(false);
      expect(patched.stats.context_length).toBe(200_000);
      expect(patched.stats.context_tokens).toBeGreaterThan(session.stats.context_tokens);

      // A PATCH that names one field leaves the others alone; the stored row says the same.
      const again = await json<SessionResponse>(
        await t.call("PATCH", `/v1/sessions/${session.id}`, { title: "newer" }),
      );
      expect(again).toMatchObject({ title: "newer", model: "claude-sonnet-4", system_prompt: patched.system_prompt });
      const fetched = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${session.id}`));
      expect(fetched).toEqual(again);

      // null resets a field to the server default.
      const reset = await json<SessionResponse>(
        await t.call("PATCH", `/v1/sessions/${session.id}`, { model: null, system_prompt: null }),
      );
      expect(reset).toMatchObject({ model: null, system_prompt: null });
      expect(reset.stats.context_tokens).toBe(0);
    },
  );

  itWithoutModel("deletes a session and every row that belongs to it", async ({ app: t }) => {
    const session = await createSession(t, { title: "doomed" });
    const keep = await createSession(t, { title: "kept" });
    await appendMessage(t, session.id, { role: "user", content: "look up PR #77" });
    await appendMessage(t, session.id, {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "session_search", arguments: '{"query":"PR #77"}' } },
      ],
    });
    await appendMessage(t, session.id, { role: "tool", tool_call_id: "call_1", content: "nothing found" });
    await appendMessage(t, keep.id, { role: "user", content: "stay" });
    expect(await countRows(t, "messages", session.id)).toBe(3);
    expect(await countRows(t, "tool_calls", session.id)).toBe(1);
    expect(await countSearchRows(t, session.id)).toBe(3);

    const res = await t.call("DELETE", `/v1/sessions/${session.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await t.call("GET", `/v1/sessions/${session.id}`)).status).toBe(404);
    for (const table of ["messages", "tool_calls", "events", "summaries", "anchors", "runs"]) {
      expect(await countRows(t, table, session.id), table).toBe(0);
    }
    expect(await countSearchRows(t, session.id), "search rows").toBe(0);
    expect(await t.query("select count(*) as n from sessions where id = $1", [session.id])).toEqual([{ n: 0 }]);
    // Another session is untouched, its search rows included.
    expect(await countRows(t, "messages", keep.id)).toBe(1);
    expect(await countSearchRows(t, keep.id)).toBe(1);
    expect((await t.call("DELETE", `/v1/sessions/${session.id}`)).status).toBe(404);
  });
});

/** How a running agent meets the deletion of its session. */
describe("a session with a run in progress", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("is deleted only after its run was interrupted, leaving no rows behind", async ({ app: t, fake }) => {
    const id = await t.createSession();
    fake.enqueue({ content: "never delivered", delay_ms: 3_000 });
    const pending = t.call("POST", `/v1/sessions/${id}/messages`, { content: "long task" });
    await waitFor(() => fake.completions.length === 1);

    const deleted = await t.call("DELETE", `/v1/sessions/${id}`);
    expect(deleted.status).toBe(204);
    const body = await json<PostMessageRunResponse>(await pending);
    expect(body.run.status).toBe("interrupted");
    expect(t.app.services.agent.isBusy(id)).toBe(false);
    expect((await t.call("GET", `/v1/sessions/${id}`)).status).toBe(404);
    const [left] = await t.query<{ n: number }>(
      "select (select count(*) from messages where session_id = $1) + (select count(*) from runs where session_id = $1) as n",
      [id],
    );
    expect(left.n).toBe(0);
  });
});
