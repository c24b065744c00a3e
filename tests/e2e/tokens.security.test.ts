import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  json,
  type HealthResponse,
  type ListMessagesResponse,
  type PostMessageAppendedResponse,
} from "../fixtures/responses.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

const MIB = 1024 * 1024;
// Thai is written without spaces between words, so tiktoken sees one 40,000-letter "word".
const THAI_SENTENCE = "สวัสดีครับวันนี้อากาศดีมากเราไปเที่ยวกันไหม";
const THAI_CHARS = 40_000;
const HEALTH_PROBES = 5;

describe("token counting of pathological text on the server process", () => {
  let server: ServerProcess;
  let dir: string;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    dir = tempDir("caduceus-e2e-tokens-");
    server = await startServerProcess({ CADUCEUS_DB: join(dir, "caduceus.db") });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("accepts 1 MiB of `x` in one message, stores it whole and counts a plausible number of tokens", async () => {
    const sessionId = await createSessionId(server, { title: "tokens" });
    const content = "x".repeat(MIB);
    const res = await call("POST", `/v1/sessions/${sessionId}/messages`, { role: "user", content, run: false });
    expect(res.status, await res.clone().text()).toBe(201);
    const stored = (await json<PostMessageAppendedResponse>(res)).messages[0];
    // A token of repeated letters covers a handful of them: far fewer tokens than bytes, far more than 1 per 64.
    expect(stored.tokens).toBeGreaterThan(MIB / 64);
    expect(stored.tokens).toBeLessThan(MIB / 2);
    const listed = await json<ListMessagesResponse>(await call("GET", `/v1/sessions/${sessionId}/messages`));
    expect(listed.data[0].content).toHaveLength(MIB);
  });

  it("accepts 40,000 Thai characters (120 KB) and counts a plausible number of tokens", async () => {
    const sessionId = await createSessionId(server, { title: "tokens" });
    const content = THAI_SENTENCE.repeat(Math.ceil(THAI_CHARS / THAI_SENTENCE.length)).slice(0, THAI_CHARS);
    expect(Buffer.byteLength(content)).toBeGreaterThanOrEqual(120_000);
    const res = await call("POST", `/v1/sessions/${sessionId}/messages`, { role: "user", content, run: false });
    expect(res.status, await res.clone().text()).toBe(201);
    const tokens = (await json<PostMessageAppendedResponse>(res)).messages[0].tokens;
    // o200k_base has Thai syllables and words: between 1 token per 10 characters and 1 per character.
    expect(tokens).toBeGreaterThan(THAI_CHARS / 10);
    expect(tokens).toBeLessThan(THAI_CHARS);
  });

  it("answers /health while a 1 MiB message is being counted", async () => {
    const sessionId = await createSessionId(server, { title: "tokens" });
    const big = call("POST", `/v1/sessions/${sessionId}/messages`, {
      role: "user",
      content: "x".repeat(MIB),
      run: false,
    });
    const probes = Array.from({ length: HEALTH_PROBES }, () => call("GET", "/health"));
    const [posted, ...healths] = await Promise.all([big, ...probes]);
    expect(posted.status).toBe(201);
    for (const health of healths) {
      expect(health.status).toBe(200);
      expect(await json<HealthResponse>(health)).toMatchObject({ status: "ok" });
    }
  });
});
