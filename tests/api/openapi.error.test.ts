import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../fixtures/responses.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

/** The parts of an operation these checks read. */
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
};
type OpenApiDocument = {
  info: { contact?: unknown; license?: unknown };
  servers?: unknown[];
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
};

const API_KEY = "openapi-test-key";
const MAX_BODY_BYTES = 4096;
const UNKNOWN_ID = "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

let t: TestApp;
let doc: OpenApiDocument;
const operations: Array<{ method: string; path: string; op: Operation }> = [];

beforeAll(async () => {
  t = await makeTestApp({ server: { api_key: API_KEY, max_body_bytes: MAX_BODY_BYTES } });
  doc = await json<OpenApiDocument>(await t.app.request("/openapi.json"));
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op });
});
afterAll(() => t.close());

/** The statuses an operation documents, with the error codes documented under each (its examples' names). */
function documented(op: Operation): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const [status, response] of Object.entries(op.responses)) {
    const codes = new Set<string>();
    for (const media of Object.values(response.content ?? {}))
      for (const code of Object.keys(media.examples ?? {})) codes.add(code);
    out.set(Number(status), codes);
  }
  return out;
}

const secured = (op: Operation) => op.security === undefined || op.security.length > 0;
const urlOf = (path: string) => path.replace("{id}", UNKNOWN_ID);

/** A request to an operation, with the key unless told otherwise. */
async function send(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.auth !== false) headers.authorization = `Bearer ${API_KEY}`;
  return t.app.request(urlOf(path), { method: method.toUpperCase(), headers, body: init.body });
}

/** Fails unless the answer's status is documented and, for an error, its code is documented under that status. */
async function expectDocumented(label: string, op: Operation, res: Response): Promise<void> {
  const statuses = documented(op);
  expect(statuses.has(res.status), `${label}: ${res.status} is not documented`).toBe(true);
  if (res.status >= 400) {
    const body = (await res.json()) as { code?: string; error?: { code?: string } };
    const code = body.code ?? body.error?.code ?? "";
    expect([...(statuses.get(res.status) ?? [])], `${label}: code ${code} under ${res.status}`).toContain(code);
  }
}

describe("the OpenAPI document as generators read it", () => {
  it("names, describes and tags every operation; tags, servers, contact and license are set", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every(Boolean), "every operation has an operationId").toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, op } of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(op.summary, label).toBeTruthy();
      expect(op.description, label).toBeTruthy();
      expect(op.tags?.length, label).toBe(1);
    }
    const tags = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { op } of operations) expect(tags.get(op.tags![0]), op.tags![0]).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.contact).toBeTruthy();
    expect(doc.info.license).toBeTruthy();
  });

  it("documents what every operation of its kind can answer: 400, 403 and 500 always, 401 with a key, 413/415 with a body, 404 on a session", () => {
    for (const { method, path, op } of operations) {
      const statuses = documented(op);
      const expected = [400, 403, 500];
      if (secured(op)) expected.push(401);
      if (op.requestBody) expected.push(413, 415);
      if (path.includes("{id}")) expected.push(404);
      for (const status of expected)
        expect(statuses.has(status), `${method.toUpperCase()} ${path} documents ${status}`).toBe(true);
    }
  });

  it("documents the status and code of every refusal a client can cause, sent to every operation", async () => {
    for (const { method, path, op } of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      const example = op.requestBody?.content["application/json"]?.example;
      const body = op.requestBody ? JSON.stringify(example ?? {}) : undefined;
      const jsonHeaders = op.requestBody ? { "content-type": "application/json" } : undefined;
      if (secured(op))
        await expectDocumented(`${label} without the key`, op, await send(method, path, { auth: false }));
      await expectDocumented(
        `${label} from another origin`,
        op,
        await send(method, path, { body, headers: { ...jsonHeaders, origin: "https://evil.example" } }),
      );
      if (path.includes("{id}"))
        await expectDocumented(
          `${label} on an unknown session`,
          op,
          await send(method, path, { body, headers: jsonHeaders }),
        );
      if (!op.requestBody) continue;
      await expectDocumented(
        `${label} with malformed JSON`,
        op,
        await send(method, path, { body: "{", headers: jsonHeaders }),
      );
      await expectDocumented(
        `${label} with a text body`,
        op,
        await send(method, path, { body: "hello", headers: { "content-type": "text/plain" } }),
      );
      await expectDocumented(
        `${label} with a body over server.max_body_bytes`,
        op,
        await send(method, path, {
          body: JSON.stringify({ content: "x".repeat(MAX_BODY_BYTES * 2) }),
          headers: jsonHeaders,
        }),
      );
      if (method === "post" && path.startsWith("/v1/")) {
        await expectDocumented(
          `${label} with a malformed Idempotency-Key`,
          op,
          await send(method, path, { body, headers: { ...jsonHeaders, "idempotency-key": "not valid\u0001" } }),
        );
      }
    }
  });
});
