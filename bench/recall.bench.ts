/**
 * @module recall.bench
 * GET /v1/anchors at scale: an owner with 1,000 sessions whose rows hold 1,000,000 anchor rows (message_anchors), in
 * a SQLite file, the list read through the store as the route reads it. Figures, p50 over many calls each:
 * - recall.anchors_newest: the owner's newest page (50), unfiltered;
 * - recall.anchors_value: one exact value across every session;
 * - recall.anchors_sha_prefix: a 7-digit SHA prefix finding the full SHAs;
 * - recall.anchors_kind: the newest page of one kind;
 * - recall.anchors_q: a substring `q` (walks the owner's newest until the page is full; no b-tree answers a substring);
 * each against the same-run baseline of grouping message_anchors itself for the same value (what the list would cost
 * without the anchor_groups table).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../src/db/database.js";
import type { SessionAnchorFilter } from "../src/db/records.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { percentile, printFigure, round } from "./figures.js";

const SESSIONS = 1_000;
const ROWS_PER_SESSION = 100;
const ANCHORS_PER_ROW = 10;
const SAMPLES = 300;
const OWNER = "bench-owner";

/** A repeatable pseudo-random sequence (mulberry32), so every run builds the same corpus. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (next: () => number, digits: number) =>
  Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join("");

/** The anchors of one row: shared paths and packages (seen in many sessions), and SHAs, PRs and ids of its own. */
function rowAnchors(next: () => number, session: number, seq: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  out.push(["commit", hex(next, 40)]);
  out.push(["pr", `PR #${1000 + Math.floor(next() * 9000)}`]);
  out.push(["path", `src/module-${Math.floor(next() * 500)}/file-${Math.floor(next() * 40)}.ts`]);
  out.push(["path", `@scope-${Math.floor(next() * 200)}/pkg-${Math.floor(next() * 50)}`]);
  out.push(["url", `https://example.test/s${session}/r${seq}`]);
  out.push(["error", `E${["NOENT", "ACCES", "NOSPC", "CONNREFUSED"][Math.floor(next() * 4)]}`]);
  out.push(["id", `${hex(next, 8)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 12)}`]);
  out.push(["config_key", `server.option_${Math.floor(next() * 300)}`]);
  out.push(["branch", `feature/topic-${Math.floor(next() * 2000)}`]);
  out.push(["handle", `@user${Math.floor(next() * 400)}`]);
  return out.slice(0, ANCHORS_PER_ROW);
}

function timeSync(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function run(): Promise<void> {
  const dir = tempDir("caduceus-recall-bench-");
  const handle = openDatabase(join(dir, "bench.db"));
  const { sqlite } = handle;
  const next = random(33);
  const built = Date.now();
  const insertSession = sqlite.prepare(
    "insert into sessions (id, title, created_at, updated_at, owner, anchors_indexed) values (?, ?, ?, ?, ?, 1)",
  );
  const insertMessage = sqlite.prepare(
    "insert into messages (id, session_id, seq, role, content_json, tokens, in_context, position, created_at) " +
      "values (?, ?, ?, 'user', '\"\"', 1, ?, ?, ?)",
  );
  const insertAnchor = sqlite.prepare(
    "insert or ignore into message_anchors (session_id, seq, kind, value) values (?, ?, ?, ?)",
  );
  let shaSample = "";
  let valueSample = "";
  const t0 = Date.UTC(2026, 0, 1);
  for (let s = 0; s < SESSIONS; s++) {
    sqlite.transaction(() => {
      const id = `ses_bench_${String(s).padStart(5, "0")}`;
      insertSession.run(id, `Session ${s}`, t0 + s * 60_000, t0 + s * 60_000, OWNER);
      for (let seq = 1; seq <= ROWS_PER_SESSION; seq++) {
        // The head and the tail stay in the context, as compression leaves them.
        const inContext = seq <= 4 || seq > ROWS_PER_SESSION - 20 ? 1 : 0;
        insertMessage.run(`msg_${s}_${seq}`, id, seq, inContext, seq, t0 + s * 60_000 + seq * 100);
        for (const [kind, value] of rowAnchors(next, s, seq)) {
          insertAnchor.run(id, seq, kind, value);
          if (s === 500 && seq === 50 && kind === "commit") shaSample = value;
          if (s === 500 && seq === 50 && kind === "path" && !valueSample) valueSample = value;
        }
      }
    })();
  }
  const anchorRows = (sqlite.prepare("select count(*) as n from message_anchors").get() as { n: number }).n;
  const groups = (sqlite.prepare("select count(*) as n from anchor_groups").get() as { n: number }).n;
  sqlite.exec("analyze");
  const buildS = round((Date.now() - built) / 1000, 1);

  const store = createSqliteStore(handle);
  const owner = { owner: OWNER };
  const baseline = sqlite.prepare(`
    select a.session_id, a.kind, a.value, count(*) as rows, min(a.seq), max(a.seq), max(m.created_at) as last_seen_at
    from message_anchors a join messages m on m.session_id = a.session_id and m.seq = a.seq
    join sessions s on s.id = a.session_id
    where s.owner = ? and a.value = ?
    group by a.session_id, a.kind, a.value order by last_seen_at desc limit 50`);
  const baselineSamples: number[] = [];
  for (let i = 0; i < 20; i++) baselineSamples.push(timeSync(() => baseline.all(OWNER, valueSample)));
  const baselineP50 = percentile(baselineSamples, 0.5);

  const cases: Array<[string, Omit<SessionAnchorFilter, "owner" | "limit">]> = [
    ["recall.anchors_newest", {}],
    ["recall.anchors_value", { value: valueSample }],
    ["recall.anchors_sha_prefix", { value: shaSample.slice(0, 7) }],
    ["recall.anchors_kind", { kind: "error" }],
    ["recall.anchors_q", { q: "pkg-7" }],
  ];
  for (const [bench, filter] of cases) {
    let found = 0;
    for (let i = 0; i < 20; i++) await store.sessionAnchors.list({ ...filter, owner, limit: 50 });
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++)
      samples.push(
        await timeAsync(async () => {
          found = (await store.sessionAnchors.list({ ...filter, owner, limit: 50 })).length;
        }),
      );
    printFigure(bench, percentile(samples, 0.5), baselineP50, "ms", {
      p95: round(percentile(samples, 0.95), 3),
      rows_answered: found,
      sessions: SESSIONS,
      message_anchor_rows: anchorRows,
      anchor_groups: groups,
      build_s: buildS,
      baseline_what: "grouping message_anchors for one exact value, no anchor_groups (p50)",
    });
  }
  handle.close();
  rmSync(dir, { recursive: true, force: true });
}
