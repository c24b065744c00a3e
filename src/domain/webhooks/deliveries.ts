/**
 * @module deliveries
 * Webhook deliveries over their life: made for each enabled webhook of the resource's owner that takes the event,
 * stored (so a pending one outlives a restart), attempted as soon as they are made and again on a fixed schedule
 * with ±20 % jitter (`webhooks.retry_schedule_s`) while the receiver fails. Each attempt is claimed in the database
 * first, so with several replicas one sends it. After the last attempt fails the delivery is `failed` and its
 * webhook disabled, saying why.
 */
import type { DeliveryRecord, WebhookRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { newId } from "../../kernel/ids.js";
import type { Logger } from "../../logger.js";
import { attemptDelivery, type AttemptResult } from "./delivery-attempt.js";
import type { Resolver } from "./url-rules.js";
import type { WebhookEvent, WebhookPayload } from "./webhook-events.js";

/** The most due deliveries one pass attempts; the rest wait for the next pass. */
const DELIVERIES_PER_PASS = 50;
/** How long past its timeout an attempt stays claimed; a replica that died mid-attempt leaves it to another after. */
const CLAIM_MARGIN_MS = 30_000;
const JITTER = 0.2;

export type DeliveryRules = {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Delays between attempts, in seconds. */
  retryScheduleS: number[];
};

export type WebhookDeliveriesDeps = {
  store: Store;
  now: () => number;
  logger: Logger;
  rules: DeliveryRules;
  resolve: Resolver;
  pollIntervalMs: number;
  /** Counts each attempt by how it went: delivered, to be retried, or failed for good (the metrics). */
  onAttempt?: (outcome: "delivered" | "retry" | "failed") => void;
};

export class WebhookDeliveries {
  private timer: NodeJS.Timeout | null = null;
  private passing: Promise<void> | null = null;
  private again = false;
  /** The enabled webhooks, as last read: read again on every pass and after every change made here. */
  private hooks: WebhookRecord[] = [];

  constructor(private readonly deps: WebhookDeliveriesDeps) {}

  start(): void {
    if (this.timer) return;
    void this.pass();
    this.timer = setInterval(() => void this.pass(), this.deps.pollIntervalMs);
  }

  /** Reads the enabled webhooks again (another replica's changes reach this one within a pass). */
  async refresh(): Promise<void> {
    this.hooks = (await this.deps.store.webhooks.list(null)).filter((hook) => hook.enabled);
  }

  /** Whether any enabled webhook takes this event: when none does, an event costs no database read. */
  wants(type: WebhookEvent): boolean {
    return this.hooks.some((hook) => hook.events.includes(type));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.passing;
  }

  /** Makes the event's deliveries for the owner's webhooks that take it, and sends them. */
  async emit(owner: string | null, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    const { store, now } = this.deps;
    const hooks = this.hooks.filter((hook) => hook.owner === owner && hook.events.includes(type));
    if (hooks.length === 0) return;
    const at = now();
    const body: WebhookPayload = { type, timestamp: new Date(at).toISOString(), data };
    const payload = JSON.stringify(body);
    for (const hook of hooks) {
      await store.webhooks.addDelivery({
        id: newId("dlv", at),
        webhook_id: hook.id,
        event_type: type,
        payload,
        status: "pending",
        attempts: 0,
        last_response_code: null,
        last_error: null,
        next_attempt_at: at,
        created_at: at,
        delivered_at: null,
      });
    }
    void this.pass();
  }

  /** Attempts every delivery due; a pass under way is followed by one more. */
  pass(): Promise<void> {
    if (this.passing) {
      this.again = true;
      return this.passing;
    }
    this.passing = this.passOnce().finally(() => {
      this.passing = null;
      if (this.again) {
        this.again = false;
        void this.pass();
      }
    });
    return this.passing;
  }

  private async passOnce(): Promise<void> {
    const { store, now, logger, rules } = this.deps;
    try {
      await this.refresh();
      const due = await store.webhooks.dueDeliveries(now(), DELIVERIES_PER_PASS);
      await Promise.all(
        due.map(async (delivery) => {
          const expected = delivery.next_attempt_at;
          if (expected === null) return;
          const until = now() + rules.timeoutMs + CLAIM_MARGIN_MS;
          if (!(await store.webhooks.claimDelivery(delivery.id, expected, until))) return;
          const hook = await store.webhooks.get(delivery.webhook_id);
          if (hook) await this.scheduled(delivery, hook);
        }),
      );
    } catch (err) {
      logger.error({ err }, "could not attempt the due webhook deliveries");
    }
  }

  /** One attempt of the retry schedule: delivered, retried later, or failed for good (the webhook disabled). */
  private async scheduled(delivery: DeliveryRecord, hook: WebhookRecord): Promise<void> {
    const { store, now, rules } = this.deps;
    const result = await this.attempt(delivery, hook);
    const attempts = delivery.attempts + 1;
    if (result.delivered) {
      await store.webhooks.settleDelivery(delivery.id, this.outcome(result, attempts, "delivered", null));
      this.deps.onAttempt?.("delivered");
      return;
    }
    const delayS = rules.retryScheduleS[attempts - 1];
    this.deps.onAttempt?.(delayS === undefined ? "failed" : "retry");
    if (delayS !== undefined) {
      const jittered = delayS * 1000 * (1 + (Math.random() * 2 - 1) * JITTER);
      await store.webhooks.settleDelivery(
        delivery.id,
        this.outcome(result, attempts, "pending", now() + Math.round(jittered)),
      );
      return;
    }
    await store.webhooks.settleDelivery(delivery.id, this.outcome(result, attempts, "failed", null));
    const reason = `disabled after ${attempts} failed attempts of delivery ${delivery.id}; the last: ${result.error ?? "failed"}`;
    await store.webhooks.update(hook.id, { enabled: false, disabled_reason: reason }, now());
    await this.refresh();
    this.deps.logger.warn(
      { webhook_id: hook.id, delivery_id: delivery.id },
      "a webhook was disabled: its receiver kept failing",
    );
  }

  /** Sends a delivery once more now, by hand: its outcome is recorded, with no retry after and no webhook disabled. */
  async redeliver(delivery: DeliveryRecord, hook: WebhookRecord): Promise<DeliveryRecord> {
    const result = await this.attempt(delivery, hook);
    const status = result.delivered ? "delivered" : delivery.status === "pending" ? "pending" : "failed";
    this.deps.onAttempt?.(result.delivered ? "delivered" : status === "pending" ? "retry" : "failed");
    const settled = await this.deps.store.webhooks.settleDelivery(
      delivery.id,
      this.outcome(result, delivery.attempts + 1, status, status === "pending" ? delivery.next_attempt_at : null),
    );
    return settled ?? delivery;
  }

  private attempt(delivery: DeliveryRecord, hook: WebhookRecord): Promise<AttemptResult> {
    const { rules, resolve, now } = this.deps;
    return attemptDelivery({
      url: hook.url,
      id: delivery.id,
      payload: delivery.payload,
      secret: hook.secret,
      timeoutMs: rules.timeoutMs,
      allowPrivate: rules.allowPrivate,
      resolve,
      now: now(),
    });
  }

  private outcome(
    result: AttemptResult,
    attempts: number,
    status: DeliveryRecord["status"],
    next: number | null,
  ): Parameters<Store["webhooks"]["settleDelivery"]>[1] {
    return {
      status,
      attempts,
      last_response_code: result.status,
      last_error: result.error,
      next_attempt_at: next,
      delivered_at: status === "delivered" ? this.deps.now() : null,
    };
  }
}
