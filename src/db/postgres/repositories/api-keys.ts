/**
 * @module api-keys
 * The `api_keys` table on PostgreSQL, as the SQLite repository (../../repositories/api-keys.ts) keeps it; a key
 * changed or revoked is announced on the `caduceus_keys` channel in the same transaction, so every replica drops it
 * from its cache as the change commits (../key-announcements.ts).
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiKeyPatch, ApiKeyRecord, OwnerFilter } from "../../records.js";
import { apiKeyInsertValues, apiKeyPatchValues, apiKeyRecordOf } from "../../rows/api-keys.js";
import { ownedBy } from "../../rows/owner-filter.js";
import type { ApiKeyRepository } from "../../store.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { KEYS_CHANNEL } from "../event-announcements.js";
import { tableRows } from "../named-statements.js";
import { apiKeys } from "../schema.js";

/** The rows as read; a key is looked up by its secret's hash on every request that shows one, by name. */
const rows = tableRows(apiKeys);
const BY_SECRET_HASH = namedStatement("key_by_hash", `select ${rows.list} from api_keys where secret_hash = $1`);

export class PgApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(record: ApiKeyRecord): Promise<ApiKeyRecord> {
    const [row] = await this.conn.exec.insert(apiKeys).values(apiKeyInsertValues(record)).returning();
    return apiKeyRecordOf(row);
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const [row] = await this.conn.exec.select().from(apiKeys).where(eq(apiKeys.id, id));
    return row ? apiKeyRecordOf(row) : null;
  }

  async findBySecretHash(hash: string): Promise<ApiKeyRecord | null> {
    const [raw] = await this.conn.query(BY_SECRET_HASH, [hash]);
    return raw ? apiKeyRecordOf(rows.read(raw)) : null;
  }

  async list(owner: OwnerFilter, includeRevoked: boolean): Promise<ApiKeyRecord[]> {
    const found = await this.conn.exec
      .select()
      .from(apiKeys)
      .where(and(ownedBy(apiKeys.owner, owner), includeRevoked ? undefined : isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return found.map(apiKeyRecordOf);
  }

  async update(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null> {
    const values = apiKeyPatchValues(patch);
    if (Object.keys(values).length === 0) {
      const current = await this.get(id);
      return current && current.revoked_at === null ? current : null;
    }
    const [row] = await this.conn.exec
      .update(apiKeys)
      .set(values)
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) await this.announce(id);
    return row ? apiKeyRecordOf(row) : null;
  }

  async revoke(id: string, now: number): Promise<ApiKeyRecord | null> {
    const [row] = await this.conn.exec
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) await this.announce(id);
    return row ? apiKeyRecordOf(row) : null;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.conn.exec.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
  }

  /** Tells every replica the key changed; sent when the caller's transaction commits (at once without one). */
  private async announce(id: string): Promise<void> {
    await this.conn.exec.execute(sql`select pg_notify(${KEYS_CHANNEL}, ${id})`);
  }
}
