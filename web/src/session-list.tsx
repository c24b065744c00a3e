/**
 * @module web/session-list
 * The sessions: GET /v1/sessions page by page, filtered by title or id as one types, with the rows of every
 * session's transcript that match too (GET /api/sessions/search, full-text over all sessions); a form to create one
 * (title, model, system prompt, config overrides as JSON), and rename and delete on each.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { openSession } from "./route.js";

type Session = Schemas["Session"];
const PAGE_LIMIT = 100;

export function SessionList(props: { selected: string | null }) {
  const [sessions, setSessions] = useState<Session[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [error, setError] = useState<string | null>(null);

  const load = async (from: string | null) => {
    try {
      const page = must(
        await api.GET("/v1/sessions", { params: { query: { limit: PAGE_LIMIT, cursor: from ?? undefined } } }),
      );
      setSessions((old) => (from ? [...old, ...page.data] : page.data));
      setCursor(page.next_cursor);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load(null);
  }, [props.selected]);

  const [hits, setHits] = useState<Schemas["HermesSearchResult"]["data"]>([]);
  useEffect(() => {
    const q = filter.trim();
    if (!q) {
      setHits([]);
      return;
    }
    let stale = false;
    // Typing settles before the server is asked.
    const timer = setTimeout(() => {
      void api.GET("/api/sessions/search", { params: { query: { q, limit: 20 } } }).then((result) => {
        if (!stale) setHits(result.data?.data ?? []);
      });
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [filter]);

  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? sessions.filter((s) => (s.title ?? "").toLowerCase().includes(needle) || s.id.toLowerCase().includes(needle))
    : sessions;

  return (
    <nav id="session-list" class="sessions" aria-label="Sessions">
      <h2>Sessions</h2>
      <label for="session-filter">Search sessions</label>
      <input id="session-filter" type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <ul class="session-rows">
        {shown.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            selected={session.id === props.selected}
            onChanged={() => void load(null)}
          />
        ))}
      </ul>
      {hits.length > 0 && (
        <section aria-labelledby="transcript-hits-title">
          <h3 id="transcript-hits-title">In transcripts</h3>
          <ul class="session-rows">
            {hits.map((hit) => (
              <li key={`${hit.session_id}:${hit.message_id}`} class="session">
                <a
                  href={`/ui/sessions/${encodeURIComponent(hit.session_id)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    openSession(hit.session_id);
                  }}
                >
                  {hit.session_title || hit.session_id} #{hit.message_id}
                </a>
                <span class="muted">
                  {hit.role}: {hit.snippet}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {cursor && (
        <button type="button" onClick={() => void load(cursor)}>
          More sessions
        </button>
      )}
      <CreateSession onCreated={(id) => openSession(id)} />
    </nav>
  );
}

function SessionRow(props: { session: Session; selected: boolean; onChanged: () => void }) {
  const { session } = props;
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(session.title ?? "");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = session.title || session.id;

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
        <form onSubmit={(e) => void rename(e)} class="inline">
          <label for={`title-${session.id}`}>New title</label>
          <input id={`title-${session.id}`} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          <button type="submit">Save</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <a
          href={`/ui/sessions/${encodeURIComponent(session.id)}`}
          aria-current={props.selected ? "page" : undefined}
          onClick={(e) => {
            e.preventDefault();
            openSession(session.id);
          }}
        >
          {name}
        </a>
      )}
      <span class="muted">
        {session.stats.message_count} messages · {session.stats.usage_percent.toFixed(0)}% context
      </span>
      <span class="actions">
        <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${name}`}>
          Rename
        </button>
        {confirmDelete ? (
          <button type="button" class="danger" onClick={() => void remove()} aria-label={`Confirm delete ${name}`}>
            Confirm delete
          </button>
        ) : (
          <button type="button" onClick={() => setConfirmDelete(true)} aria-label={`Delete ${name}`}>
            Delete
          </button>
        )}
      </span>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </li>
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
      <summary>New session</summary>
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
        <button type="submit">Create session</button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
