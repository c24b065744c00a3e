/**
 * @module session-generator
 * Seeded long coding sessions for measuring what compression keeps (bench/quality.bench.ts) and what a model can
 * still answer from a compressed context (scripts/eval-probes.ts): rounds of a user ask, an assistant tool call, its
 * JSON output (as browser tools return it) and a reply, with identifiers of every anchor kind and user constraints
 * planted across them. The same seed plants the same session.
 */

/** A deterministic generator, so every run plants the same session. */
export function rng(seed: number) {
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

/** A planted identifier: its kind, its value, the round it is in and, once stored, the seq of that round. */
export type Planted = { kind: string; value: string; round?: number; seq?: number };

export function plantedValue(kind: string, i: number, random: () => number): string {
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

export const KINDS = ["path", "commit", "error", "url", "pr", "branch", "config_key", "id", "handle"];

export type GeneratedRow = {
  role: "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: unknown[];
  tool_call_id?: string;
};

/**
 * One round: a user ask, an assistant tool call, its JSON output (as browser tools return it), a reply. Each planted
 * identifier of the round goes into one of them, the ask a quarter of the time, the output half, the reply a quarter.
 */
function round4(
  i: number,
  random: () => number,
  plants: Planted[],
  constraint: string | null,
  noisy: boolean,
): GeneratedRow[] {
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
    text: `${words(600)}\n${inOutput.map((v) => `${v}\n`).join("")}${noisy ? boilerplate(i, random) : ""}${words(200)}`,
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

const STACK_FRAMES = [
  "Layer.handle [as handle_request] (/app/node_modules/express/lib/router/layer.js:95:5)",
  "next (/app/node_modules/express/lib/router/route.js:149:13)",
  "Route.dispatch (/app/node_modules/express/lib/router/route.js:119:3)",
  "Function.process_params (/app/node_modules/express/lib/router/index.js:346:12)",
  "processTicksAndRejections (node:internal/process/task_queues:95:5)",
  "Object.<anonymous> (/app/node_modules/pg-pool/index.js:45:11)",
];

/**
 * What real tool output is full of besides the identifiers that matter: repeated stack frames under node_modules,
 * docker build steps (`#5 [2/7]`, not issue refs), scoped packages (`@org/…`, not handles), and a fresh request id and
 * pod name each round, the long tail of distinct anchors that makes a span's index larger than its budget.
 */
function boilerplate(i: number, random: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(random() * 16)]).join("");
  const frames = Array.from({ length: 3 }, () => `    at ${STACK_FRAMES[Math.floor(random() * STACK_FRAMES.length)]}`);
  return [
    `TypeError: Cannot read properties of undefined (reading 'rows')`,
    ...frames,
    `#${(i % 12) + 1} [${(i % 7) + 1}/7] RUN npm ci --omit=dev`,
    `npm ERR! 404 Not Found - GET https://registry.npmjs.org/@org%2futils - '@org/utils@^2.${i % 5}.0'`,
    `request_id=${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)} pod/api-${hex(9)}-${hex(5)}`,
    "",
  ].join("\n");
}

/** Rough tokens of one generated round; the real count comes from the server. */
const ROUND_TOKENS = 930;
const CONSTRAINTS = 20;

/** The constraint a user states in a session, and what a probe of it asks for. */
export function constraintText(i: number): string {
  return `Constraint ${i}: never touch module ${i * 7} on Fridays.`;
}

/**
 * A session of about `tokens` tokens with `plantCount` identifiers and 20 user constraints spread evenly over its
 * rounds, `noisy` adding boilerplate() to every tool output; `roundAt(i)` builds round i (call them in order: the
 * generator is sequential).
 */
export function planSession(tokens: number, seed: number, plantCount: number, noisy = false) {
  const random = rng(seed);
  const rounds = Math.ceil(tokens / ROUND_TOKENS);
  const planted: Planted[] = Array.from({ length: plantCount }, (_, i) => {
    const kind = KINDS[i % KINDS.length];
    return { kind, value: plantedValue(kind, i, random), round: Math.floor(((i + 0.5) * rounds) / plantCount) };
  });
  const constraints = Array.from({ length: CONSTRAINTS }, (_, i) => constraintText(i));
  const plantAt = new Map<number, Planted[]>();
  for (const p of planted) plantAt.set(p.round!, [...(plantAt.get(p.round!) ?? []), p]);
  const constraintAt = new Map(constraints.map((c, i) => [Math.floor(((i + 0.3) * rounds) / constraints.length), c]));
  const roundAt = (i: number) => {
    const plants = plantAt.get(i) ?? [];
    return { rows: round4(i, random, plants, constraintAt.get(i) ?? null, noisy), plants };
  };
  return { rounds, planted, constraints, roundAt };
}
