/**
 * @module web/session-list
 * The sessions: GET /v1/sessions page by page, filtered by title or id as one types (the match marked), with the rows
 * of every session's transcript that match too (GET /api/sessions/search, full-text over all sessions; more on
 * request); a form to create one (title, model, system prompt, config overrides as JSON), and rename and delete on
 * each. Each row shows its latest run's status when it is live or failed (GET /v1/runs), its messages and its
 * context use, marked when over the compression threshold. Each row is one tab stop (a roving tabindex within it):
 * Left and Right move between its link and its buttons, Up and Down between rows. The list is read again when the
 * open session's runs or messages change, and every 15 s while the page is visible.
 */
import { Inbox, Pencil, Plus, Search, Trash2, TriangleAlert } from "lucide-preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCount, formatPercent, sessionName } from "./format.js";
import { openSession, pathOf } from "./route.js";
import { overBudget, SESSION_ACTIVITY } from "./session-state.js";
import { Highlight, Snippet } from "./snippet.js";
import { EmptyState, ErrorState, Skeleton, StatusChip, Time } from "./ui.js";

type Session = Schemas["Session"];
type Hit = Schemas["HermesSearchResult"]["data"][number];
const PAGE_LIMIT = 100;
const HITS_PAGE = 10;
const POLL_MS = 15_000;

/** Hermes's run statuses as ours, for the chips. */
const RUN_STATUS: Partial<Record<Schemas["HermesRun"]["status"], string>> = {
  queued: "running",
  running: "running",
  stopping: "running",
  waiting_for_approval: "requires_action",
  failed: "failed",
  interrupted: "interrupted",
};

export function SessionList(props: { selected: string | null }) {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const [cursor, setCursor] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [error, setError] = useState<string | null>(null);

  const load = async (from: string | null) => {
    try {
      const [page, runs] = await Promise.all([
        api.GET("/v1/sessions", { params: { query: { limit: PAGE_LIMIT, cursor: from ?? undefined } } }).then(must),
        api.GET("/v1/runs", { params: { query: { limit: 100 } } }).then((r) => r.data?.data ?? []),
      ]);
      setSessions((old) => (from && old ? [...old, ...page.data] : page.data));
      setCursor(page.next_cursor);
      // Newest run first: the first seen per session is its latest.
      const latest: Record<string, string> = {};
      for (const run of runs) if (!(run.session_id in latest)) latest[run.session_id] = RUN_STATUS[run.status] ?? "";
      setStatuses(latest);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load(null);
  }, [props.selected]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(null), 300);
    };
    const poll = setInterval(() => document.visibilityState === "visible" && void load(null), POLL_MS);
    addEventListener(SESSION_ACTIVITY, soon);
    return () => {
      clearTimeout(timer);
      clearInterval(poll);
      removeEventListener(SESSION_ACTIVITY, soon);
    };
  }, []);

  const needle = filter.trim().toLowerCase();
  const shown = (sessions ?? []).filter(
    (s) => !needle || sessionName(s).toLowerCase().includes(needle) || s.id.toLowerCase().includes(needle),
  );
  const rows = useRovingList();

  return (
    <nav id="session-list" class="sessions" aria-label="Sessions">
      <div class="sessions-head">
        <h2>Sessions</h2>
        {sessions && <span class="count">{formatCount(sessions.length)}</span>}
      </div>
      <label for="session-filter" class="search-label">
        Search sessions
      </label>
      <div class="search-box">
        <Search size={16} />
        <input
          id="session-filter"
          type="search"
          placeholder="Title, id or words in a transcript"
          value={filter}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      </div>
      {error && <ErrorState message={error} />}
      {sessions === null ? (
        <Skeleton lines={6} label="Loading sessions" />
      ) : sessions.length === 0 ? (
        <EmptyState icon={Inbox} title="No sessions yet">
          <p>Create one below, or post to POST /v1/sessions.</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <p class="muted list-note">No session title matches “{filter}”.</p>
      ) : (
        <ul class="session-rows" ref={rows.ref} onKeyDown={rows.onKeyDown} onFocusIn={rows.onFocusIn}>
          {shown.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              status={statuses[session.id] ?? ""}
              filter={needle}
              selected={session.id === props.selected}
              onChanged={() => void load(null)}
            />
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" class="ghost" onClick={() => void load(cursor)}>
          More sessions
        </button>
      )}
      <TranscriptHits filter={filter} />
      <CreateSession onCreated={(id) => openSession(id)} />
    </nav>
  );
}

