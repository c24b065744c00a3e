/**
 * @module anchor-overflow.bench
 * The anchor index of a compacted span that holds more distinct anchors than the index budget (as the acceptance
 * corpus has them: 500–760 anchors needing 15–19K characters against a 14K budget, at a 200K window). A generator
 * fills each span with the noise real tool output carries — scoped npm packages, stack frames under node_modules,
 * docker build logs, JSON keys, request ids — around the anchors that matter: those the user named, the errors and
 * failing commands, and those referenced in several rows. Figure: the share of those that stay in the packed index
 * (mean over 20 spans), against the same-run baseline of packing without salience (one anchor per kind in turn, each
 * kind's most frequent first, the tail dropped), as the index was packed before.
 */
import type { Anchor, AnchorItem, AnchorKind } from "../src/domain/shared/anchors.js";
import {
  ANCHOR_KINDS,
  anchorIndexBudget,
  anchorTextOf,
  buildAnchorIndex,
  packAnchorIndex,
  rankAnchors,
  userNamedKeys,
} from "../src/domain/shared/anchors.js";
import { redactSecrets } from "../src/kernel/redaction.js";
import { printFigure, round } from "./figures.js";

const SPANS = 20;
const ROUNDS_PER_SPAN = 60;
const WINDOW_TOKENS = 200_000;

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One span: its rows, and the anchors that matter in it (as `kind\0value`). */
function span(seed: number): { items: AnchorItem[]; wanted: Set<string> } {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[pick(16)]).join("");
  const items: AnchorItem[] = [];
  const wanted = new Set<string>();
  let seq = 1;
  for (let round = 0; round < ROUNDS_PER_SPAN; round++) {
    if (round % 6 === 0) {
      // The user names a file, a PR and a branch now and then.
      const file = `src/features/area${seed}-${round}/handler.ts`;
      const pr = `#${4000 + seed * 100 + round}`;
      const branch = `fix/ticket-${seed}-${round}`;
      items.push({ role: "user", content: `Look at ${file} for PR ${pr} on branch ${branch}`, seq: seq++ });
      wanted.add(`path\u0000${file}`).add(`pr\u0000${pr}`).add(`branch\u0000${branch}`);
    }
    const callId = `call_${seed}_${round}`;
    const failing = round % 10 === 3;
    const command = failing ? `npm run test:unit -- shard-${round}` : `ls build/out-${round}`;
    items.push({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: callId, type: "function", function: { name: "terminal", arguments: JSON.stringify({ command }) } },
      ],
      seq: seq++,
    });
    const scopes = Array.from({ length: 4 }, () => `@scope${pick(400)}/pkg-${pick(90)}`);
    const frames = Array.from(
      { length: 3 },
      () => `    at fn${pick(50)} (/app/node_modules/lib${pick(300)}/dist/index.js:${pick(900)}:${pick(40)})`,
    );
    const json = JSON.stringify({ [`settings.key_${pick(500)}`]: true, [`feature.flag_${pick(500)}`]: pick(9) });
    const error = failing ? `E${["CONNRESET", "ADDRINUSE", "TIMEDOUT"][round % 3]}` : null;
    if (error) wanted.add(`error\u0000Error: ${error} while running the suite; exit code 1`);
    if (failing) wanted.add(`command\u0000${command} [exit 1]`);
    const output = [
      `#${(round % 12) + 1} [${(round % 7) + 1}/7] RUN npm ci --omit=dev`,
      `npm ERR! 404 Not Found - GET https://registry.npmjs.org/${scopes[0]} - '${scopes[1]}@^2.${round % 5}.0'`,
      `added ${scopes[2]} and ${scopes[3]}`,
      ...frames,
      json,
      `request_id=${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)} pod/api-${hex(9)}-${hex(5)}`,
      `https://ci.example.com/builds/${seed * 1000 + round}`,
      error ? `Error: ${error} while running the suite; exit code 1` : "exit code 0",
    ].join("\n");
    items.push({ role: "tool", tool_call_id: callId, content: output, seq: seq++ });
  }
  return { items, wanted };
}

/** The packing before salience: one anchor per kind in turn, each kind's most frequent (then most recent) first. */
function packWithoutSalience(anchors: Anchor[], maxChars: number): string {
  const lines = new Map<AnchorKind, string[]>();
  let size = 0;
  const queues = new Map<AnchorKind, Anchor[]>();
  for (const anchor of rankAnchors(anchors)) queues.set(anchor.kind, [...(queues.get(anchor.kind) ?? []), anchor]);
  const order = ANCHOR_KINDS.filter((kind) => queues.has(kind));
  for (let progress = true; progress;) {
    progress = false;
    for (const kind of order) {
      const anchor = queues.get(kind)!.shift();
      if (!anchor) continue;
      progress = true;
      const item = `${anchor.value} (x${anchor.count})`;
      const cost = lines.has(kind) ? 2 + item.length : (lines.size > 0 ? 1 : 0) + kind.length + 2 + item.length;
      if (size + cost > maxChars) continue;
      lines.set(kind, [...(lines.get(kind) ?? []), item]);
      size += cost;
    }
  }
  return ANCHOR_KINDS.filter((kind) => lines.has(kind))
    .map((kind) => `${kind}: ${lines.get(kind)!.join(", ")}`)
    .join("\n");
}

/** The share of `wanted` whose value the index lists (on its kind's line). */
function kept(index: string, wanted: Set<string>): number {
  const byKind = new Map(
    index.split("\n").map((line) => [line.slice(0, line.indexOf(":")), `, ${line.slice(line.indexOf(":") + 2)}`]),
  );
  let found = 0;
  for (const key of wanted) {
    const [kind, value] = key.split("\u0000");
    if (byKind.get(kind)?.includes(`, ${value} (x`)) found += 1;
  }
  return found / wanted.size;
}

export async function run(): Promise<void> {
  const budget = anchorIndexBudget(WINDOW_TOKENS);
  const withSalience: number[] = [];
  const without: number[] = [];
  const distinct: number[] = [];
  const needed: number[] = [];
  for (let s = 1; s <= SPANS; s++) {
    const { items, wanted } = span(s);
    const anchors = buildAnchorIndex(items, anchorTextOf, redactSecrets);
    distinct.push(anchors.length);
    needed.push(packAnchorIndex(anchors, [], Number.MAX_SAFE_INTEGER).length);
    withSalience.push(kept(packAnchorIndex(anchors, [], budget, userNamedKeys(items, redactSecrets)), wanted));
    without.push(kept(packWithoutSalience(anchors, budget), wanted));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  printFigure("anchors.overflow_salient_kept", mean(withSalience), mean(without), "share", {
    what: "anchors the user named, errors and failing commands kept in an over-budget span's index (mean of 20 spans)",
    budget_chars: budget,
    span_anchors: [Math.min(...distinct), Math.max(...distinct)],
    chars_needed: [Math.min(...needed), Math.max(...needed)],
    baseline_what: "the same spans packed one anchor per kind in turn, most frequent first, without salience",
    min_kept: round(Math.min(...withSalience), 3),
  });
}
