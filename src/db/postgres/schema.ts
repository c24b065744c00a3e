/**
 * @module schema
 * The drizzle schema of the PostgreSQL database: the SQLite schema (../schema.ts) table for table, with the same
 * names in TypeScript and in SQL, so the two stores hold the same rows. Times are epoch milliseconds in `bigint`
 * columns read as numbers (they pass 2^31 in 1970, and stay far below 2^53); counters that add up over a run's turns
 * are `bigint` too. Full-text search reads a generated `tsvector` column of messages, built by the functions the
 * first migration defines (see drizzle-pg/). API keys, sign-ins, model calls and the audit log are in
 * ./access-schema.ts, exported from here too.
 */
import { sql } from "drizzle-orm";
import {
  text as enumText,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { int8, storableText, text } from "./column-types.js";

export { storableText };

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

/** Only the database writes and reads it (the column is generated); drizzle never sees its value. */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    title: text("title"),
    model: text("model"),
    systemPrompt: text("system_prompt"),
    systemPromptTokens: integer("system_prompt_tokens").notNull().default(0),
    /** Per-session overrides of the server defaults: {compression?, browser?, engine?}. */
    configJson: text("config_json").notNull().default("{}"),
    derivedKey: text("derived_key"),
    createdAt: int8("created_at").notNull(),
    updatedAt: int8("updated_at").notNull(),
    /**
     * Next transcript seq to hand out; seq is dense per session. Claimed by `update … returning`, which locks the
     * row, so appends from several replicas to one session take their seqs one after the other.
     */
    nextSeq: integer("next_seq").notNull().default(1),
    messageCount: integer("message_count").notNull().default(0),
    /** Sum of the effective tokens of the rows that are in the active context (system prompt excluded). */
    contextTokens: integer("context_tokens").notNull().default(0),
    contextMessageCount: integer("context_message_count").notNull().default(0),
    compressionCount: integer("compression_count").notNull().default(0),
    lastPromptTokens: integer("last_prompt_tokens").notNull().default(0),
    lastCompletionTokens: integer("last_completion_tokens").notNull().default(0),
    /** Context-engine bookkeeping that must survive restarts (strikes, cooldowns, …). */
    engineStateJson: text("engine_state_json").notNull().default("{}"),
    browserUrl: text("browser_url"),
    /** Who made the session, as Hermes clients name themselves (`source` of POST /api/sessions); null for our own. */
    source: text("source"),
    /** Flags a Hermes client keeps on a session (PATCH /api/sessions/{id}): kept, not acted on. */
    pinned: boolean("pinned").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    /** Hidden from a Hermes client's list (PATCH /api/sessions/{id} `hidden`): kept, not acted on. */
    hidden: boolean("hidden").notNull().default(false),
    /** Why the session ended, as a Hermes client says it (`end_reason`; `branched` once forked), and when. */
    endReason: text("end_reason"),
    endedAt: int8("ended_at"),
    /** The X-Hermes-Session-Key that last ran in it: a run with that key and no session id continues the newest. */
    sessionKey: text("session_key"),
    /** The session this one was forked from, if any. */
    parentSessionId: text("parent_session_id"),
    /** Whether every row's identifiers are in message_anchors (see ../schema.ts). */
    anchorsIndexed: boolean("anchors_indexed").notNull().default(false),
    /** The random id of the guard's fences around untrusted content (see ../schema.ts). */
    fenceId: text("fence_id").notNull().default(""),
    /** Whose it is: the owner of the API key that made it; null for the server key's (see ../schema.ts). */
    owner: text("owner"),
    /** The owner's memory as it was when the session started (see ../schema.ts). */
    memoryBlock: text("memory_block"),
  },
  (t) => [
    index("sessions_created_idx").on(t.createdAt, t.id),
    index("sessions_owner_idx").on(t.owner, t.createdAt, t.id),
    index("sessions_derived_idx").on(t.derivedKey),
    // Partial: most sessions have no key, and each of their updates would rewrite an entry here.
    index("sessions_key_idx").on(t.sessionKey, t.updatedAt).where(sql.raw("session_key is not null")),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    role: enumText("role", { enum: ["system", "user", "assistant", "tool"] }).notNull(),
    /** JSON: a string, an array of content parts, or null. */
    contentJson: text("content_json").notNull(),
    toolCallsJson: text("tool_calls_json"),
    toolCallId: text("tool_call_id"),
    name: text("name"),
    tokens: integer("tokens").notNull(),
    inContext: boolean("in_context").notNull().default(true),
    kind: enumText("kind", { enum: ["message", "summary"] })
      .notNull()
      .default("message"),
    /** Where the row sits in the active context; equals seq except for summary rows. */
    position: doublePrecision("position").notNull(),
    /** How the row is shown in the active context when it is shortened: JSON {content, tool_calls?}. */
    overrideJson: text("override_json"),
    overrideTokens: integer("override_tokens"),
    /** Plain text indexed for full-text search (content, tool-call names and arguments). */
    searchText: text("search_text").notNull().default(""),
    /**
     * The words of search_text as SQLite's FTS5 tokenizer splits them (see caduceus_search_vector in the first
     * migration): what search matches against, kept in step with search_text by PostgreSQL itself.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`caduceus_search_vector(search_text)`),
    runId: text("run_id"),
    /** What a reasoning model thought before an assistant row (`reasoning_content`); never sent back to the model. */
    reasoning: text("reasoning"),
    /** A tool row's sources and whether it holds untrusted content (see ../schema.ts). */
    provenanceJson: text("provenance_json"),
    untrusted: boolean("untrusted").notNull().default(false),
    createdAt: int8("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("messages_session_seq_idx").on(t.sessionId, t.seq),
    index("messages_context_idx").on(t.sessionId, t.inContext, t.position, t.seq),
    // Partial: only tool results carry a call id, and only they are looked up by it.
    index("messages_tool_call_idx").on(t.sessionId, t.toolCallId).where(sql.raw("tool_call_id is not null")),
    index("messages_search_idx").using("gin", t.searchVector),
  ],
);

