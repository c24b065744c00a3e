/**
 * @module jobs-store
 * The repository contracts of scheduled jobs and webhooks, as the domain calls them; both stores implement them and
 * hand them out with the others (./store.ts).
 */
import type {
  DeliveryOutcome,
  DeliveryRecord,
  JobPatch,
  JobRecord,
  JobRunRecord,
  OwnerFilter,
  WebhookPatch,
  WebhookRecord,
} from "./records.js";

export interface JobRepository {
  create(record: JobRecord): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | null>;
  /** Newest first, of one owner or (null) every owner; `offset` rows in, at most `limit`. */
  list(owner: OwnerFilter, limit: number, offset: number, includeDisabled: boolean): Promise<JobRecord[]>;
  update(id: string, patch: JobPatch, now: number): Promise<JobRecord | null>;
  delete(id: string): Promise<boolean>;
  /** Enabled jobs whose next tick has come, soonest first. */
  due(now: number, limit: number): Promise<JobRecord[]>;
  /** Enabled jobs holding a queued tick. */
  queued(limit: number): Promise<JobRecord[]>;
  /**
   * Moves the job's next tick from `expected` to `next` (null: none) if no one moved it first; answers whether this
   * caller did. The one place a tick is claimed: each fires once, whichever replica claims it.
   */
  claimTick(id: string, expected: number, next: number | null, now: number): Promise<boolean>;
  /** Jobs whose last firing's run was running or waiting when last looked at. */
  settling(limit: number): Promise<JobRecord[]>;
  /** Records how the last firing's run ended, if `expected` is still the recorded status; answers whether it did. */
  settleStatus(id: string, expected: string, status: string, error: string | null, now: number): Promise<boolean>;
  /** Clears a queued tick if it is still queued; answers whether this caller did. */
  claimQueued(id: string, now: number): Promise<boolean>;
  addRun(record: JobRunRecord): Promise<void>;
  /** The job's firings, newest first. */
  runs(jobId: string, limit: number): Promise<JobRunRecord[]>;
  /** The firing that made this run, if a job made it. */
  runOf(runId: string): Promise<JobRunRecord | null>;
}

export interface WebhookRepository {
  create(record: WebhookRecord): Promise<WebhookRecord>;
  get(id: string): Promise<WebhookRecord | null>;
  /** Newest first, of one owner or (null) every owner. */
  list(owner: OwnerFilter): Promise<WebhookRecord[]>;
  update(id: string, patch: WebhookPatch, now: number): Promise<WebhookRecord | null>;
  delete(id: string): Promise<boolean>;
  addDelivery(record: DeliveryRecord): Promise<void>;
  getDelivery(id: string): Promise<DeliveryRecord | null>;
  /** The webhook's deliveries, newest first. */
  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /** Pending deliveries whose next attempt has come, soonest first. */
  dueDeliveries(now: number, limit: number): Promise<DeliveryRecord[]>;
  /**
   * Moves a pending delivery's next attempt from `expected` to `until` if no one did first (claiming the attempt
   * until then); answers whether this caller did.
   */
  claimDelivery(id: string, expected: number, until: number): Promise<boolean>;
  /** Records an attempt's outcome. */
  settleDelivery(id: string, outcome: DeliveryOutcome): Promise<DeliveryRecord | null>;
}
