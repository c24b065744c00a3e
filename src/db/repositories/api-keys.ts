/**
 * @module api-keys
 * The `api_keys` table: keys found by the hash of their secret (a prepared read of a unique index, on every request
 * that shows one), listed newest first, changed, revoked and marked used.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { apiKeys } from "../schema.js";
import type { ApiKeyPatch, ApiKeyRecord, OwnerFilter } from "../records.js";
import { apiKeyInsertValues, apiKeyPatchValues, apiKeyRecordOf } from "../rows/api-keys.js";
import { ownedBy } from "../rows/owner-filter.js";
import type { ApiKeyRepository, Sync } from "../store.js";

export class SqliteApiKeyRepository implements Sync<ApiKeyRepository> {
  /** Read on every request that shows a key; built once (building costs more than running it). */
  private readonly bySecretHash;

  constructor(private readonly db: Db) {
    this.bySecretHash = db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.secretHash, sql.placeholder("hash")))
      .prepare();
  }

  create(record: ApiKeyRecord): ApiKeyRecord {
    return apiKeyRecordOf(this.db.insert(apiKeys).values(apiKeyInsertValues(record)).returning().get());
  }

  get(id: string): ApiKeyRecord | null {
    const row = this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
    return row ? apiKeyRecordOf(row) : null;
  }

  findBySecretHash(hash: string): ApiKeyRecord | null {
    const row = this.bySecretHash.get({ hash });
    return row ? apiKeyRecordOf(row) : null;
  }

  list(owner: OwnerFilter, includeRevoked: boolean): ApiKeyRecord[] {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(ownedBy(apiKeys.owner, owner), includeRevoked ? undefined : isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .all()
      .map(apiKeyRecordOf);
  }

  update(id: string, patch: ApiKeyPatch): ApiKeyRecord | null {
    const values = apiKeyPatchValues(patch);
    if (Object.keys(values).length === 0) {
      const current = this.get(id);
      return current && current.revoked_at === null ? current : null;
    }
    const row = this.db
      .update(apiKeys)
      .set(values)
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning()
      .get();
    return row ? apiKeyRecordOf(row) : null;
  }

  revoke(id: string, now: number): ApiKeyRecord | null {
    const row = this.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning()
      .get();
    return row ? apiKeyRecordOf(row) : null;
  }

  touch(id: string, now: number): void {
    this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
  }
}
