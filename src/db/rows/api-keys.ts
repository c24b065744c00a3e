/**
 * @module api-keys
 * The `api_keys` table's rows as both stores write and read them (the same columns in each dialect): the record of a
 * row, a new key's values and a patch's values.
 */
import type { apiKeys } from "../schema.js";
import type { ApiKeyPatch, ApiKeyRecord, KeyLimits } from "../records.js";

type Row = typeof apiKeys.$inferSelect;
type Insert = typeof apiKeys.$inferInsert;

export function apiKeyRecordOf(row: Row): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    scopes: JSON.parse(row.scopesJson) as string[],
    secret_hash: row.secretHash,
    start: row.start,
    limits: JSON.parse(row.limitsJson) as KeyLimits,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    revoked_at: row.revokedAt,
    last_used_at: row.lastUsedAt,
    created_by: row.createdBy,
  };
}

export function apiKeyInsertValues(record: ApiKeyRecord): Insert {
  return {
    id: record.id,
    name: record.name,
    owner: record.owner,
    scopesJson: JSON.stringify(record.scopes),
    secretHash: record.secret_hash,
    start: record.start,
    limitsJson: JSON.stringify(record.limits),
    createdAt: record.created_at,
    expiresAt: record.expires_at,
    revokedAt: record.revoked_at,
    lastUsedAt: record.last_used_at,
    createdBy: record.created_by,
  };
}

export function apiKeyPatchValues(patch: ApiKeyPatch): Partial<Insert> {
  const values: Partial<Insert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.scopes !== undefined) values.scopesJson = JSON.stringify(patch.scopes);
  if (patch.limits !== undefined) values.limitsJson = JSON.stringify(patch.limits);
  if (patch.expires_at !== undefined) values.expiresAt = patch.expires_at;
  return values;
}
