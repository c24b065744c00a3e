/**
 * @module web/session-view
 * One session: its name and figures (model, messages, context use — marked when over the compression threshold —
 * and compressions), the interrupts waiting on a person, then tabs for the transcript, the runs (each a trace), the
 * context and the browser. The session's event stream keeps every part live and tells the session list (a DOM event)
 * that the session changed. A session that does not exist gets a designed not-found state.
 */
import { Activity, FileQuestion, Gauge, Globe, Layers, MessageSquare, TriangleAlert } from "lucide-preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { BrowserPanel } from "./browser-panel.js";
import { api, must, type Schemas } from "./client.js";
import { ContextPanel } from "./context-panel.js";
import { formatCount, formatPercent, sessionName } from "./format.js";
import { InterruptList } from "./interrupts.js";
import { openSession } from "./route.js";
import { RunsPanel } from "./runs-panel.js";
import { createEventBus, useSessionEvents } from "./session-events.js";
import { overBudget, SESSION_ACTIVITY } from "./session-state.js";
import { Tabs, type TabSpec } from "./tabs.js";
import { Timeline } from "./timeline.js";
import { Chip, EmptyState, ErrorState, Skeleton } from "./ui.js";

type Tab = "transcript" | "runs" | "context" | "browser";
const TABS: Array<TabSpec<Tab>> = [
  { id: "transcript", label: "Transcript", icon: MessageSquare },
  { id: "runs", label: "Runs", icon: Activity },
  { id: "context", label: "Context", icon: Layers },
  { id: "browser", label: "Browser", icon: Globe },
];

export function SessionView(props: { sessionId: string; runId: string | null }) {
  const { sessionId } = props;
  const [session, setSession] = useState<Schemas["Session"] | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>(props.runId ? "runs" : "transcript");
  const [jumpSeq, setJumpSeq] = useState<number | null>(null);
  /** Bumped by events, so each panel refetches what it shows. */
  const [ticks, setTicks] = useState({ interrupts: 0, context: 0, browser: 0 });
  const bus = useMemo(createEventBus, [sessionId]);
  useEffect(() => {
    if (props.runId) setTab("runs");
  }, [props.runId]);

  const loadSession = async () => {
    try {
      const result = await api.GET("/v1/sessions/{id}", { params: { path: { id: sessionId } } });
      if (result.response.status === 404) {
        setMissing(true);
        return;
      }
      setSession(must(result));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void loadSession();
  }, [sessionId]);

  useSessionEvents(
    sessionId,
    (event) => {
      bus.emit(event);
      const type = event.event;
      setTicks((t) => ({
        interrupts:
          t.interrupts +
          (type.startsWith("dialog.") || type.startsWith("approval.") || type.startsWith("run.") ? 1 : 0),
        context: t.context + (type.startsWith("context.") || type === "run.completed" ? 1 : 0),
        browser:
          t.browser + (type.startsWith("browser.") || type.startsWith("frame.") || type.startsWith("dialog.") ? 1 : 0),
      }));
      if (type === "context.compressed" || type.startsWith("run.") || type === "message.created") void loadSession();
      if (type.startsWith("run.") || type === "message.created" || type === "context.compressed")
        dispatchEvent(new CustomEvent(SESSION_ACTIVITY, { detail: sessionId }));
    },
    () => {
      // Whatever changed before the stream was open (a dialog, an approval) is read again now that it is.
      setTicks((t) => ({ interrupts: t.interrupts + 1, context: t.context + 1, browser: t.browser + 1 }));
      void loadSession();
    },
  );

  const jump = (seq: number) => {
    setTab("transcript");
    setJumpSeq(seq);
  };

  if (missing) {
    return (
      <EmptyState icon={FileQuestion} title="This session does not exist">
        <p>
          No session has the id <code>{sessionId}</code>: it may have been deleted.
        </p>
        <button type="button" onClick={() => openSession(null)}>
          Back to all sessions
        </button>
      </EmptyState>
    );
  }
  return (
    <article class="session-view" aria-labelledby="session-title">
      <header class="session-head">
        <h2 id="session-title" class="truncate" title={session ? sessionName(session) : undefined}>
          {session ? sessionName(session) : <span class="skeleton-line title-skeleton" aria-label="Loading" />}
        </h2>
        {session && <SessionFigures session={session} />}
      </header>
      {error && <ErrorState message={error} />}
      <InterruptList sessionId={sessionId} tick={ticks.interrupts} />
      <Tabs label="Session panels" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === "transcript" && <Timeline sessionId={sessionId} bus={bus} jumpSeq={jumpSeq} />}
        {tab === "runs" && <RunsPanel sessionId={sessionId} runId={props.runId} bus={bus} />}
        {tab === "context" && <ContextPanel sessionId={sessionId} tick={ticks.context} onJump={jump} />}
        {tab === "browser" && <BrowserPanel sessionId={sessionId} tick={ticks.browser} />}
      </Tabs>
      {!session && !error && <Skeleton lines={2} label="Loading the session" />}
    </article>
  );
}

function SessionFigures(props: { session: Schemas["Session"] }) {
  const { stats } = props.session;
  const over = overBudget(stats);
  return (
    <p class="figures">
      <span>{props.session.model ?? "default model"}</span>
      <span>
        {formatCount(stats.message_count)} {stats.message_count === 1 ? "message" : "messages"}
      </span>
      <span class={over ? "over-budget" : undefined}>
        <Gauge size={14} /> {formatCount(stats.context_tokens)} / {formatCount(stats.context_length)} tokens (
        {formatPercent(stats.context_tokens / Math.max(1, stats.context_length))})
      </span>
      {over && (
        <Chip
          tone="wait"
          icon={TriangleAlert}
          title={`Over the compression threshold of ${formatCount(stats.threshold_tokens)} tokens`}
        >
          over threshold
        </Chip>
      )}
      <span>
        {formatCount(stats.compression_count)} {stats.compression_count === 1 ? "compression" : "compressions"}
      </span>
    </p>
  );
}