/**
 * One tab stop per row (a roving tabindex within it): Tab goes from row to row; in a row, Left and Right move between
 * its link and its buttons, and the one last focused stays the row's stop. Up and Down go to the row above or below.
 */
function useRovingList() {
  const ref = useRef<HTMLUListElement>(null);
  const rows = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(":scope > li") ?? []);
  const stops = (row: Element | null | undefined) =>
    Array.from(row?.querySelectorAll<HTMLElement>("[data-roving]") ?? []);
  /** Makes `stop` its row's one tab stop (the row's first control when none is given or it is gone). */
  const settle = (row: Element, stop?: HTMLElement) => {
    const all = stops(row);
    const current = stop && all.includes(stop) ? stop : (all.find((el) => el.tabIndex === 0) ?? all[0]);
    for (const el of all) el.tabIndex = el === current ? 0 : -1;
  };
  // Before the rows are painted: a Tab pressed as soon as they show finds one stop per row, not every button.
  useLayoutEffect(() => {
    for (const row of rows()) settle(row);
  });
  const onFocusIn = (event: FocusEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-roving]");
    const row = target?.closest("li");
    if (target && row) settle(row, target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-roving]");
    const row = target?.closest("li");
    if (!target || !row || (event.target as HTMLElement).tagName === "INPUT") return;
    const all = rows();
    const inRow = stops(row);
    const at = all.indexOf(row);
    let next: HTMLElement | undefined;
    if (event.key === "ArrowDown") next = stops(all[at + 1])[0];
    else if (event.key === "ArrowUp") next = stops(all[at - 1])[0];
    else if (event.key === "ArrowRight") next = inRow[inRow.indexOf(target) + 1];
    else if (event.key === "ArrowLeft") next = inRow[inRow.indexOf(target) - 1];
    else return;
    event.preventDefault();
    next?.focus();
  };
  return { ref, onKeyDown, onFocusIn };
}

