/**
 * @module present
 * Webhooks and their deliveries as the routes answer them: never the secret but in the creating answer.
 */
import type { DeliveryRecord, WebhookRecord } from "../shared/records.js";
import { isoOrNull as iso } from "../shared/times.js";

export function presentWebhook(hook: WebhookRecord) {
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events,
    description: hook.description,
    enabled: hook.enabled,
    disabled_reason: hook.disabled_reason,
    owner: hook.owner,
    created_at: new Date(hook.created_at).toISOString(),
    updated_at: new Date(hook.updated_at).toISOString(),
  };
}

export function presentDelivery(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    event: delivery.event_type,
    status: delivery.status,
    attempts: delivery.attempts,
    last_response_code: delivery.last_response_code,
    last_error: delivery.last_error,
    next_attempt_at: iso(delivery.next_attempt_at),
    created_at: new Date(delivery.created_at).toISOString(),
    delivered_at: iso(delivery.delivered_at),
    payload: JSON.parse(delivery.payload) as Record<string, unknown>,
  };
}

export type WebhookResponse = ReturnType<typeof presentWebhook>;
export type DeliveryResponse = ReturnType<typeof presentDelivery>;
