/**
 * @module web/timeline
 * The transcript as a timeline: every stored row (GET /v1/sessions/{id}/messages, page by page) with its role;
 * assistant text and summaries as markdown, tool calls and results as JSON trees folded in <details>, compacted rows
 * marked out of context and summaries where they were written; the answer as it streams in (message.delta); the
 * live runs, each with its trace, Cancel and Steer (a message it takes in before its next model call); and a
 * composer that posts a message and lets the run go on in the background.
 */
import {
  Archive,
  Bot,
  Layers,
  MessageSquare,
  Send,
  Settings,
  Square,
  User,
  Wrench,
  type LucideIcon,
} from "lucide-preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCount } from "./format.js";
import { JsonText } from "./json-tree.js";
import { Markdown } from "./markdown.js";
import { openRun, pathOf } from "./route.js";
import { Chip, EmptyState, ErrorState, Skeleton, StatusChip } from "./ui.js";
import { useBus, type EventBus } from "./session-events.js";
import { WindowedList } from "./windowed-list.js";

type Message = Schemas["Message"];
type Run = Schemas["RunResource"];
const PAGE_LIMIT = 200;
const LIVE_RUN = new Set<Run["status"]>(["running", "requires_action"]);
const ROLE_ICONS: Record<Message["role"], LucideIcon> = { user: User, assistant: Bot, tool: Wrench, system: Settings };

/** The text of a message's content: strings as they are, text parts joined, other parts named. */
export function contentText(content: Message["content"]): string {
  if (content === null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? (part.text ?? "") : `[${part.type}]`)).join("\n");
}