function SessionRow(props: {
  session: Session;
  status: string;
  filter: string;
  selected: boolean;
  onChanged: () => void;
}) {
  const { session } = props;
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(session.title ?? "");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = sessionName(session);
  const over = overBudget(session.stats);

  const rename = async (event: Event) => {
    event.preventDefault();
    try {
      must(
        await api.PATCH("/v1/sessions/{id}", { params: { path: { id: session.id } }, body: { title: title || null } }),
      );
      setRenaming(false);
      props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    try {
      must(await api.DELETE("/v1/sessions/{id}", { params: { path: { id: session.id } } }));
      if (props.selected) openSession(null);
      props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <li class={props.selected ? "session selected" : "session"}>
      {renaming ? (
        <form onSubmit={(e) => void rename(e)} class="inline rename">
          <label for={`title-${session.id}`}>New title</label>
          <input id={`title-${session.id}`} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          <button type="submit" class="primary">
            Save
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div class="session-main">
          <a
            href={pathOf({ session: session.id, run: null })}
            class="session-link truncate"
            title={name}
            data-roving
            aria-current={props.selected ? "page" : undefined}
            onClick={(e) => {
              e.preventDefault();
              openSession(session.id);
            }}
          >
            <Highlight text={name} query={props.filter} />
          </a>
          <span class="actions">
            <button
              type="button"
              class="icon-button"
              data-roving
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${name}`}
              title="Rename"
            >
              <Pencil size={14} />
            </button>
            {confirmDelete ? (
              <button
                type="button"
                class="danger"
                data-roving
                onClick={() => void remove()}
                aria-label={`Confirm delete ${name}`}
              >
                Delete?
              </button>
            ) : (
              <button
                type="button"
                class="icon-button"
                data-roving
                onClick={() => setConfirmDelete(true)}
                aria-label={`Delete ${name}`}
                title="Delete"
              >
                <Trash2 size={14} />
              </button>
            )}
          </span>
        </div>
      )}
      <span class="session-meta">
        {props.status && <StatusChip status={props.status} />}
        <span>{formatCount(session.stats.message_count)} msg</span>
        <span class={over ? "over-budget" : undefined} title={over ? "Over the compression threshold" : undefined}>
          {over && <TriangleAlert size={12} aria-label="over the compression threshold" />}
          {formatPercent(session.stats.usage_percent / 100)} context
        </span>
        <Time at={session.updated_at} />
      </span>
      {error && <ErrorState message={error} />}
    </li>
  );
}

/** Rows of any session's transcript that hold the words, ten more at a time. */
function TranscriptHits(props: { filter: string }) {
  const [limit, setLimit] = useState(HITS_PAGE);
  const [hits, setHits] = useState<Hit[]>([]);
  const q = props.filter.trim();
  useEffect(() => setLimit(HITS_PAGE), [q]);
  useEffect(() => {
    if (!q) {
      setHits([]);
      return;
    }
    let stale = false;
    // Typing settles before the server is asked.
    const timer = setTimeout(() => {
      void api.GET("/api/sessions/search", { params: { query: { q, limit } } }).then((result) => {
        if (!stale) setHits(result.data?.data ?? []);
      });
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [q, limit]);
  if (!hits.length) return null;
  return (
    <section aria-labelledby="transcript-hits-title" class="hits-section">
      <h3 id="transcript-hits-title">In transcripts</h3>
      <ul class="session-rows">
        {hits.map((hit) => (
          <li key={`${hit.session_id}:${hit.message_id}`} class="session hit">
            <a
              href={pathOf({ session: hit.session_id, run: null })}
              class="truncate"
              onClick={(e) => {
                e.preventDefault();
                openSession(hit.session_id);
              }}
            >
              {hit.session_title || hit.session_id} #{hit.message_id}
            </a>
            <span class="muted">
              {hit.role}: <Snippet text={hit.snippet} query={q} />
            </span>
          </li>
        ))}
      </ul>
      {hits.length >= limit && limit < 200 && (
        <button type="button" class="ghost" onClick={() => setLimit((n) => Math.min(200, n + HITS_PAGE))}>
          More results
        </button>
      )}
    </section>
  );
}

function CreateSession(props: { onCreated: (id: string) => void }) {
  const [title, setTitle] = useState("");
  const [model, setModel] = useState("");
  const [systemPrompt, setSystemPrompt] = useState("");
  const [config, setConfig] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    let overrides: Schemas["SessionConfigInput"] | undefined;
    try {
      overrides = config.trim() ? (JSON.parse(config) as Schemas["SessionConfigInput"]) : undefined;
    } catch {
      setError("Config overrides are not valid JSON.");
      return;
    }
    try {
      const session = must(
        await api.POST("/v1/sessions", {
          body: {
            ...(title ? { title } : {}),
            ...(model ? { model } : {}),
            ...(systemPrompt ? { system_prompt: systemPrompt } : {}),
            ...(overrides ? { config: overrides } : {}),
          },
        }),
      );
      setTitle("");
      setError(null);
      props.onCreated(session.id);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <details class="create">
      <summary>
        <Plus size={16} /> New session
      </summary>
      <form onSubmit={(e) => void submit(e)} class="stack">
        <label for="new-title">Title</label>
        <input id="new-title" value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        <label for="new-model">Model</label>
        <input id="new-model" value={model} onInput={(e) => setModel(e.currentTarget.value)} />
        <label for="new-system">System prompt</label>
        <textarea
          id="new-system"
          rows={3}
          value={systemPrompt}
          onInput={(e) => setSystemPrompt(e.currentTarget.value)}
        />
        <label for="new-config">Config overrides (JSON)</label>
        <textarea
          id="new-config"
          rows={4}
          value={config}
          placeholder='{"compression": {"threshold": 0.7}}'
          onInput={(e) => setConfig(e.currentTarget.value)}
        />
        <button type="submit" class="primary">
          Create session
        </button>
        {error && <ErrorState message={error} />}
      </form>
    </details>
  );
}
