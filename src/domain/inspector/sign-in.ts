/**
 * @module sign-in
 * The inspector page's sign-in: a key — the server's, or any live API key — given once, is exchanged for a random
 * cookie token (kept as its hash) and a CSRF token that every state-changing request made with the cookie must carry.
 * Sign-ins expire, end on sign-out, end when the server's key changes (each remembers the hash of the key it was made
 * with), and end when the API key they were made with is revoked or expires.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKeyRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";

/** How long a sign-in lasts. */
export const UI_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type UiSignIn = { token: string; csrf_token: string; expires_at: number };
/** A live sign-in: its CSRF token, its end, the principal it scopes idempotency keys by, its API key (null: the server's). */
export type UiSession = { csrf_token: string; expires_at: number; principal: string; key: ApiKeyRecord | null };

/** What the sign-in asks of the API keys: a key shown, and a key by id while it is live. */
export type SignInKeys = {
  authenticate(secret: string): Promise<{ ok: true; key: ApiKeyRecord } | { ok: false }>;
  live(id: string): Promise<ApiKeyRecord | null>;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Constant-time equality of two secrets of any length. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}

/** What scopes idempotency keys for a caller holding `apiKey`: the same for Bearer and cookie callers. */
export function principalOf(apiKey: string): string {
  return sha256(apiKey).slice(0, 16);
}

/** The principal of an API key's callers, Bearer or cookie. */
export function keyPrincipal(key: ApiKeyRecord): string {
  return `key:${key.id}`;
}

export class InspectorSignIn {
  constructor(private readonly deps: { store: Store; apiKey: string | null; now: () => number; keys: SignInKeys }) {}

  /** Whether the page must sign in: the server has a key (without one, it trusts whoever reaches it on loopback). */
  get required(): boolean {
    return this.deps.apiKey !== null;
  }

  /** A new sign-in for a right key; null for a wrong one (or when the server has no key to sign in with). */
  async signIn(givenKey: string): Promise<UiSignIn | null> {
    const apiKey = this.deps.apiKey;
    let made: { key_hash: string; key_id: string | null } | null = null;
    if (apiKey && sameSecret(givenKey, apiKey)) made = { key_hash: sha256(apiKey), key_id: null };
    else {
      const shown = await this.deps.keys.authenticate(givenKey);
      if (shown.ok) made = { key_hash: shown.key.secret_hash, key_id: shown.key.id };
    }
    if (!made) return null;
    const now = this.deps.now();
    await this.deps.store.uiSessions.deleteExpired(now);
    const token = randomBytes(32).toString("base64url");
    const csrf = randomBytes(24).toString("base64url");
    const expiresAt = now + UI_SESSION_TTL_MS;
    await this.deps.store.uiSessions.insert({
      token_hash: sha256(token),
      csrf_token: csrf,
      ...made,
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, csrf_token: csrf, expires_at: expiresAt };
  }

  /** The live sign-in a cookie token stands for, made with the server's current key or a live API key; else null. */
  async find(token: string): Promise<UiSession | null> {
    if (!token) return null;
    const record = await this.deps.store.uiSessions.find(sha256(token), this.deps.now());
    if (!record) return null;
    const session = { csrf_token: record.csrf_token, expires_at: record.expires_at };
    if (record.key_id) {
      const key = await this.deps.keys.live(record.key_id);
      if (!key || !sameSecret(record.key_hash, key.secret_hash)) return null;
      return { ...session, principal: keyPrincipal(key), key };
    }
    const apiKey = this.deps.apiKey;
    if (!apiKey || !sameSecret(record.key_hash, sha256(apiKey))) return null;
    return { ...session, principal: principalOf(apiKey), key: null };
  }

  async signOut(token: string): Promise<void> {
    await this.deps.store.uiSessions.delete(sha256(token));
  }
}
