/**
 * @module access-schema
 * The SQLite tables of who may call the server and what their calls did: API keys (stored as a hash of the secret
 * only), the inspector's sign-ins, every model call with its tokens and cost, and the audit log. Exported through
 * ./schema.ts with the others. Times are epoch milliseconds.
 */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * API keys. The secret itself is never stored: `secret_hash` is its SHA-256 (a fast hash is right for a random
 * 192-bit secret), looked up by a unique index; `start` is its first characters, shown in lists so a person can tell
 * keys apart. A revoked key keeps its row (the audit log names it) with `revoked_at` set.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Whose resources the key sees and makes: the key's own id unless it was created for a named owner. */
    owner: text("owner").notNull(),
    /** JSON array of scopes. */
    scopesJson: text("scopes_json").notNull(),
    secretHash: text("secret_hash").notNull(),
    start: text("start").notNull(),
    /** JSON object of the key's limits: requests_per_minute, concurrent_runs, tokens_per_day (each optional). */
    limitsJson: text("limits_json").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
    lastUsedAt: integer("last_used_at"),
    /** The key that created it; null for the server key and the command line. */
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("api_keys_secret_idx").on(t.secretHash), index("api_keys_owner_idx").on(t.owner)],
);

/**
 * Sign-ins of the inspector page: the API key exchanged once for an HttpOnly cookie. Only hashes are kept — of the
 * cookie's token and of the key it was signed in with (a changed server key ends every sign-in) — and the CSRF token
 * that state-changing requests made with the cookie must carry. `key_id` names the API key of a sign-in made with
 * one (null: the server key); revoking it ends the sign-in.
 */
export const uiSessions = sqliteTable(
  "ui_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    csrfToken: text("csrf_token").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    keyId: text("key_id"),
  },
  (t) => [index("ui_sessions_expiry_idx").on(t.expiresAt)],
);

/**
 * One row per model call: what for (`agent` turns, `vision` turns that carried images, `compression` summaries),
 * which model, whose (owner, key), in which session and run, the tokens (from the provider's usage, or counted here
 * when it sent none: `estimated`) and the cost from the price table then in force (null without a price). No foreign
 * keys: the accounting outlives the session. `saved_tokens` is what the session's compressions had taken out of the
 * context this call was sent.
 */
export const modelCalls = sqliteTable(
  "model_calls",
  {
    id: text("id").primaryKey(),
    createdAt: integer("created_at").notNull(),
    purpose: text("purpose", { enum: ["agent", "vision", "compression"] }).notNull(),
    model: text("model").notNull(),
    owner: text("owner"),
    keyId: text("key_id"),
    sessionId: text("session_id"),
    runId: text("run_id"),
    inputTokens: integer("input_tokens").notNull(),
    cachedInputTokens: integer("cached_input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull(),
    reasoningTokens: integer("reasoning_tokens").notNull().default(0),
    estimated: integer("estimated", { mode: "boolean" }).notNull().default(false),
    costUsd: real("cost_usd"),
    savedTokens: integer("saved_tokens").notNull().default(0),
  },
  (t) => [
    index("model_calls_created_idx").on(t.createdAt),
    // Only API keys' rows are looked up by key; the server key's carry none.
    index("model_calls_key_idx").on(t.keyId, t.createdAt).where(sql.raw("key_id is not null")),
    index("model_calls_owner_idx").on(t.owner, t.createdAt),
    index("model_calls_run_idx").on(t.runId),
    index("model_calls_session_idx").on(t.sessionId),
  ],
);

/**
 * The audit log: who (key, owner) did what (`action`) to which resource, with the HTTP status it was answered with
 * (null for what the command line or the server did by itself), and when. Never a secret. Rows older than
 * `audit.retention_days` are deleted.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    createdAt: integer("created_at").notNull(),
    action: text("action").notNull(),
    keyId: text("key_id"),
    owner: text("owner"),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    status: integer("status"),
    requestId: text("request_id"),
    /** JSON object of what else is worth knowing (the method and path of a refused request, the scope it lacked). */
    detailJson: text("detail_json").notNull().default("{}"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    // Only API keys' rows are looked up by key; the server key's carry none.
    index("audit_log_key_idx").on(t.keyId, t.createdAt).where(sql.raw("key_id is not null")),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
