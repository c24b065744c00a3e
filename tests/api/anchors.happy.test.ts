import { describe, expect } from "vitest";
import { EXPECTED_ANCHORS, seedAnchoredSession } from "../fixtures/anchored-session.js";
import { append, filler, getJson, toolRound } from "../fixtures/context-transcript.js";
import type { FakeModelServer } from "../fixtures/fake-model.js";
import {
  json,
  stringOf,
  type CompressResponse,
  type ContextMessage,
  type GetContextResponse,
  type ListAnchorsResponse,
  type ListMessagesResponse,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

// Each block has an app of its own, its model the fake one as modelConfig (context-transcript.ts) sets it.
const it = withApp({ model: "context" });
// A 400K window: the lean tail (10K tokens) holds more than six tool rounds, so older tail outputs become stubs.
const itWide = withApp({ model: "context", contextLength: 400_000 });

/** The anchors of the rows a compression moved out of the context. */
describe("anchors of a compacted span", () => {
  let id: string;

  it.beforeAll(async ({ app, fake }) => {
    id = await seedAnchoredSession(app, fake);
  });

  describe("anchor index", () => {
    it("shows every anchor of the compacted span verbatim in GET /context", async ({ app: t }) => {
      const messages = await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`);
      const compacted = messages.data.filter((m) => !m.in_context).map((m) => m.seq);
      expect(compacted.length).toBeGreaterThan(10);
      const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
      const shown = context.messages
        .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
        .join("\n");
      // the anchors left the context with their rows: only the summary's appendix can show them now
      for (const row of messages.data.filter((m) => m.content && stringOf(m.content).includes("#1234")))
        expect(row.in_context).toBe(false);
      for (const { value } of EXPECTED_ANCHORS) expect(shown, value).toContain(value);
      expect(shown).toContain("## Anchor Index");
      expect(shown).toContain("session_search");
    });

    it("GET /anchors lists them with counts and first/last seq, filtered by kind and q", async ({ app: t }) => {
      const all = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors`);
      for (const expected of EXPECTED_ANCHORS)
        expect(all.data, expected.value).toContainEqual(expect.objectContaining(expected));
      const paths = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors?kind=path&q=APP`);
      expect(paths.data).toEqual([
        { kind: "path", value: "src/app.ts", count: 1, first_seq: 5, last_seq: 5, in_context: false },
      ]);
      expect(paths.total).toBe(1);
      expect(paths.next_cursor).toBeNull();
      const errors = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors?kind=error`);
      expect(errors.data.map((a) => a.value)).toContain("ENOSPC");
      expect((await t.call("GET", `/v1/sessions/${id}/anchors?kind=planet`)).status).toBe(400);
    });

    it("covers every stored row, not only compacted ones, filtered by in_context and paged by cursor", async ({
      app: t,
    }) => {
      const sid = await createSessionId(t);
      await append(t, sid, [
        { role: "user", content: "the deploy of web-7 failed: see https://ci.example.com/build/5512 and OPS-9001" },
        { role: "assistant", content: "checking fix/deploy-web-7 and src/deploy/web.ts" },
      ]);
      // Nothing was compacted, yet every identifier is indexed, in context.
      const all = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${sid}/anchors`);
      expect(all.data.map((a) => a.value).sort()).toEqual(
        ["OPS-9001", "fix/deploy-web-7", "https://ci.example.com/build/5512", "src/deploy/web.ts"].sort(),
      );
      expect(all.data.every((a) => a.in_context)).toBe(true);
      expect((await getJson<ListAnchorsResponse>(t, `/v1/sessions/${sid}/anchors?in_context=false`)).data).toEqual([]);
      const first = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${sid}/anchors?limit=3`);
      expect(first).toMatchObject({ total: 4, next_cursor: expect.any(String) });
      expect(first.data).toHaveLength(3);
      const rest = await getJson<ListAnchorsResponse>(
        t,
        `/v1/sessions/${sid}/anchors?limit=3&cursor=${first.next_cursor}`,
      );
      expect(rest).toMatchObject({ total: 4, next_cursor: null });
      expect([...first.data, ...rest.data].map((a) => a.value).sort()).toEqual(all.data.map((a) => a.value).sort());
      expect((await t.call("GET", `/v1/sessions/${sid}/anchors?cursor=bogus`)).status).toBe(400);
    });

    it("indexes a session stored before the anchor table on its first read, commands with their exit codes", async ({
      app: t,
    }) => {
      const sid = await createSessionId(t);
      await append(t, sid, toolRound("build it", "terminal", { command: "make release" }, "exit code 2", "it failed"));
      // As a database from before the table: rows, no anchors, the session not marked indexed.
      await t.query("delete from message_anchors where session_id = $1", [sid]);
      await t.query("update sessions set anchors_indexed = $1 where id = $2", [false, sid]);
      const listed = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${sid}/anchors?kind=command`);
      expect(listed.data).toEqual([
        expect.objectContaining({ kind: "command", value: "make release [exit 2]", first_seq: 2 }),
      ]);
      expect((await t.app.services.store.sessions.get(sid))?.anchors_indexed).toBe(true);
    });

    it("indexes a fork of such a session on the fork's first read", async ({ app: t }) => {
      const sid = await createSessionId(t);
      await append(t, sid, [{ role: "user", content: "look at src/legacy/old.ts" }]);
      await t.query("delete from message_anchors where session_id = $1", [sid]);
      await t.query("update sessions set anchors_indexed = $1 where id = $2", [false, sid]);
      const fork = await json<{ session: { id: string } }>(await t.call("POST", `/api/sessions/${sid}/fork`, {}));
      const listed = await getJson<ListAnchorsResponse>(t, `/v1/sessions/${fork.session.id}/anchors`);
      expect(listed.data.map((a) => a.value)).toEqual(["src/legacy/old.ts"]);
    });
  });

  describe("anchors of tool output that pruning shortens", () => {
    it("indexes the original text of long and duplicated tool results, not their one-line stubs", async ({
      app: t,
      fake,
    }) => {
      const sid = await createSessionId(t, { system_prompt: "You are terse." });
      await append(t, sid, [
        { role: "user", content: "hello" },
        { role: "assistant", content: "hi" },
        { role: "user", content: "let us start" },
        { role: "assistant", content: "ready" },
      ]);
      const longLog = `${filler(7, 80)}\nmigrate failed: SQLITE_FULL in db/migrations/0004_add_index.sql\nValueError: tenant_id is missing\nexit code 2`;
      await append(
        t,
        sid,
        toolRound("run the migration", "terminal", { command: "npm run migrate" }, longLog, "the migration failed"),
      );
      const repeated = `${filler(11, 60)}\nfatal: refusing to merge unrelated histories`;
      await append(
        t,
        sid,
        toolRound("merge it", "terminal", { command: "git merge origin/main" }, repeated, "merge refused"),
      );
      for (let i = 0; i < 14; i++)
        await append(
          t,
          sid,
          toolRound(`step ${i} ${filler(i, 50)}`, "terminal", { command: "ls" }, filler(i + 50, 300), `done ${i}`),
        );
      await append(
        t,
        sid,
        toolRound("merge again", "terminal", { command: "git merge origin/main" }, repeated, "still refused"),
      );

      fake.enqueue({ content: "## Goal\nKeep going." });
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${sid}/compress`, {}));
      expect(out.compressed, JSON.stringify(out)).toBe(true);
      const anchors = (await getJson<ListAnchorsResponse>(t, `/v1/sessions/${sid}/anchors`)).data.map(
        (a) => `${a.kind}:${a.value}`,
      );
      expect(anchors).toEqual(
        expect.arrayContaining([
          "path:db/migrations/0004_add_index.sql",
          "error:ValueError: tenant_id is missing",
          "error:fatal: refusing to merge unrelated histories",
        ]),
      );
      const shown = (await getJson<GetContextResponse>(t, `/v1/sessions/${sid}/context`)).messages
        .map((m) => stringOf(m.content))
        .join("\n");
      expect(shown).toContain("db/migrations/0004_add_index.sql");
      expect(shown).toContain("ValueError: tenant_id is missing");
    });
  });
});

