/**
 * @module event-webhooks
 * What the webhooks are told, taken from the session events this process stores and from the jobs: a run that
 * ended (`run.completed|failed|cancelled`), paused on interrupts (`run.requires_action`, with them and a link into the
 * inspector where a person answers), a page dialog waiting (`dialog.pending`), the guard holding a browser action
 * for a person (`browser.takeover_needed`), a job that could not fire or whose run failed (`job.failed`). Each goes to
 * the webhooks of the session's (or job's) owner.
 */
import type { JobRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import type { SessionEvent } from "../events/bus.js";
import type { JobNotices } from "../jobs/job-firing.js";
import type { WebhookDeliveries } from "./deliveries.js";
import type { WebhookEvent } from "./webhook-events.js";

/** The guard's held actions a person settles in the browser (a login, a form, a download), not an MCP write. */
const BROWSER_ACTIONS = new Set(["navigate", "open_tab", "follow_link", "submit_form", "type_password", "type_secret"]);

export type EventWebhooksDeps = {
  store: Store;
  deliveries: WebhookDeliveries;
  logger: Logger;
  /** `server.public_url`: where the inspector links point; null sends none. */
  publicUrl: string | null;
};

export class EventWebhooks implements JobNotices {
  constructor(private readonly deps: EventWebhooksDeps) {}

  /** The inspector's page of a session, or null without `server.public_url`. */
  inspectorUrl(sessionId: string): string | null {
    const base = this.deps.publicUrl?.replace(/\/+$/, "");
    return base ? `${base}/ui/sessions/${encodeURIComponent(sessionId)}` : null;
  }

  observe(event: SessionEvent): void {
    const mapped = this.mapped(event);
    if (!mapped || !this.deps.deliveries.wants(mapped.type)) return;
    void this.emitFor(event.session_id, mapped.type, mapped.data, mapped.runId).catch((err: unknown) =>
      this.deps.logger.error({ err, event: event.type }, "could not make a webhook delivery"),
    );
  }

  jobFailed(job: JobRecord, error: string, runId: string | null): void {
    if (!this.deps.deliveries.wants("job.failed")) return;
    const data = { job_id: job.id, job_name: job.name, run_id: runId, error };
    void this.deps.deliveries
      .emit(job.owner, "job.failed", data)
      .catch((err: unknown) => this.deps.logger.error({ err, job_id: job.id }, "could not make a webhook delivery"));
  }

  private mapped(
    event: SessionEvent,
  ): { type: WebhookEvent; data: Record<string, unknown>; runId: string | null } | null {
    switch (event.type) {
      case "run.completed":
      case "run.failed":
      case "run.cancelled":
        return { type: event.type, data: { run: event.data.run }, runId: event.data.run.id };
      case "run.requires_action":
        return {
          type: "run.requires_action",
          data: { run: event.data.run, interrupts: event.data.interrupts },
          runId: event.data.run.id,
        };
      case "dialog.opened":
        return { type: "dialog.pending", data: { dialog: event.data.dialog }, runId: null };
      case "guard.held":
        if (!BROWSER_ACTIONS.has(event.data.action.kind)) return null;
        return { type: "browser.takeover_needed", data: { hold: event.data }, runId: event.data.run_id };
      default:
        return null;
    }
  }

  private async emitFor(
    sessionId: string,
    type: WebhookEvent,
    data: Record<string, unknown>,
    runId: string | null,
  ): Promise<void> {
    const session = await this.deps.store.sessions.get(sessionId);
    if (!session) return;
    const job = runId ? await this.deps.store.jobs.runOf(runId) : null;
    await this.deps.deliveries.emit(session.owner, type, {
      session_id: sessionId,
      job_id: job?.job_id ?? null,
      inspector_url: this.inspectorUrl(sessionId),
      ...data,
    });
  }
}
