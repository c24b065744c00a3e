/**
 * @module webhooks
 * The `webhooks` and `webhook_deliveries` tables: hooks by owner, deliveries due for an attempt, each attempt claimed
 * by a conditional update of `next_attempt_at`, and its outcome recorded.
 */
import { and, asc, desc, eq, lte } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../schema.js";
import type { DeliveryOutcome, DeliveryRecord, OwnerFilter, WebhookPatch, WebhookRecord } from "../../records.js";
import { ownedBy } from "../../rows/owner-filter.js";
import {
  deliveryInsertValues,
  deliveryOutcomeValues,
  deliveryRecordOf,
  webhookInsertValues,
  webhookPatchValues,
  webhookRecordOf,
} from "../../rows/webhooks.js";
import type { WebhookRepository } from "../../jobs-store.js";
import type { PgConnection } from "../connection.js";

export class PgWebhookRepository implements WebhookRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(record: WebhookRecord): Promise<WebhookRecord> {
    const [row] = await this.conn.exec.insert(webhooks).values(webhookInsertValues(record)).returning();
    return webhookRecordOf(row);
  }

  async get(id: string): Promise<WebhookRecord | null> {
    const [row] = await this.conn.exec.select().from(webhooks).where(eq(webhooks.id, id));
    return row ? webhookRecordOf(row) : null;
  }

  async list(owner: OwnerFilter): Promise<WebhookRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(webhooks)
        .where(ownedBy(webhooks.owner, owner))
        .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
    ).map(webhookRecordOf);
  }

  async update(id: string, patch: WebhookPatch, now: number): Promise<WebhookRecord | null> {
    const [row] = await this.conn.exec
      .update(webhooks)
      .set(webhookPatchValues(patch, now))
      .where(eq(webhooks.id, id))
      .returning();
    return row ? webhookRecordOf(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    return ((await this.conn.exec.delete(webhooks).where(eq(webhooks.id, id))).rowCount ?? 0) > 0;
  }

  async addDelivery(record: DeliveryRecord): Promise<void> {
    await this.conn.exec.insert(webhookDeliveries).values(deliveryInsertValues(record));
  }

  async getDelivery(id: string): Promise<DeliveryRecord | null> {
    const [row] = await this.conn.exec.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row ? deliveryRecordOf(row) : null;
  }

  async deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
    ).map(deliveryRecordOf);
  }

  async dueDeliveries(now: number, limit: number): Promise<DeliveryRecord[]> {
    return (
      await this.conn.exec
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
    ).map(deliveryRecordOf);
  }

  async claimDelivery(id: string, expected: number, until: number): Promise<boolean> {
    const result = await this.conn.exec
      .update(webhookDeliveries)
      .set({ nextAttemptAt: until })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.nextAttemptAt, expected),
        ),
      );
    return result.rowCount === 1;
  }

  async settleDelivery(id: string, outcome: DeliveryOutcome): Promise<DeliveryRecord | null> {
    const [row] = await this.conn.exec
      .update(webhookDeliveries)
      .set(deliveryOutcomeValues(outcome))
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row ? deliveryRecordOf(row) : null;
  }
}
