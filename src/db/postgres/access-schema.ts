/**
 * @module access-schema
 * The PostgreSQL tables of who may call the server and what their calls did: API keys, the inspector's sign-ins,
 * model calls and the audit log, column for column as the SQLite ones (../access-schema.ts, which says what each
 * holds). Exported through ./schema.ts with the others.
 */
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, text as enumText, index, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { int8, text } from "./column-types.js";

/** API keys: a hash of the secret only (see ../access-schema.ts). */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    owner: text("owner").notNull(),
    scopesJson: text("scopes_json").notNull(),
    secretHash: text("secret_hash").notNull(),
    start: text("start").notNull(),
    limitsJson: text("limits_json").notNull().default("{}"),
    createdAt: int8("created_at").notNull(),
    expiresAt: int8("expires_at"),
    revokedAt: int8("revoked_at"),
    lastUsedAt: int8("last_used_at"),
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("api_keys_secret_idx").on(t.secretHash), index("api_keys_owner_idx").on(t.owner)],
);

/** Sign-ins of the inspector page; hashes only (see ../access-schema.ts). */
export const uiSessions = pgTable(
  "ui_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    csrfToken: text("csrf_token").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: int8("created_at").notNull(),
    expiresAt: int8("expires_at").notNull(),
    keyId: text("key_id"),
  },
  (t) => [index("ui_sessions_expiry_idx").on(t.expiresAt)],
);

/** One row per model call, with its tokens and cost (see ../access-schema.ts). */
export const modelCalls = pgTable(
  "model_calls",
  {
    id: text("id").primaryKey(),
    createdAt: int8("created_at").notNull(),
    purpose: enumText("purpose", { enum: ["agent", "vision", "compression"] }).notNull(),
    model: text("model").notNull(),
    owner: text("owner"),
    keyId: text("key_id"),
    sessionId: text("session_id"),
    runId: text("run_id"),
    inputTokens: int8("input_tokens").notNull(),
    cachedInputTokens: int8("cached_input_tokens").notNull().default(0),
    outputTokens: int8("output_tokens").notNull(),
    reasoningTokens: int8("reasoning_tokens").notNull().default(0),
    estimated: boolean("estimated").notNull().default(false),
    costUsd: doublePrecision("cost_usd"),
    savedTokens: int8("saved_tokens").notNull().default(0),
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

/** The audit log (see ../access-schema.ts). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    createdAt: int8("created_at").notNull(),
    action: text("action").notNull(),
    keyId: text("key_id"),
    owner: text("owner"),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    status: integer("status"),
    requestId: text("request_id"),
    detailJson: text("detail_json").notNull().default("{}"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    // Only API keys' rows are looked up by key; the server key's carry none.
    index("audit_log_key_idx").on(t.keyId, t.createdAt).where(sql.raw("key_id is not null")),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
