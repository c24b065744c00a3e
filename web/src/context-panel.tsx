/**
 * @module web/context-panel
 * The context of a session on one screen, in sections that fold: a bar of what the model is sent (system prompt,
 * summary, the recent tail) against the compression threshold and the window, marked when over the threshold, with
 * "Compress" (previewed with a dry run first); a chart of context tokens over the session's compressions; every
 * summary version (markdown) with the seq range it covered and a line diff against the version before; the anchor
 * table (filter by kind, search with the match marked, a page at a time, jump to the message); and transcript search
 * (snippets stripped of markdown, matches marked, a page at a time).
 */
import { ChartLine, Gauge, History, TriangleAlert } from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCount, formatPercent } from "./format.js";
import { lineDiff } from "./line-diff.js";
import { Markdown } from "./markdown.js";
import { contentText } from "./timeline.js";
import { TokenChart } from "./token-chart.js";
import { Anchors, Search } from "./context-lookups.js";
import { Chip, EmptyState, ErrorState, FoldSection, Skeleton, Time } from "./ui.js";

type Summary = Schemas["Summary"];
type Figures = { system: number; summary: number; tail: number; threshold: number; window: number; total: number };

export function ContextPanel(props: { sessionId: string; tick: number; onJump: (seq: number) => void }) {
  const { sessionId } = props;
  const [figures, setFigures] = useState<Figures | null>(null);
  const [summaries, setSummaries] = useState<Summary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const load = async () => {
    try {
      const path = { params: { path: { id: sessionId } } };
      const [context, list, rows] = await Promise.all([
        api.GET("/v1/sessions/{id}/context", path).then(must),
        api.GET("/v1/sessions/{id}/summaries", path).then(must),
        readInContextRows(sessionId),
      ]);
      // The tail is the stored rows still in the context; what is left of the total is the system prompt and
      // the summary, shared out by the length of their texts as the model is sent them.
      const tail = rows.filter((r) => r.kind === "message" && r.role !== "system").reduce((n, r) => n + r.tokens, 0);
      const head = Math.max(0, context.tokens.total - tail);
      const body = list.data.find((v) => v.id === context.summary_id)?.body ?? "";
      const probe = body.slice(0, 40);
      const texts = context.messages.map((m) => contentText(m.content));
      const summaryChars = probe ? texts.filter((text) => text.includes(probe)).reduce((n, t) => n + t.length, 0) : 0;
      const systemChars = context.messages
        .filter((m, i) => m.role === "system" && !(probe && texts[i].includes(probe)))
        .reduce((n, m) => n + contentText(m.content).length, 0);
      const summary = Math.round((head * summaryChars) / Math.max(1, summaryChars + systemChars));
      setFigures({
        system: head - summary,
        summary,
        tail,
        threshold: context.tokens.threshold,
        window: context.tokens.context_length,
        total: context.tokens.total,
      });
      setSummaries(list.data);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [sessionId, props.tick, reload]);

  return (
    <div class="context">
      {error && <ErrorState message={error} />}
      <div class="context-column">
        <FoldSection id="context-bar" title="Active context" icon={Gauge}>
          {figures ? <ContextBar figures={figures} /> : <Skeleton lines={2} label="Loading the context" />}
          <Compress sessionId={sessionId} onCompressed={() => setReload((n) => n + 1)} />
        </FoldSection>
        <FoldSection id="chart" title="Context tokens over the session" icon={ChartLine}>
          <TokenChart summaries={summaries} current={figures?.total ?? 0} threshold={figures?.threshold ?? 0} />
        </FoldSection>
        <Search sessionId={sessionId} onJump={props.onJump} />
      </div>
      <div class="context-column">
        <Summaries summaries={summaries} loaded={figures !== null} />
        <Anchors sessionId={sessionId} tick={props.tick + reload} onJump={props.onJump} />
      </div>
    </div>
  );
}

/** The rows in the active context, read page by page (their stored token counts make the bar). */
async function readInContextRows(sessionId: string): Promise<Schemas["Message"][]> {
  const out: Schemas["Message"][] = [];
  let cursor: string | undefined;
  do {
    const page = must(
      await api.GET("/v1/sessions/{id}/messages", {
        params: { path: { id: sessionId }, query: { limit: 200, cursor } },
      }),
    );
    out.push(...page.data.filter((m) => m.in_context));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

function ContextBar(props: { figures: Figures }) {
  const { system, summary, tail, threshold, window, total } = props.figures;
  const pct = (n: number) => `${Math.min(100, (n / Math.max(1, window)) * 100)}%`;
  const over = threshold > 0 && total > threshold;
  return (
    <div class="context-bar">
      <p data-testid="context-figures" class="context-figures">
        <strong>{formatCount(total)}</strong> of {formatCount(window)} tokens (
        {formatPercent(total / Math.max(1, window))}) · compression at {formatCount(threshold)}
        {over && (
          <Chip tone="wait" icon={TriangleAlert}>
            over threshold
          </Chip>
        )}
      </p>
      <div
        class={over ? "bar over" : "bar"}
        role="img"
        aria-label={`system ${system}, summary ${summary}, tail ${tail} tokens; threshold ${threshold}, window ${window}`}
      >
        <span class="seg seg-system" style={{ width: pct(system) }} />
        <span class="seg seg-summary" style={{ width: pct(summary) }} />
        <span class="seg seg-tail" style={{ width: pct(tail) }} />
        <span class="threshold" style={{ left: pct(threshold) }} />
      </div>
      <ul class="legend">
        <li>
          <span class="swatch seg-system" /> system {formatCount(system)}
        </li>
        <li>
          <span class="swatch seg-summary" /> summary {formatCount(summary)}
        </li>
        <li>
          <span class="swatch seg-tail" /> tail {formatCount(tail)}
        </li>
        <li>
          <span class="swatch swatch-threshold" /> threshold {formatCount(threshold)}
        </li>
      </ul>
    </div>
  );
}

function Summaries(props: { summaries: Summary[]; loaded: boolean }) {
  return (
    <FoldSection id="summaries" title={`Summary versions (${props.summaries.length})`} icon={History}>
      {!props.loaded ? (
        <Skeleton lines={3} label="Loading the summaries" />
      ) : !props.summaries.length ? (
        <EmptyState icon={History} title="No summary yet">
          <p>Nothing has been compressed. Preview a compression to see what would leave the context.</p>
        </EmptyState>
      ) : (
        <ol class="summaries">
          {props.summaries.map((s, i) => (
            <li key={s.id} data-version={s.version}>
              <p class="summary-line">
                <strong>Version {s.version}</strong>
                <span>
                  covers seq {s.covers.from_seq}–{s.covers.to_seq} · {formatCount(s.tokens_before)} →{" "}
                  {formatCount(s.tokens_after)} tokens · {s.fallback_used ? "fallback" : (s.model ?? "")}
                </span>
                {s.focus_topic && <span> · focus: {s.focus_topic}</span>}
                <Time at={s.created_at} />
              </p>
              <details>
                <summary>Body of version {s.version}</summary>
                <Markdown text={s.body} class="summary-body" />
              </details>
              {i > 0 && (
                <details>
                  <summary>
                    Diff of version {props.summaries[i - 1].version} → {s.version}
                  </summary>
                  <Diff before={props.summaries[i - 1].body} after={s.body} />
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </FoldSection>
  );
}

function Diff(props: { before: string; after: string }) {
  const lines = lineDiff(props.before, props.after);
  return (
    <pre class="diff">
      {lines.map((line, i) => (
        <div key={i} class={`diff-${line.op}`}>
          {line.op === "added" ? "+ " : line.op === "removed" ? "- " : "  "}
          {line.text}
        </div>
      ))}
    </pre>
  );
}

function Compress(props: { sessionId: string; onCompressed: () => void }) {
  const [focus, setFocus] = useState("");
  const [preview, setPreview] = useState<Schemas["CompressResult"] | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const call = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const answer = must(
        await api.POST("/v1/sessions/{id}/compress", {
          params: { path: { id: props.sessionId } },
          body: { dry_run: dryRun, ...(focus ? { focus_topic: focus } : {}) },
        }),
      );
      setError(null);
      if (dryRun) setPreview(answer);
      else {
        setPreview(null);
        setResult(
          answer.compressed
            ? `Compressed: ${formatCount(answer.tokens_before)} → ${formatCount(answer.tokens_after)} tokens, ${formatCount(answer.messages_compacted)} rows left the context${answer.summary ? `, summary version ${answer.summary.version}` : ""}.`
            : `Nothing compressed: ${answer.reason ?? "no reason given"}.`,
        );
        props.onCompressed();
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="compress" role="group" aria-labelledby="compress-title">
      <h4 id="compress-title">Compress</h4>
      <div class="compress-row">
        <label for="focus-topic">Focus topic (optional)</label>
        <input id="focus-topic" value={focus} onInput={(e) => setFocus(e.currentTarget.value)} />
        <button type="button" disabled={busy} onClick={() => void call(true)}>
          Preview compression
        </button>
      </div>
      {preview && (
        <div class="preview" data-testid="compress-preview">
          {preview.would_compact ? (
            <p>
              Would compact seq {preview.would_compact.from_seq}–{preview.would_compact.to_seq} (
              {formatCount(preview.would_compact.seqs.length)} rows, {formatCount(preview.compacted_tokens ?? 0)}{" "}
              tokens): {formatCount(preview.tokens_before)} → about {formatCount(preview.tokens_after)} tokens.
            </p>
          ) : (
            <p>Nothing to compact{preview.reason ? `: ${preview.reason}` : ""}.</p>
          )}
          {preview.anchors && preview.anchors.length > 0 && (
            <p class="muted">Anchors in the span: {preview.anchors.map((a) => a.value).join(", ")}</p>
          )}
          <button
            type="button"
            class="primary"
            disabled={busy || !preview.would_compact}
            onClick={() => void call(false)}
          >
            Compress now
          </button>
          <button type="button" onClick={() => setPreview(null)}>
            Cancel
          </button>
        </div>
      )}
      {result && <p role="status">{result}</p>}
      {error && <ErrorState message={error} />}
    </div>
  );
}