export function Timeline(props: { sessionId: string; bus: EventBus; jumpSeq: number | null }) {
  const { sessionId, bus } = props;
  const [messages, setMessages] = useState<Message[]>([]);
  const [loading, setLoading] = useState(true);
  const [runs, setRuns] = useState<Run[]>([]);
  const [streaming, setStreaming] = useState<Record<string, string>>({});
  /** A reasoning model's thoughts as they stream, by run, until its message is stored. */
  const [thinking, setThinking] = useState<Record<string, string>>({});
  /** Tools running now, by call id: what the run is doing between two messages. */
  const [tools, setTools] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const known = useRef(new Set<string>());

  const append = (rows: Message[]) => {
    const fresh = rows.filter((row) => !known.current.has(row.id));
    for (const row of fresh) known.current.add(row.id);
    if (fresh.length) setMessages((old) => [...old, ...fresh].sort((a, b) => a.seq - b.seq));
  };

  /** Reads every page in order; the first page shows at once, the rest join as they arrive. */
  const loadAll = async () => {
    known.current = new Set();
    setMessages([]);
    let cursor: string | undefined;
    try {
      do {
        const page = must(
          await api.GET("/v1/sessions/{id}/messages", {
            params: { path: { id: sessionId }, query: { limit: PAGE_LIMIT, cursor } },
          }),
        );
        append(page.data);
        setLoading(false);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    } catch (e) {
      setError((e as Error).message);
      setLoading(false);
    }
  };
  const loadRuns = async () => {
    try {
      const page = must(
        await api.GET("/v1/sessions/{id}/runs", { params: { path: { id: sessionId }, query: { limit: 20 } } }),
      );
      setRuns(page.data);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void loadAll();
    void loadRuns();
  }, [sessionId]);

  useBus(bus, (event) => {
    switch (event.event) {
      case "message.created":
        append([event.data.message]);
        if (event.data.message.role === "assistant") {
          const drop = (s: Record<string, string>) => {
            const { [event.data.run_id]: _done, ...rest } = s;
            return rest;
          };
          setStreaming(drop);
          setThinking(drop);
        }
        break;
      case "reasoning.delta":
        setThinking((s) => ({ ...s, [event.data.run_id]: (s[event.data.run_id] ?? "") + event.data.content }));
        break;
      case "message.delta":
        setStreaming((s) => ({ ...s, [event.data.run_id]: (s[event.data.run_id] ?? "") + event.data.content }));
        break;
      case "tool.started":
        setTools((old) => ({ ...old, [event.data.tool_call_id]: event.data.name }));
        break;
      case "tool.completed":
        setTools((old) => {
          const { [event.data.tool_call_id]: _done, ...rest } = old;
          return rest;
        });
        break;
      case "context.compressed":
        // Rows left the context and a summary row was written: in_context changed on stored rows.
        void loadAll();
        break;
      default:
        if (event.event.startsWith("run.")) void loadRuns();
    }
  });

  const jumpKey = props.jumpSeq === null ? null : (messages.find((m) => m.seq === props.jumpSeq)?.id ?? null);

  return (
    <div class="timeline">
      {error && <ErrorState message={error} />}
      {loading ? (
        <Skeleton lines={5} label="Loading the transcript" />
      ) : messages.length === 0 ? (
        <div role="region" aria-label="Transcript">
          <EmptyState icon={MessageSquare} title="No messages yet">
            <p>
              Write below to start a run. With the demo model, try <code>open https://example.com</code>.
            </p>
          </EmptyState>
        </div>
      ) : (
        <WindowedList
          items={messages}
          keyOf={(m) => m.id}
          renderItem={(m) => <MessageRow message={m} highlighted={m.seq === props.jumpSeq} />}
          estimatePx={72}
          scrollToKey={jumpKey}
          followEnd
          label="Transcript"
        />
      )}
      {Object.entries(thinking).map(([runId, text]) => (
        <details key={runId} class="streaming" open>
          <summary>Reasoning (streaming)</summary>
          <pre>{text}</pre>
        </details>
      ))}
      {Object.entries(streaming).map(([runId, text]) => (
        <div key={runId} class="streaming" aria-live="polite" data-testid="streaming">
          <span class="role">assistant (streaming)</span>
          <p class="content">{text}</p>
        </div>
      ))}
      {Object.entries(tools).map(([callId, name]) => (
        <p key={callId} class="streaming" aria-live="polite">
          Running tool {name} <span class="muted">({callId})</span>…
        </p>
      ))}
      <LiveRuns sessionId={sessionId} runs={runs} onChanged={() => void loadRuns()} />
      <Composer sessionId={sessionId} onPosted={() => void loadRuns()} />
    </div>
  );
}

function MessageRow(props: { message: Message; highlighted: boolean }) {
  const m = props.message;
  const classes = [
    "message",
    `role-${m.role}`,
    m.in_context ? "" : "out-of-context",
    m.kind === "summary" ? "summary" : "",
    props.highlighted ? "highlighted" : "",
  ];
  const text = contentText(m.content);
  const Icon = m.kind === "summary" ? Layers : ROLE_ICONS[m.role];
  return (
    <div class={classes.filter(Boolean).join(" ")} data-seq={m.seq}>
      <div class="meta">
        <Icon size={14} />
        <span class="role">{m.kind === "summary" ? "summary" : m.role}</span>
        {m.name && <span class="muted">{m.name}</span>}
        <span class="seq">#{m.seq}</span>
        {!m.in_context && (
          <Chip tone="neutral" icon={Archive}>
            out of context
          </Chip>
        )}
        <span class="muted meta-end">{formatCount(m.tokens)} tokens</span>
      </div>
      {m.role === "tool" ? (
        <details>
          <summary>Result{m.tool_call_id ? ` of ${m.tool_call_id}` : ""}</summary>
          <JsonText text={text} label={`Result of ${m.tool_call_id ?? "the tool"}`} />
        </details>
      ) : m.kind === "summary" ? (
        <details>
          <summary>Summary of earlier turns</summary>
          <Markdown text={text} />
        </details>
      ) : m.role === "assistant" ? (
        text && <Markdown text={text} class="content" />
      ) : (
        text && <p class="content">{text}</p>
      )}
      {m.reasoning && (
        <details>
          <summary>Reasoning</summary>
          <Markdown text={m.reasoning} />
        </details>
      )}
      {m.tool_calls?.map((call) => (
        <details key={call.id} class="tool-call">
          <summary>
            Tool call {call.function.name} <span class="muted">({call.id})</span>
          </summary>
          <JsonText text={call.function.arguments} label={`Arguments of ${call.function.name}`} />
        </details>
      ))}
    </div>
  );
}

/** The live runs of the session, above the composer: what each is doing, with Cancel, Steer and its trace. */
function LiveRuns(props: { sessionId: string; runs: Run[]; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const live = props.runs.filter((run) => LIVE_RUN.has(run.status));
  if (!live.length) return null;
  const cancel = async (runId: string) => {
    try {
      must(await api.POST("/v1/runs/{run_id}/cancel", { params: { path: { run_id: runId } } }));
      props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section class="live-runs" aria-label="Live runs">
      {live.map((run) => (
        <div key={run.id} class="live-run" data-live-run-id={run.id}>
          <StatusChip status={run.status} />
          <a
            href={pathOf({ session: props.sessionId, run: run.id })}
            onClick={(e) => {
              e.preventDefault();
              openRun(props.sessionId, run.id);
            }}
          >
            Trace
          </a>
          <button type="button" onClick={() => void cancel(run.id)} aria-label={`Cancel run ${run.id}`}>
            <Square size={14} /> Cancel
          </button>
          <SteerForm runId={run.id} onError={setError} />
        </div>
      ))}
      {error && <ErrorState message={error} />}
    </section>
  );
}

/** A message for a live run to take in before its next model call (POST /v1/runs/{id}/steer). */
function SteerForm(props: { runId: string; onError: (message: string) => void }) {
  const [text, setText] = useState("");
  const [sent, setSent] = useState(false);
  const id = `steer-${props.runId}`;
  const steer = async (event: Event) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      must(
        await api.POST("/v1/runs/{run_id}/steer", {
          params: { path: { run_id: props.runId } },
          body: { content: text },
        }),
      );
      setText("");
      setSent(true);
    } catch (e) {
      props.onError((e as Error).message);
    }
  };
  return (
    <form class="inline" onSubmit={(e) => void steer(e)}>
      <label for={id}>Steer</label>
      <input id={id} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      <button type="submit" aria-label={`Send steering to run ${props.runId}`}>
        Steer
      </button>
      {sent && <span role="status"> queued</span>}
    </form>
  );
}

function Composer(props: { sessionId: string; onPosted: () => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: Event) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      must(
        await api.POST("/v1/sessions/{id}/messages", {
          params: { path: { id: props.sessionId } },
          body: { content: text, background: true },
        }),
      );
      setText("");
      setError(null);
      props.onPosted();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="composer" onSubmit={(e) => void send(e)}>
      <label for="composer-text">Message</label>
      <textarea
        id="composer-text"
        rows={3}
        value={text}
        placeholder="Ask something, or try: open https://example.com"
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void send(e);
        }}
      />
      <div class="composer-actions">
        <span class="muted">
          <kbd>Ctrl</kbd> + <kbd>Enter</kbd> sends
        </span>
        <button type="submit" class="primary" disabled={busy}>
          <Send size={16} /> Send
        </button>
      </div>
      {error && <ErrorState message={error} />}
    </form>
  );
}
