/**
 * @module web/context-panel
 * The context of a session: a bar of what the model is sent (system prompt, summary, the recent tail) against the
 * compression threshold and the window; a chart of context tokens over the session's compressions; every summary
 * version with the seq range it covered and a line diff against the version before; the anchor table (filter by
 * kind, search, jump to the message); transcript search; and "Compress", previewed with a dry run first.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { lineDiff } from "./line-diff.js";
import { contentText } from "./timeline.js";

type Summary = Schemas["Summary"];
type Anchor = Schemas["Anchor"];
type AnchorKind = Anchor["kind"];
/** A record, so the compiler refuses it when the API gains an anchor kind the filter does not offer. */
const ANCHOR_KIND_SET: Record<AnchorKind, true> = {
  pr: true,
  issue: true,
  commit: true,
  branch: true,
  path: true,
  error: true,
  url: true,
  handle: true,
  command: true,
  config_key: true,
  id: true,
};
const ANCHOR_KINDS = Object.keys(ANCHOR_KIND_SET) as AnchorKind[];

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
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {figures && <ContextBar figures={figures} />}
      <Compress sessionId={sessionId} onCompressed={() => setReload((n) => n + 1)} />
      <TokenChart summaries={summaries} current={figures?.total ?? 0} threshold={figures?.threshold ?? 0} />
      <Summaries summaries={summaries} />
      <Anchors sessionId={sessionId} tick={props.tick + reload} onJump={props.onJump} />
      <Search sessionId={sessionId} onJump={props.onJump} />
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
  return (
    <section aria-labelledby="context-bar-title">
      <h3 id="context-bar-title">Active context</h3>
      <p data-testid="context-figures">
        {total} of {window} tokens ({((total / Math.max(1, window)) * 100).toFixed(1)}%) · compression at {threshold}
      </p>
      <div
        class="bar"
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
          <span class="swatch seg-system" /> system {system}
        </li>
        <li>
          <span class="swatch seg-summary" /> summary {summary}
        </li>
        <li>
          <span class="swatch seg-tail" /> tail {tail}
        </li>
        <li>threshold {threshold}</li>
      </ul>
    </section>
  );
}

const CHART_W = 480;
const CHART_H = 120;

/** Context tokens at each compression (before → after), then now; each compression is a dashed line. */
function TokenChart(props: { summaries: Summary[]; current: number; threshold: number }) {
  const points: Array<{ tokens: number; compression?: number }> = [{ tokens: 0 }];
  for (const s of props.summaries) {
    points.push({ tokens: s.tokens_before, compression: s.version });
    points.push({ tokens: s.tokens_after });
  }
  points.push({ tokens: props.current });
  const max = Math.max(1, props.threshold, ...points.map((p) => p.tokens));
  const x = (i: number) => (i / Math.max(1, points.length - 1)) * (CHART_W - 20) + 10;
  const y = (tokens: number) => CHART_H - 10 - (tokens / max) * (CHART_H - 20);
  const line = points.map((p, i) => `${x(i)},${y(p.tokens)}`).join(" ");
  return (
    <section aria-labelledby="chart-title">
      <h3 id="chart-title">Context tokens over the session</h3>
      <svg
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        class="chart"
        role="img"
        aria-label={`${props.summaries.length} compressions; now ${props.current} tokens`}
      >
        <line x1={0} x2={CHART_W} y1={y(props.threshold)} y2={y(props.threshold)} class="chart-threshold" />
        {points.map((p, i) =>
          p.compression ? (
            <g key={i}>
              <line x1={x(i)} x2={x(i)} y1={0} y2={CHART_H} class="chart-compression" />
              <text x={x(i) + 3} y={12} class="chart-label">
                v{p.compression}
              </text>
            </g>
          ) : null,
        )}
        <polyline points={line} class="chart-line" />
      </svg>
    </section>
  );
}

