/**
 * @module web/run-trace
 * One run as a trace: a header with its status, model, start, duration, tokens and cost, then a waterfall of its
 * steps on the run's time line (model calls with their time to first token, tool calls, approvals, dialogs,
 * compressions, steering); a step opens to its details — arguments and results as JSON trees, the answer as
 * markdown, who answered an approval or a dialog and how long it waited. Built from the run's stored events
 * (GET /v1/runs/{id}/events), followed live while the run goes on.
 */
import {
  ArrowLeft,
  Bot,
  Hand,
  Layers,
  MessageSquareWarning,
  Navigation,
  Route as RouteIcon,
  Wrench,
  type LucideIcon,
} from "lucide-preact";
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCost, formatCount, formatDuration } from "./format.js";
import { JsonText } from "./json-tree.js";
import { Markdown } from "./markdown.js";
import { readRunEvents, type RunEvent } from "./run-events.js";
import { buildTrace, placement, type Trace, type TraceDialog, type TraceStep } from "./trace.js";
import { Chip, EmptyState, ErrorState, Skeleton, StatusChip, Time, Volatile } from "./ui.js";

type Run = Schemas["RunResource"];
const LIVE = new Set(["running", "requires_action"]);

export function RunTrace(props: { sessionId: string; runId: string; onBack: () => void }) {
  const { sessionId, runId } = props;
  const [run, setRun] = useState<Run | null>(null);
  const [missing, setMissing] = useState(false);
  const [events, setEvents] = useState<RunEvent[]>([]);
  const [dialogs, setDialogs] = useState<TraceDialog[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Bumped when the run may have changed (a run event, the stream's end): the run and the dialogs are read again.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let stale = false;
    void api
      .GET("/v1/sessions/{id}/runs/{run_id}", { params: { path: { id: sessionId, run_id: runId } } })
      .then((result) => {
        if (stale) return;
        if (result.response.status === 404) setMissing(true);
        else setRun(must(result));
      })
      .catch((e: Error) => !stale && setError(e.message));
    void api
      .GET("/v1/sessions/{id}/snapshot", { params: { path: { id: sessionId } } })
      .then(must)
      .then((snapshot) => !stale && setDialogs([...snapshot.recent_dialogs, ...snapshot.pending_dialogs]))
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [sessionId, runId, reads]);

  useEffect(() => {
    const controller = new AbortController();
    setEvents([]);
    const onEvents = (batch: RunEvent[]) => {
      setEvents((old) => [...old, ...batch]);
      // The run's status changed (it waits, resumes): read it again.
      if (batch.some((e) => e.event.startsWith("run."))) setReads((n) => n + 1);
    };
    readRunEvents(runId, onEvents, controller.signal)
      .then(() => !controller.signal.aborted && setReads((n) => n + 1))
      .catch((e: Error) => !controller.signal.aborted && setError(e.message));
    return () => controller.abort();
  }, [runId]);

  const live = run ? LIVE.has(run.status) : false;
  const now = useTicking(live);
  const trace = useMemo(
    () => (run ? buildTrace(events, dialogs, Date.parse(run.created_at)) : null),
    [events, dialogs, run],
  );

  const back = (
    <button type="button" class="ghost" onClick={props.onBack}>
      <ArrowLeft size={16} /> All runs
    </button>
  );
  if (missing) {
    return (
      <div class="trace">
        {back}
        <EmptyState icon={RouteIcon} title="No such run in this session">
          <p>It may belong to another session, or its session was deleted.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div class="trace" aria-labelledby="trace-title">
      <div class="trace-head">
        {back}
        <h3 id="trace-title">
          Trace of run <Volatile class="mono">{runId}</Volatile>
        </h3>
      </div>
      {error && <ErrorState message={error} />}
      {!run || !trace ? (
        <Skeleton lines={6} label="Loading the run's trace" />
      ) : (
        <TraceBody run={run} trace={trace} now={now} />
      )}
    </div>
  );
}

/** The current time, every second while `live` (a live run's open steps grow). */
function useTicking(live: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [live]);
  return live ? now : Date.now();
}

function TraceBody(props: { run: Run; trace: Trace; now: number }) {
  const { run, trace, now } = props;
  const end = trace.end ?? (run.finished_at ? Date.parse(run.finished_at) : now);
  const calls = trace.steps.filter((s) => s.kind === "model").length;
  const tools = trace.steps.filter((s) => s.kind === "tool").length;
  return (
    <>
      <dl class="facts trace-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusChip status={run.status} />
          </dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{run.model ?? "default"}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <Time at={run.created_at} />
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            <Volatile>{formatDuration(end - trace.start)}</Volatile>
          </dd>
        </div>
        <div>
          <dt>Steps</dt>
          <dd>
            {calls} model {calls === 1 ? "call" : "calls"} · {tools} tool {tools === 1 ? "call" : "calls"}
          </dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>
            {formatCount(run.usage.prompt_tokens)} in · {formatCount(run.usage.completion_tokens)} out
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatCost(trace.cost)}</dd>
        </div>
      </dl>
      {run.error && <ErrorState message={run.error} />}
      {trace.steps.length === 0 ? (
        <EmptyState icon={RouteIcon} title="No steps recorded yet">
          <p>The run's model calls and tool calls appear here as they happen.</p>
        </EmptyState>
      ) : (
        <Waterfall trace={trace} now={now} />
      )}
    </>
  );
}