/**
 * The anchor guarantee beyond the rows that leave the context: rows that stay but are shown
 * shortened, and anchors of earlier compressions once their summary is itself compacted.
 */
describe("anchors beyond the compacted rows", () => {
  itWide.beforeEach(({ fake }) => fake.reset());

  async function contextText(t: TestApp, id: string): Promise<string> {
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    return context.messages
      .map(
        (m) =>
          `${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}\n${JSON.stringify(m.tool_calls ?? [])}`,
      )
      .join("\n");
  }

  async function compress(t: TestApp, fake: FakeModelServer, id: string, summary: string): Promise<CompressResponse> {
    fake.enqueue({ content: `## Goal\n${summary}` });
    const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(out.compressed, JSON.stringify(out)).toBe(true);
    return out;
  }

  describe("anchors of rows shown shortened", () => {
    itWide(
      "keeps anchors of a head tool output demoted to a one-liner and of a tail output turned into a stub",
      async ({ app: t, fake }) => {
        const id = await createSessionId(t, { system_prompt: "sys" });
        // protected head (protect_first_n = 3): its tool output is over 200 chars, so it is demoted
        await append(
          t,
          id,
          toolRound(
            "start the app",
            "terminal",
            { command: "npm start" },
            `listen EADDRINUSE on :::3000\n${filler(1, 60)}`,
            "port busy",
          ),
        );
        for (let i = 0; i < 30; i++)
          await append(
            t,
            id,
            toolRound(`mid ${i} ${filler(i, 40)}`, "terminal", { command: `step ${i}` }, filler(i + 7, 200), `ok ${i}`),
          );
        // in the tail, older than its newest six tool rounds and over 1,500 chars: stubbed in lean mode
        await append(
          t,
          id,
          toolRound(
            "parse it",
            "terminal",
            { command: "node parse.js" },
            `SyntaxError: Unexpected token '}' in JSON at position 4117\n${filler(99, 300)}`,
            "broken",
          ),
        );
        for (let i = 0; i < 8; i++)
          await append(t, id, toolRound(`t${i}`, "read_file", { path: `notes${i}.md` }, filler(i + 200, 300), `r${i}`));
        await compress(t, fake, id, "nothing about the anchors");

        const messages = (await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`)).data;
        const headOutput = messages.find((m) => m.role === "tool" && stringOf(m.content).includes("EADDRINUSE"));
        const tailOutput = messages.find((m) => m.role === "tool" && stringOf(m.content).includes("SyntaxError"));
        expect(headOutput!.in_context).toBe(true);
        expect(tailOutput!.in_context).toBe(true);
        const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
        const shownAs = (seq: number) =>
          context.messages.find((m) => m.role === "tool" && stringOf(m.content).includes(`seq ${seq}`));
        expect(shownAs(headOutput!.seq)?.content).toMatch(/^\[old tool output/);
        expect(shownAs(tailOutput!.seq)?.content).toMatch(/^\[tool output of seq/);

        const text = await contextText(t, id);
        expect(text).toContain("EADDRINUSE");
        expect(text).toContain("SyntaxError: Unexpected token '}' in JSON at position 4117");
        const anchors = (await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors?kind=error`)).data.map(
          (a) => a.value,
        );
        expect(anchors).toEqual(
          expect.arrayContaining(["EADDRINUSE", "SyntaxError: Unexpected token '}' in JSON at position 4117"]),
        );
      },
    );
  });

  describe("anchors across iterative compressions", () => {
    itWide(
      "keeps the first span's anchors, with their kinds, after the first summary is compacted in turn",
      async ({ app: t, fake }) => {
        const id = await createSessionId(t, { system_prompt: "sys" });
        await append(t, id, [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
          { role: "user", content: "go" },
          { role: "assistant", content: "going" },
        ]);
        await append(
          t,
          id,
          toolRound(
            "lint it",
            "terminal",
            { command: "npm run lint" },
            `exit code 2\n${filler(3, 30)}`,
            "lint fails, fixed in PR #4242",
          ),
        );
        for (let i = 0; i < 40; i++)
          await append(
            t,
            id,
            toolRound(`mid ${i} ${filler(i, 40)}`, "terminal", { command: `step ${i}` }, filler(i + 7, 300), `ok ${i}`),
          );
        await compress(t, fake, id, "first summary, no identifiers");
        expect(await contextText(t, id)).toContain("npm run lint [exit 2]");

        for (let i = 0; i < 40; i++)
          await append(
            t,
            id,
            toolRound(
              `late ${i} ${filler(i, 40)}`,
              "terminal",
              { command: `later ${i}` },
              filler(i + 70, 300),
              `ok ${i}`,
            ),
          );
        const second = await compress(t, fake, id, "second summary, no identifiers");
        expect(second.summary!.version).toBe(2);
        const prompt = fake.completions[1].body.messages[1].content as string;
        expect(prompt).toContain("<previous-summary>");
        expect(prompt, "the previous summary is not sent again as a turn").not.toContain("[CONTEXT COMPACTION");
        const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
        expect(context.messages.filter((m) => stringOf(m.content).includes("[CONTEXT COMPACTION"))).toHaveLength(1);
        const text = await contextText(t, id);
        expect(text).toContain("npm run lint [exit 2]");
        expect(text).toMatch(/^pr: .*#4242 \(x1\)/m);
      },
    );
  });

  describe("a summary merged into a tail message", () => {
    itWide(
      "is not read again as a turn or as anchors when that message is compacted later",
      async ({ app: t, fake }) => {
        const id = await createSessionId(t, { system_prompt: "sys" });
        // the head ends with a user message and the tail starts with an assistant tool call: the summary is merged into that call
        await append(t, id, [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
          { role: "user", content: "build the parser" },
        ]);
        const calls = (from: number, to: number, output: (i: number) => string) =>
          Array.from({ length: to - from }, (_, k) => k + from).flatMap((i) => [
            {
              role: "assistant" as const,
              content: null,
              tool_calls: [
                {
                  id: `merge_${i}`,
                  type: "function" as const,
                  function: { name: "terminal", arguments: JSON.stringify({ command: `make part-${i}` }) },
                },
              ],
            },
            { role: "tool" as const, tool_call_id: `merge_${i}`, content: output(i) },
          ]);
        await append(
          t,
          id,
          calls(0, 40, (i) => `${i === 2 ? "RangeError: Invalid array length at build\n" : ""}${filler(i, 300)}`),
        );
        await compress(t, fake, id, "first summary");
        const merged = (await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).messages.find(
          (m) =>
            m.role === "assistant" && m.tool_calls?.length && stringOf(m.content).startsWith("[CONTEXT COMPACTION"),
        );
        expect(merged, "the first summary was merged into the first tail message").toBeDefined();

        await append(
          t,
          id,
          calls(40, 90, (i) => filler(i, 300)),
        );
        await append(t, id, [{ role: "user", content: "next" }]);
        await compress(t, fake, id, "second summary");
        const turns = fake.completions[1].body.messages[1].content as string;
        expect(turns).toContain("<previous-summary>");
        expect(turns, "the previous summary is not sent again as a turn").not.toContain("[CONTEXT COMPACTION");
        const errors = (await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors?kind=error`)).data;
        expect(errors).toEqual([
          expect.objectContaining({ value: "RangeError: Invalid array length at build", count: 1 }),
        ]);
      },
    );
  });

  describe("a summary merged into the last user message", () => {
    itWide(
      "is dropped from that message when the next summary, which folds it in, is placed",
      async ({ app: t, fake }) => {
        // the head ends with an assistant reply and the last user ask is pinned before a long tool run: the summary is merged into that ask
        const id = await createSessionId(t, { system_prompt: "sys", config: { compression: { protect_first_n: 2 } } });
        const calls = (from: number, to: number) =>
          Array.from({ length: to - from }, (_, k) => k + from).flatMap((i) => [
            {
              role: "assistant" as const,
              content: null,
              tool_calls: [
                {
                  id: `pin_${i}`,
                  type: "function" as const,
                  function: { name: "terminal", arguments: JSON.stringify({ command: `make part-${i}` }) },
                },
              ],
            },
            { role: "tool" as const, tool_call_id: `pin_${i}`, content: filler(i, 300) },
          ]);
        await append(t, id, [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
        ]);
        for (let i = 0; i < 10; i++)
          await append(t, id, [{ role: "user", content: `early ${i} ${filler(i, 80)}` }, ...calls(100 + i, 101 + i)]);
        await append(t, id, [{ role: "user", content: "LAST-ASK: run every part" }]);
        await append(t, id, calls(0, 40));
        await compress(t, fake, id, "FIRST-SUMMARY");
        const ask = (messages: ContextMessage[]) =>
          messages.find((m) => m.role === "user" && stringOf(m.content).includes("LAST-ASK"));
        expect(ask((await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).messages)!.content).toContain(
          "FIRST-SUMMARY",
        );

        await append(t, id, calls(40, 80));
        await compress(t, fake, id, "SECOND-SUMMARY");
        const messages = (await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`)).messages;
        const text = JSON.stringify(messages);
        expect(text).toContain("SECOND-SUMMARY");
        expect(text).not.toContain("FIRST-SUMMARY");
        expect(text.split("[CONTEXT COMPACTION").length - 1).toBe(1);
        expect(ask(messages)!.content).toBe("LAST-ASK: run every part");
      },
    );
  });
});
