/**
 * Recall across sessions: GET /v1/anchors lists the anchors of every session of the key's owner, newest first, a
 * short SHA finding the full one and `q` a substring; GET /v1/search finds stored rows of every session, best first,
 * pages with a cursor and keeps to one session on request. Another owner's sessions never show.
 */
import { describe, expect } from "vitest";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY, type KeyCaller } from "../fixtures/keys.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import { createSessionId, type ApiCaller } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { ListSessionAnchorsResponse, SearchSessionsResponse } from "../../src/routes/recall/schemas.js";

const it = withApp({ overrides: { server: { api_key: SERVER_KEY } } });

const SHA = "3f9a2c1b7d4e8f0a1b2c3d4e5f60718293a4b5c6";

async function say(who: ApiCaller, sessionId: string, content: string): Promise<void> {
  const res = await who.call("POST", `/v1/sessions/${sessionId}/messages`, { run: false, role: "user", content });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function get<T>(who: ApiCaller, path: string): Promise<T> {
  const res = await who.call("GET", path);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<T>(res);
}

describe("recall across sessions", () => {
  let alice: KeyCaller;
  let bob: KeyCaller;
  let deploy: string;
  let review: string;
  let bobs: string;

  it.beforeAll(async ({ app: t }) => {
    alice = await makeKey(t, { name: "alice", owner: "alice", scopes: ALL_BUT_ADMIN });
    bob = await makeKey(t, { name: "bob", owner: "bob", scopes: ALL_BUT_ADMIN });
    deploy = await createSessionId(alice, { title: "Staging deploy" });
    review = await createSessionId(alice, { title: "Review PR #4127" });
    bobs = await createSessionId(bob, { title: "Bob's own" });
    await say(alice, deploy, "We decided the staging deploy waits for the migration in src/db/migrate.ts");
    await say(alice, review, `PR #4127 is merged as ${SHA}; see src/db/migrate.ts`);
    await say(bob, bobs, `Bob also touched PR #4127 and ${SHA} in src/db/migrate.ts`);
  });

  it("lists the owner's anchors newest first, one row per session and value", async () => {
    const page = await get<ListSessionAnchorsResponse>(alice, "/v1/anchors?limit=200");
    expect(page.data.every((row) => row.session_id === deploy || row.session_id === review)).toBe(true);
    const paths = page.data.filter((row) => row.value === "src/db/migrate.ts");
    expect(paths.map((row) => row.session_id).sort()).toEqual([deploy, review].sort());
    const newest = paths[0];
    expect(newest).toMatchObject({ session_id: review, session_title: "Review PR #4127", kind: "path", rows: 1 });
    expect(newest.in_context).toBe(true);
    expect(newest.first_seq).toBe(newest.last_seq);
    const times = page.data.map((row) => Date.parse(row.last_seen_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("finds a full SHA by a 7-digit prefix, and a value by a substring", async () => {
    const short = await get<ListSessionAnchorsResponse>(alice, `/v1/anchors?value=${SHA.slice(0, 7).toUpperCase()}`);
    expect(short.data.map((row) => [row.session_id, row.value])).toEqual([[review, SHA]]);
    const exact = await get<ListSessionAnchorsResponse>(
      alice,
      `/v1/anchors?value=${encodeURIComponent("src/db/migrate.ts")}`,
    );
    expect(exact.data).toHaveLength(2);
    const inside = await get<ListSessionAnchorsResponse>(alice, "/v1/anchors?q=4127&kind=pr");
    expect(inside.data.map((row) => row.session_id)).toEqual([review]);
  });

  it("pages with next_cursor, no row twice", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: ListSessionAnchorsResponse = await get(
        alice,
        `/v1/anchors?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.data.map((row) => `${row.session_id} ${row.kind} ${row.value}`));
      cursor = page.next_cursor;
    }
    const all = await get<ListSessionAnchorsResponse>(alice, "/v1/anchors?limit=200");
    expect(seen).toEqual(all.data.map((row) => `${row.session_id} ${row.kind} ${row.value}`));
  });

  it("searches every session of the owner, best first, and pages", async () => {
    const hits = await get<SearchSessionsResponse>(alice, "/v1/search?q=migrate.ts");
    expect(hits.data.map((hit) => hit.session_id).sort()).toEqual([deploy, review].sort());
    expect(hits.data[0]).toMatchObject({ seq: 1, role: "user" });
    expect(hits.data[0].snippet).toContain("[");
    const first = await get<SearchSessionsResponse>(alice, "/v1/search?q=migrate.ts&limit=1");
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = await get<SearchSessionsResponse>(
      alice,
      `/v1/search?q=migrate.ts&limit=1&cursor=${first.next_cursor}`,
    );
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(second.data[0].session_id).not.toBe(first.data[0].session_id);
    const one = await get<SearchSessionsResponse>(alice, `/v1/search?q=migrate.ts&session_id=${deploy}`);
    expect(one.data.map((hit) => [hit.session_id, hit.session_title])).toEqual([[deploy, "Staging deploy"]]);
    const sha = await get<SearchSessionsResponse>(alice, `/v1/search?q=${SHA.slice(0, 7)}`);
    expect(sha.data.map((hit) => hit.session_id)).toEqual([review]);
  });
});

describe("recall across owners", () => {
  it("never shows another owner's sessions", async ({ app: t }) => {
    const carol = await makeKey(t, { name: "carol", owner: "carol", scopes: ALL_BUT_ADMIN });
    const dave = await makeKey(t, { name: "dave", owner: "dave", scopes: ALL_BUT_ADMIN });
    const hers = await createSessionId(carol, { title: "Carol's" });
    await say(carol, hers, "the secret plan is in plans/zephyr-quartz.md");
    const anchors = await get<ListSessionAnchorsResponse>(dave, "/v1/anchors?q=zephyr");
    expect(anchors.data).toEqual([]);
    const search = await get<SearchSessionsResponse>(dave, "/v1/search?q=zephyr");
    expect(search.data).toEqual([]);
    const mine = await get<SearchSessionsResponse>(carol, "/v1/search?q=zephyr");
    expect(mine.data.map((hit) => hit.session_id)).toEqual([hers]);
    // Her session named outright answers as a missing one.
    const res = await dave.call("GET", `/v1/search?q=zephyr&session_id=${hers}`);
    expect(res.status).toBe(404);
    expect((await json<ProblemResponse>(res)).code).toBe("not_found");
  });

  it("forgets a deleted session's anchors", async ({ app: t }) => {
    const uma = await makeKey(t, { name: "uma", owner: "uma", scopes: ALL_BUT_ADMIN });
    const gone = await createSessionId(uma, { title: "Short-lived" });
    await say(uma, gone, "see docs/ephemeral-plan.md");
    expect(
      (
        await get<ListSessionAnchorsResponse>(uma, `/v1/anchors?value=${encodeURIComponent("docs/ephemeral-plan.md")}`)
      ).data.map((row) => [row.session_id, row.kind]),
    ).toContainEqual([gone, "path"]);
    expect((await uma.call("DELETE", `/v1/sessions/${gone}`)).status).toBe(204);
    expect(
      (await get<ListSessionAnchorsResponse>(uma, `/v1/anchors?value=${encodeURIComponent("docs/ephemeral-plan.md")}`))
        .data,
    ).toEqual([]);
    expect(await t.query("select session_id from anchor_groups where session_id = $1", [gone])).toEqual([]);
  });

  it("refuses an empty q", async ({ app: t }) => {
    const res = await t.call("GET", "/v1/search?q=", undefined, { authorization: `Bearer ${SERVER_KEY}` });
    expect(res.status).toBe(400);
    expect((await json<ProblemResponse>(res)).code).toBe("validation_failed");
  });
});