/** The images a tool returned (screenshots), stored once per session (see ../schema.ts). */
export const messageImages = pgTable(
  "message_images",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    /** The seq of the tool row that references it, and its place among that row's images. */
    seq: integer("seq").notNull(),
    ordinal: integer("ordinal").notNull(),
    mimeType: enumText("mime_type", { enum: ["image/png", "image/jpeg"] }).notNull(),
    bytes: bytea("bytes").notNull(),
    byteLength: integer("byte_length").notNull(),
    /** Pixels, from the PNG or JPEG header; null when the header does not say. */
    width: integer("width"),
    height: integer("height"),
    createdAt: int8("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.id] }),
    uniqueIndex("message_images_row_idx").on(t.sessionId, t.seq, t.ordinal),
  ],
);

/** One row per tool call an assistant message made, so tool results can be paired without scanning JSON. */
export const toolCalls = pgTable(
  "tool_calls",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    callId: text("call_id").notNull(),
    messageSeq: integer("message_seq").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.callId] })],
);

export const summaries = pgTable(
  "summaries",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    fromSeq: integer("from_seq").notNull(),
    toSeq: integer("to_seq").notNull(),
    tokensBefore: integer("tokens_before").notNull(),
    tokensAfter: integer("tokens_after").notNull(),
    model: text("model"),
    focusTopic: text("focus_topic"),
    fallbackUsed: boolean("fallback_used").notNull().default(false),
    messageId: text("message_id"),
    createdAt: int8("created_at").notNull(),
  },
  (t) => [uniqueIndex("summaries_session_version_idx").on(t.sessionId, t.version)],
);

export const anchors = pgTable(
  "anchors",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.kind, t.value] })],
);

/**
 * A run still holding its session (running, or paused on an interrupt). Written with literals, the one way both
 * planners match a query's condition to the partial index below: `status in (?, ?)` with bound values scans the
 * session's every run instead.
 */
export const RUN_IS_ACTIVE = "status in ('running', 'requires_action')";
export const runIsActive = sql.raw(RUN_IS_ACTIVE);
/** An event that is a streamed chunk of an answer or its reasoning (pruned after a day), written the same way. */
export const IS_STREAMED_CHUNK = "type in ('message.delta', 'reasoning.delta')";
export const isStreamedChunk = sql.raw(IS_STREAMED_CHUNK);

