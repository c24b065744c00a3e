import { describe, expect } from "vitest";
import { json, type CreateSessionResponse, type ProblemResponse } from "../fixtures/responses.js";
import { countRows } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

/** The same request is the same request however its JSON is written: keys in another order, other spacing. */
describe("Idempotency-Key fingerprints", () => {
  it("replays a body sent again with its keys reordered and other whitespace", async ({ app: t }) => {
    const headers = { "idempotency-key": "canonical-1" };
    const first = await t.call(
      "POST",
      "/v1/sessions",
      '{"title":"once","config":{"compression":{"threshold":0.6,"protect_last_n":8}}}',
      headers,
    );
    expect(first.status).toBe(201);
    const created = await json<CreateSessionResponse>(first);

    const reordered =
      '{\n  "config": { "compression": { "protect_last_n": 8, "threshold": 0.6 } },\n  "title": "once"\n}';
    const again = await t.call("POST", "/v1/sessions", reordered, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect((await json<CreateSessionResponse>(again)).id).toBe(created.id);
    expect(await countRows(t, "sessions")).toBe(1);
  });

  it("still refuses a body whose values differ, however close", async ({ app: t }) => {
    const headers = { "idempotency-key": "canonical-2" };
    expect((await t.call("POST", "/v1/sessions", '{"title":"a","model":null}', headers)).status).toBe(201);
    const changed = await t.call("POST", "/v1/sessions", '{"model":null,"title":"a "}', headers);
    expect(changed.status).toBe(409);
    expect(await json<ProblemResponse>(changed)).toMatchObject({ code: "idempotency_key_conflict" });
    // An array's order is part of the value.
    const list = { "idempotency-key": "canonical-3" };
    const body = (order: string) => `{"role":"user","run":false,"content":[${order}]}`;
    const sessionId = (await json<CreateSessionResponse>(await t.call("POST", "/v1/sessions", {}))).id;
    const path = `/v1/sessions/${sessionId}/messages`;
    const a = '{"type":"text","text":"one"}';
    const b = '{"type":"text","text":"two"}';
    expect((await t.call("POST", path, body(`${a},${b}`), list)).status).toBe(201);
    expect((await t.call("POST", path, body(`${b},${a}`), list)).status).toBe(409);
  });
});
