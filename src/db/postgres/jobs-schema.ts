/**
 * @module jobs-schema
 * The PostgreSQL tables of scheduled jobs, the runs they fired, webhooks and their deliveries, column for column as
 * the SQLite ones (../jobs-schema.ts, which says what each holds). Exported through ./schema.ts with the others.
 */
import { boolean, text as enumText, index, pgTable } from "drizzle-orm/pg-core";
import { int8, text } from "./column-types.js";

/**
 * Scheduled jobs. `next_run_at` is the next tick (null: none, a paused or finished job); a replica fires a tick only
 * after moving it on with a conditional update (`where next_run_at = <the tick it read>`), so each tick fires once
 * however many replicas look. `queued` is a tick held back while the previous firing still ran (`overlap: queue`).
 * `owner` and `key_id` are the creating caller's: the runs start in their name.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    owner: text("owner"),
    keyId: text("key_id"),
    prompt: text("prompt").notNull(),
    /** JSON: `{cron, timezone?}`, `{every}` or `{at}`. */
    scheduleJson: text("schedule_json").notNull(),
    sessionMode: enumText("session_mode", { enum: ["new", "reuse"] }).notNull(),
    sessionId: text("session_id"),
    /** JSON object: the per-session config the runs get. */
    configJson: text("config_json").notNull().default("{}"),
    enabled: boolean("enabled").notNull(),
    maxRuns: int8("max_runs"),
    runsFired: int8("runs_fired").notNull().default(0),
    overlap: enumText("overlap", { enum: ["skip", "queue"] }).notNull(),
    catchUp: enumText("catch_up", { enum: ["none", "one"] }).notNull(),
    metadataJson: text("metadata_json").notNull().default("{}"),
    /** Hermes's delivery target and skills, kept as given. */
    deliver: text("deliver").notNull().default("local"),
    skillsJson: text("skills_json").notNull().default("[]"),
    nextRunAt: int8("next_run_at"),
    queued: boolean("queued").notNull().default(false),
    lastRunAt: int8("last_run_at"),
    lastStatus: text("last_status"),
    lastError: text("last_error"),
    createdAt: int8("created_at").notNull(),
    updatedAt: int8("updated_at").notNull(),
  },
  (t) => [index("jobs_due_idx").on(t.enabled, t.nextRunAt), index("jobs_owner_idx").on(t.owner, t.createdAt)],
);

/** Each firing of a job: the run and session it made, or why it could not start (`error`, no run). */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    runId: text("run_id"),
    sessionId: text("session_id"),
    trigger: enumText("trigger", { enum: ["schedule", "manual", "catch_up", "queued"] }).notNull(),
    firedAt: int8("fired_at").notNull(),
    error: text("error"),
  },
  (t) => [index("job_runs_job_idx").on(t.jobId, t.firedAt), index("job_runs_run_idx").on(t.runId)],
);

/**
 * Webhooks: where events of their owner's resources are sent, signed with `secret` (Standard Webhooks, `whsec_…`;
 * kept as given, since signing needs it). A webhook whose deliveries kept failing is disabled with the reason.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    owner: text("owner"),
    keyId: text("key_id"),
    url: text("url").notNull(),
    /** JSON array of event types. */
    eventsJson: text("events_json").notNull(),
    description: text("description"),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull(),
    disabledReason: text("disabled_reason"),
    createdAt: int8("created_at").notNull(),
    updatedAt: int8("updated_at").notNull(),
  },
  (t) => [index("webhooks_owner_idx").on(t.owner, t.createdAt)],
);

/**
 * One event for one webhook, with every attempt's outcome folded in: its id is the `webhook-id` of every attempt.
 * A pending delivery is sent when `next_attempt_at` comes; a replica claims it by moving that on conditionally.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The JSON body sent: `{type, timestamp, data}`. */
    payload: text("payload").notNull(),
    status: enumText("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: int8("attempts").notNull().default(0),
    lastResponseCode: int8("last_response_code"),
    lastError: text("last_error"),
    nextAttemptAt: int8("next_attempt_at"),
    createdAt: int8("created_at").notNull(),
    deliveredAt: int8("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_hook_idx").on(t.webhookId, t.createdAt),
  ],
);
