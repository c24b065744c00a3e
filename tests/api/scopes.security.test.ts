/**
 * Every operation's scope is enforced as the OpenAPI document states it: a key without the scope an operation names
 * is answered 403 `insufficient_scope` with `required_scope` (and nothing is stored), a key holding just that scope
 * gets past the check, and an operation that names no scope takes any key. The server key and an admin key hold
 * every scope.
 */
import { describe, expect } from "vitest";
import { makeKey, SERVER_KEY, withKey, type KeyCaller } from "../fixtures/keys.js";
import { json, type ProblemResponse } from "../fixtures/responses.js";
import type { ApiCaller } from "../fixtures/sessions-api.js";
import { countRows } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import { SCOPES } from "../../src/domain/shared/scopes.js";

const it = withApp({ overrides: { server: { api_key: SERVER_KEY } } });

type Operation = {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const NON_ADMIN = SCOPES.filter((scope) => scope !== "admin");

async function call(who: ApiCaller, method: string, path: string, operation: Operation): Promise<Response> {
  const url = path.replaceAll(/\{[^}]+\}/g, "none_01JD5Z3Q8V6N2C4K7M9P0R1S2T");
  const body = operation.requestBody?.content?.["application/json"]?.example;
  return who.call(method.toUpperCase(), url, body);
}

/** Whether an answer is the scope check's refusal (problem+json or the OpenAI envelope). */
async function refusedFor(res: Response): Promise<string | null> {
  if (res.status !== 403) return null;
  const body = await json<Partial<ProblemResponse> & { error?: { code?: string; message?: string } }>(res);
  if (body.code === "insufficient_scope") return String(body.required_scope);
  if (body.error?.code === "insufficient_scope")
    return /needs the (\S+) scope/.exec(body.error.message ?? "")?.[1] ?? "";
  return null;
}

describe("scopes", () => {
  const only = new Map<string, KeyCaller>();
  const allBut = new Map<string, KeyCaller>();

  it.beforeAll(async ({ app: t }) => {
    for (const scope of SCOPES) {
      only.set(scope, await makeKey(t, { name: `only ${scope}`, scopes: [scope] }));
      const others = NON_ADMIN.filter((other) => other !== scope);
      allBut.set(scope, await makeKey(t, { name: `all but ${scope}`, scopes: others }));
    }
  });

  it("names one scope (or none, for any key) on every operation that needs a key", async ({ app: t }) => {
    const doc = await json<Document>(await t.app.request("/openapi.json"));
    const named = new Map<string, string[]>();
    for (const operations of Object.values(doc.paths))
      for (const operation of Object.values(operations)) {
        expect(operation.security, operation.operationId).toBeDefined();
        if (operation.security!.length) named.set(operation.operationId, operation.security![0].bearerAuth);
      }
    expect(named.get("sendCdpCommand")).toEqual(["browser:cdp"]);
    expect(named.get("evaluateScript")).toEqual(["browser:cdp"]);
    expect(named.get("navigateBrowser")).toEqual(["browser"]);
    expect(named.get("listMcpServers")).toEqual(["mcp"]);
    expect(named.get("createKey")).toEqual(["admin"]);
    expect(named.get("listAuditEntries")).toEqual(["admin"]);
    expect(named.get("listSessions")).toEqual(["sessions:read"]);
    expect(named.get("postMessage")).toEqual(["sessions:write"]);
    expect(named.get("createChatCompletion")).toEqual(["sessions:write"]);
    expect(named.get("listModels")).toEqual([]);
  });

  it("refuses a key without an operation's scope with 403 naming it, and lets one with just that scope past", async ({
    app: t,
  }) => {
    const doc = await json<Document>(await t.app.request("/openapi.json"));
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) => operation.security?.length)
        .map(([method, operation]) => ({ path, method, operation, scope: operation.security![0].bearerAuth[0] })),
    );
    let refused = 0;
    for (const { path, method, operation, scope } of operations) {
      if (scope === undefined) continue;
      const lacking = allBut.get(scope)!;
      expect(await refusedFor(await call(lacking, method, path, operation)), `${method} ${path}`).toBe(scope);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(60);
    // A refused request stored nothing.
    expect(await countRows(t, "sessions")).toBe(0);
    expect(await countRows(t, "runs")).toBe(0);
    for (const { path, method, operation, scope } of operations) {
      const what = `${method} ${path}`;
      // An operation that names no scope takes any key; the others a key with that scope alone, and an admin key.
      const holders = scope === undefined ? [only.get("mcp")!] : [only.get(scope)!, only.get("admin")!];
      for (const holder of holders)
        expect(await refusedFor(await call(holder, method, path, operation)), what).toBeNull();
    }
  });

  it("answers the refusal with the problem's fields and records it in the audit log", async ({ app: t }) => {
    const reader = only.get("sessions:read")!;
    const res = await reader.call("POST", "/v1/sessions", {});
    expect(res.status).toBe(403);
    expect(await json<ProblemResponse>(res)).toMatchObject({
      code: "insufficient_scope",
      status: 403,
      required_scope: "sessions:write",
    });
    const openai = await reader.call("POST", "/v1/chat/completions", {
      model: "caduceus",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(openai.status).toBe(403);
    expect((await json<{ error: { code: string; type: string } }>(openai)).error).toMatchObject({
      code: "insufficient_scope",
      type: "permission_error",
    });
    const audit = await json<{ data: Array<{ action: string; key_id: string; status: number }> }>(
      await withKey(t, SERVER_KEY).call("GET", `/v1/admin/audit?action=auth.denied&key_id=${reader.key.id}`),
    );
    expect(audit.data.map((entry) => entry.status)).toEqual([403, 403]);
  });
});
