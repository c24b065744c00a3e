/**
 * @module webhooks
 * The `webhooks` and `webhook_deliveries` tables: hooks by owner, deliveries due for an attempt, each attempt claimed
 * by a conditional update of `next_attempt_at`, and its outcome recorded.
 */
import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import { webhookDeliveries, webhooks } from "../schema.js";
import type { DeliveryOutcome, DeliveryRecord, OwnerFilter, WebhookPatch, WebhookRecord } from "../records.js";
import { ownedBy } from "../rows/owner-filter.js";
import {
  deliveryInsertValues,
  deliveryOutcomeValues,
  deliveryRecordOf,
  webhookInsertValues,
  webhookPatchValues,
  webhookRecordOf,
} from "../rows/webhooks.js";
import type { WebhookRepository } from "../jobs-store.js";
import type { Sync } from "../store.js";

export class SqliteWebhookRepository implements Sync<WebhookRepository> {
  constructor(private readonly db: Db) {}

  create(record: WebhookRecord): WebhookRecord {
    return webhookRecordOf(this.db.insert(webhooks).values(webhookInsertValues(record)).returning().get());
  }

  get(id: string): WebhookRecord | null {
    const row = this.db.select().from(webhooks).where(eq(webhooks.id, id)).get();
    return row ? webhookRecordOf(row) : null;
  }

  list(owner: OwnerFilter): WebhookRecord[] {
    return this.db
      .select()
      .from(webhooks)
      .where(ownedBy(webhooks.owner, owner))
      .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
      .all()
      .map(webhookRecordOf);
  }

  update(id: string, patch: WebhookPatch, now: number): WebhookRecord | null {
    const row = this.db
      .update(webhooks)
      .set(webhookPatchValues(patch, now))
      .where(eq(webhooks.id, id))
      .returning()
      .get();
    return row ? webhookRecordOf(row) : null;
  }

  delete(id: string): boolean {
    return this.db.delete(webhooks).where(eq(webhooks.id, id)).run().changes > 0;
  }

  addDelivery(record: DeliveryRecord): void {
    this.db.insert(webhookDeliveries).values(deliveryInsertValues(record)).run();
  }

  getDelivery(id: string): DeliveryRecord | null {
    const row = this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
    return row ? deliveryRecordOf(row) : null;
  }

  deliveries(webhookId: string, limit: number): DeliveryRecord[] {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .all()
      .map(deliveryRecordOf);
  }

  dueDeliveries(now: number, limit: number): DeliveryRecord[] {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .all()
      .map(deliveryRecordOf);
  }

  claimDelivery(id: string, expected: number, until: number): boolean {
    const result = this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: until })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.nextAttemptAt, expected),
        ),
      )
      .run();
    return result.changes === 1;
  }

  settleDelivery(id: string, outcome: DeliveryOutcome): DeliveryRecord | null {
    const row = this.db
      .update(webhookDeliveries)
      .set(deliveryOutcomeValues(outcome))
      .where(eq(webhookDeliveries.id, id))
      .returning()
      .get();
    return row ? deliveryRecordOf(row) : null;
  }
}
