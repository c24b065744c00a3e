/**
 * Two owners' keys never see each other's resources: every operation of the OpenAPI document is called by one owner
 * with the other's ids in its path (with the documented example body and query), and answers exactly what it answers
 * for a missing id — 404, the same body but for the id — while the other's resources stay as they were. Resources
 * named in a body or a header (a session to continue, a response to chain to, a conversation) are not found either;
 * lists, searches, session keys, derived chat sessions and titles keep to the caller's own.
 */
import { describe, expect } from "vitest";
import { testTools, waitFor } from "../fixtures/agent-harness.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY, type KeyCaller } from "../fixtures/keys.js";
import { json, type ListSessionsResponse } from "../fixtures/responses.js";
import type { ApiCaller } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { HermesRunResponse, SubmittedRunResponse } from "../../src/routes/runs/schemas.js";

const it = withApp({
  overrides: { server: { api_key: SERVER_KEY } },
  tools: [testTools.echo],
});

type Operation = {
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    example?: unknown;
    schema?: { example?: unknown };
  }>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  security?: Array<Record<string, string[]>>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** The path parameters that name owned resources, and the id of the same shape that names nothing. */
const missingLike = (id: string) => `${id.slice(0, -6)}ZZZZZZ`;

/** The documented example of a required query or header parameter, so the request is valid but for its ids. */
function exampleOf(parameter: NonNullable<Operation["parameters"]>[number]): string {
  const value = parameter.example ?? parameter.schema?.example;
  return typeof value === "string" || typeof value === "number" ? String(value) : "x";
}

type Call = { status: number; body: string };

async function callOperation(
  who: ApiCaller,
  method: string,
  path: string,
  operation: Operation,
  ids: Record<string, string>,
): Promise<Call> {
  const url = path.replaceAll(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? `x_${name}`));
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    if (!parameter.required) continue;
    if (parameter.in === "query") query.set(parameter.name, exampleOf(parameter));
    if (parameter.in === "header") headers[parameter.name] = exampleOf(parameter);
  }
  const body = operation.requestBody?.content?.["application/json"]?.example;
  const res = await who.call(method.toUpperCase(), `${url}${query.size ? `?${query}` : ""}`, body, headers);
  return { status: res.status, body: await res.text() };
}

/** A body as compared across ids: the ids replaced by their names, the request id left out. */
function normalized(text: string, ids: Record<string, string>): string {
  let out = text.replaceAll(/"request_id":"[^"]*"/g, '"request_id":"-"');
  for (const [name, id] of Object.entries(ids)) out = out.replaceAll(id, `<${name}>`);
  return out;
}

