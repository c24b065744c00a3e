/**
 * @module jobs-services
 * The objects of work done while nobody is connected, built once per app beside the others (services.ts): the jobs
 * and their scheduler (firing runs through the agent), the webhooks and their deliveries, both hearing of the session
 * events this process stores. The scheduler and the delivery passes start with the server and stop before the
 * database closes.
 */
import type { Config } from "./config/schema.js";
import type { Store } from "./db/store.js";
import type { AgentRunner } from "./domain/agent/runner.js";
import type { AuditLog } from "./domain/audit/audit-log.js";
import type { EngineSessions } from "./domain/context/engine-session.js";
import type { EventBus } from "./domain/events/bus.js";
import { JobFiring } from "./domain/jobs/job-firing.js";
import { JobScheduler } from "./domain/jobs/job-scheduler.js";
import { Jobs } from "./domain/jobs/jobs.js";
import type { OwnedResources } from "./domain/owners/owned-resources.js";
import type { SessionService } from "./domain/sessions/service.js";
import { WebhookDeliveries } from "./domain/webhooks/deliveries.js";
import { EventWebhooks } from "./domain/webhooks/event-webhooks.js";
import { systemResolver } from "./domain/webhooks/url-rules.js";
import { Webhooks } from "./domain/webhooks/webhooks.js";
import type { Logger } from "./logger.js";

export type JobServices = {
  /** Scheduled jobs: made, changed, paused, fired at once, and the runs they fired. */
  jobs: Jobs;
  /** Fires due jobs, each tick once (claimed in the database). */
  scheduler: JobScheduler;
  /** Webhooks and their deliveries. */
  webhooks: Webhooks;
  /** Sends the deliveries, retrying on the schedule. */
  deliveries: WebhookDeliveries;
};

export type JobLifecycle = {
  /** Starts the scheduler (unless `jobs.enabled` is off) and the delivery passes. */
  startJobs: () => void;
  /** Stops them, waiting for a look or pass under way. */
  stopJobs: () => Promise<void>;
};

export function createJobServices(deps: {
  config: Config;
  store: Store;
  now: () => number;
  logger: Logger;
  events: EventBus;
  sessions: SessionService;
  engineSessions: EngineSessions;
  agent: AgentRunner;
  audit: AuditLog;
  owners: OwnedResources;
  /** Counts firings and delivery attempts. */
  metrics?: { jobFired(trigger: string, outcome: string): void; webhookAttempted(outcome: string): void };
}): JobServices & JobLifecycle {
  const { config, store, now, logger, events } = deps;
  const deliveries = new WebhookDeliveries({
    store,
    now,
    logger,
    resolve: systemResolver,
    pollIntervalMs: config.jobs.poll_interval_ms,
    onAttempt: (outcome) => deps.metrics?.webhookAttempted(outcome),
    rules: {
      allowPrivate: config.webhooks.allow_private,
      timeoutMs: config.webhooks.timeout_s * 1000,
      retryScheduleS: config.webhooks.retry_schedule_s,
    },
  });
  const notices = new EventWebhooks({ store, deliveries, logger, publicUrl: config.server.public_url });
  const firing = new JobFiring({
    ...deps,
    notices,
    onFired: (trigger, outcome) => deps.metrics?.jobFired(trigger, outcome),
  });
  const scheduler = new JobScheduler({
    store,
    firing,
    notices,
    now,
    logger,
    pollIntervalMs: config.jobs.poll_interval_ms,
  });
  const stopObserving = events.tap((event) => notices.observe(event));
  deps.owners
    .register("job", async (id) => {
      const job = await store.jobs.get(id);
      return job ? job.owner : undefined;
    })
    .register("webhook", async (id) => {
      const hook = await store.webhooks.get(id);
      return hook ? hook.owner : undefined;
    });
  return {
    jobs: new Jobs({ store, sessions: deps.sessions, firing, now, minIntervalS: () => config.jobs.min_interval_s }),
    scheduler,
    webhooks: new Webhooks({
      store,
      deliveries,
      now,
      allowPrivate: config.webhooks.allow_private,
      resolve: systemResolver,
    }),
    deliveries,
    startJobs: () => {
      if (!config.jobs.enabled) return;
      scheduler.start();
      deliveries.start();
    },
    stopJobs: async () => {
      stopObserving();
      await Promise.all([scheduler.stop(), deliveries.stop()]);
    },
  };
}
