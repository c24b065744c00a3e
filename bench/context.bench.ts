import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { openDatabase } from "../src/db/database.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import { encoderFor } from "../src/domain/shared/tokens.js";
import type { MessageInput } from "../src/domain/shared/message-shape.js";
import { createLogger } from "../src/logger.js";
import { startFakeModel } from "../tests/fixtures/fake-model.js";
import { tempDir } from "../tests/fixtures/test-app.js";

/**
 * One compress() of a ~500,000-token coding transcript (fake model answering at once), in CPU
 * time, against a same-run baseline of one tiktoken pass over the same text; and the tokens the
 * context keeps afterwards in lean and in legacy tail mode.
 */

const TARGET_TOKENS = 500_000;
const CONTEXT_LENGTH = 1_000_000;
const MODEL = "gpt-4o";

function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS =
  "the build fails because module resolution picks the wrong entry so we patch config and rerun tests until green while logging output".split(
    " ",
  );

function prose(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  return out.join(" ");
}

function fileBody(random: () => number, lines: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(`  const v${i} = compute${n}_${i}(input, ${Math.floor(random() * 1000)}); // ${prose(random, 6)}`);
  return `// src/module${n}.ts\nexport function run${n}(input) {\n${out.join("\n")}\n}`;
}

function buildTranscript(): MessageInput[] {
  const random = pseudoRandom(42);
  const messages: MessageInput[] = [];
  let chars = 0;
  let n = 0;
  // about 4 characters per token for this kind of text
  while (chars < TARGET_TOKENS * 4.1) {
    n += 1;
    const callId = `call_${n}`;
    const user = `Round ${n}: fix issue #${1000 + n} in src/module${n % 40}.ts on fix/round-${n}; ${prose(random, 30)}`;
    const args = JSON.stringify(
      n % 3 === 0 ? { command: `npm test -- module${n % 40}` } : { path: `src/module${n % 40}.ts` },
    );
    const output =
      n % 3 === 0
        ? `FAIL src/module${n % 40}.test.ts\nError: expected ${n} got ${n + 1}\n${prose(random, 300)}\nexit code 1`
        : fileBody(random, 60 + Math.floor(random() * 60), n);
    const reply = `Changed src/module${n % 40}.ts (commit ${(0x1000000 + n * 7919).toString(16)}abc); ${prose(random, 60)}`;
    messages.push(
      { role: "user", content: user },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: callId, type: "function", function: { name: n % 3 === 0 ? "terminal" : "read_file", arguments: args } },
        ],
      },
      { role: "tool", content: output, tool_call_id: callId },
      { role: "assistant", content: reply },
    );
    chars += user.length + args.length + output.length + reply.length;
  }
  return messages;
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export async function run(): Promise<void> {
  const fake = await startFakeModel();
  // Fixed usage: the fake server would otherwise tokenize the request in this process and bill it to compress().
  fake.respondWith(() => ({
    content: "## Goal\nKeep fixing modules.\n## Completed Actions\nMany rounds.",
    usage: { prompt_tokens: 60_000, completion_tokens: 20 },
  }));
  const dir = tempDir("caduceus-bench-");
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "bench.db") },
      model: { name: MODEL, base_url: fake.baseUrl, api_key: "bench", context_length: CONTEXT_LENGTH, max_retries: 0 },
    },
  });
  const store = createSqliteStore(openDatabase(config.database.path));
  const app = createApp({ config, store, logger: createLogger(config) });
  await app.services.startup();
  try {
    const transcript = buildTranscript();
    const text = transcript
      .map((m) => `${typeof m.content === "string" ? m.content : ""}${m.tool_calls?.[0]?.function.arguments ?? ""}`)
      .join("\n");
    const sessions: Record<string, string> = {};
    for (const mode of ["lean", "legacy"] as const) {
      const session = await app.services.sessions.create({
        title: `bench ${mode}`,
        config: { compression: { tail_mode: mode } },
      });
      await app.services.transcript.append(session.id, transcript, { model: MODEL });
      sessions[mode] = session.id;
    }
    const tokensBefore = (await store.sessions.get(sessions.lean))!.context_tokens;

    const encoder = encoderFor(MODEL);
    encoder.encode("warm up", "all");
    let start = process.cpuUsage();
    encoder.encode(text, "all");
    const tiktokenMs = cpuMs(start);

    start = process.cpuUsage();
    const lean = await app.services.compressions.compress(sessions.lean, { trigger: "manual" });
    const compressMs = cpuMs(start);
    const legacy = await app.services.compressions.compress(sessions.legacy, { trigger: "manual" });
    if (!lean.compressed || !legacy.compressed)
      throw new Error(`bench compression did not happen: ${lean.reason ?? legacy.reason}`);

    console.log(
      JSON.stringify({
        bench: "context.compress_cpu_vs_one_tiktoken_pass",
        value: Math.round(compressMs),
        baseline: Math.round(tiktokenMs),
        ratio: Math.round((compressMs / tiktokenMs) * 1000) / 1000,
        unit: "cpu_ms",
        transcript_tokens: tokensBefore,
        messages: transcript.length,
      }),
    );
    console.log(
      JSON.stringify({
        bench: "context.tokens_retained_lean_vs_legacy",
        value: lean.tokens_after,
        baseline: legacy.tokens_after,
        ratio: Math.round((lean.tokens_after / legacy.tokens_after) * 1000) / 1000,
        unit: "tokens",
        transcript_tokens: tokensBefore,
      }),
    );
  } finally {
    await app.services.shutdown();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    await fake.close();
  }
}
