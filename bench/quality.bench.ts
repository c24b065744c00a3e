/**
 * @module quality.bench
 * What compression keeps, measured from outside: seeded long coding sessions (QUALITY_TOKENS, default 100K, 300K
 * and 500K tokens) with planted identifiers of every anchor kind, user constraints and facts only present in JSON
 * tool output, appended through the API and compressed every ~50K tokens by POST /compress, the fake model writing a
 * short summary (no real summary model, so everything kept is the deterministic part's doing). It prints
 * - anchor recall in context right after each compression: of the span just compacted, the planted identifiers that
 *   are in the active context (the summary's index), averaged over the compressions; baseline 1 (all of them);
 * - recall at the end in context or through the recovery tools' search (`GET /search` of the identifier);
 * - user constraints verbatim in the context at the end;
 * - retained context tokens at the end against the transcript's tokens;
 * - compress time against transcript size (ms per 100K tokens of transcript).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { createStore } from "../src/db/store.js";
import { createLogger } from "../src/logger.js";
import { FakeModelServer } from "../tests/fixtures/fake-model.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { USER_MESSAGES_MAX_CHARS } from "../src/domain/context/compressor/summary-message.js";
import { contentText } from "../src/kernel/text.js";
import { printFigure, round } from "./figures.js";

const COMPRESS_EVERY_TOKENS = 50_000;
const CONTEXT_LENGTH = 200_000;
const PLANTED_PER_SESSION = 200;
/** Rough tokens of one generated round (ask, call, JSON output, reply); the real count comes from the server. */
const ROUND_TOKENS = 930;

/** A deterministic generator, so every run plants the same session. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS =
  "the build step cache layer config deploy service worker queue retry timeout branch merge test flaky log metric alert disk memory cpu latency request handler route schema migration index query".split(
    " ",
  );

type Planted = { kind: string; value: string; seq?: number };

function plantedValue(kind: string, i: number, random: () => number): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(random() * 16)])
      .join("")
      .replace(/^\D*/, "7");
  switch (kind) {
    case "path":
      return `packages/svc${i}/src/handler${i}.ts`;
    case "commit":
      return `${hex(11)}a${i % 10}`;
    case "error":
      return `error TS${18000 + i}: Property 'field${i}' is missing`;
    case "url":
      return `https://ci.example.com/builds/${4000 + i}`;
    case "pr":
      return `#${5000 + i}`;
    case "branch":
      return `fix/ticket-${i}-retry`;
    case "config_key":
      return `services.worker${i}.maxRetries`;
    case "id":
      return `OPS-${7000 + i}`;
    default:
      return `@dev${i}`;
  }
}

const KINDS = ["path", "commit", "error", "url", "pr", "branch", "config_key", "id", "handle"];

type Row = {
  role: "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: unknown[];
  tool_call_id?: string;
};

/**
 * One round: a user ask, an assistant tool call, its JSON output (as browser tools return it), a reply. Each planted
 * identifier of the round goes into one of them, the ask a quarter of the time, the output half, the reply a quarter.
 */
function round4(i: number, random: () => number, plants: Planted[], constraint: string | null): Row[] {
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  const inAsk: string[] = [];
  const inOutput: string[] = [];
  const inReply: string[] = [];
  for (const plant of plants) {
    const where = random();
    (where < 0.25 ? inAsk : where < 0.75 ? inOutput : inReply).push(plant.value);
  }
  const id = `call_q${i}`;
  const ask = `${constraint ?? ""} step ${i}: ${words(40)}${inAsk.map((v) => ` see ${v}`).join("")}`.trim();
  const output = JSON.stringify({
    url: `http://localhost:8000/page/${i}`,
    text: `${words(600)}\n${inOutput.map((v) => `${v}\n`).join("")}${words(200)}`,
  });
  const reply = `done ${i}: ${words(30)}${inReply.map((v) => ` (${v})`).join("")}`;
  return [
    { role: "user", content: ask },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name: "browser_snapshot", arguments: `{"step":${i}}` } }],
    },
    { role: "tool", tool_call_id: id, content: output },
    { role: "assistant", content: reply },
  ];
}