const KIND: Record<TraceStep["kind"], { icon: LucideIcon; label: string }> = {
  model: { icon: Bot, label: "Model call" },
  tool: { icon: Wrench, label: "Tool" },
  approval: { icon: Hand, label: "Approval" },
  dialog: { icon: MessageSquareWarning, label: "Dialog" },
  compression: { icon: Layers, label: "Compression" },
  steer: { icon: Navigation, label: "Steering" },
};

function stepName(step: TraceStep): string {
  switch (step.kind) {
    case "model":
      return step.toolCalls.length
        ? `Model call → ${step.toolCalls.map((c) => c.function.name).join(", ")}`
        : "Model call → answer";
    case "tool":
      return `Tool ${step.name}`;
    case "approval":
      return `Approval of ${step.tool}`;
    case "dialog":
      return `Page ${step.type} dialog`;
    case "compression":
      return `Compression (${step.trigger})`;
    case "steer":
      return "Steering message";
  }
}

function stepNote(step: TraceStep): string {
  switch (step.kind) {
    case "model":
      return step.usage
        ? `${formatCount(step.usage.prompt_tokens)} tokens in · ${formatCount(step.usage.completion_tokens)} out`
        : "no usage reported";
    case "tool":
      return step.end === null ? "running…" : step.isError ? "failed" : "ok";
    case "approval":
      return step.answeredBy ? `${step.decision === "deny" ? "denied" : "approved"} by ${step.answeredBy}` : "waiting…";
    case "dialog":
      return step.closedBy ? `closed by ${step.closedBy}${step.action ? ` (${step.action})` : ""}` : "open";
    case "compression":
      return step.tokensAfter === null
        ? `${formatCount(step.tokensBefore)} tokens…`
        : `${formatCount(step.tokensBefore)} → ${formatCount(step.tokensAfter)} tokens`;
    case "steer":
      return step.content;
  }
}

