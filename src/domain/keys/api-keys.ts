/**
 * @module api-keys
 * API keys: created (the secret answered once, its hash stored), listed, read, changed and revoked, each noted in the
 * caller's audit trail; and the lookup every request that shows a key makes — one read of a unique index by the
 * secret's hash, kept briefly on a shared store (PostgreSQL), where a change or a revocation made on any replica
 * drops it from every replica's cache as it commits. A revoked or expired key is refused at once.
 */
import type { ApiKeyRecord, KeyLimits, OwnerFilter } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound, type FieldIssue } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import type { Logger } from "../../logger.js";
import type { Caller } from "../shared/owner-scope.js";
import { isScope, SCOPES, type Scope } from "../shared/scopes.js";
import { hashSecret, newKeySecret, secretMatches, startOf } from "./key-secrets.js";

export type NewKeyInput = {
  name: string;
  scopes: string[];
  /** Whose resources the key sees and makes; the key's own id when left out. */
  owner?: string | null;
  expires_at?: number | null;
  limits?: KeyLimits | null;
};

export type KeyPatchInput = {
  name?: string;
  scopes?: string[];
  /** Each limit given is set (a number) or removed (null); those left out stay as they are. */
  limits?: { [Limit in keyof KeyLimits]?: number | null };
  /** Null: it no longer expires. */
  expires_at?: number | null;
};

/** A key a request showed: live, or refused and why (the key, when the secret is one of ours). */
export type Authentication =
  { ok: true; key: ApiKeyRecord } | { ok: false; reason: "unknown" | "revoked" | "expired"; key: ApiKeyRecord | null };

export type ApiKeysDeps = {
  store: Store;
  now: () => number;
  logger: Logger;
  /** How long a key read on a shared store is kept; null reads it on every request (SQLite: microseconds). */
  cacheTtlMs: number | null;
};

