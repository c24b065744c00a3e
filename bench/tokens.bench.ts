import { countTextTokens } from "../src/domain/shared/tokens.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { makeTestApp } from "../tests/fixtures/test-app.js";

/**
 * Token counting of pathological text (SPEC §8 format: a figure and a same-run baseline):
 * 1. time to count 100 KiB, 1 MiB and 4 MiB of text tiktoken handles worst (no spaces: `x`×N, Thai,
 *    a repeated run of letters, random base64) against the same number of bytes of English prose;
 * 2. /health latency on a loopback server while a 1 MiB message of such text is being posted and
 *    counted, against /health latency of the idle server.
 */

const KIB = 1024;
const SIZES_BYTES = [100 * KIB, 1024 * KIB, 4096 * KIB];
/** Median of this many timed counts per size; bigger inputs take fewer, so the bench stays short. */
const ROUNDS_BY_SIZE = new Map([
  [100 * KIB, 7],
  [1024 * KIB, 3],
  [4096 * KIB, 1],
]);
const HEALTH_IDLE_SAMPLES = 50;
const POSTED_MESSAGE_BYTES = 1024 * KIB;

type Line = { bench: string; value: number; baseline: number; ratio: number; unit: string; [extra: string]: unknown };

function print(line: Line): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Joins pieces from `next` until the text has `bytes` UTF-8 bytes (cut at a character). */
function textOfBytes(bytes: number, next: () => string): string {
  const parts: string[] = [];
  let total = 0;
  while (total < bytes) {
    const piece = next();
    parts.push(piece);
    total += Buffer.byteLength(piece);
  }
  let text = parts.join("");
  while (Buffer.byteLength(text) > bytes) text = text.slice(0, text.length - 1);
  return text;
}

const ENGLISH_WORDS =
  "the build failed because the module resolution picked the wrong entry point so we patched the config reran the tests and checked every log line until the release was green again while the reviewers read the change".split(
    " ",
  );
// Common Thai words; Thai is written without spaces between them.
const THAI_WORDS = "สวัสดี ครับ วันนี้ อากาศ ดี มาก เรา ไป เที่ยว กัน ไหม ประเทศ ไทย ภาษา คน ทำงาน บ้าน เมือง ข้อมูล".split(" ");
const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

type Generator = (bytes: number) => string;

function prose(bytes: number): string {
  const random = pseudoRandom(1);
  let words = 0;
  return textOfBytes(bytes, () => {
    words += 1;
    const word = ENGLISH_WORDS[Math.floor(random() * ENGLISH_WORDS.length)];
    return words % 14 === 0 ? `${word}. ` : `${word} `;
  });
}

const PATHOLOGICAL: Record<string, Generator> = {
  x_no_spaces: (bytes) => "x".repeat(bytes),
  thai_no_spaces: (bytes) => {
    const random = pseudoRandom(2);
    return textOfBytes(bytes, () => THAI_WORDS[Math.floor(random() * THAI_WORDS.length)]);
  },
  repeated_pattern: (bytes) => textOfBytes(bytes, () => "abcabd"),
  random_base64: (bytes) => {
    const random = pseudoRandom(3);
    return textOfBytes(bytes, () => BASE64_ALPHABET[Math.floor(random() * 64)]);
  },
};

function timeCount(text: string, rounds: number): { ms: number; tokens: number } {
  const times: number[] = [];
  let tokens = 0;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    tokens = countTextTokens(text);
    times.push(performance.now() - started);
  }
  return { ms: median(times), tokens };
}

const sizeName = (bytes: number) => (bytes >= 1024 * KIB ? `${bytes / (1024 * KIB)}MiB` : `${bytes / KIB}KiB`);

function countingTime(): void {
  // The encoder is built and its WASM warmed before anything is timed.
  countTextTokens(prose(64 * KIB));
  for (const bytes of SIZES_BYTES) {
    const rounds = ROUNDS_BY_SIZE.get(bytes) ?? 1;
    const baselineText = prose(bytes);
    for (const [name, generate] of Object.entries(PATHOLOGICAL)) {
      const text = generate(bytes);
      // Alternated, so both see the same machine load.
      const baseline = timeCount(baselineText, rounds);
      const measured = timeCount(text, rounds);
      print({
        bench: `tokens.count_${name}_${sizeName(bytes)}_vs_prose`,
        value: round(measured.ms, 1),
        baseline: round(baseline.ms, 1),
        ratio: round(measured.ms / baseline.ms),
        unit: "ms",
        tokens: measured.tokens,
        baseline_tokens: baseline.tokens,
      });
    }
  }
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function healthWhilePosting(): Promise<void> {
  const t = await makeTestApp();
  const server = await serveOnLoopback(t.app.fetch);
  try {
    const health = `${server.baseUrl}/health`;
    const idle: number[] = [];
    for (let i = 0; i < HEALTH_IDLE_SAMPLES; i++) idle.push(await timedGet(health));
    for (const [name, generate] of [
      ["x_no_spaces", PATHOLOGICAL.x_no_spaces],
      ["thai_no_spaces", PATHOLOGICAL.thai_no_spaces],
    ] as const) {
      const created = await fetch(`${server.baseUrl}/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const { id } = (await created.json()) as { id: string };
      const body = JSON.stringify({ role: "user", content: generate(POSTED_MESSAGE_BYTES), run: false });
      const started = performance.now();
      let done = false;
      const posted = fetch(`${server.baseUrl}/v1/sessions/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }).then(async (res) => {
        await res.arrayBuffer();
        done = true;
        if (res.status !== 201) throw new Error(`the 1 MiB message answered ${res.status}`);
        return performance.now() - started;
      });
      // Probes back to back for as long as the post is under way; the slowest is what a user waits.
      const during: number[] = [];
      do during.push(await timedGet(health));
      while (!done);
      const postMs = await posted;
      print({
        bench: `tokens.health_latency_during_1MiB_${name}_post`,
        value: round(Math.max(...during), 1),
        baseline: round(median(idle), 1),
        ratio: round(Math.max(...during) / median(idle)),
        unit: "ms max vs idle p50",
        post_ms: round(postMs, 1),
        probes: during.length,
      });
    }
  } finally {
    await server.close();
    await t.close();
  }
}

export async function run(): Promise<void> {
  countingTime();
  await healthWhilePosting();
}
