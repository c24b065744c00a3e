import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { createStore } from "../src/db/store.js";
import { createLogger } from "../src/logger.js";
import { FakeModelServer } from "../tests/fixtures/fake-model.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { tempDir } from "../tests/fixtures/test-app.js";

/**
 * Agent benchmarks, each against a same-run baseline:
 * - server overhead per turn: a user message answered by the fake model with no delay, through
 *   Caduceus over HTTP, against the fake model's own round trip for the identical request;
 *   with 100 and with 20,000 messages of history (compression off, so the whole history is sent);
 * - streaming time to the first content token through Caduceus against directly from the fake model.
 */

const FIXED_USAGE = { prompt_tokens: 100, completion_tokens: 5 };
const HISTORY_BATCH = 500;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function print(
  bench: string,
  value: number,
  baseline: number,
  unit: string,
  extra: Record<string, unknown> = {},
): void {
  process.stdout.write(
    `${JSON.stringify({ bench, value: round(value), baseline: round(baseline), ratio: round(value / baseline, 3), unit, ...extra })}\n`,
  );
}

async function firstContentToken(
  res: Response,
  isContent: (event: string | null, data: string) => boolean,
): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before any content");
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? null;
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        if (isContent(event, data)) return;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export async function run(): Promise<void> {
  const fake = await new FakeModelServer().start();
  fake.respondWith(() => ({ content: "Benchmark answer with a few words in it.", usage: FIXED_USAGE }));
  const dir = tempDir("caduceus-bench-agent-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: {
        name: "fake-model",
        base_url: fake.baseUrl,
        api_key: "bench",
        max_retries: 0,
        context_length: 1_000_000,
      },
      agent: { max_iterations: 5 },
    },
  });
  const database = openDatabase(config.database.path);
  const app = createApp({ config, store: createStore(database), logger: createLogger(config) });
  await app.services.startup();
  const server = await serveOnLoopback(app.fetch);
  const base = server.baseUrl;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  async function sessionWithHistory(messages: number): Promise<string> {
    const res = await post("/v1/sessions", {
      system_prompt: "You are a benchmark.",
      config: { compression: { enabled: false } },
    });
    const { id } = (await res.json()) as { id: string };
    for (let start = 0; start < messages; start += HISTORY_BATCH) {
      const batch = Array.from({ length: Math.min(HISTORY_BATCH, messages - start) }, (_, i) => ({
        role: (start + i) % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content: `history message ${start + i}: the deploy of service ${start + i} finished`,
      }));
      app.services.transcript.append(id, batch, { model: "fake-model" });
    }
    // Seeding blocks the event loop for a while; let idle keep-alive sockets close before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return id;
  }

  async function turnOverhead(history: number, turns: number): Promise<void> {
    const id = await sessionWithHistory(history);
    const through: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < turns + 2; i++) {
      const started = performance.now();
      const res = await post(`/v1/sessions/${id}/messages`, { content: `turn ${i}` });
      const body = (await res.json()) as { run: { status: string } };
      const viaServer = performance.now() - started;
      if (body.run.status !== "completed") throw new Error(`bench run ended ${body.run.status}`);
      // The identical request, sent straight to the fake model.
      const request = fake.completions.at(-1)!.body;
      const t0 = performance.now();
      const directRes = await fetch(`${fake.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer bench" },
        body: JSON.stringify(request),
      });
      await directRes.json();
      const viaModel = performance.now() - t0;
      if (i >= 2) {
        through.push(viaServer);
        direct.push(viaModel);
      }
    }
    const value = median(through);
    const baseline = median(direct);
    print(
      `agent turn with ${history} messages of history (vs the fake model's own round trip)`,
      value,
      baseline,
      "ms",
      {
        overhead_ms: round(value - baseline),
        overhead_ratio: round((value - baseline) / baseline, 3),
      },
    );
    fake.reset();
    fake.respondWith(() => ({ content: "Benchmark answer with a few words in it.", usage: FIXED_USAGE }));
  }

  async function streamFirstToken(samples: number): Promise<void> {
    const id = await sessionWithHistory(10);
    const through: number[] = [];
    const throughCompat: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < samples + 2; i++) {
      let t0 = performance.now();
      await firstContentToken(
        await post(`/v1/sessions/${id}/messages`, { content: `stream ${i}`, stream: true }),
        (event) => event === "message.delta",
      );
      const viaServer = performance.now() - t0;
      await waitIdle(id);

      t0 = performance.now();
      const compat = await fetch(`${base}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hermes-session-id": id },
        body: JSON.stringify({
          model: "fake-model",
          stream: true,
          messages: [{ role: "user", content: `compat ${i}` }],
        }),
      });
      await firstContentToken(
        compat,
        (event, data) => event === null && data.includes('"content":"') && !data.includes('"content":""'),
      );
      const viaCompat = performance.now() - t0;
      await waitIdle(id);

      const request = fake.completions.at(-1)!.body;
      t0 = performance.now();
      const res = await fetch(`${fake.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer bench" },
        body: JSON.stringify({ ...request, stream: true }),
      });
      await firstContentToken(res, (_event, data) => data.includes('"content":"') && !data.includes('"content":""'));
      const viaModel = performance.now() - t0;
      if (i >= 2) {
        through.push(viaServer);
        throughCompat.push(viaCompat);
        direct.push(viaModel);
      }
    }
    print(
      "stream time to first content token, POST /messages (vs directly from the fake model)",
      median(through),
      median(direct),
      "ms",
    );
    print(
      "stream time to first content token, POST /v1/chat/completions (vs directly from the fake model)",
      median(throughCompat),
      median(direct),
      "ms",
    );
  }

  async function waitIdle(sessionId: string): Promise<void> {
    while (app.services.agent.isBusy(sessionId)) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  try {
    await turnOverhead(100, 30);
    await turnOverhead(20_000, 10);
    await streamFirstToken(20);
  } finally {
    await server.close();
    await app.services.shutdown();
    database.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
