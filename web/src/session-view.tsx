/**
 * @module web/session-view
 * One session: the interrupts waiting on a person at the top, then tabs for the transcript (timeline, runs,
 * composer), the context and the browser. The session's event stream keeps every part live.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { BrowserPanel } from "./browser-panel.js";
import { api, must, type Schemas } from "./client.js";
import { ContextPanel } from "./context-panel.js";
import { InterruptList } from "./interrupts.js";
import { createEventBus, useSessionEvents } from "./session-events.js";
import { Timeline } from "./timeline.js";

type Tab = "transcript" | "context" | "browser";
const TABS: Array<{ id: Tab; label: string }> = [
  { id: "transcript", label: "Transcript" },
  { id: "context", label: "Context" },
  { id: "browser", label: "Browser" },
];

export function SessionView(props: { sessionId: string }) {
  const { sessionId } = props;
  const [session, setSession] = useState<Schemas["Session"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("transcript");
  const [jumpSeq, setJumpSeq] = useState<number | null>(null);
  /** Bumped by events, so each panel refetches what it shows. */
  const [ticks, setTicks] = useState({ interrupts: 0, context: 0, browser: 0 });
  const bus = useMemo(createEventBus, [sessionId]);

  const loadSession = async () => {
    try {
      setSession(must(await api.GET("/v1/sessions/{id}", { params: { path: { id: sessionId } } })));
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
      if (type === "context.compressed" || type === "run.completed") void loadSession();
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

  return (
    <article class="session-view" aria-labelledby="session-title">
      <h2 id="session-title">{session ? session.title || session.id : sessionId}</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {session && (
        <p class="muted">
          {session.model ?? "default model"} · {session.stats.message_count} messages · context{" "}
          {session.stats.context_tokens} / {session.stats.context_length} tokens · {session.stats.compression_count}{" "}
          compressions
        </p>
      )}
      <InterruptList sessionId={sessionId} tick={ticks.interrupts} />
      <div role="tablist" aria-label="Session panels" class="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} class="panel">
        {tab === "transcript" && <Timeline sessionId={sessionId} bus={bus} jumpSeq={jumpSeq} />}
        {tab === "context" && <ContextPanel sessionId={sessionId} tick={ticks.context} onJump={jump} />}
        {tab === "browser" && <BrowserPanel sessionId={sessionId} tick={ticks.browser} />}
      </section>
    </article>
  );
}
