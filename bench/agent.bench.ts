/**
 * @module agent.bench
 * Agent benchmarks: Caduceus over real HTTP on 127.0.0.1 against two same-run baselines, the thin proxy of
 * bench/thin-proxy.ts (served the same way, same process, same fake model) and the fake model alone (the
 * identical request Caduceus just sent, replayed straight to it):
 * - one turn with 100, 2,000 and 20,000 messages of history (compression off; both servers hold the same rows);
 * - streaming time to the first content token on POST /messages and on POST /v1/chat/completions (the model sends
 *   half its answer and holds the rest until the client has read its first token);
 * - one turn with a tool round (the model asks for a cheap in-process tool, then answers: two model calls);
 * - append throughput of POST /messages {run: false} against the proxy's bare prepared insert.
 * The turn figures also carry a third baseline: a second thin proxy offering the model the very tool schemas
 * Caduceus offers (its browser, memory and session tools, 23 with bench_echo), so that a turn's cost can be told
 * apart from the size of the request those tools make.
 * The systems are interleaved sample by sample (A, B, C, A, B, C…), so a change of machine load hits all
 * alike; the first samples of each figure are warm-up and dropped; figures are medians.
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import type { ToolDefinition } from "../src/domain/shared/tools.js";
import type { ChatRequestBody, FakeTurn, SentMessage } from "../tests/fixtures/fake-model.js";
import { median, printFigure, round, sleep } from "./figures.js";
import { serveOnLoopback, type LoopbackServer } from "../tests/fixtures/loopback-server.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { startSideBySide } from "./side-by-side.js";
import { createThinProxy, type HistoryMessage, type ProxyTool, type ThinProxy } from "./thin-proxy.js";

/** Fixed usage, so the fake model spends no time counting tokens and every system gets the same answer. */
const FIXED_USAGE = { prompt_tokens: 100, completion_tokens: 5 };
const ANSWER = "Benchmark answer with a few words in it.";
const SYSTEM_PROMPT = "You are a benchmark.";
/** A user message carrying this asks the fake model for a tool call first. */
const TOOL_MARKER = "[call bench_echo]";
const HISTORY_BATCH = 500;
const WARMUP_SAMPLES = 3;
/** Rounds of every kind of request, run once before any figure, so the first figure is not the one paying for JIT. */
const GLOBAL_WARMUP_ROUNDS = 20;
/** After seeding blocks the event loop, idle keep-alive sockets get this long to close before the next request. */
const SETTLE_AFTER_SEED_MS = 200;
const BUSY_POLL_MS = 1;
const APPEND_WARMUP = 50;
const APPEND_SAMPLES = 600;
const MAX_ITERATIONS = 5;

/** The cheap tool both servers offer: no I/O, so the tool round measures the loop, not the tool. */
const benchEcho: ProxyTool = {
  name: "bench_echo",
  description: "Echoes its text argument",
  parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: async (args) => ({ content: `echo: ${String(args.text)}` }),
};
const benchEchoDefinition: ToolDefinition = {
  name: benchEcho.name,
  description: benchEcho.description,
  parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: (args) => benchEcho.execute(args),
};

function textOf(message: SentMessage | undefined): string {
  if (!message || message.content === null) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => part.text ?? "").join("");
}

/**
 * While set, a streamed answer sends its first half and holds the rest until the reader has its first token, as a
 * real model's stream goes on after its first tokens. Without it the fake model's whole answer arrives at once, and
 * with the client on the same thread the first token's read waits for the server to finish storing the entire run.
 */
let heldStream: { rest: Promise<void>; release: () => void } | null = null;

function holdStreams(): void {
  // BENCH_STREAM_AT_ONCE=1 measures the way the bench did before streams were held: every answer sent whole.
  if (process.env.BENCH_STREAM_AT_ONCE) return;
  let release = () => {};
  const rest = new Promise<void>((resolve) => (release = resolve));
  heldStream = { rest, release };
}

