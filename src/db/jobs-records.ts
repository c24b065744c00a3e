/**
 * @module jobs-records
 * The records of scheduled jobs, their firings, webhooks and deliveries: plain data, times as epoch milliseconds;
 * exported through ./records.ts with the others.
 */

/** When a job fires: a cron expression in a time zone, a fixed interval, or once at a time. */
export type JobSchedule = { cron: string; timezone?: string } | { every: string } | { at: string };

export type JobSessionMode = "new" | "reuse";
export type JobOverlap = "skip" | "queue";
export type JobCatchUp = "none" | "one";

export type JobRecord = {
  id: string;
  name: string;
  owner: string | null;
  key_id: string | null;
  prompt: string;
  schedule: JobSchedule;
  session_mode: JobSessionMode;
  /** The session a `reuse` job's runs go on in, once it has one. */
  session_id: string | null;
  config: Record<string, unknown>;
  enabled: boolean;
  max_runs: number | null;
  runs_fired: number;
  overlap: JobOverlap;
  catch_up: JobCatchUp;
  metadata: Record<string, unknown>;
  deliver: string;
  skills: string[];
  next_run_at: number | null;
  queued: boolean;
  last_run_at: number | null;
  last_status: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
};

export type JobPatch = Partial<
  Pick<
    JobRecord,
    | "name"
    | "prompt"
    | "schedule"
    | "session_mode"
    | "session_id"
    | "config"
    | "enabled"
    | "max_runs"
    | "overlap"
    | "catch_up"
    | "metadata"
    | "deliver"
    | "skills"
    | "next_run_at"
    | "queued"
    | "last_run_at"
    | "last_status"
    | "last_error"
    | "runs_fired"
  >
>;

export type JobTrigger = "schedule" | "manual" | "catch_up" | "queued";

export type JobRunRecord = {
  id: string;
  job_id: string;
  run_id: string | null;
  session_id: string | null;
  trigger: JobTrigger;
  fired_at: number;
  error: string | null;
};

export type WebhookRecord = {
  id: string;
  owner: string | null;
  key_id: string | null;
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
};

export type WebhookPatch = Partial<
  Pick<WebhookRecord, "url" | "events" | "description" | "enabled" | "disabled_reason">
>;

export type DeliveryStatus = "pending" | "delivered" | "failed";

export type DeliveryRecord = {
  id: string;
  webhook_id: string;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
  delivered_at: number | null;
};

export type DeliveryOutcome = Pick<
  DeliveryRecord,
  "status" | "attempts" | "last_response_code" | "last_error" | "next_attempt_at" | "delivered_at"
>;