function Waterfall(props: { trace: Trace; now: number }) {
  const { trace, now } = props;
  const [open, setOpen] = useState<string | null>(null);
  const span = (trace.end ?? now) - trace.start;
  return (
    <div class="waterfall">
      <div class="waterfall-axis" aria-hidden="true">
        <span />
        <span class="waterfall-ticks" data-volatile-track>
          {[0, 0.25, 0.5, 0.75, 1].map((f) => (
            <span key={f} style={{ left: `${f * 100}%` }}>
              {formatDuration(span * f)}
            </span>
          ))}
        </span>
        <span />
      </div>
      <ol class="waterfall-steps" aria-label="Steps of the run">
        {trace.steps.map((step) => {
          const { icon: Icon } = KIND[step.kind];
          const { left, width } = placement(step, trace, now);
          const expanded = open === step.id;
          const duration = step.end === null ? null : step.end - step.start;
          return (
            <li key={step.id} class={`trace-step kind-${step.kind}`} data-kind={step.kind}>
              <button
                type="button"
                class="trace-row"
                aria-expanded={expanded}
                aria-controls={`step-${step.id}`}
                onClick={() => setOpen(expanded ? null : step.id)}
              >
                <span class="trace-label">
                  <Icon size={16} />
                  <span class="trace-name">{stepName(step)}</span>
                  <span class="trace-note">{stepNote(step)}</span>
                </span>
                <span class="trace-track" data-volatile-track>
                  <span
                    class="trace-bar"
                    style={{ left: `${left * 100}%`, width: `max(2px, ${width * 100}%)` }}
                    title={
                      step.kind === "model" && step.firstTokenMs !== null
                        ? `First token after ${formatDuration(step.firstTokenMs)} (the lighter part)`
                        : undefined
                    }
                  >
                    {step.kind === "model" && step.firstTokenMs !== null && duration ? (
                      <span
                        class="trace-ttft"
                        style={{ width: `${Math.min(100, (step.firstTokenMs / Math.max(1, duration)) * 100)}%` }}
                      />
                    ) : null}
                  </span>
                </span>
                <span class="trace-figure">
                  <Volatile>{duration === null ? "…" : formatDuration(duration)}</Volatile>
                </span>
              </button>
              {expanded && (
                <div id={`step-${step.id}`} class="trace-detail">
                  <StepDetail step={step} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Fact(props: { label: string; children: ComponentChildren }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

function waited(step: TraceStep): string {
  return step.end === null ? "still waiting" : formatDuration(step.end - step.start);
}

function StepDetail(props: { step: TraceStep }) {
  const { step } = props;
  switch (step.kind) {
    case "model":
      return (
        <>
          <dl class="facts">
            <Fact label="Time to first token">
              <Volatile>{step.firstTokenMs === null ? "— (not streamed)" : formatDuration(step.firstTokenMs)}</Volatile>
            </Fact>
            <Fact label="Duration">
              <Volatile>{step.end === null ? "…" : formatDuration(step.end - step.start)}</Volatile>
            </Fact>
            <Fact label="Prompt tokens">{step.usage ? formatCount(step.usage.prompt_tokens) : "—"}</Fact>
            <Fact label="Completion tokens">{step.usage ? formatCount(step.usage.completion_tokens) : "—"}</Fact>
            <Fact label="Cost">{formatCost(step.cost)}</Fact>
          </dl>
          {step.reasoning && (
            <details>
              <summary>Reasoning</summary>
              <Markdown text={step.reasoning} />
            </details>
          )}
          {step.text && <Markdown text={step.text} />}
          {step.toolCalls.map((call) => (
            <div key={call.id} class="trace-call">
              <p class="call-line">
                Asked for <code>{call.function.name}</code> <span class="muted">({call.id})</span>
              </p>
              <JsonText text={call.function.arguments} label={`Arguments of ${call.function.name}`} />
            </div>
          ))}
        </>
      );
    case "tool":
      return (
        <>
          <dl class="facts">
            <Fact label="Call">
              <code>{step.id}</code>
            </Fact>
            <Fact label="Duration">
              <Volatile>{step.end === null ? "running" : formatDuration(step.end - step.start)}</Volatile>
            </Fact>
            <Fact label="Outcome">
              {step.end === null ? "running" : step.isError ? <Chip tone="bad">error</Chip> : <Chip tone="ok">ok</Chip>}
            </Fact>
          </dl>
          <p class="label">Arguments</p>
          <JsonText text={step.arguments} label={`Arguments of ${step.name}`} />
          <p class="label">Result</p>
          {step.result === null ? (
            <p class="muted">Not back yet.</p>
          ) : (
            <JsonText text={step.result} label={`Result of ${step.name}`} />
          )}
        </>
      );
    case "approval":
      return (
        <>
          <dl class="facts">
            <Fact label="Answered by">{step.answeredBy ?? "nobody yet"}</Fact>
            <Fact label="Decision">{step.decision ?? "—"}</Fact>
            {step.scope && <Fact label="Scope">{step.scope}</Fact>}
            <Fact label="Waited">
              <Volatile>{waited(step)}</Volatile>
            </Fact>
            {step.reason && <Fact label="Reason">{step.reason}</Fact>}
          </dl>
          <p class="label">Arguments</p>
          <JsonText text={step.arguments} label={`Arguments of ${step.tool}`} />
        </>
      );
    case "dialog":
      return (
        <dl class="facts">
          <Fact label="Message">
            <q>{step.message}</q>
          </Fact>
          <Fact label="Closed by">{step.closedBy ?? "still open"}</Fact>
          <Fact label="Answer">{step.action ?? "—"}</Fact>
          <Fact label="Waited">
            <Volatile>{waited(step)}</Volatile>
          </Fact>
        </dl>
      );
    case "compression":
      return (
        <dl class="facts">
          <Fact label="Trigger">{step.trigger}</Fact>
          <Fact label="Tokens before">{formatCount(step.tokensBefore)}</Fact>
          <Fact label="Tokens after">{step.tokensAfter === null ? "—" : formatCount(step.tokensAfter)}</Fact>
          <Fact label="Rows compacted">
            {step.messagesCompacted === null ? "—" : formatCount(step.messagesCompacted)}
          </Fact>
          <Fact label="Summary">{step.fallbackUsed ? "deterministic fallback" : "summary model"}</Fact>
        </dl>
      );
    case "steer":
      return <Markdown text={step.content} />;
  }
}
