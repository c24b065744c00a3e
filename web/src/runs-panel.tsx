/**
 * @module web/runs-panel
 * The session's runs, newest first (GET /v1/sessions/{id}/runs, page by page), filtered by status, by when they
 * started and by model; each opens as its trace (/ui/sessions/<id>/runs/<run id>). Kept live by the session's run
 * events.
 */
import { FilterX, History, Route as RouteIcon } from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { formatCount, formatDuration } from "./format.js";
import { openRun, pathOf } from "./route.js";
import { RunTrace } from "./run-trace.js";
import { useBus, type EventBus } from "./session-events.js";
import { EmptyState, ErrorState, Skeleton, StatusChip, Time, Volatile } from "./ui.js";

type Run = Schemas["RunResource"];
const PAGE_LIMIT = 50;

const STATUSES: Array<Run["status"]> = [
  "running",
  "requires_action",
  "completed",
  "incomplete",
  "failed",
  "interrupted",
  "cancelled",
];
const WINDOWS: Array<{ id: string; label: string; ms: number | null }> = [
  { id: "any", label: "Any time", ms: null },
  { id: "hour", label: "Last hour", ms: 3_600_000 },
  { id: "day", label: "Last 24 hours", ms: 24 * 3_600_000 },
  { id: "week", label: "Last 7 days", ms: 7 * 24 * 3_600_000 },
];

export function RunsPanel(props: { sessionId: string; runId: string | null; bus: EventBus }) {
  if (props.runId)
    return <RunTrace sessionId={props.sessionId} runId={props.runId} onBack={() => openRun(props.sessionId, null)} />;
  return <RunList sessionId={props.sessionId} bus={props.bus} />;
}

function RunList(props: { sessionId: string; bus: EventBus }) {
  const { sessionId } = props;
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [window, setWindow] = useState("any");
  const [model, setModel] = useState("");

  const load = async (from: string | null) => {
    try {
      const page = must(
        await api.GET("/v1/sessions/{id}/runs", {
          params: { path: { id: sessionId }, query: { limit: PAGE_LIMIT, cursor: from ?? undefined } },
        }),
      );
      setRuns((old) => (from && old ? [...old, ...page.data] : page.data));
      setCursor(page.next_cursor);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load(null);
  }, [sessionId]);
  useBus(props.bus, (event) => {
    if (event.event.startsWith("run.")) void load(null);
  });

  if (runs === null) return error ? <ErrorState message={error} /> : <Skeleton lines={4} label="Loading runs" />;
  if (runs.length === 0) {
    return (
      <EmptyState icon={History} title="No runs yet">
        <p>Send a message from the transcript: each answer the agent works on is a run, traced here.</p>
      </EmptyState>
    );
  }
  const models = [...new Set(runs.map((r) => r.model ?? "default"))].sort();
  const since = WINDOWS.find((w) => w.id === window)?.ms ?? null;
  const now = Date.now();
  const shown = runs.filter(
    (r) =>
      (!status || r.status === status) &&
      (!model || (r.model ?? "default") === model) &&
      (since === null || now - Date.parse(r.created_at) <= since),
  );
  return (
    <div class="runs">
      <div class="filters" role="group" aria-label="Filter runs">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Started
          <select value={window} onChange={(e) => setWindow(e.currentTarget.value)}>
            {WINDOWS.map((w) => (
              <option key={w.id} value={w.id}>
                {w.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model
          <select value={model} onChange={(e) => setModel(e.currentTarget.value)}>
            <option value="">All models</option>
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <span class="muted" role="status">
          {formatCount(shown.length)} of {formatCount(runs.length)} {runs.length === 1 ? "run" : "runs"}
          {cursor ? " loaded" : ""}
        </span>
      </div>
      {error && <ErrorState message={error} />}
      {shown.length === 0 ? (
        <EmptyState icon={FilterX} title="No run matches these filters">
          <button
            type="button"
            onClick={() => {
              setStatus("");
              setWindow("any");
              setModel("");
            }}
          >
            Clear the filters
          </button>
        </EmptyState>
      ) : (
        <div class="table-scroll">
          <table class="run-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Model</th>
                <th scope="col" class="num">
                  Duration
                </th>
                <th scope="col" class="num">
                  Model calls
                </th>
                <th scope="col" class="num">
                  Tokens in / out
                </th>
                <th scope="col">Trace</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((run) => (
                <tr key={run.id} data-run-id={run.id}>
                  <td>
                    <StatusChip status={run.status} />
                    {run.error && <p class="muted run-error">{run.error}</p>}
                  </td>
                  <td>
                    <Time at={run.created_at} />
                  </td>
                  <td>{run.model ?? "default"}</td>
                  <td class="num">
                    <Volatile>
                      {run.finished_at ? formatDuration(Date.parse(run.finished_at) - Date.parse(run.created_at)) : "…"}
                    </Volatile>
                  </td>
                  <td class="num">{formatCount(run.iterations)}</td>
                  <td class="num">
                    {formatCount(run.usage.prompt_tokens)} / {formatCount(run.usage.completion_tokens)}
                  </td>
                  <td>
                    <a
                      href={pathOf({ session: sessionId, run: run.id })}
                      aria-label={`Trace of run ${run.id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        openRun(sessionId, run.id);
                      }}
                    >
                      <RouteIcon size={16} /> Trace
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" onClick={() => void load(cursor)}>
          Load older runs
        </button>
      )}
    </div>
  );
}
