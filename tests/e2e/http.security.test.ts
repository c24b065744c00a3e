import { rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  json,
  type CreateSessionResponse,
  type ListMessagesResponse,
  type OpenAIErrorResponse,
  type PostMessageAppendedResponse,
  type ValidationProblem,
} from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

/** The depth limit of JSON bodies (src/http/middleware.ts JSON_MAX_DEPTH). */
const JSON_MAX_DEPTH = 64;
const DEEP_LEVELS = 10_000;
const RAW_RESPONSE_TIMEOUT_MS = 10_000;
/** The server's server.max_body_bytes in this file. */
const MAX_BODY_BYTES = 64 * 1024;

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes exactly as given (fetch cannot send an odd Host) and reads one response. */
function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response in time to ${JSON.stringify(request.toString().slice(0, 300))}`));
    }, RAW_RESPONSE_TIMEOUT_MS);
    let data = Buffer.alloc(0);
    const tryParse = () => {
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers["content-length"] ?? 0);
      if (data.length < end + 4 + length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: data.subarray(end + 4, end + 4 + length).toString("utf8"),
      });
    };
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      tryParse();
    });
    socket.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** `[[[…0…]]]` with `levels` arrays, built as text: JSON.stringify could not build it. */
const nestedArrays = (levels: number) => `${"[".repeat(levels)}0${"]".repeat(levels)}`;

function expectProblem(res: RawResponse, status: number, code: string): ValidationProblem {
  expect(res.status, res.body).toBe(status);
  expect(res.headers["content-type"]).toBe("application/problem+json");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  const problem = JSON.parse(res.body) as ValidationProblem;
  expect(problem).toMatchObject({ status, code });
  expect(problem.request_id).toMatch(/\S/);
  expect(res.headers["x-request-id"]).toBe(problem.request_id);
  return problem;
}

describe("the HTTP adapter of the server process", () => {
  let server: ServerProcess;
  let dir: string;
  let sessionId: string;
  const post = (path: string, body: string) =>
    fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

  beforeAll(async () => {
    dir = tempDir("caduceus-e2e-security-");
    // The endpoint provider with nothing set: a request that passes validation stops at the model check (503).
    server = await startServerProcess({
      CADUCEUS_DB: join(dir, "caduceus.db"),
      CADUCEUS_MODEL_PROVIDER: "openai",
      CADUCEUS_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    });
    const created = await post("/v1/sessions", JSON.stringify({ title: "security" }));
    expect(created.status).toBe(201);
    sessionId = (await json<CreateSessionResponse>(created)).id;
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  describe("deep JSON nesting", () => {
    it(`inside a content part is a 400 validation_failed naming body.content.0 and the limit`, async () => {
      const body = `{"role":"user","run":false,"content":[{"type":"text","text":"hi","data":${nestedArrays(DEEP_LEVELS)}}]}`;
      const res = await post(`/v1/sessions/${sessionId}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      const problem = await json<ValidationProblem>(res);
      expect(problem.code).toBe("validation_failed");
      expect(problem.request_id).toBe(res.headers.get("x-request-id"));
      expect(problem.detail).toContain(String(JSON_MAX_DEPTH));
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors[0].location).toMatch(/^body\.content\.0\.data\.0\.0\.0/);
      expect(problem.errors[0].message).toContain(String(JSON_MAX_DEPTH));
      // Nothing was stored.
      const messages = await json<ListMessagesResponse>(
        await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/messages`),
      );
      expect(messages.data).toEqual([]);
    });

    it("anywhere in a body is refused the same way, objects and arrays alike", async () => {
      const deepObject = `${'{"a":'.repeat(DEEP_LEVELS)}1${"}".repeat(DEEP_LEVELS)}`;
      const res = await post("/v1/sessions", `{"title":"x","metadata":${deepObject}}`);
      expect(res.status).toBe(400);
      const problem = await json<ValidationProblem>(res);
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors[0].location).toMatch(/^body\.metadata\.a\.a/);
      // Brackets inside strings are text, not nesting.
      const inString = await post(
        `/v1/sessions/${sessionId}/messages`,
        JSON.stringify({ content: "[".repeat(DEEP_LEVELS), run: false }),
      );
      expect(inString.status).toBe(201);
    });

    it(`up to ${JSON_MAX_DEPTH} levels is accepted and stored as sent`, async () => {
      // body{} content[] part{} → the part's data may nest 61 more levels.
      const data = JSON.parse(nestedArrays(JSON_MAX_DEPTH - 3)) as unknown;
      const res = await post(
        `/v1/sessions/${sessionId}/messages`,
        JSON.stringify({ run: false, content: [{ type: "text", text: "deep", data }] }),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const stored = (await json<PostMessageAppendedResponse>(res)).messages[0];
      expect((stored.content as Array<{ data?: unknown }>)[0].data).toEqual(data);
      const tooDeep = JSON.parse(nestedArrays(JSON_MAX_DEPTH - 2)) as unknown;
      expect(
        (
          await post(
            `/v1/sessions/${sessionId}/messages`,
            JSON.stringify({ run: false, content: [{ type: "text", text: "x", data: tooDeep }] }),
          )
        ).status,
      ).toBe(400);
    });

    it("on the OpenAI-compatible route is an OpenAI error naming the parameter", async () => {
      const body = `{"model":"m","messages":[{"role":"user","content":${nestedArrays(DEEP_LEVELS)}}]}`;
      const res = await post("/v1/chat/completions", body);
      expect(res.status).toBe(400);
      const error = (await json<OpenAIErrorResponse>(res)).error;
      expect(error.code).toBe("validation_failed");
      expect(error.param).toMatch(/^messages\[0\]\.content\[0\]/);
    });

    it("leaves a realistic deeply nested tool schema alone", async () => {
      // 20 nested object schemas: far deeper than real tool definitions.
      let schema: Record<string, unknown> = { type: "string" };
      for (let i = 0; i < 20; i++) schema = { type: "object", properties: { child: schema } };
      const body = JSON.stringify({
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        tools: [{ type: "function", function: { name: "deep", parameters: schema } }],
      });
      const res = await post("/v1/chat/completions", body);
      // No model is configured: the request got past validation to the model check.
      expect(res.status, await res.clone().text()).toBe(503);
    });
  });

  describe("odd Host values", () => {
    const get = (host: string | null, extra = "", target = "/health") =>
      rawRequest(
        server.port,
        `GET ${target} HTTP/1.1\r\n${host === null ? "" : `Host: ${host}\r\n`}${extra}Connection: close\r\n\r\n`,
      );

    it("serves LOCALHOST as localhost: host names are case-insensitive", async () => {
      const res = await get(`LOCALHOST:${server.port}`);
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ status: "ok" });
      expect((await get(`LocalHost:${server.port}`)).status).toBe(200);
    });

    it.each(["0x7f000001", "127.1", "2130706433", "[0:0::1]"])(
      "refuses %s (another spelling of a loopback address) with problem+json",
      async (name) => {
        const res = await get(`${name}:${server.port}`, "X-Request-Id: odd-host-1\r\n");
        const problem = expectProblem(res, 400, "validation_failed");
        expect(problem.request_id).toBe("odd-host-1");
        expect(problem.errors).toEqual([{ location: "header.host", message: expect.any(String) }]);
        expect(problem.detail).toContain(name);
      },
    );

    it.each(["[::1", "a@b", "a/b", "a b", `127.0.0.1:99999`, `localhost:`])(
      "refuses the unparseable Host %s with problem+json",
      async (host) => {
        const problem = expectProblem(await get(host), 400, "validation_failed");
        expect(problem.errors[0].location).toBe("header.host");
      },
    );

    it("refuses HTTP/1.1 without Host with problem+json, and serves HTTP/1.0 without it", async () => {
      const problem = expectProblem(await get(null), 400, "validation_failed");
      expect(problem.errors[0]).toMatchObject({ location: "header.host" });
      const old = await rawRequest(server.port, "GET /health HTTP/1.0\r\n\r\n");
      expect(old.status).toBe(200);
    });

    it("refuses a non-loopback name without an API key, upper case included", async () => {
      expectProblem(await get(`EVIL.EXAMPLE:${server.port}`), 403, "forbidden_origin");
      expectProblem(await get(`evil.example:${server.port}`), 403, "forbidden_origin");
    });

    it("answers an odd Host on an OpenAI-compatible path in the OpenAI envelope", async () => {
      const res = await get(`127.1:${server.port}`, "", "/v1/models");
      expect(res.status).toBe(400);
      expect((JSON.parse(res.body) as OpenAIErrorResponse).error).toMatchObject({
        code: "validation_failed",
        param: "host",
      });
    });

    it("refuses an absolute-form target naming another host than Host, and serves one naming the same", async () => {
      // A foreign origin that the URL (not Host) would make the server's own: no key, CORS as same-origin.
      const smuggled = await rawRequest(
        server.port,
        `GET http://evil.example/v1/sessions HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: http://evil.example\r\n\r\n`,
      );
      const problem = expectProblem(smuggled, 400, "validation_failed");
      expect(problem.errors).toEqual([{ location: "header.host", message: expect.any(String) }]);
      expect(smuggled.headers["access-control-allow-origin"]).toBeUndefined();
      const same = await rawRequest(
        server.port,
        `GET http://localhost:${server.port}/health HTTP/1.1\r\nHost: localhost:${server.port}\r\n\r\n`,
      );
      expect(same.status, same.body).toBe(200);
    });

    it("refuses a backslash in the path with problem+json", async () => {
      const problem = expectProblem(
        await get(`127.0.0.1:${server.port}`, "", "/v1\\sessions"),
        400,
        "validation_failed",
      );
      expect(problem.errors[0].location).toBe("path");
    });
  });

  describe("paths with dot segments", () => {
    it.each([
      ["/v1/sessions/../runs"],
      ["/v1/sessions/%2e%2e/runs"],
      ["/v1/sessions/%2E./runs"],
      ["/v1/./sessions"],
      ["/v1/sessions/.."],
      ["/health/../v1/sessions?limit=1"],
    ])("refuse %s with a 400, never serving the route it resolves to", async (path) => {
      const res = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(res.status, res.body).toBe(400);
      // In the envelope of the route family the path names: problem+json, or the OpenAI one under /v1/runs.
      const body = JSON.parse(res.body) as {
        detail?: string;
        code?: string;
        error?: { message: string; code: string };
      };
      expect(body.code ?? body.error?.code).toBe("validation_failed");
      expect(body.detail ?? body.error?.message).toContain("dot segment");
      expect(res.body).not.toContain('"data"');
    });

    it("still serve names that only contain dots", async () => {
      const res = await rawRequest(
        server.port,
        `GET /v1/sessions/...x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ code: "not_found" });
    });
  });

  describe("request bodies", () => {
    /** A POST whose body goes out in the given chunks, with no Content-Length. */
    const chunked = (path: string, chunks: Buffer[]) =>
      Buffer.concat([
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        ),
        ...chunks.flatMap((chunk) => [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
        Buffer.from("0\r\n\r\n"),
      ]);
    const storedTexts = async () =>
      (
        await json<ListMessagesResponse>(await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/messages?limit=200`))
      ).data.map((message) => message.content);

    it("are read whole when they come in chunks, a multi-byte character split between two and a BOM in front", async () => {
      const text = "chunked: héllo wörld ✓ 🚀";
      const bytes = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(JSON.stringify({ role: "user", run: false, content: text })),
      ]);
      // Cut inside the rocket's four bytes.
      const cut = bytes.indexOf(Buffer.from("🚀")) + 2;
      const res = await rawRequest(
        server.port,
        chunked(`/v1/sessions/${sessionId}/messages`, [bytes.subarray(0, cut), bytes.subarray(cut)]),
      );
      expect(res.status, res.body).toBe(201);
      expect((JSON.parse(res.body) as PostMessageAppendedResponse).messages[0].content).toBe(text);
      expect(await storedTexts()).toContain(text);
    });

    it("over server.max_body_bytes are refused with 413, by Content-Length or as they grow, and nothing is stored", async () => {
      const before = await storedTexts();
      const big = JSON.stringify({ role: "user", run: false, content: "x".repeat(MAX_BODY_BYTES) });
      const declared = await post(`/v1/sessions/${sessionId}/messages`, big);
      expect(declared.status).toBe(413);
      expect((await json<ValidationProblem>(declared)).code).toBe("payload_too_large");
      const piece = Buffer.from(big);
      const grown = await rawRequest(
        server.port,
        chunked(`/v1/sessions/${sessionId}/messages`, [piece.subarray(0, 1000), piece.subarray(1000)]),
      );
      expectProblem(grown, 413, "payload_too_large");
      expect(await storedTexts()).toEqual(before);
      // One byte under the limit is taken.
      const fits = JSON.stringify({ role: "user", run: false, content: "" });
      const padded = JSON.stringify({ role: "user", run: false, content: "y".repeat(MAX_BODY_BYTES - fits.length) });
      expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
      expect((await post(`/v1/sessions/${sessionId}/messages`, padded)).status).toBe(201);
    });
  });

  describe("requests Node's HTTP parser rejects", () => {
    it.each([
      ["an unknown method", "BREW /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"],
      ["a header without a colon", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n"],
      ["a broken request line", "GET /health\r\n\r\n"],
      ["a broken version", "GET /health HTTP/9\r\nHost: 127.0.0.1\r\n\r\n"],
      ["oversized headers", `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`],
    ])("answer %s with a problem+json 400", async (_what, request) => {
      const res = await rawRequest(server.port, request);
      expectProblem(res, 400, "validation_failed");
      expect(res.headers.connection).toBe("close");
    });

    it("keeps serving afterwards", async () => {
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    });
  });
});