export const runs = pgTable(
  "runs",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    status: enumText("status", {
      enum: ["running", "requires_action", "completed", "incomplete", "failed", "interrupted", "cancelled"],
    }).notNull(),
    iterations: integer("iterations").notNull().default(0),
    /** Summed over every model call of the run: a long agent loop can pass 2^31. */
    promptTokens: int8("prompt_tokens").notNull().default(0),
    completionTokens: int8("completion_tokens").notNull().default(0),
    totalTokens: int8("total_tokens").notNull().default(0),
    /** Prompt tokens the provider read from (and wrote to) its prompt cache, where it reports them. */
    cacheReadTokens: int8("cache_read_tokens").notNull().default(0),
    cacheWriteTokens: int8("cache_write_tokens").notNull().default(0),
    compressed: boolean("compressed").notNull().default(false),
    error: text("error"),
    createdAt: int8("created_at").notNull(),
    updatedAt: int8("updated_at").notNull(),
    finishedAt: int8("finished_at"),
    /** The model the run calls, fixed when it starts, so a run resumed after a restart calls the same one. */
    model: text("model"),
    /** Started with `background: true`: no client waits on it. */
    background: boolean("background").notNull().default(false),
    /** JSON array of the client's own tools (OpenAI function schemas) the run offers the model, or null. */
    clientToolsJson: text("client_tools_json"),
    /** JSON object of the sampling settings the request named for this run only (`model_options`), or null. */
    modelOptionsJson: text("model_options_json"),
    /** The replica that executes (or last executed) the run; what is `running` on a dead replica is interrupted. */
    replicaId: text("replica_id"),
    /** The API key that started it (its limits count it); null for the server key's. */
    keyId: text("key_id"),
  },
  (t) => [
    index("runs_session_idx").on(t.sessionId, t.createdAt),
    index("runs_status_idx").on(t.status),
    // One run per session, whichever replica started it: a second one running or waiting cannot be inserted.
    uniqueIndex("runs_one_active_idx").on(t.sessionId).where(runIsActive),
    index("runs_replica_idx").on(t.replicaId),
    index("runs_key_active_idx").on(t.keyId).where(runIsActive),
  ],
);

/** What a run waits on: a tool call that needs a person's approval, or the client's own tool calls' outputs. */
export const interrupts = pgTable(
  "interrupts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    kind: enumText("kind", { enum: ["approval", "client_tool", "guard"] }).notNull(),
    status: enumText("status", { enum: ["pending", "answered", "cancelled"] }).notNull(),
    /** Approval: the tool, its call id and its arguments (redacted). */
    tool: text("tool"),
    toolCallId: text("tool_call_id"),
    argumentsJson: text("arguments_json"),
    /** Client tools: JSON array of the calls awaiting outputs. */
    toolCallsJson: text("tool_calls_json"),
    createdAt: int8("created_at").notNull(),
    expiresAt: int8("expires_at"),
    answeredAt: int8("answered_at"),
    answeredBy: enumText("answered_by", { enum: ["user", "policy", "timeout", "client"] }),
    decision: enumText("decision", { enum: ["approve", "deny"] }),
    reason: text("reason"),
    /** Client tools: JSON array of {tool_call_id, output}. */
    outputsJson: text("outputs_json"),
    guardJson: text("guard_json"),
  },
  (t) => [
    index("interrupts_run_idx").on(t.runId, t.createdAt),
    index("interrupts_session_status_idx").on(t.sessionId, t.status),
  ],
);

/** User messages sent to a run while it goes on, taken into the transcript before the run's next model call. */
export const runSteers = pgTable(
  "run_steers",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: int8("created_at").notNull(),
    /** The seq of the user message it became; null while it waits. */
    takenSeq: integer("taken_seq"),
  },
  (t) => [index("run_steers_run_idx").on(t.runId, t.takenSeq)],
);

/** Standing approvals: a tool approved for the rest of a session or for every session (see ../schema.ts). */
export const approvalGrants = pgTable(
  "approval_grants",
  {
    id: text("id").primaryKey(),
    scope: enumText("scope", { enum: ["session", "always"] }).notNull(),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    tool: text("tool").notNull(),
    matchKey: text("match_key").notNull(),
    addedBy: text("added_by").notNull(),
    interruptId: text("interrupt_id"),
    createdAt: int8("created_at").notNull(),
    /** The owner whose sessions an `always` grant holds for (see ../schema.ts). */
    owner: text("owner"),
  },
  (t) => [
    index("approval_grants_key_idx").on(t.matchKey, t.scope),
    index("approval_grants_session_idx").on(t.sessionId),
  ],
);