export async function run(): Promise<void> {
  const sizes = (process.env.QUALITY_TOKENS ?? "100000,300000,500000").split(",").map(Number);
  const fake = await new FakeModelServer().start();
  fake.respondWith(() => ({ content: "## Goal\nKeep going with the steps.\n## Completed Actions\nSteps ran." }));
  const dir = tempDir("caduceus-bench-quality-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: { name: "fake-model", base_url: fake.baseUrl, api_key: "bench", context_length: CONTEXT_LENGTH },
    },
  });
  const database = openDatabase(config.database.path);
  const app = createApp({ config, store: createStore(database), logger: createLogger(config) });
  await app.services.startup();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  try {
    for (const [n, size] of sizes.entries()) {
      const random = rng(1000 + n);
      const session = await call("POST", "/v1/sessions", { config: { compression: { enabled: false } } });
      const id = session.id as string;
      const rounds = Math.ceil(size / ROUND_TOKENS);
      const planted: Planted[] = Array.from({ length: PLANTED_PER_SESSION }, (_, i) => {
        const kind = KINDS[i % KINDS.length];
        return { kind, value: plantedValue(kind, i, random) };
      });
      const constraints = Array.from(
        { length: 20 },
        (_, i) => `Constraint ${i}: never touch module ${i * 7} on Fridays.`,
      );
      const plantAt = new Map<number, Planted[]>();
      planted.forEach((p, i) => {
        const at = Math.floor(((i + 0.5) * rounds) / planted.length);
        plantAt.set(at, [...(plantAt.get(at) ?? []), p]);
      });
      const constraintAt = new Map(
        constraints.map((c, i) => [Math.floor(((i + 0.3) * rounds) / constraints.length), c]),
      );
      const spanRecalls: number[] = [];
      let sinceCompression = 0;
      let compressMs = 0;
      let lastCompressedSeq = 0;
      for (let i = 0; i < rounds; i++) {
        const plants = plantAt.get(i) ?? [];
        const rows = round4(i, random, plants, constraintAt.get(i) ?? null);
        const stored = app.services.transcript.append(id, rows as never, { model: "fake-model" });
        for (const plant of plants) plant.seq = stored[0].seq;
        sinceCompression += stored.reduce((sum, row) => sum + row.tokens, 0);
        if (sinceCompression >= COMPRESS_EVERY_TOKENS) {
          sinceCompression = 0;
          const started = performance.now();
          const out = await call("POST", `/v1/sessions/${id}/compress`, {});
          compressMs += performance.now() - started;
          if (!out.compressed) continue;
          const toSeq = (out.summary as { to_seq?: number } | null)?.to_seq ?? stored.at(-1)!.seq;
          const context = JSON.stringify((await call("GET", `/v1/sessions/${id}/context`)).messages);
          const span = planted.filter((p) => p.seq !== undefined && p.seq > lastCompressedSeq && p.seq <= toSeq);
          if (span.length)
            spanRecalls.push(
              span.filter((p) => context.includes(JSON.stringify(p.value).slice(1, -1))).length / span.length,
            );
          lastCompressedSeq = toSeq;
        }
      }
      // A last compression, as the loop would make before the next turn: what is retained is the compressed context.
      const finalStarted = performance.now();
      await call("POST", `/v1/sessions/${id}/compress`, {});
      compressMs += performance.now() - finalStarted;
      const contextView = await call("GET", `/v1/sessions/${id}/context`);
      const context = JSON.stringify(contextView.messages);
      // The user messages the summary promises: the compacted ones, newest first, within its budget.
      const compactedUsers = app.services.store.messages
        .page(id, 0, 1_000_000)
        .filter((row) => row.role === "user" && row.kind === "message" && !row.in_context)
        .reverse();
      const promised: string[] = [];
      let budget = USER_MESSAGES_MAX_CHARS;
      for (const row of compactedUsers) {
        const text = contentText(row.content);
        const cost = `- [seq ${row.seq}] ${text}`.length + 1;
        if (cost > budget) break;
        budget -= cost;
        promised.push(text);
      }
      const inContext = (value: string) => context.includes(JSON.stringify(value).slice(1, -1));
      let recovered = 0;
      const missedByKind: Record<string, number> = {};
      for (const p of planted) {
        if (inContext(p.value)) recovered += 1;
        else {
          const hits = (await call("GET", `/v1/sessions/${id}/search?q=${encodeURIComponent(p.value)}&limit=3`))
            .data as unknown[];
          if (hits.length > 0) recovered += 1;
          else missedByKind[p.kind] = (missedByKind[p.kind] ?? 0) + 1;
        }
      }
      const stats = await call("GET", `/v1/sessions/${id}`);
      const transcriptTokens = app.services.store.messages
        .page(id, 0, 1_000_000)
        .reduce((sum, row) => sum + row.tokens, 0);
      const retained =
        (contextView.tokens as { total?: number } | undefined)?.total ?? (stats.context_tokens as number);
      const fields = { session_tokens: transcriptTokens, planted: planted.length, compressions: spanRecalls.length };
      const spanRecall = spanRecalls.reduce((a, b) => a + b, 0) / Math.max(1, spanRecalls.length);
      printFigure(`quality.span_anchor_recall.${size}`, spanRecall, 1, "share", {
        what: "planted identifiers of the span just compacted that are in the context right after (mean over compressions)",
        per_compression: spanRecalls.map((r) => round(r, 3)),
        ...fields,
      });
      printFigure(`quality.recall_context_or_search.${size}`, recovered / planted.length, 1, "share", {
        what: "planted identifiers in the final context or found by searching for them",
        missed_by_kind: missedByKind,
        ...fields,
      });
      printFigure(
        `quality.user_messages_verbatim.${size}`,
        promised.filter(inContext).length / Math.max(1, promised.length),
        1,
        "share",
        {
          what: "compacted user messages within the summary's budget (newest first) present verbatim in the context",
          promised: promised.length,
          missing_seqs: compactedUsers
            .filter((row) => promised.includes(contentText(row.content)) && !inContext(contentText(row.content)))
            .map((row) => row.seq),
          compacted_user_messages: compactedUsers.length,
          planted_constraints_in_context: round(constraints.filter(inContext).length / constraints.length, 3),
          ...fields,
        },
      );
      printFigure(`quality.retained_tokens.${size}`, retained, transcriptTokens, "tokens", {
        what: "context tokens at the end vs the transcript's tokens",
        ...fields,
      });
      printFigure(`quality.compress_ms_per_100k.${size}`, (compressMs / transcriptTokens) * 100_000, 1, "ms", {
        what: "time spent in POST /compress per 100K tokens of transcript",
        total_compress_ms: round(compressMs),
        ...fields,
      });
    }
  } finally {
    await app.services.shutdown();
    database.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
