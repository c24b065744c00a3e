/**
 * @module web/jobs-page
 * Scheduled jobs and webhooks: every job with its schedule, state, next run and last status, Pause/Resume and Run
 * now, and the runs each fired (each opening its session); every webhook (a disabled one says why) with its
 * deliveries — status, attempts, last response — and Redeliver.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { openRun, pathOf } from "./route.js";

type Job = Schemas["Job"];
type JobRun = Schemas["JobRun"];
type Webhook = Schemas["Webhook"];
type Delivery = Schemas["WebhookDelivery"];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

export function JobsPage() {
  const [jobs, setJobs] = useState<Job[]>([]);
  const [hooks, setHooks] = useState<Webhook[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setJobs(must(await api.GET("/v1/jobs", { params: { query: { limit: 200 } } })).data);
      setHooks(must(await api.GET("/v1/webhooks", {})).data);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => void load(), []);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section class="stack" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Scheduled jobs</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="panel">
        <table>
          <caption class="visually-hidden">Every job, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Schedule</th>
              <th scope="col">State</th>
              <th scope="col">Next run</th>
              <th scope="col">Last status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} act={act} />
            ))}
          </tbody>
        </table>
        {jobs.length === 0 && <p>No jobs yet: POST /v1/jobs makes one.</p>}
      </div>
      <h2 id="webhooks-heading">Webhooks</h2>
      <div class="panel">
        <table>
          <caption class="visually-hidden">Every webhook, newest first</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Deliveries</th>
            </tr>
          </thead>
          <tbody>
            {hooks.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} onError={setError} />
            ))}
          </tbody>
        </table>
        {hooks.length === 0 && <p>No webhooks yet: POST /v1/webhooks makes one.</p>}
      </div>
    </section>
  );
}

function JobRow(props: { job: Job; act: (work: () => Promise<unknown>) => Promise<void> }) {
  const { job, act } = props;
  const [runs, setRuns] = useState<JobRun[] | null>(null);
  const path = { params: { path: { id: job.id } } };
  const showRuns = () => act(async () => setRuns(runs ? null : must(await api.GET("/v1/jobs/{id}/runs", path)).data));
  return (
    <>
      <tr>
        <th scope="row">{job.name}</th>
        <td>{job.schedule_display}</td>
        <td>{job.state}</td>
        <td>{when(job.next_run_at)}</td>
        <td>{job.last_error ? `${job.last_status ?? ""}: ${job.last_error}` : (job.last_status ?? "—")}</td>
        <td class="actions">
          {job.state === "scheduled" && (
            <button
              type="button"
              onClick={() => void act(async () => must(await api.POST("/v1/jobs/{id}/pause", path)))}
            >
              Pause
            </button>
          )}
          {job.state === "paused" && (
            <button
              type="button"
              onClick={() => void act(async () => must(await api.POST("/v1/jobs/{id}/resume", path)))}
            >
              Resume
            </button>
          )}
          <button type="button" onClick={() => void act(async () => must(await api.POST("/v1/jobs/{id}/run", path)))}>
            Run now
          </button>
          <button type="button" aria-expanded={runs !== null} onClick={() => void showRuns()}>
            Runs ({job.runs_fired})
          </button>
        </td>
      </tr>
      {runs && (
        <tr>
          <td colSpan={6}>
            <ul class="job-runs" aria-label={`Runs of ${job.name}`}>
              {runs.map((run) => (
                <li key={run.run_id ?? run.started_at}>
                  {when(run.started_at)} · {run.trigger} · {run.status ?? "not started"}
                  {run.error && ` · ${run.error}`}
                  {run.run_id && run.session_id && (
                    <>
                      {" · "}
                      <a
                        href={pathOf({ session: run.session_id, run: run.run_id })}
                        onClick={(event) => {
                          event.preventDefault();
                          openRun(run.session_id ?? "", run.run_id);
                        }}
                      >
                        open
                      </a>
                    </>
                  )}
                </li>
              ))}
              {runs.length === 0 && <li>It has fired no run yet.</li>}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}

function WebhookRow(props: { hook: Webhook; onError: (message: string) => void }) {
  const { hook } = props;
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const load = async () => {
    try {
      setDeliveries(must(await api.GET("/v1/webhooks/{id}/deliveries", { params: { path: { id: hook.id } } })).data);
    } catch (e) {
      props.onError((e as Error).message);
    }
  };
  const redeliver = async (delivery: Delivery) => {
    try {
      must(
        await api.POST("/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver", {
          params: { path: { id: hook.id, delivery_id: delivery.id } },
        }),
      );
      await load();
    } catch (e) {
      props.onError((e as Error).message);
    }
  };
  return (
    <>
      <tr>
        <th scope="row">{hook.url}</th>
        <td>{hook.events.join(", ")}</td>
        <td>{hook.enabled ? "enabled" : `disabled: ${hook.disabled_reason ?? ""}`}</td>
        <td>
          <button
            type="button"
            aria-expanded={deliveries !== null}
            onClick={() => (deliveries ? setDeliveries(null) : void load())}
          >
            Deliveries
          </button>
        </td>
      </tr>
      {deliveries && (
        <tr>
          <td colSpan={4}>
            <ul class="deliveries" aria-label={`Deliveries to ${hook.url}`}>
              {deliveries.map((delivery) => (
                <li key={delivery.id}>
                  {when(delivery.created_at)} · {delivery.event} · {delivery.status} · {delivery.attempts} attempts
                  {delivery.last_response_code !== null && ` · HTTP ${delivery.last_response_code}`}
                  {delivery.last_error && ` · ${delivery.last_error}`}{" "}
                  <button type="button" onClick={() => void redeliver(delivery)}>
                    Redeliver
                  </button>
                </li>
              ))}
              {deliveries.length === 0 && <li>No delivery yet.</li>}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}
