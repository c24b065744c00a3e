/**
 * @module web/command-palette
 * Ctrl+K (⌘K on a Mac) from anywhere: one box to jump to a session by name, to the runs waiting on a person in any
 * session (the waiting queue, from GET /v1/runs), to a message found in any transcript (GET /api/sessions/search),
 * or to run an action. A WAI-ARIA combobox over a listbox: arrows move, Enter chooses, Escape closes and gives the
 * focus back.
 */
import { CornerDownLeft, Hand, Home, MessageSquare, Moon, Search, type LucideIcon } from "lucide-preact";
import { Fragment } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, type Schemas } from "./client.js";
import { sessionName } from "./format.js";
import { openSession } from "./route.js";
import { Highlight, Snippet } from "./snippet.js";

type Item = {
  id: string;
  group: string;
  icon: LucideIcon;
  title: string;
  detail?: string;
  query?: string;
  run: () => void;
};

/** Opens on Ctrl+K / ⌘K; answers whether the palette is open and a setter. */
export function usePaletteShortcut(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return [open, setOpen];
}

export function CommandPalette(props: { onClose: () => void; onToggleTheme: () => void }) {
  const [query, setQuery] = useState("");
  const [sessions, setSessions] = useState<Schemas["Session"][]>([]);
  const [waiting, setWaiting] = useState<Schemas["HermesRun"][]>([]);
  const [hits, setHits] = useState<Schemas["HermesSearchResult"]["data"]>([]);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(document.activeElement);

  // Focused, and Escape heard anywhere, before the palette is first painted: a key pressed as soon as it shows
  // closes it even while the focus is still where Ctrl+K was pressed.
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useLayoutEffect(() => {
    input.current?.focus();
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.target === input.current) return;
      event.preventDefault();
      onClose.current();
    };
    addEventListener("keydown", onEscape);
    return () => removeEventListener("keydown", onEscape);
  }, []);

  useEffect(() => {
    void api.GET("/v1/sessions", { params: { query: { limit: 200 } } }).then((r) => setSessions(r.data?.data ?? []));
    void api
      .GET("/v1/runs", { params: { query: { limit: 100 } } })
      .then((r) => setWaiting((r.data?.data ?? []).filter((run) => run.status === "waiting_for_approval")));
    return () => (returnTo.current as HTMLElement | null)?.focus?.();
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setHits([]);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      void api.GET("/api/sessions/search", { params: { query: { q, limit: 8 } } }).then((r) => {
        if (!stale) setHits(r.data?.data ?? []);
      });
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  const close = props.onClose;
  const go = (id: string | null) => {
    openSession(id);
    close();
  };
  const items = useMemo<Item[]>(() => {
    const q = query.trim().toLowerCase();
    const names = new Map(sessions.map((s) => [s.id, sessionName(s)]));
    const out: Item[] = [];
    for (const run of waiting) {
      const interrupt = run.interrupts.find((i) => i.status === "pending");
      const title = `${interrupt?.tool ? `Approve ${interrupt.tool}` : "Answer the run"} in ${names.get(run.session_id) ?? run.session_id}`;
      if (q && !title.toLowerCase().includes(q)) continue;
      out.push({ id: `wait-${run.id}`, group: "Waiting on you", icon: Hand, title, run: () => go(run.session_id) });
    }
    for (const s of sessions) {
      const name = sessionName(s);
      if (q && !name.toLowerCase().includes(q) && !s.id.toLowerCase().includes(q)) continue;
      out.push({
        id: `session-${s.id}`,
        group: "Sessions",
        icon: MessageSquare,
        title: name,
        query: q,
        run: () => go(s.id),
      });
      if (out.length > 60) break;
    }
    for (const hit of hits) {
      out.push({
        id: `hit-${hit.session_id}-${hit.message_id}`,
        group: "In transcripts",
        icon: Search,
        title: hit.session_title || hit.session_id,
        detail: hit.snippet,
        query: query.trim(),
        run: () => go(hit.session_id),
      });
    }
    const actions: Item[] = [
      { id: "all", group: "Actions", icon: Home, title: "All sessions", run: () => go(null) },
      {
        id: "theme",
        group: "Actions",
        icon: Moon,
        title: "Switch between light and dark theme",
        run: () => {
          props.onToggleTheme();
          close();
        },
      },
    ];
    out.push(...actions.filter((a) => !q || a.title.toLowerCase().includes(q)));
    return out;
  }, [query, sessions, waiting, hits]);

  const current = items[Math.min(active, items.length - 1)];

  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(items.length - 1, i + 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(0, i - 1));
    else if (event.key === "Home") setActive(0);
    else if (event.key === "End") setActive(items.length - 1);
    else if (event.key === "Enter") current?.run();
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    if (current) document.getElementById(`palette-${current.id}`)?.scrollIntoView({ block: "nearest" });
  }, [current?.id]);

  let lastGroup = "";
  return (
    <div class="palette-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div class="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <div class="palette-input">
          <Search size={18} />
          <input
            ref={input}
            role="combobox"
            aria-expanded="true"
            aria-controls="palette-list"
            aria-activedescendant={current ? `palette-${current.id}` : undefined}
            aria-label="Jump to a session, search, or run an action"
            placeholder="Jump to a session, search transcripts, or the waiting queue…"
            value={query}
            onInput={(e) => {
              // The selection goes back to the top in the same update as the query, so an arrow key pressed right
              // after the last letter moves from the top of the new list.
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKey}
          />
          <kbd>Esc</kbd>
        </div>
        <ul id="palette-list" role="listbox" aria-label="Results" class="palette-list">
          {items.length === 0 && <li class="palette-empty">Nothing matches “{query}”.</li>}
          {items.map((item) => {
            const heading = item.group !== lastGroup ? item.group : null;
            lastGroup = item.group;
            const Icon = item.icon;
            const selected = item === current;
            return (
              <Fragment key={item.id}>
                {heading && (
                  <li role="presentation" class="palette-group" key={`group-${heading}`}>
                    {heading}
                  </li>
                )}
                <li
                  id={`palette-${item.id}`}
                  role="option"
                  aria-selected={selected}
                  class={selected ? "palette-item active" : "palette-item"}
                  onMouseMove={() => setActive(items.indexOf(item))}
                  onClick={() => item.run()}
                >
                  <Icon size={16} />
                  <span class="palette-text">
                    <span class="palette-title">
                      {item.query ? <Highlight text={item.title} query={item.query} /> : item.title}
                    </span>
                    {item.detail && (
                      <span class="palette-detail">
                        <Snippet text={item.detail} query={item.query ?? ""} />
                      </span>
                    )}
                  </span>
                  {selected && <CornerDownLeft size={14} class="palette-enter" />}
                </li>
              </Fragment>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
