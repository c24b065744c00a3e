/**
 * @module quality.bench
 * What compression keeps, measured from outside: seeded long coding sessions (QUALITY_TOKENS, default 100K, 300K
 * and 500K tokens) with planted identifiers of every anchor kind, user constraints and facts only present in JSON
 * tool output, appended through the API and compressed every ~50K tokens by POST /compress, the fake model writing a
 * short summary (no real summary model, so everything kept is the deterministic part's doing). It prints
 * - anchor recall in context right after each compression: of the span just compacted, the planted identifiers that
 *   are in the active context (the summary's index), averaged over the compressions; baseline 1 (all of them);
 * - recall at the end in context or through the recovery tools' search (`GET /search` of the identifier);
 * - the compacted user messages within the summary's budget (newest first) present verbatim in the context;
 * - retained context tokens at the end against the transcript's tokens;
 * - compress time against transcript size (ms per 100K tokens of transcript).
 */
import { FakeModelServer } from "../tests/fixtures/fake-model.js";
import { USER_MESSAGES_MAX_CHARS } from "../src/domain/context/compressor/summary-message.js";
import { contentText } from "../src/kernel/text.js";
import { printFigure, round } from "./figures.js";
import { startInProcess } from "./in-process.js";
import { planSession } from "./session-generator.js";

const COMPRESS_EVERY_TOKENS = 50_000;
const CONTEXT_LENGTH = 200_000;
const PLANTED_PER_SESSION = 200;

export async function run(): Promise<void> {
  const sizes = (process.env.QUALITY_TOKENS ?? "100000,300000,500000").split(",").map(Number);
  const fake = await new FakeModelServer().start();
  fake.respondWith(() => ({ content: "## Goal\nKeep going with the steps.\n## Completed Actions\nSteps ran." }));
  const { app, call, close } = await startInProcess({
    name: "bench-quality",
    model: { name: "fake-model", base_url: fake.baseUrl, api_key: "bench", context_length: CONTEXT_LENGTH },
  });
  try {
    const variants = sizes.flatMap((size, n) => [
      { size, n, noisy: false, label: `${size}` },
      { size, n, noisy: true, label: `${size}.noisy` },
    ]);
    for (const { size, n, noisy, label } of variants) {
      const session = await call("POST", "/v1/sessions", { config: { compression: { enabled: false } } });
      const id = session.id as string;
      const { rounds, planted, constraints, roundAt } = planSession(size, 1000 + n, PLANTED_PER_SESSION, noisy);
      const spanRecalls: number[] = [];
      const allAnchorRecalls: number[] = [];
      const spanAnchorCounts: number[] = [];
      let sinceCompression = 0;
      let compressMs = 0;
      let lastCompressedSeq = 0;
      for (let i = 0; i < rounds; i++) {
        const { rows, plants } = roundAt(i);
        const stored = await app.services.transcript.append(id, rows as never, { model: "fake-model" });
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
          // Every anchor the store found in the span, planted or not.
          const seqs = Array.from({ length: toSeq - lastCompressedSeq }, (_, k) => lastCompressedSeq + 1 + k);
          const spanAnchors = await app.services.store.messageAnchors.list(id, { seqs });
          if (spanAnchors.length) {
            spanAnchorCounts.push(spanAnchors.length);
            allAnchorRecalls.push(
              spanAnchors.filter((a) => context.includes(JSON.stringify(a.value).slice(1, -1))).length /
                spanAnchors.length,
            );
          }
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
      const compactedUsers = (await app.services.store.messages.page(id, 0, 1_000_000))
        .filter((row) => row.role === "user" && row.kind === "message" && !row.in_context)
        .reverse();
      const promised: string[] = [];
      let used = 0;
      for (const row of compactedUsers) {
        const text = contentText(row.content);
        const line = `- [seq ${row.seq}] ${text}`;
        if (used + line.length > USER_MESSAGES_MAX_CHARS) break;
        used += line.length + 1;
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
      const transcriptTokens = (await app.services.store.messages.page(id, 0, 1_000_000)).reduce(
        (sum, row) => sum + row.tokens,
        0,
      );
      const retained =
        (contextView.tokens as { total?: number } | undefined)?.total ?? (stats.context_tokens as number);
      const fields = {
        session_tokens: transcriptTokens,
        planted: planted.length,
        noisy,
        compressions: spanRecalls.length,
      };
      const spanRecall = spanRecalls.reduce((a, b) => a + b, 0) / Math.max(1, spanRecalls.length);
      printFigure(`quality.span_anchor_recall.${label}`, spanRecall, 1, "share", {
        what: "planted identifiers of the span just compacted that are in the context right after (mean over compressions)",
        per_compression: spanRecalls.map((r) => round(r, 3)),
        ...fields,
      });
      printFigure(
        `quality.span_all_anchor_recall.${label}`,
        allAnchorRecalls.reduce((a, b) => a + b, 0) / Math.max(1, allAnchorRecalls.length),
        1,
        "share",
        {
          what: "every anchor stored for the span just compacted (planted or not) in the context right after (mean)",
          per_compression: allAnchorRecalls.map((r) => round(r, 3)),
          span_anchors: spanAnchorCounts,
          ...fields,
        },
      );
      printFigure(`quality.recall_context_or_search.${label}`, recovered / planted.length, 1, "share", {
        what: "planted identifiers in the final context or found by searching for them",
        missed_by_kind: missedByKind,
        ...fields,
      });
      printFigure(
        `quality.user_messages_verbatim.${label}`,
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
      printFigure(`quality.retained_tokens.${label}`, retained, transcriptTokens, "tokens", {
        what: "context tokens at the end vs the transcript's tokens",
        ...fields,
      });
      printFigure(`quality.compress_ms_per_100k.${label}`, (compressMs / transcriptTokens) * 100_000, 1, "ms", {
        what: "time spent in POST /compress per 100K tokens of transcript",
        total_compress_ms: round(compressMs),
        ...fields,
      });
    }
  } finally {
    await close();
    await fake.close();
  }
}