/** One script for all three systems: the answer depends only on the request, so a replay gets the same. */
function answer(request: { body: ChatRequestBody }): FakeTurn {
  const last = request.body.messages.at(-1);
  if (last?.role !== "tool" && textOf(last).includes(TOOL_MARKER))
    return { tool_calls: [{ name: benchEcho.name, arguments: { text: "ping" } }], usage: FIXED_USAGE };
  if (request.body.stream && heldStream) return { content: ANSWER, usage: FIXED_USAGE, rest_until: heldStream.rest };
  return { content: ANSWER, usage: FIXED_USAGE };
}

/** Reads an SSE response until the first block `isContent` accepts; the time that took, in ms from `startedAt`. */
async function firstContentToken(
  res: Response,
  startedAt: number,
  isContent: (event: string | null, data: string) => boolean,
  drain: boolean,
): Promise<number> {
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let firstAt: number | null = null;
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) {
        if (firstAt === null) throw new Error("stream ended before any content");
        return firstAt - startedAt;
      }
      if (firstAt !== null) continue;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? null;
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        if (isContent(event, data)) {
          firstAt = performance.now();
          // The model's held rest goes out now that the token is in.
          heldStream?.release();
          // Caduceus's run goes on after the token and is awaited separately; the proxy's stream is read to its
          // end so that its answer is stored before the next sample, as Caduceus's is.
          if (!drain) return firstAt - startedAt;
          break;
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

const isChunkContent = (_event: string | null, data: string) =>
  data.includes('"content":"') && !data.includes('"content":""');

/** Medians of interleaved samples, warm-up dropped, keyed by system. */
class InterleavedSamples<System extends string> {
  private readonly samples = new Map<System, number[]>();
  private taken = 0;

  constructor(private readonly warmup: number) {}

  /** Records one round (one sample of each system); warm-up rounds are dropped. */
  round(values: Record<System, number>): void {
    this.taken += 1;
    if (this.taken <= this.warmup) return;
    for (const [system, value] of Object.entries(values) as Array<[System, number]>) {
      const list = this.samples.get(system) ?? [];
      list.push(value);
      this.samples.set(system, list);
    }
  }

  median(system: System): number {
    return median(this.samples.get(system) ?? []);
  }

  get count(): number {
    return Math.max(0, this.taken - this.warmup);
  }
}

/** The second thin proxy, offering Caduceus's tool schemas, with its server and folder. */
type SameToolsProxy = { proxy: ThinProxy; server: LoopbackServer; dir: string };

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** The comparison fields every latency figure carries. */
function comparisons(value: number, thinProxyMs: number, fakeModelMs: number, samples: number) {
  return {
    thin_proxy_ms: round(thinProxyMs),
    ratio_to_thin_proxy: round(value / thinProxyMs, 3),
    fake_model_ms: round(fakeModelMs),
    ratio_to_fake_model: round(value / fakeModelMs, 3),
    overhead_vs_thin_proxy_ms: round(value - thinProxyMs),
    samples,
    warmup_dropped: WARMUP_SAMPLES,
  };
}

export async function run(): Promise<void> {
  const bench = await startSideBySide({
    name: "agent",
    answer,
    maxIterations: MAX_ITERATIONS,
    toolProviders: [{ toolsFor: () => [benchEchoDefinition] }],
    proxyTools: [benchEcho],
  });
  const { fake, app, proxy, post, baseUrl, proxyBaseUrl } = bench;
  /** The thin proxy with Caduceus's tool schemas: stood up once the first request has shown what they are. */
  let sameTools: SameToolsProxy | null = null;

  async function startSameToolsProxy(sent: ChatRequestBody): Promise<void> {
    const tools = (sent.tools ?? []).map(({ function: fn }): ProxyTool => {
      if (fn.name === benchEcho.name) return benchEcho;
      return {
        name: fn.name,
        description: fn.description ?? "",
        parameters: fn.parameters ?? {},
        execute: async () => ({ content: "unused" }),
      };
    });
    const dir = tempDir("caduceus-bench-same-tools-");
    const sameProxy = createThinProxy({
      dir,
      modelBaseUrl: fake.baseUrl,
      modelName: "fake-model",
      apiKey: "bench",
      tools,
      maxIterations: MAX_ITERATIONS,
    });
    sameTools = { proxy: sameProxy, server: await serveOnLoopback(sameProxy.fetch), dir };
  }
  const toFake = (body: ChatRequestBody) =>
    post(`${fake.baseUrl}/chat/completions`, body, { authorization: "Bearer bench" });

  /** The chat-completion requests Caduceus sent since the last call, taken out of the fake's record. */
  function takeRecorded(): ChatRequestBody[] {
    const bodies = fake.completions.map((request) => request.body);
    // The record would otherwise hold every request of the run, megabytes each at 20,000 messages.
    fake.requests.length = 0;
    return bodies;
  }

  /** A session with the same `messages` rows of history in Caduceus and in the proxy, under Caduceus's id. */
  async function sessionWithHistory(messages: number): Promise<string> {
    const res = await post(`${baseUrl}/v1/sessions`, {
      system_prompt: SYSTEM_PROMPT,
      config: { compression: { enabled: false } },
    });
    const { id } = (await res.json()) as { id: string };
    const rows: HistoryMessage[] = Array.from({ length: messages }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `history message ${i}: the deploy of service ${i} finished`,
    }));
    for (let start = 0; start < messages; start += HISTORY_BATCH) {
      const batch = rows.slice(start, start + HISTORY_BATCH) as Array<{ role: "user" | "assistant"; content: string }>;
      await app.services.transcript.append(id, batch, { model: "fake-model" });
    }
    proxy.seed(id, [{ role: "system", content: SYSTEM_PROMPT }, ...rows]);
    sameTools?.proxy.seed(id, [{ role: "system", content: SYSTEM_PROMPT }, ...rows]);
    await sleep(SETTLE_AFTER_SEED_MS);
    return id;
  }

  async function waitIdle(sessionId: string): Promise<void> {
    while (app.services.agent.isBusy(sessionId)) await sleep(BUSY_POLL_MS);
  }

  /** One Caduceus turn; the model requests it made, for the replay. */
  async function caduceusTurn(id: string, content: string, iterations: number): Promise<[number, ChatRequestBody[]]> {
    takeRecorded();
    const started = performance.now();
    const res = await post(`${baseUrl}/v1/sessions/${id}/messages`, { content });
    const body = (await res.json()) as { run?: { status: string; iterations: number } };
    const ms = performance.now() - started;
    if (body.run?.status !== "completed" || body.run.iterations !== iterations)
      throw new Error(`bench run ended ${JSON.stringify(body.run ?? body)}`);
    return [ms, takeRecorded()];
  }

  async function proxyTurn(id: string, content: string, iterations: number, url = proxyBaseUrl): Promise<number> {
    const started = performance.now();
    const res = await post(`${url}/sessions/${id}/messages`, { content });
    const body = (await res.json()) as { iterations?: number };
    const ms = performance.now() - started;
    if (res.status !== 200 || body.iterations !== iterations)
      throw new Error(`proxy turn answered ${res.status}: ${JSON.stringify(body)}`);
    return ms;
  }

  /** The same model calls, straight to the fake model, one after the other. */
  async function replay(requests: ChatRequestBody[]): Promise<number> {
    const started = performance.now();
    for (const request of requests) await (await toFake(request)).json();
    return performance.now() - started;
  }

  async function turn(history: number, samples: number): Promise<void> {
    const id = await sessionWithHistory(history);
    const rounds = new InterleavedSamples<"caduceus" | "proxy" | "same_tools" | "fake">(WARMUP_SAMPLES);
    // CPU time of this process (server, fake model and client alike) per sample: unlike wall time, other programs on a
    // busy machine hardly change it.
    const cpu = new InterleavedSamples<"caduceus" | "proxy">(WARMUP_SAMPLES);
    for (let i = 0; i < WARMUP_SAMPLES + samples; i++) {
      let cpuStart = process.cpuUsage();
      const [caduceus, requests] = await caduceusTurn(id, `turn ${i}`, 1);
      const caduceusCpu = cpuMs(process.cpuUsage(cpuStart));
      cpuStart = process.cpuUsage();
      const proxyMs = await proxyTurn(id, `turn ${i}`, 1);
      cpu.round({ caduceus: caduceusCpu, proxy: cpuMs(process.cpuUsage(cpuStart)) });
      const sameToolsMs = await proxyTurn(id, `turn ${i}`, 1, sameTools!.server.baseUrl);
      rounds.round({ caduceus, proxy: proxyMs, same_tools: sameToolsMs, fake: await replay(requests) });
    }
    const value = rounds.median("caduceus");
    printFigure(`agent.turn.history_${history}`, value, rounds.median("proxy"), "ms", {
      what: `one turn with ${history} messages of history, compression off (baseline: the thin proxy)`,
      ...comparisons(value, rounds.median("proxy"), rounds.median("fake"), rounds.count),
      thin_proxy_same_tools_ms: round(rounds.median("same_tools")),
      ratio_to_thin_proxy_same_tools: round(value / rounds.median("same_tools"), 3),
      cpu_ms: round(cpu.median("caduceus")),
      thin_proxy_cpu_ms: round(cpu.median("proxy")),
      cpu_ratio_to_thin_proxy: round(cpu.median("caduceus") / cpu.median("proxy"), 3),
      load_1m: round(loadavg()[0]),
    });
  }

  async function toolRound(history: number, samples: number): Promise<void> {
    const id = await sessionWithHistory(history);
    const rounds = new InterleavedSamples<"caduceus" | "proxy" | "fake">(WARMUP_SAMPLES);
    for (let i = 0; i < WARMUP_SAMPLES + samples; i++) {
      const [caduceus, requests] = await caduceusTurn(id, `turn ${i} ${TOOL_MARKER}`, 2);
      const proxyMs = await proxyTurn(id, `turn ${i} ${TOOL_MARKER}`, 2);
      rounds.round({ caduceus, proxy: proxyMs, fake: await replay(requests) });
    }
    const value = rounds.median("caduceus");
    printFigure("agent.turn.tool_round", value, rounds.median("proxy"), "ms", {
      what: `one turn with one tool round (two model calls), ${history} messages of history (baseline: the thin proxy)`,
      ...comparisons(value, rounds.median("proxy"), rounds.median("fake"), rounds.count),
    });
  }

  async function streamFirstToken(history: number, samples: number): Promise<void> {
    const id = await sessionWithHistory(history);
    const rounds = new InterleavedSamples<"messages" | "compat" | "proxy" | "fake">(WARMUP_SAMPLES);
    for (let i = 0; i < WARMUP_SAMPLES + samples; i++) {
      takeRecorded();
      holdStreams();
      let started = performance.now();
      const messages = await firstContentToken(
        await post(`${baseUrl}/v1/sessions/${id}/messages`, { content: `stream ${i}`, stream: true }),
        started,
        (event) => event === "message.delta",
        false,
      );
      await waitIdle(id);
      const [request] = takeRecorded();

      holdStreams();
      started = performance.now();
      const compat = await firstContentToken(
        await post(
          `${baseUrl}/v1/chat/completions`,
          { model: "fake-model", stream: true, messages: [{ role: "user", content: `compat ${i}` }] },
          { "x-hermes-session-id": id },
        ),
        started,
        (event, data) => event === null && isChunkContent(event, data),
        false,
      );
      await waitIdle(id);

      holdStreams();
      started = performance.now();
      const proxyMs = await firstContentToken(
        await post(`${proxyBaseUrl}/sessions/${id}/messages`, { content: `stream ${i}`, stream: true }),
        started,
        (event, data) => event === null && isChunkContent(event, data),
        true,
      );

      holdStreams();
      started = performance.now();
      const fakeMs = await firstContentToken(
        await toFake({ ...request, stream: true }),
        started,
        isChunkContent,
        false,
      );
      takeRecorded();
      rounds.round({ messages, compat, proxy: proxyMs, fake: fakeMs });
    }
    heldStream = null;
    const proxyMs = rounds.median("proxy");
    const fakeMs = rounds.median("fake");
    for (const [name, route] of [
      ["messages", "POST /v1/sessions/{id}/messages"],
      ["compat", "POST /v1/chat/completions"],
    ] as const) {
      const value = rounds.median(name);
      printFigure(`agent.stream_first_token.${name}`, value, proxyMs, "ms", {
        what: `stream: true, time to the first content token on ${route}, ${history} messages of history (baseline: the thin proxy streaming)`,
        ...comparisons(value, proxyMs, fakeMs, rounds.count),
      });
    }
  }

  async function appendThroughput(): Promise<void> {
    const res = await post(`${baseUrl}/v1/sessions`, { title: "append bench" });
    const { id } = (await res.json()) as { id: string };
    const caduceusMs: number[] = [];
    const proxyMs: number[] = [];
    for (let i = 0; i < APPEND_WARMUP + APPEND_SAMPLES; i++) {
      const content = `Message ${i}: checked PR #${1000 + i}, the failing test in src/app.ts now passes.`;
      let started = performance.now();
      const viaCaduceus = await post(`${baseUrl}/v1/sessions/${id}/messages`, {
        role: "user",
        content,
        run: false,
      });
      await viaCaduceus.arrayBuffer();
      const caduceus = performance.now() - started;
      started = performance.now();
      const viaProxy = await post(`${proxyBaseUrl}/sessions/${id}/append`, { content });
      await viaProxy.arrayBuffer();
      const bare = performance.now() - started;
      if (viaCaduceus.status !== 201 || viaProxy.status !== 201)
        throw new Error(`append answered ${viaCaduceus.status} and ${viaProxy.status}`);
      if (i >= APPEND_WARMUP) {
        caduceusMs.push(caduceus);
        proxyMs.push(bare);
      }
    }
    // Sequential requests: the rate is one over the mean time per request.
    const rate = (samples: number[]) => samples.length / (samples.reduce((a, b) => a + b, 0) / 1000);
    const value = rate(caduceusMs);
    const baseline = rate(proxyMs);
    printFigure("agent.append_throughput", value, baseline, "appends/s", {
      what: "sequential POST /messages {run: false} over HTTP vs the thin proxy's prepared insert over the same HTTP stack",
      thin_proxy_per_s: round(baseline),
      ratio_to_thin_proxy: round(value / baseline, 3),
      median_ms: round(median(caduceusMs), 3),
      thin_proxy_median_ms: round(median(proxyMs), 3),
      samples: APPEND_SAMPLES,
      warmup_dropped: APPEND_WARMUP,
    });
  }

  /** Every request path of every system, unmeasured, so that all figures see code the JIT has already compiled. */
  async function warmUp(): Promise<void> {
    const id = await sessionWithHistory(100);
    for (let i = 0; i < GLOBAL_WARMUP_ROUNDS; i++) {
      const [, requests] = await caduceusTurn(id, `warm-up ${i}`, 1);
      if (!sameTools) await startSameToolsProxy(requests[0]);
      await proxyTurn(id, `warm-up ${i}`, 1);
      await proxyTurn(id, `warm-up ${i}`, 1, sameTools!.server.baseUrl);
      await replay(requests);
      const [, toolRequests] = await caduceusTurn(id, `warm-up ${i} ${TOOL_MARKER}`, 2);
      await proxyTurn(id, `warm-up ${i} ${TOOL_MARKER}`, 2);
      await replay(toolRequests);
    }
  }

  try {
    await warmUp();
    await turn(100, 60);
    await turn(2_000, 20);
    await turn(20_000, 10);
    await streamFirstToken(100, 60);
    await toolRound(100, 40);
    await appendThroughput();
  } finally {
    await bench.close();
    // Assigned in a callback, which the compiler does not follow.
    const started = sameTools as SameToolsProxy | null;
    if (started) {
      await started.server.close();
      started.proxy.close();
      rmSync(started.dir, { recursive: true, force: true });
    }
  }
}