/** Values a session keeps private from what the guard does not trust (see ../schema.ts). */
export const privateValues = pgTable(
  "private_values",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    originsJson: text("origins_json").notNull().default("[]"),
    source: enumText("source", { enum: ["user", "typed"] }).notNull(),
    createdAt: int8("created_at").notNull(),
  },
  (t) => [index("private_values_session_idx").on(t.sessionId, t.createdAt)],
);

export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    dataJson: text("data_json").notNull(),
    createdAt: int8("created_at").notNull(),
    /** The run the event belongs to, when it belongs to one (GET /v1/runs/{id}/events reads by it). */
    runId: text("run_id"),
  },
  (t) => [
    index("events_session_idx").on(t.sessionId, t.id),
    // Only the streamed chunks are ever looked up by type and age (to prune them), and most events are not chunks.
    index("events_type_created_idx").on(t.type, t.createdAt).where(isStreamedChunk),
    index("events_run_idx").on(t.runId, t.id),
  ],
);

export const dialogHistory = pgTable(
  "dialog_history",
  {
    rowId: bigint("row_id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    dialogId: text("dialog_id").notNull(),
    type: text("type").notNull(),
    message: text("message").notNull(),
    defaultPrompt: text("default_prompt"),
    frameId: text("frame_id"),
    openedAt: int8("opened_at").notNull(),
    closedAt: int8("closed_at").notNull(),
    closedBy: text("closed_by").notNull(),
    action: text("action"),
  },
  (t) => [index("dialog_history_session_idx").on(t.sessionId, t.rowId)],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** The run the request started, claimed with it so a retry after a crash finds that run (see ../schema.ts). */
    runId: text("run_id").references(() => runs.id, { onDelete: "cascade" }),
    /** The stored response; all three are null while the run the key started has not answered yet (or never will). */
    status: integer("status"),
    headersJson: text("headers_json"),
    body: text("body"),
    /** The request that holds the key while it runs (a random token of its own; see ../schema.ts). */
    holder: text("holder"),
    createdAt: int8("created_at").notNull(),
    expiresAt: int8("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index("idempotency_expiry_idx").on(t.expiresAt),
    // Deleting a session deletes its runs; the cascade to their keys looks them up here.
    index("idempotency_run_idx").on(t.runId),
  ],
);

/** A response of the Responses API (`POST /v1/responses`): the run that answered it, and what it chained to. */
export const responses = pgTable(
  "responses",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** The response this one continues, as the client named it. */
    previousResponseId: text("previous_response_id"),
    /** The conversation (`conversation` of the request) it was made in, or null. */
    conversation: text("conversation"),
    instructions: text("instructions"),
    /** `store: false`: answered, but neither readable back nor continued from. */
    stored: boolean("stored").notNull(),
    metadataJson: text("metadata_json").notNull().default("{}"),
    createdAt: int8("created_at").notNull(),
    /** Set by DELETE /v1/responses/{id}: the response is gone from the API; the session's transcript stays. */
    deletedAt: int8("deleted_at"),
  },
  (t) => [index("responses_session_idx").on(t.sessionId, t.createdAt), index("responses_run_idx").on(t.runId)],
);

/** Every identifier found in every stored row, taken when the row is stored (see ../schema.ts). */
export const messageAnchors = pgTable(
  "message_anchors",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq, t.kind, t.value] })],
);

/** The server processes sharing this database, where the others reach each, and when it last said it was alive. */
export const replicas = pgTable("replicas", {
  id: text("id").primaryKey(),
  /** Where the other replicas reach it (server.internal_url), or null for a replica no other can reach. */
  internalUrl: text("internal_url"),
  startedAt: int8("started_at").notNull(),
  heartbeatAt: int8("heartbeat_at").notNull(),
});

/** Which replica holds a session's browser (its supervisor lives there); held while that replica is alive. */
export const browserLeases = pgTable("browser_leases", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  replicaId: text("replica_id").notNull(),
  acquiredAt: int8("acquired_at").notNull(),
});

export * from "./access-schema.js";
export * from "./memory-schema.js";
export * from "./jobs-schema.js";
