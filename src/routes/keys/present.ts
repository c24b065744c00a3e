/**
 * @module present
 * API keys and audit entries as the API answers them: ISO times, never a secret but in the answer that makes one.
 */
import type { Caller } from "../../domain/shared/owner-scope.js";
import { encodeCursor } from "../../http/cursor.js";
import type { ApiKeyRecord, AuditRecord } from "../shared/records.js";
import type { z } from "@hono/zod-openapi";
import type { ApiKeySchema, CurrentKeySchema } from "./schemas.js";
import type { AuditEntrySchema, AuditPageSchema } from "./audit-schemas.js";
import { isoOrNull as iso } from "../shared/times.js";

export function presentKey(key: ApiKeyRecord): z.infer<typeof ApiKeySchema> {
  return {
    object: "api_key",
    id: key.id,
    name: key.name,
    start: key.start,
    owner: key.owner,
    scopes: key.scopes,
    limits: key.limits,
    created_at: new Date(key.created_at).toISOString(),
    expires_at: iso(key.expires_at),
    last_used_at: iso(key.last_used_at),
    revoked_at: iso(key.revoked_at),
    created_by: key.created_by,
  };
}

export function presentCaller(caller: Caller, key: ApiKeyRecord | null): z.infer<typeof CurrentKeySchema> {
  return {
    object: "api_key.caller",
    key: key ? presentKey(key) : null,
    owner: caller.owner,
    admin: caller.admin,
    scopes: [...caller.scopes],
  };
}

export function presentAuditEntry(entry: AuditRecord): z.infer<typeof AuditEntrySchema> {
  return {
    id: entry.id,
    created_at: new Date(entry.created_at).toISOString(),
    action: entry.action,
    key_id: entry.key_id,
    owner: entry.owner,
    resource: entry.resource_type && entry.resource_id ? { type: entry.resource_type, id: entry.resource_id } : null,
    status: entry.status,
    request_id: entry.request_id,
    detail: entry.detail,
  };
}

export function presentAuditPage(entries: AuditRecord[], limit: number): z.infer<typeof AuditPageSchema> {
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(presentAuditEntry),
    next_cursor: entries.length > limit && last ? encodeCursor({ before: last.id }) : null,
  };
}
