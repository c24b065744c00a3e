/**
 * @module sign-in
 * The inspector page's sign-in: the API key, given once, is exchanged for a random cookie token (kept as its hash)
 * and a CSRF token that every state-changing request made with the cookie must carry. Sign-ins expire, end on
 * sign-out, and end when the server's key changes (each remembers the hash of the key it was made with).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Store } from "../../db/store.js";

/** How long a sign-in lasts. */
export const UI_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type UiSignIn = { token: string; csrf_token: string; expires_at: number };
export type UiSession = { csrf_token: string; expires_at: number; principal: string };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Constant-time equality of two secrets of any length. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}

/** What scopes idempotency keys for a caller holding `apiKey`: the same for Bearer and cookie callers. */
export function principalOf(apiKey: string): string {
  return sha256(apiKey).slice(0, 16);
}

export class InspectorSignIn {
  constructor(private readonly deps: { store: Store; apiKey: string | null; now: () => number }) {}

  get required(): boolean {
    return this.deps.apiKey !== null;
  }

  /** A new sign-in for the right key; null for a wrong one (or when the server has no key to sign in with). */
  async signIn(givenKey: string): Promise<UiSignIn | null> {
    const apiKey = this.deps.apiKey;
    if (!apiKey || !sameSecret(givenKey, apiKey)) return null;
    const now = this.deps.now();
    await this.deps.store.uiSessions.deleteExpired(now);
    const token = randomBytes(32).toString("base64url");
    const csrf = randomBytes(24).toString("base64url");
    const expiresAt = now + UI_SESSION_TTL_MS;
    await this.deps.store.uiSessions.insert({
      token_hash: sha256(token),
      csrf_token: csrf,
      key_hash: sha256(apiKey),
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, csrf_token: csrf, expires_at: expiresAt };
  }

  /** The live sign-in a cookie token stands for, made with the server's current key; null otherwise. */
  async find(token: string): Promise<UiSession | null> {
    const apiKey = this.deps.apiKey;
    if (!apiKey || !token) return null;
    const record = await this.deps.store.uiSessions.find(sha256(token), this.deps.now());
    if (!record || !sameSecret(record.key_hash, sha256(apiKey))) return null;
    return { csrf_token: record.csrf_token, expires_at: record.expires_at, principal: principalOf(apiKey) };
  }

  async signOut(token: string): Promise<void> {
    await this.deps.store.uiSessions.delete(sha256(token));
  }
}
