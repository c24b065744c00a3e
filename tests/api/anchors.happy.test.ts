import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, modelConfig, toolRound } from "../fixtures/context-transcript.js";

let fake: FakeModelServer;
let t: TestApp;
let id: string;

/** One anchor of every kind, spread over message text, tool-call arguments and tool results. */
const EXPECTED = [
  { kind: "pr", value: "#1234" },
  { kind: "issue", value: "#77" },
  { kind: "commit", value: "3f9a1c2b7d4e" },
  { kind: "branch", value: "fix/disk-full-retry" },
  { kind: "path", value: "src/app.ts" },
  { kind: "path", value: "src/deep/module.ts" },
  { kind: "error", value: "ENOSPC" },
  { kind: "error", value: "TypeError: Cannot read properties of undefined (reading 'id')" },
  { kind: "url", value: "https://ci.example.com/build/991" },
  { kind: "handle", value: "@octocat" },
  { kind: "command", value: "npm run build [exit 1]" },
  { kind: "config_key", value: "compression.tail_mode" },
  { kind: "id", value: "OPS-4821" },
];

beforeAll(async () => {
  fake = await startFakeModel();
  t = await makeTestApp(modelConfig(fake.baseUrl));
  id = await createSession(t, { system_prompt: "You are terse." });
  await append(t, id, [
    { role: "user", content: "hello" },
    { role: "assistant", content: "hi" },
    { role: "user", content: "let us start" },
    { role: "assistant", content: "ready" },
    { role: "user", content: "PR #1234 breaks src/app.ts on fix/disk-full-retry since 3f9a1c2b7d4e; see issue #77 and ask @octocat (OPS-4821)." },
  ]);
  await append(t, id, toolRound("read it", "read_file", { path: "src/deep/module.ts" }, "export const x = 1;", "read"));
  await append(t, id, toolRound("build it", "terminal", { command: "npm run build" }, "write failed: ENOSPC\nexit code 1", "the disk is full"));
  await append(t, id, toolRound("and the crash?", "terminal", { command: "node ." }, "TypeError: Cannot read properties of undefined (reading 'id')", "null user"));
  await append(t, id, [
    { role: "user", content: "the CI log is at https://ci.example.com/build/991 and compression.tail_mode must stay lean" },
    { role: "assistant", content: "ok" },
  ]);
  for (let i = 0; i < 14; i++) await append(t, id, toolRound(`step ${i} ${filler(i, 50)}`, "terminal", { command: "ls" }, filler(i + 50, 300), `done ${i}`));
  fake.enqueue({ content: "## Goal\nKeep going." });
  const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
  const out = await res.json();
  if (!out.compressed) throw new Error(`compression did not happen: ${JSON.stringify(out)}`);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("anchor index", () => {
  it("shows every anchor of the compacted span verbatim in GET /context", async () => {
    const messages = await getJson(t, `/v1/sessions/${id}/messages?limit=200`);
    const compacted = messages.data.filter((m: any) => !m.in_context).map((m: any) => m.seq);
    expect(compacted.length).toBeGreaterThan(10);
    const context = await getJson(t, `/v1/sessions/${id}/context`);
    const shown = context.messages.map((m: any) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join("\n");
    // the anchors left the context with their rows: only the summary's appendix can show them now
    for (const row of messages.data.filter((m: any) => m.content && String(m.content).includes("#1234"))) expect(row.in_context).toBe(false);
    for (const { value } of EXPECTED) expect(shown, value).toContain(value);
    expect(shown).toContain("## Anchor Index");
    expect(shown).toContain("session_search");
  });

  it("GET /anchors lists them with counts and first/last seq, filtered by kind and q", async () => {
    const all = await getJson(t, `/v1/sessions/${id}/anchors`);
    for (const expected of EXPECTED) expect(all.data, expected.value).toContainEqual(expect.objectContaining(expected));
    const paths = await getJson(t, `/v1/sessions/${id}/anchors?kind=path&q=APP`);
    expect(paths.data).toEqual([{ kind: "path", value: "src/app.ts", count: 1, first_seq: 5, last_seq: 5 }]);
    expect(paths.total).toBe(1);
    const errors = await getJson(t, `/v1/sessions/${id}/anchors?kind=error`);
    expect(errors.data.map((a: any) => a.value)).toContain("ENOSPC");
    expect((await t.call("GET", `/v1/sessions/${id}/anchors?kind=planet`)).status).toBe(400);
  });
});

describe("full-text search", () => {
  it.each(["src/app.ts", "ENOSPC", "#1234", "3f9a1c2b7d4e", "fix/disk-full-retry", 'reading \'id\'"'])("finds compacted content for %s", async (q) => {
    const out = await getJson(t, `/v1/sessions/${id}/search?q=${encodeURIComponent(q)}`);
    expect(out.data.length, q).toBeGreaterThan(0);
    expect(out.data.some((hit: any) => hit.in_context === false && hit.kind === "message")).toBe(true);
  });

  it("filters by role and limit, and answers an empty list for no match", async () => {
    const tool = await getJson(t, `/v1/sessions/${id}/search?q=ENOSPC&role=tool`);
    expect(tool.data.every((hit: any) => hit.role === "tool")).toBe(true);
    expect(tool.data[0].snippet).toContain("[ENOSPC]");
    const limited = await getJson(t, `/v1/sessions/${id}/search?q=step&limit=2`);
    expect(limited.data).toHaveLength(2);
    expect((await getJson(t, `/v1/sessions/${id}/search?q=zzzznothing`)).data).toEqual([]);
    expect((await t.call("GET", `/v1/sessions/${id}/search`)).status).toBe(400);
  });

  it("the session_search tool finds what compression moved out", async () => {
    const services = t.app.services;
    const session = services.sessions.require(id);
    const tool = services.toolProviders.flatMap((p) => p.toolsFor(session)).find((d) => d.name === "session_search");
    expect(tool).toBeDefined();
    const out = await tool!.execute({ query: "src/app.ts", role: "user", limit: 5 }, { session, runId: null });
    expect(out.is_error).toBeUndefined();
    expect(out.content).toMatch(/\[seq 5\] user \(compacted\):/);
    const bad = await tool!.execute({ query: "" }, { session, runId: null });
    expect(bad.is_error).toBe(true);
  });
});

describe("anchors of tool output that pruning shortens", () => {
  it("indexes the original text of long and duplicated tool results, not their one-line stubs", async () => {
    const sid = await createSession(t, { system_prompt: "You are terse." });
    await append(t, sid, [
      { role: "user", content: "hello" },
      { role: "assistant", content: "hi" },
      { role: "user", content: "let us start" },
      { role: "assistant", content: "ready" },
    ]);
    const longLog = `${filler(7, 80)}\nmigrate failed: SQLITE_FULL in db/migrations/0004_add_index.sql\nValueError: tenant_id is missing\nexit code 2`;
    await append(t, sid, toolRound("run the migration", "terminal", { command: "npm run migrate" }, longLog, "the migration failed"));
    const repeated = `${filler(11, 60)}\nfatal: refusing to merge unrelated histories`;
    await append(t, sid, toolRound("merge it", "terminal", { command: "git merge origin/main" }, repeated, "merge refused"));
    for (let i = 0; i < 14; i++) await append(t, sid, toolRound(`step ${i} ${filler(i, 50)}`, "terminal", { command: "ls" }, filler(i + 50, 300), `done ${i}`));
    await append(t, sid, toolRound("merge again", "terminal", { command: "git merge origin/main" }, repeated, "still refused"));

    fake.enqueue({ content: "## Goal\nKeep going." });
    const out = await (await t.call("POST", `/v1/sessions/${sid}/compress`, {})).json();
    expect(out.compressed, JSON.stringify(out)).toBe(true);
    const anchors = (await getJson(t, `/v1/sessions/${sid}/anchors`)).data.map((a: any) => `${a.kind}:${a.value}`);
    expect(anchors).toEqual(expect.arrayContaining(["path:db/migrations/0004_add_index.sql", "error:ValueError: tenant_id is missing", "error:fatal: refusing to merge unrelated histories"]));
    const shown = (await getJson(t, `/v1/sessions/${sid}/context`)).messages.map((m: any) => String(m.content)).join("\n");
    expect(shown).toContain("db/migrations/0004_add_index.sql");
    expect(shown).toContain("ValueError: tenant_id is missing");
  });
});
