/**
 * @module web/context-lookups
 * Finding things in a session's context: the anchor table (filter by kind, search with the match marked, a page at a
 * time, jump to the message an anchor came from) and transcript search (snippets stripped of markdown, matches
 * marked, ten a page, jump to the row).
 */
import { Anchor as AnchorIcon, Search as SearchIcon } from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCount } from "./format.js";
import { Highlight, Snippet } from "./snippet.js";
import { Chip, EmptyState, ErrorState, FoldSection, Skeleton } from "./ui.js";

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
const ANCHOR_PAGE = 25;
const SEARCH_PAGE = 10;
const SEARCH_LIMIT = 100;

export function Anchors(props: { sessionId: string; tick: number; onJump: (seq: number) => void }) {
  const [kind, setKind] = useState<AnchorKind | "">("");
  const [q, setQ] = useState("");
  /** The cursors of the pages before this one (the first page's is null), for "Previous". */
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [page, setPage] = useState<Schemas["AnchorList"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  useEffect(() => setCursors([null]), [props.sessionId, kind, q]);
  useEffect(() => {
    let stale = false;
    void api
      .GET("/v1/sessions/{id}/anchors", {
        params: {
          path: { id: props.sessionId },
          query: {
            limit: ANCHOR_PAGE,
            ...(cursor ? { cursor } : {}),
            ...(kind ? { kind } : {}),
            ...(q.trim() ? { q: q.trim() } : {}),
          },
        },
      })
      .then(must)
      .then(
        (list) => {
          if (stale) return;
          setPage(list);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
    return () => {
      stale = true;
    };
  }, [props.sessionId, kind, q, cursor, props.tick]);
  const total = page?.total ?? 0;
  const first = (cursors.length - 1) * ANCHOR_PAGE + 1;
  return (
    <FoldSection id="anchors" title={`Anchors (${formatCount(total)})`} icon={AnchorIcon}>
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
      {error && <ErrorState message={error} />}
      {!page ? (
        <Skeleton lines={4} label="Loading the anchors" />
      ) : page.data.length === 0 ? (
        <EmptyState icon={AnchorIcon} title={q || kind ? "No anchor matches" : "No anchors yet"}>
          <p>Anchors (PRs, SHAs, paths, errors, URLs…) are indexed from the turns a compression takes out.</p>
        </EmptyState>
      ) : (
        <>
          <div class="table-scroll">
            <table class="anchors">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Value</th>
                  <th scope="col" class="num">
                    Rows
                  </th>
                  <th scope="col">In context</th>
                  <th scope="col">Seen</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((a) => (
                  <tr key={`${a.kind}:${a.value}`}>
                    <td>
                      <span class="kind">{a.kind}</span>
                    </td>
                    <td class="anchor-value">
                      <code>
                        <Highlight text={a.value} query={q} />
                      </code>
                    </td>
                    <td class="num">{formatCount(a.count)}</td>
                    <td>{a.in_context ? "yes" : "no"}</td>
                    <td>
                      <button
                        type="button"
                        class="link-button"
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
          </div>
          <Pager
            label="Anchor pages"
            from={first}
            to={first + page.data.length - 1}
            total={total}
            onPrevious={cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : null}
            onNext={page.next_cursor ? () => setCursors((c) => [...c, page.next_cursor]) : null}
          />
        </>
      )}
    </FoldSection>
  );
}

/** "11–20 of 57" with Previous and Next. */
function Pager(props: {
  label: string;
  from: number;
  to: number;
  total: number;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  if (!props.onPrevious && !props.onNext) return null;
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={!props.onPrevious} onClick={() => props.onPrevious?.()}>
        Previous
      </button>
      <span class="muted">
        {formatCount(props.from)}–{formatCount(props.to)} of {formatCount(props.total)}
      </span>
      <button type="button" disabled={!props.onNext} onClick={() => props.onNext?.()}>
        Next
      </button>
    </nav>
  );
}

export function Search(props: { sessionId: string; onJump: (seq: number) => void }) {
  const [q, setQ] = useState("");
  const [asked, setAsked] = useState("");
  const [hits, setHits] = useState<Schemas["SearchHit"][] | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    if (!q.trim()) return;
    try {
      const result = must(
        await api.GET("/v1/sessions/{id}/search", {
          params: { path: { id: props.sessionId }, query: { q, limit: SEARCH_LIMIT } },
        }),
      );
      setHits(result.data);
      setAsked(q);
      setOffset(0);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const shown = hits?.slice(offset, offset + SEARCH_PAGE) ?? [];
  return (
    <FoldSection id="search" title="Search the transcript" icon={SearchIcon}>
      <form onSubmit={(e) => void search(e)} class="inline">
        <label for="transcript-q">Search words</label>
        <input id="transcript-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <button type="submit">Search</button>
      </form>
      {error && <ErrorState message={error} />}
      {hits && (
        <>
          <ul class="hits">
            {hits.length === 0 && <li class="muted">No row holds “{asked}”.</li>}
            {shown.map((hit) => (
              <li key={hit.message_id}>
                <button
                  type="button"
                  class="link-button"
                  onClick={() => props.onJump(hit.seq)}
                  aria-label={`Jump to #${hit.seq}`}
                >
                  #{hit.seq}
                </button>{" "}
                <span class="role">{hit.role}</span> {!hit.in_context && <Chip tone="neutral">out of context</Chip>}{" "}
                <Snippet text={hit.snippet} query={asked} />
              </li>
            ))}
          </ul>
          <Pager
            label="Search result pages"
            from={offset + 1}
            to={offset + shown.length}
            total={hits.length}
            onPrevious={offset > 0 ? () => setOffset(offset - SEARCH_PAGE) : null}
            onNext={offset + SEARCH_PAGE < hits.length ? () => setOffset(offset + SEARCH_PAGE) : null}
          />
        </>
      )}
    </FoldSection>
  );
}
