/**
 * @module webhooks
 * Webhooks as their owners manage them: made (URL and events checked, a `whsec_…` secret made and answered once),
 * listed, read, changed (re-enabled, clearing why they were disabled), deleted; their deliveries listed and
 * redelivered by hand. Every webhook is its creating caller's; another owner's is answered exactly as a missing one.
 */
import { randomBytes } from "node:crypto";
import type { DeliveryRecord, WebhookRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { noteRefused, ownerFilter, visibleTo, type Caller } from "../shared/owner-scope.js";
import type { WebhookDeliveries } from "./deliveries.js";
import { allowedAddress, parseWebhookUrl, type Resolver } from "./url-rules.js";
import { isWebhookEvent } from "./webhook-events.js";

/** Random bytes of a webhook secret: 192 bits. */
const SECRET_BYTES = 24;

export type WebhookInput = { url: string; events: string[]; description?: string | null };
export type WebhookChanges = Partial<WebhookInput> & { enabled?: boolean };

export type WebhooksDeps = {
  store: Store;
  deliveries: WebhookDeliveries;
  now: () => number;
  allowPrivate: boolean;
  resolve: Resolver;
};

function checkEvents(events: string[]): void {
  const unknown = events.find((event) => !isWebhookEvent(event));
  if (unknown !== undefined)
    throw new DomainError("validation_failed", `events: unknown event ${JSON.stringify(unknown)}`, {
      fields: [{ path: ["events", events.indexOf(unknown)], message: `unknown event ${unknown}` }],
    });
}

export class Webhooks {
  constructor(private readonly deps: WebhooksDeps) {}

  /** The webhook and its secret, shown in this answer only. */
  async create(input: WebhookInput, caller: Caller): Promise<WebhookRecord> {
    checkEvents(input.events);
    await this.checkUrl(input.url);
    const at = this.deps.now();
    const hook = await this.deps.store.webhooks.create({
      id: newId("whk", at),
      owner: caller.owner,
      key_id: caller.key_id,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      secret: `whsec_${randomBytes(SECRET_BYTES).toString("base64")}`,
      enabled: true,
      disabled_reason: null,
      created_at: at,
      updated_at: at,
    });
    await this.deps.deliveries.refresh();
    caller.trail.note({ action: "webhook.create", resource: { type: "webhook", id: hook.id } });
    return hook;
  }

  list(caller: Caller, owner?: string | null): Promise<WebhookRecord[]> {
    return this.deps.store.webhooks.list(ownerFilter(caller, owner));
  }

  async require(id: string, caller: Caller): Promise<WebhookRecord> {
    const hook = await this.deps.store.webhooks.get(id);
    if (hook && visibleTo(caller, hook.owner)) return hook;
    if (hook) noteRefused(caller, "webhook", id);
    throw notFound("webhook", id);
  }

  async update(id: string, changes: WebhookChanges, caller: Caller): Promise<WebhookRecord> {
    await this.require(id, caller);
    if (changes.events !== undefined) checkEvents(changes.events);
    if (changes.url !== undefined) await this.checkUrl(changes.url);
    const updated = await this.deps.store.webhooks.update(
      id,
      {
        url: changes.url,
        events: changes.events ? [...new Set(changes.events)] : undefined,
        description: changes.description,
        enabled: changes.enabled,
        ...(changes.enabled === true ? { disabled_reason: null } : {}),
      },
      this.deps.now(),
    );
    if (!updated) throw notFound("webhook", id);
    await this.deps.deliveries.refresh();
    caller.trail.note({ action: "webhook.update", resource: { type: "webhook", id } });
    return updated;
  }

  async delete(id: string, caller: Caller): Promise<void> {
    await this.require(id, caller);
    await this.deps.store.webhooks.delete(id);
    await this.deps.deliveries.refresh();
    caller.trail.note({ action: "webhook.delete", resource: { type: "webhook", id } });
  }

  async deliveries(id: string, caller: Caller, limit: number): Promise<DeliveryRecord[]> {
    await this.require(id, caller);
    return this.deps.store.webhooks.deliveries(id, limit);
  }

  /** Sends one of the webhook's deliveries once more now; answers it as that attempt left it. */
  async redeliver(id: string, deliveryId: string, caller: Caller): Promise<DeliveryRecord> {
    const hook = await this.require(id, caller);
    const delivery = await this.deps.store.webhooks.getDelivery(deliveryId);
    if (!delivery || delivery.webhook_id !== id) throw notFound("delivery", deliveryId);
    caller.trail.note({
      action: "webhook.redeliver",
      resource: { type: "webhook", id },
      detail: { delivery_id: deliveryId },
    });
    return this.deps.deliveries.redeliver(delivery, hook);
  }

  /** The URL's form, and the addresses its host resolves to now (it is checked again on every delivery). */
  private async checkUrl(raw: string): Promise<void> {
    const url = parseWebhookUrl(raw);
    try {
      await allowedAddress(url, this.deps.allowPrivate, this.deps.resolve);
    } catch (error) {
      // A host that does not resolve yet may later; a refused address never is.
      if (error instanceof DomainError) throw error;
    }
  }
}