describe("two owners", () => {
  let alice: KeyCaller;
  let bob: KeyCaller;
  /** Alice's resources, made once for the file. */
  const owned: Record<string, string> = {};

  it.beforeAll(async ({ app: t, fake }) => {
    alice = await makeKey(t, { name: "alice", owner: "alice", scopes: ALL_BUT_ADMIN });
    bob = await makeKey(t, { name: "bob", owner: "bob", scopes: ALL_BUT_ADMIN });
    const session = await json<{ id: string }>(
      await alice.call("POST", "/v1/sessions", {
        title: "alice's notes",
        config: { agent: { approvals: { tools: { echo: "ask" } } } },
      }),
    );
    // A run that waits for an approval, answered `always`: a run, an interrupt and an allowlist entry of Alice's.
    fake.enqueue({ tool_calls: [{ id: "call_a", name: "echo", arguments: { text: "quokka" } }] }, { content: "done" });
    const submitted = await json<SubmittedRunResponse>(
      await alice.call("POST", "/v1/runs", { input: "echo the word quokka", session_id: session.id }),
    );
    const waiting = await waitFor(async () => {
      const run = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${submitted.run_id}`));
      return run.status === "waiting_for_approval" && run;
    });
    const answered = await alice.call("POST", `/v1/runs/${submitted.run_id}/approval`, { choice: "always" });
    expect(answered.status).toBe(200);
    await waitFor(async () => {
      const run = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${submitted.run_id}`));
      return run.status === "completed";
    });
    const allowlist = await json<{ data: Array<{ id: string }> }>(await alice.call("GET", "/v1/approvals/allowlist"));
    fake.enqueue({ content: "a response" });
    const response = await json<{ id: string }>(await alice.call("POST", "/v1/responses", { input: "hello there" }));
    Object.assign(owned, {
      id: session.id,
      session_id: session.id,
      run_id: submitted.run_id,
      interrupt_id: waiting.interrupts[0].id,
      response_id: response.id,
      entry_id: allowlist.data[0].id,
      image_id: "img_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    });
  });

  it("answers another owner's ids on every operation exactly as missing ones, changing nothing", async ({ app: t }) => {
    const doc = await json<Document>(await t.app.request("/openapi.json"));
    const missing = Object.fromEntries(Object.entries(owned).map(([name, id]) => [name, missingLike(id)]));
    const before = await alice.call("GET", `/v1/sessions/${owned.id}/messages?limit=200`);
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!/\{(id|session_id|run_id|interrupt_id|response_id|entry_id)\}/.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const what = `${method.toUpperCase()} ${path}`;
        const foreign = await callOperation(bob, method, path, operation, owned);
        const absent = await callOperation(bob, method, path, operation, missing);
        expect(foreign.status, `${what}: ${foreign.body}`).toBe(404);
        expect(normalized(foreign.body, owned), what).toBe(normalized(absent.body, missing));
        walked.push(what);
      }
    }
    expect(walked.length).toBeGreaterThan(40);
    for (const route of [
      "DELETE /v1/sessions/{id}",
      "GET /v1/sessions/{id}/events",
      "GET /v1/sessions/{id}/search",
      "POST /v1/sessions/{id}/browser/cdp",
      "GET /v1/runs/{run_id}/events",
      "POST /v1/runs/{run_id}/cancel",
      "GET /v1/responses/{response_id}",
      "DELETE /v1/approvals/allowlist/{entry_id}",
      "POST /api/sessions/{session_id}/chat/stream",
      "DELETE /api/sessions/{session_id}",
    ])
      expect(walked).toContain(route);
    // Nothing of Alice's moved.
    expect(await (await alice.call("GET", `/v1/sessions/${owned.id}/messages?limit=200`)).text()).toBe(
      await before.text(),
    );
    expect((await alice.call("GET", `/v1/responses/${owned.response_id}`)).status).toBe(200);
    expect((await alice.call("GET", `/v1/approvals/allowlist/${owned.entry_id}`)).status).toBe(200);
    const run = await json<HermesRunResponse>(await alice.call("GET", `/v1/runs/${owned.run_id}`));
    expect(run.status).toBe("completed");
  });

  it("answers another owner's run, interrupt or image under the caller's own session as missing ones", async ({
    app: t,
  }) => {
    const doc = await json<Document>(await t.app.request("/openapi.json"));
    const own = await json<{ id: string }>(await bob.call("POST", "/v1/sessions", {}));
    const foreignIds = { ...owned, id: own.id };
    const missingIds = Object.fromEntries(
      Object.entries(owned).map(([name, id]) => [name, name === "id" ? own.id : missingLike(id)]),
    );
    let walked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!/^\/v1\/sessions\/\{id\}\/.*\{(run_id|interrupt_id|image_id)\}/.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const foreign = await callOperation(bob, method, path, operation, foreignIds);
        const absent = await callOperation(bob, method, path, operation, missingIds);
        const what = `${method.toUpperCase()} ${path}`;
        expect(foreign.status, `${what}: ${foreign.body}`).toBe(404);
        const { id: _own, ...named } = owned;
        const { id: _same, ...absentNamed } = missingIds;
        expect(normalized(foreign.body, named), what).toBe(normalized(absent.body, absentNamed));
        walked += 1;
      }
    }
    expect(walked).toBe(3);
  });

  it("finds no other owner's session named in a body or a header, and creates none under its id", async ({
    app: t,
  }) => {
    const notFound = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(404);
    };
    await notFound(
      await bob.call(
        "POST",
        "/v1/chat/completions",
        { model: "caduceus", messages: [{ role: "user", content: "hi" }] },
        { "x-hermes-session-id": owned.id },
      ),
    );
    await notFound(await bob.call("POST", "/v1/runs", { input: "hi", session_id: owned.id }));
    await notFound(await bob.call("POST", "/v1/runs", { input: "hi" }, { "x-hermes-session-id": owned.id }));
    await notFound(await bob.call("POST", "/v1/responses", { input: "hi", conversation: owned.id }));
    // A response to chain to: another owner's is answered exactly as a missing one.
    for (const route of ["/v1/responses", "/v1/runs"]) {
      const foreign = await bob.call("POST", route, { input: "hi", previous_response_id: owned.response_id });
      const absent = await bob.call("POST", route, {
        input: "hi",
        previous_response_id: missingLike(owned.response_id),
      });
      expect(foreign.status).toBe(404);
      expect(normalized(await foreign.text(), { r: owned.response_id })).toBe(
        normalized(await absent.text(), { r: missingLike(owned.response_id) }),
      );
    }
    const session = await json<{ stats: { message_count: number } }>(
      await alice.call("GET", `/v1/sessions/${owned.id}`),
    );
    expect(session.stats.message_count).toBe(4);
    // Each of these refusals (no path of theirs named the session) is in the audit log, naming the session.
    type Entry = { resource: { id: string } | null; status: number; detail: { path?: string } };
    const audit = await json<{ data: Entry[] }>(
      await t.call("GET", `/v1/admin/audit?action=auth.denied&key_id=${bob.key.id}&limit=200`),
    );
    const named = audit.data.filter((entry) => entry.resource?.id === owned.id && entry.detail.path === undefined);
    expect(named.map((entry) => entry.status)).toEqual([404, 404, 404, 404]);
  });

  it("lists, searches and counts only the caller's own; an admin sees every owner's and can pick one", async ({
    app: t,
  }) => {
    const ids = async (who: ApiCaller, path: string) =>
      (await json<{ data: Array<{ id: string }> }>(await who.call("GET", path))).data.map((item) => item.id);
    expect(await ids(alice, "/v1/sessions")).toContain(owned.id);
    expect(await ids(bob, "/v1/sessions")).not.toContain(owned.id);
    expect(await ids(bob, "/api/sessions")).not.toContain(owned.id);
    expect(await ids(bob, "/v1/runs")).not.toContain(owned.run_id);
    expect(await ids(alice, "/v1/runs")).toContain(owned.run_id);
    expect(await ids(bob, "/v1/approvals/allowlist")).toEqual([]);
    const hits = async (who: ApiCaller) =>
      (await json<{ data: Array<{ session_id: string }> }>(await who.call("GET", "/api/sessions/search?q=quokka")))
        .data;
    expect((await hits(alice)).map((hit) => hit.session_id)).toContain(owned.id);
    expect(await hits(bob)).toEqual([]);
    const everyone = await json<ListSessionsResponse>(await t.call("GET", "/v1/sessions"));
    expect(everyone.data.map((s) => s.id)).toContain(owned.id);
    expect(await ids(t, "/v1/sessions?owner=bob")).not.toContain(owned.id);
    expect(await ids(t, "/v1/sessions?owner=alice")).toContain(owned.id);
    // Another owner's list is an admin's to ask for.
    const refused = await bob.call("GET", "/v1/sessions?owner=alice");
    expect(refused.status).toBe(403);
    expect(await json<{ required_scope: string }>(refused)).toMatchObject({ required_scope: "admin" });
  });

  it("keeps session keys, derived chat sessions and titles to each owner", async ({ fake }) => {
    fake.enqueue({ content: "one" }, { content: "two" }, { content: "three" }, { content: "four" });
    const keyed = async (who: ApiCaller) => {
      const submitted = await json<SubmittedRunResponse>(
        await who.call("POST", "/v1/runs", { input: "remember me" }, { "x-hermes-session-key": "channel:shared" }),
      );
      return submitted.session_id;
    };
    const aliceKeyed = await keyed(alice);
    expect(await keyed(bob)).not.toBe(aliceKeyed);
    const chat = async (who: ApiCaller) => {
      const res = await who.call("POST", "/v1/chat/completions", {
        model: "caduceus",
        messages: [
          { role: "user", content: "the same opening" },
          { role: "assistant", content: "the same answer" },
          { role: "user", content: "and the same follow-up" },
        ],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.headers.get("x-hermes-session-id");
    };
    expect(await chat(bob)).not.toBe(await chat(alice));
    // A title Alice holds is Bob's to take: titles are unique per owner, and nothing names Alice's session.
    const titled = await bob.call("POST", "/api/sessions", { title: "alice's notes" });
    expect(titled.status, await titled.clone().text()).toBe(201);
    expect(await titled.text()).not.toContain(owned.id);
  });
});