function Summaries(props: { summaries: Summary[] }) {
  if (!props.summaries.length) return <p>No summary yet: nothing has been compressed.</p>;
  return (
    <section aria-labelledby="summaries-title">
      <h3 id="summaries-title">Summary versions</h3>
      <ol class="summaries">
        {props.summaries.map((s, i) => (
          <li key={s.id} data-version={s.version}>
            <p>
              <strong>Version {s.version}</strong> covers seq {s.covers.from_seq}–{s.covers.to_seq} · {s.tokens_before}{" "}
              → {s.tokens_after} tokens · {s.fallback_used ? "fallback" : (s.model ?? "")}
              {s.focus_topic && <span> · focus: {s.focus_topic}</span>}
            </p>
            <details>
              <summary>Body of version {s.version}</summary>
              <pre>{s.body}</pre>
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
    </section>
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
            ? `Compressed: ${answer.tokens_before} → ${answer.tokens_after} tokens, ${answer.messages_compacted} rows left the context${answer.summary ? `, summary version ${answer.summary.version}` : ""}.`
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
    <section aria-labelledby="compress-title">
      <h3 id="compress-title">Compress</h3>
      <label for="focus-topic">Focus topic (optional)</label>
      <input id="focus-topic" value={focus} onInput={(e) => setFocus(e.currentTarget.value)} />
      <button type="button" disabled={busy} onClick={() => void call(true)}>
        Preview compression
      </button>
      {preview && (
        <div class="preview" data-testid="compress-preview">
          {preview.would_compact ? (
            <p>
              Would compact seq {preview.would_compact.from_seq}–{preview.would_compact.to_seq} (
              {preview.would_compact.seqs.length} rows, {preview.compacted_tokens ?? 0} tokens): {preview.tokens_before}{" "}
              → about {preview.tokens_after} tokens.
            </p>
          ) : (
            <p>Nothing to compact{preview.reason ? `: ${preview.reason}` : ""}.</p>
          )}
          {preview.anchors && preview.anchors.length > 0 && (
            <p class="muted">Anchors in the span: {preview.anchors.map((a) => a.value).join(", ")}</p>
          )}
          <button type="button" disabled={busy || !preview.would_compact} onClick={() => void call(false)}>
            Compress now
          </button>
          <button type="button" onClick={() => setPreview(null)}>
            Cancel
          </button>
        </div>
      )}
      {result && <p role="status">{result}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}

function Anchors(props: { sessionId: string; tick: number; onJump: (seq: number) => void }) {
  const [kind, setKind] = useState<AnchorKind | "">("");
  const [q, setQ] = useState("");
  const [anchors, setAnchors] = useState<Anchor[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stale = false;
    void api
      .GET("/v1/sessions/{id}/anchors", {
        params: {
          path: { id: props.sessionId },
          query: { limit: 100, ...(kind ? { kind } : {}), ...(q.trim() ? { q: q.trim() } : {}) },
        },
      })
      .then(must)
      .then(
        (list) => {
          if (stale) return;
          setAnchors(list.data);
          setTotal(list.total);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
    return () => {
      stale = true;
    };
  }, [props.sessionId, kind, q, props.tick]);
  return (
    <section aria-labelledby="anchors-title">
      <h3 id="anchors-title">Anchors ({total})</h3>
      <div class="filters">
        <label for="anchor-kind">Kind</label>
        <select id="anchor-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as AnchorKind | "")}>
          <option value="">all</option>
          {ANCHOR_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <label for="anchor-q">Search anchors</label>
        <input id="anchor-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <table class="anchors">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Value</th>
            <th scope="col">Rows</th>
            <th scope="col">In context</th>
            <th scope="col">Seen</th>
          </tr>
        </thead>
        <tbody>
          {anchors.map((a) => (
            <tr key={`${a.kind}:${a.value}`}>
              <td>{a.kind}</td>
              <td>
                <code>{a.value}</code>
              </td>
              <td>{a.count}</td>
              <td>{a.in_context ? "yes" : "no"}</td>
              <td>
                <button
                  type="button"
                  onClick={() => props.onJump(a.first_seq)}
                  aria-label={`Jump to #${a.first_seq} (${a.value})`}
                >
                  #{a.first_seq}
                </button>
                {a.last_seq !== a.first_seq && <span class="muted"> … #{a.last_seq}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Search(props: { sessionId: string; onJump: (seq: number) => void }) {
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Schemas["SearchHit"][] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    if (!q.trim()) return;
    try {
      const result = must(
        await api.GET("/v1/sessions/{id}/search", {
          params: { path: { id: props.sessionId }, query: { q, limit: 50 } },
        }),
      );
      setHits(result.data);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section aria-labelledby="search-title">
      <h3 id="search-title">Search the transcript</h3>
      <form onSubmit={(e) => void search(e)} class="inline">
        <label for="transcript-q">Search words</label>
        <input id="transcript-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <button type="submit">Search</button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {hits && (
        <ul class="hits">
          {hits.length === 0 && <li>No match.</li>}
          {hits.map((hit) => (
            <li key={hit.message_id}>
              <button type="button" onClick={() => props.onJump(hit.seq)} aria-label={`Jump to #${hit.seq}`}>
                #{hit.seq}
              </button>{" "}
              <span class="role">{hit.role}</span> {!hit.in_context && <span class="badge">out of context</span>}{" "}
              {hit.snippet}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
