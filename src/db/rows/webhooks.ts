/**
 * @module webhooks
 * The `webhooks` and `webhook_deliveries` tables' rows as both stores write and read them.
 */
import type { webhookDeliveries, webhooks } from "../schema.js";
import type { DeliveryOutcome, DeliveryRecord, WebhookPatch, WebhookRecord } from "../records.js";

type Row = typeof webhooks.$inferSelect;
type Insert = typeof webhooks.$inferInsert;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type DeliveryInsert = typeof webhookDeliveries.$inferInsert;

export function webhookRecordOf(row: Row): WebhookRecord {
  return {
    id: row.id,
    owner: row.owner,
    key_id: row.keyId,
    url: row.url,
    events: JSON.parse(row.eventsJson) as string[],
    description: row.description,
    secret: row.secret,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function webhookInsertValues(record: WebhookRecord): Insert {
  return {
    id: record.id,
    owner: record.owner,
    keyId: record.key_id,
    url: record.url,
    eventsJson: JSON.stringify(record.events),
    description: record.description,
    secret: record.secret,
    enabled: record.enabled,
    disabledReason: record.disabled_reason,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export function webhookPatchValues(patch: WebhookPatch, now: number): Partial<Insert> {
  const values: Partial<Insert> = { updatedAt: now };
  if (patch.url !== undefined) values.url = patch.url;
  if (patch.events !== undefined) values.eventsJson = JSON.stringify(patch.events);
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.enabled !== undefined) values.enabled = patch.enabled;
  if (patch.disabled_reason !== undefined) values.disabledReason = patch.disabled_reason;
  return values;
}

export function deliveryRecordOf(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event_type: row.eventType,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.lastResponseCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt,
    created_at: row.createdAt,
    delivered_at: row.deliveredAt,
  };
}

export function deliveryInsertValues(record: DeliveryRecord): DeliveryInsert {
  return {
    id: record.id,
    webhookId: record.webhook_id,
    eventType: record.event_type,
    payload: record.payload,
    status: record.status,
    attempts: record.attempts,
    lastResponseCode: record.last_response_code,
    lastError: record.last_error,
    nextAttemptAt: record.next_attempt_at,
    createdAt: record.created_at,
    deliveredAt: record.delivered_at,
  };
}

export function deliveryOutcomeValues(outcome: DeliveryOutcome): Partial<DeliveryInsert> {
  return {
    status: outcome.status,
    attempts: outcome.attempts,
    lastResponseCode: outcome.last_response_code,
    lastError: outcome.last_error,
    nextAttemptAt: outcome.next_attempt_at,
    deliveredAt: outcome.delivered_at,
  };
}
