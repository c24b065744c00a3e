/**
 * @module web/memory-page
 * The owner's memory and recall across sessions: a search box over every session's stored rows (GET /v1/search) and
 * their anchors (GET /v1/anchors), each hit opening its session; and both memory stores (GET /v1/memory) with their
 * usage, entries that can be edited or removed, and a form that adds one.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { openSession } from "./route.js";
import { Highlight, Snippet } from "./snippet.js";

type Memory = Schemas["Memory"];
type Entry = Schemas["MemoryEntry"];
type StoreName = Entry["store"];
const STORES: Array<[StoreName, string]> = [
  ["user", "User profile"],
  ["memory", "Agent notes"],
];

export function MemoryPage() {
  const [memory, setMemory] = useState<Memory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setMemory(must(await api.GET("/v1/memory")));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => void load(), []);
  return (
    <section class="stack" aria-labelledby="memory-heading">
      <h2 id="memory-heading">Memory</h2>
      <CrossSearch />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <p>New sessions start with these entries in their system prompt; a change shows from the next session on.</p>
      {memory &&
        STORES.map(([store, title]) => (
          <StoreView key={store} store={store} title={title} view={memory[store]} onChanged={load} onError={setError} />
        ))}
    </section>
  );
}

function StoreView(props: {
  store: StoreName;
  title: string;
  view: Memory["memory"];
  onChanged: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const { store, view } = props;
  const [draft, setDraft] = useState("");
  const act = async (call: () => Promise<{ error?: unknown; response: Response }>) => {
    try {
      must(await call());
      await props.onChanged();
      return true;
    } catch (e) {
      props.onError((e as Error).message);
      return false;
    }
  };
  const add = async (event: Event) => {
    event.preventDefault();
    const ok = await act(() =>
      api.POST("/v1/memory/{store}/entries", { params: { path: { store } }, body: { content: draft } }),
    );
    if (ok) setDraft("");
  };
  const headingId = `memory-${store}-heading`;
  return (
    <div class="panel stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{props.title}</h3>
      <label>
        {view.used.toLocaleString()} of {view.limit.toLocaleString()} characters
        <meter min={0} max={view.limit} value={view.used} high={view.limit * 0.9} />
      </label>
      {view.entries.length === 0 ? (
        <p>No entries.</p>
      ) : (
        <ul class="memory-entries">
          {view.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} act={act} />
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} class="stack">
        <label for={`memory-${store}-new`}>New entry</label>
        <textarea id={`memory-${store}-new`} rows={2} value={draft} onInput={(e) => setDraft(e.currentTarget.value)} />
        <button type="submit" disabled={!draft.trim()}>
          Add to {props.title.toLowerCase()}
        </button>
      </form>
    </div>
  );
}

function EntryRow(props: {
  entry: Entry;
  act: (call: () => Promise<{ error?: unknown; response: Response }>) => Promise<boolean>;
}) {
  const { entry } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const path = { store: entry.store, memory_entry_id: entry.id };
  const save = async () => {
    const ok = await props.act(() =>
      api.PATCH("/v1/memory/{store}/entries/{memory_entry_id}", { params: { path }, body: { content: editing ?? "" } }),
    );
    if (ok) setEditing(null);
  };
  return (
    <li>
      {editing === null ? (
        <p>
          {entry.content}
          {entry.source === "agent" && <span class="muted"> (written by the agent)</span>}
          {entry.provenance.length > 0 && <span class="muted"> after reading {entry.provenance.join(", ")}</span>}
        </p>
      ) : (
        <textarea aria-label="Entry" rows={3} value={editing} onInput={(e) => setEditing(e.currentTarget.value)} />
      )}
      {editing === null ? (
        <button type="button" class="ghost" onClick={() => setEditing(entry.content)}>
          Edit
        </button>
      ) : (
        <button type="button" onClick={() => void save()}>
          Save
        </button>
      )}
      <button
        type="button"
        class="ghost"
        onClick={() =>
          void props.act(() => api.DELETE("/v1/memory/{store}/entries/{memory_entry_id}", { params: { path } }))
        }
      >
        Remove
      </button>
    </li>
  );
}

/** The search box across sessions: rows by full text, and anchors whose value holds the words. */
function CrossSearch() {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<Schemas["CrossSearchHit"][]>([]);
  const [anchors, setAnchors] = useState<Schemas["SessionAnchor"][]>([]);
  const [searched, setSearched] = useState<string | null>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    const [rows, found] = await Promise.all([
      api.GET("/v1/search", { params: { query: { q, limit: 20 } } }),
      api.GET("/v1/anchors", { params: { query: { q, limit: 20 } } }),
    ]);
    setHits(rows.data?.data ?? []);
    setAnchors(found.data?.data ?? []);
    setSearched(q);
  };
  return (
    <form role="search" class="stack" onSubmit={(event) => void search(event)}>
      <label for="cross-search">Search every session</label>
      <input
        id="cross-search"
        type="search"
        value={query}
        placeholder="a path, a SHA, PR #4127, or a few words"
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      <button type="submit">Search</button>
      {searched !== null && (
        <div class="stack" aria-live="polite">
          <p>
            {hits.length} message(s) and {anchors.length} anchor(s) for “{searched}”
          </p>
          <ul class="cross-hits">
            {hits.map((hit) => (
              <li key={hit.message_id}>
                <a
                  href={`/ui/sessions/${hit.session_id}`}
                  onClick={(e) => (e.preventDefault(), openSession(hit.session_id))}
                >
                  {hit.session_title ?? hit.session_id}
                </a>{" "}
                seq {hit.seq} ({hit.role}): <Snippet text={hit.snippet} query={searched} />
              </li>
            ))}
            {anchors.map((anchor) => (
              <li key={`${anchor.session_id} ${anchor.kind} ${anchor.value}`}>
                <a
                  href={`/ui/sessions/${anchor.session_id}`}
                  onClick={(e) => (e.preventDefault(), openSession(anchor.session_id))}
                >
                  {anchor.session_title ?? anchor.session_id}
                </a>{" "}
                {anchor.kind}: <Highlight text={anchor.value} query={searched} /> ({anchor.rows} row(s), seq{" "}
                {anchor.first_seq}–{anchor.last_seq})
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