/** Keys kept at most: a full cache drops its oldest entry. */
const CACHE_MAX_KEYS = 10_000;
/** How often, at most, a key's `last_used_at` is written: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export class ApiKeys {
  private readonly cache = new Map<string, { key: ApiKeyRecord; at: number }>();
  private readonly touched = new Map<string, number>();

  constructor(private readonly deps: ApiKeysDeps) {}

  /** A new key; its secret is answered here only. */
  async create(input: NewKeyInput, by: Caller): Promise<{ key: ApiKeyRecord; secret: string }> {
    const scopes = checkScopes(input.scopes);
    const now = this.deps.now();
    checkExpiry(input.expires_at ?? null, now);
    const id = newId("key", now);
    const secret = newKeySecret();
    const key = await this.deps.store.apiKeys.create({
      id,
      name: input.name,
      owner: input.owner ?? id,
      scopes,
      secret_hash: hashSecret(secret),
      start: startOf(secret),
      limits: input.limits ?? {},
      created_at: now,
      expires_at: input.expires_at ?? null,
      revoked_at: null,
      last_used_at: null,
      created_by: by.key_id,
    });
    by.trail.note({
      action: "key.create",
      resource: { type: "key", id },
      detail: { name: key.name, owner: key.owner, scopes },
    });
    return { key, secret };
  }

  list(owner: OwnerFilter, includeRevoked = false): Promise<ApiKeyRecord[]> {
    return this.deps.store.apiKeys.list(owner, includeRevoked);
  }

  async require(id: string): Promise<ApiKeyRecord> {
    const key = await this.deps.store.apiKeys.get(id);
    if (!key) throw notFound("key", id);
    return key;
  }

  async update(id: string, patch: KeyPatchInput, by: Caller): Promise<ApiKeyRecord> {
    const scopes = patch.scopes === undefined ? undefined : checkScopes(patch.scopes);
    if (patch.expires_at !== undefined) checkExpiry(patch.expires_at, this.deps.now());
    const changes = Object.entries(patch.limits ?? {}).filter(([, value]) => value !== undefined);
    // The limits as they stand with the changes over them; a removed one (null) is left out.
    const limits: KeyLimits | undefined = changes.length
      ? Object.fromEntries(
          Object.entries({ ...(await this.require(id)).limits, ...Object.fromEntries(changes) }).filter(
            ([, value]) => typeof value === "number",
          ),
        )
      : undefined;
    const key = await this.deps.store.apiKeys.update(id, {
      name: patch.name,
      scopes,
      limits,
      expires_at: patch.expires_at,
    });
    if (!key) throw (await this.deps.store.apiKeys.get(id)) ? revoked(id) : notFound("key", id);
    this.forget(id);
    const changed = [
      ...(["name", "scopes", "expires_at"] as const).filter((field) => patch[field] !== undefined),
      ...changes.map(([name]) => name),
    ];
    by.trail.note({ action: "key.update", resource: { type: "key", id }, detail: { changed } });
    return key;
  }

  /** Revokes the key: refused on the next request, on every replica. */
  async revoke(id: string, by: Caller): Promise<ApiKeyRecord> {
    const key = await this.deps.store.apiKeys.revoke(id, this.deps.now());
    if (!key) throw (await this.deps.store.apiKeys.get(id)) ? revoked(id) : notFound("key", id);
    this.forget(id);
    by.trail.note({ action: "key.revoke", resource: { type: "key", id }, detail: { name: key.name } });
    return key;
  }

  /** The key a request showed, live or refused: one indexed read (or none, while it is kept). */
  async authenticate(secret: string): Promise<Authentication> {
    const hash = hashSecret(secret);
    const now = this.deps.now();
    const ttl = this.deps.cacheTtlMs;
    const cached = ttl === null ? undefined : this.cache.get(hash);
    let key = cached && now - cached.at < (ttl ?? 0) ? cached.key : null;
    if (!key) {
      key = await this.deps.store.apiKeys.findBySecretHash(hash);
      if (key && ttl !== null) this.keep(hash, key, now);
    }
    if (!key || !secretMatches(secret, key.secret_hash)) return { ok: false, reason: "unknown", key: null };
    if (key.revoked_at !== null) return { ok: false, reason: "revoked", key };
    if (key.expires_at !== null && key.expires_at <= now) return { ok: false, reason: "expired", key };
    this.touch(key.id, now);
    return { ok: true, key };
  }

  /** A live key by id (an inspector sign-in made with it); null once it is revoked, expired or gone. */
  async live(id: string): Promise<ApiKeyRecord | null> {
    const key = await this.deps.store.apiKeys.get(id);
    if (!key || key.revoked_at !== null) return null;
    if (key.expires_at !== null && key.expires_at <= this.deps.now()) return null;
    return key;
  }

  /** Drops a key (null: every key) from the cache; it is read again on its next use. */
  forget(keyId: string | null): void {
    if (keyId === null) {
      this.cache.clear();
      return;
    }
    for (const [hash, entry] of this.cache) if (entry.key.id === keyId) this.cache.delete(hash);
  }

  private keep(hash: string, key: ApiKeyRecord, now: number): void {
    if (this.cache.size >= CACHE_MAX_KEYS) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(hash, { key, at: now });
  }

  private touch(id: string, now: number): void {
    if (now - (this.touched.get(id) ?? -Infinity) < TOUCH_INTERVAL_MS) return;
    this.touched.set(id, now);
    void this.deps.store.apiKeys
      .touch(id, now)
      .catch((err: unknown) => this.deps.logger.warn({ err, key_id: id }, "could not record a key's last use"));
  }
}

const revoked = (id: string) => new DomainError("not_found", `key ${id} is revoked; create another`);

/** The scopes asked for, each known; an unknown one is named. */
function checkScopes(scopes: string[]): Scope[] {
  const fields: FieldIssue[] = scopes.flatMap((scope, i) =>
    isScope(scope) ? [] : [{ path: ["scopes", i], message: `unknown scope "${scope}"; one of ${SCOPES.join(", ")}` }],
  );
  if (fields.length)
    throw new DomainError(
      "validation_failed",
      `unknown scope ${scopes
        .filter((s) => !isScope(s))
        .map((s) => `"${s}"`)
        .join(", ")}; scopes are ${SCOPES.join(", ")}`,
      { fields },
    );
  return [...new Set(scopes as Scope[])];
}

function checkExpiry(expiresAt: number | null, now: number): void {
  if (expiresAt !== null && expiresAt <= now)
    throw new DomainError("validation_failed", "expires_at must be in the future", {
      fields: [{ path: ["expires_at"], message: "in the past" }],
    });
}
