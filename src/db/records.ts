/**
 * @module records
 * Every record the repositories read and write: plain data, times as epoch milliseconds. The domain
 * turns them into what it needs; routes never see them.
 */
import type { FunctionTool, MessageContent, ModelOptions, Role, RunStatus, ToolCall } from "../kernel/chat.js";
import type { ImageMimeType } from "../kernel/image-refs.js";
import type { GuardHold, Provenance } from "../kernel/provenance.js";

export * from "./access-records.js";
export * from "./memory-records.js";
export * from "./jobs-records.js";

/** A session's config overrides as stored (JSON): the domain reads only the keys a session may own from it. */
export type StoredSessionConfig = Record<string, unknown>;

/** A transcript row as stored; never edited by compression. */
export type Message = {
  id: string;
  session_id: string;
  seq: number;
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  /** What a reasoning model thought before this assistant row, when it said. */
  reasoning?: string;
  /** A tool row's sources and whether they are trusted; null on the other rows. */
  provenance: Provenance | null;
  tokens: number;
  in_context: boolean;
  kind: "message" | "summary";
  created_at: number;
};

/** A stored row plus what the active context needs: its place and its shortened form, if any. */
export type StoredMessage = Message & {
  position: number;
  override: { content: MessageContent; tool_calls?: ToolCall[] } | null;
  override_tokens: number | null;
  run_id: string | null;
};

/** An image a tool returned, as stored beside the tool row (`seq`) that references it; the bytes are read apart. */
export type ImageRecord = {
  id: string;
  session_id: string;
  seq: number;
  ordinal: number;
  mime_type: ImageMimeType;
  byte_length: number;
  width: number | null;
  height: number | null;
  created_at: number;
};

/** An image with its bytes. */
export type StoredImage = ImageRecord & { bytes: Buffer };

export type NewImage = Pick<StoredImage, "id" | "ordinal" | "mime_type" | "bytes" | "width" | "height">;

export type SessionRecord = {
  id: string;
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  system_prompt_tokens: number;
  config: StoredSessionConfig;
  created_at: number;
  updated_at: number;
  message_count: number;
  context_tokens: number;
  context_message_count: number;
  compression_count: number;
  last_prompt_tokens: number;
  last_completion_tokens: number;
  engine_state: Record<string, unknown>;
  browser_url: string | null;
  /** Who made it, as a Hermes client names itself; null for sessions made through our own routes. */
  source: string | null;
  pinned: boolean;
  archived: boolean;
  hidden: boolean;
  /** Why it ended, as a Hermes client says it (`branched` once forked), and when; null while it goes on. */
  end_reason: string | null;
  ended_at: number | null;
  /** The X-Hermes-Session-Key that last ran in it. */
  session_key: string | null;
  /** The session it was forked from. */
  parent_session_id: string | null;
  /** Whether every row's identifiers are in the anchor table (false for sessions older than that table, until read). */
  anchors_indexed: boolean;
  /** The random id of the guard's labelled blocks around untrusted content in this session's context. */
  fence_id: string;
  /** Whose it is (the owner of the API key that made it); null for the server key's. */
  owner: string | null;
  /** The owner's memory frozen when the session started, sent after its system prompt on every turn; null: none. */
  memory_block: string | null;
};

export type AnchorRecord = { kind: string; value: string; count: number; first_seq: number; last_seq: number };

/** An anchor of the whole transcript: the index entry, and whether a row it is in is still in the context. */
export type TranscriptAnchor = AnchorRecord & { in_context: boolean };

export type DialogHistoryRow = {
  session_id: string;
  dialog_id: string;
  type: string;
  message: string;
  default_prompt: string | null;
  frame_id: string | null;
  opened_at: number;
  closed_at: number;
  closed_by: string;
  action: string | null;
};

export type StoredEvent = { id: number; session_id: string; type: string; data: unknown; created_at: number };

export type StoredResponse = {
  requestHash: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

/**
 * What a key holds: the response it answered with, or — when the request started a run and its response was never
 * stored (still running, or the process stopped) — that run.
 */
export type IdempotencyRecord =
  | { state: "answered"; requestHash: string; response: StoredResponse }
  | { state: "pending"; requestHash: string; runId: string; runStatus: RunStatus }
  /** A request holds the key and has neither answered nor started a run yet. */
  | { state: "held"; requestHash: string };

/** A request's hold on a key while it runs: `holder` is its own random token. */
export type KeyHold = { scope: string; key: string; requestHash: string; holder: string };

/** A run claiming the key; `holder` is the request's own hold, which the run takes over. */
export type RunClaim = { scope: string; key: string; requestHash: string; runId: string; holder?: string | null };

export type NewMessage = {
  id: string;
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  tokens: number;
  search_text: string;
  kind?: "message" | "summary";
  in_context?: boolean;
  /** Defaults to the row's seq. */
  position?: number;
  run_id?: string | null;
  reasoning?: string | null;
  /** A tool row's sources; a tool row stored without any is the client's (it posted it). */
  provenance?: Provenance | null;
};

export type RunRecord = {
  id: string;
  session_id: string;
  status: RunStatus;
  iterations: number;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** Prompt tokens the provider read from and wrote to its prompt cache over the run, where it reports them. */
  cache: RunCacheTokens;
  compressed: boolean;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** The model the run calls; null on runs stored before it was recorded. */
  model: string | null;
  background: boolean;
  /** The client's own tools the run offers the model. */
  client_tools: FunctionTool[];
  /** Sampling settings the request named for this run only; null for the model's defaults. */
  model_options: ModelOptions | null;
  /** The replica that executes (or last executed) it; null on runs stored before replicas were recorded. */
  replica_id: string | null;
  /** The API key that started it; null for the server key's. */
  key_id: string | null;
};

export type NewRun = {
  id: string;
  session_id: string;
  model: string;
  background: boolean;
  client_tools: FunctionTool[];
  model_options?: ModelOptions | null;
  replica_id: string;
  key_id?: string | null;
  now: number;
};

/** Who answered an interrupt: a person or client over HTTP, the configured policy, or the timeout. */
export type InterruptAnswerer = "user" | "policy" | "timeout" | "client";

/** One tool output a client sends back for its own tool call. */
export type ToolOutputInput = { tool_call_id: string; output: string };

export type InterruptRecord = {
  id: string;
  session_id: string;
  run_id: string;
  kind: "approval" | "client_tool" | "guard";
  status: "pending" | "answered" | "cancelled";
  /** Approval and guard: the tool, the call and its redacted arguments (JSON text). */
  tool: string | null;
  tool_call_id: string | null;
  arguments: string | null;
  /** Client tools: the calls that need outputs. */
  tool_calls: ToolCall[];
  created_at: number;
  expires_at: number | null;
  answered_at: number | null;
  answered_by: InterruptAnswerer | null;
  decision: "approve" | "deny" | null;
  reason: string | null;
  outputs: ToolOutputInput[] | null;
  /** Guard: the action held (or refused), why, and the untrusted content read before it. */
  guard: GuardHold | null;
};

export type NewInterrupt = Pick<InterruptRecord, "id" | "session_id" | "run_id" | "kind" | "created_at"> &
  Partial<Pick<InterruptRecord, "tool" | "tool_call_id" | "arguments" | "tool_calls" | "expires_at" | "guard">>;

export type InterruptAnswer = {
  answered_by: InterruptAnswerer;
  answered_at: number;
  decision?: "approve" | "deny";
  reason?: string | null;
  outputs?: ToolOutputInput[];
};

export type SteerRecord = {
  id: string;
  run_id: string;
  session_id: string;
  content: string;
  created_at: number;
  taken_seq: number | null;
};

/** What a model response tells of the session's context: the prompt it was sent and the answer it wrote, in tokens. */
export type ResponseFigures = { last_prompt_tokens: number; last_completion_tokens: number };

export type RunCacheTokens = { read_tokens: number; write_tokens: number };

export type RunPatch = Partial<{
  status: RunStatus;
  iterations: number;
  usage: RunRecord["usage"];
  cache: RunCacheTokens;
  compressed: boolean;
  error: string | null;
  finished_at: number | null;
  replica_id: string | null;
}>;

export type NewSession = {
  id: string;
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  system_prompt_tokens: number;
  config: StoredSessionConfig;
  derived_key?: string | null;
  source?: string | null;
  parent_session_id?: string | null;
  /** The guard's fence id; a fresh random one when not given. */
  fence_id?: string;
  owner?: string | null;
  memory_block?: string | null;
  now: number;
};

export type SessionPatch = Partial<{
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  system_prompt_tokens: number;
  config: StoredSessionConfig;
  engine_state: Record<string, unknown>;
  browser_url: string | null;
  last_prompt_tokens: number;
  last_completion_tokens: number;
  derived_key: string | null;
  pinned: boolean;
  archived: boolean;
  hidden: boolean;
  end_reason: string | null;
  ended_at: number | null;
  session_key: string | null;
  anchors_indexed: boolean;
}>;

export type SessionCursor = { created_at: number; id: string };

export type SummaryRecord = {
  id: string;
  session_id: string;
  version: number;
  body: string;
  covers: { from_seq: number; to_seq: number };
  tokens_before: number;
  tokens_after: number;
  model: string | null;
  focus_topic: string | null;
  fallback_used: boolean;
  message_id: string | null;
  created_at: number;
};

export type NewSummary = Omit<SummaryRecord, "session_id">;

/** A hit of a search over every session: the hit, and the session it is in. */
export type SessionSearchHit = SearchHit & { session_id: string; session_title: string | null };

export type SearchHit = {
  seq: number;
  message_id: string;
  role: string;
  in_context: boolean;
  kind: string;
  snippet: string;
  rank: number;
  created_at: number;
};

/** A response of the Responses API; its output is the rows of its run. */
export type ResponseRecord = {
  id: string;
  session_id: string;
  run_id: string;
  previous_response_id: string | null;
  conversation: string | null;
  instructions: string | null;
  stored: boolean;
  metadata: Record<string, string>;
  created_at: number;
  deleted_at: number | null;
};

/** An inspector sign-in: hashes only, never the cookie token or the API key themselves. */
export type UiSessionRecord = {
  token_hash: string;
  csrf_token: string;
  key_hash: string;
  created_at: number;
  expires_at: number;
  /** The API key it was signed in with; null (or absent) for the server key. */
  key_id?: string | null;
};

/** A server process sharing the database: where the others reach it and when it last beat. */
export type ReplicaRecord = { id: string; internal_url: string | null; started_at: number; heartbeat_at: number };

/** Who holds a session's browser; the holder's address and heartbeat are null when its replica row is gone. */
export type BrowserLeaseRecord = {
  session_id: string;
  replica_id: string;
  acquired_at: number;
  internal_url: string | null;
  heartbeat_at: number | null;
};

/** The last run of a page of runs (newest first): the next page starts after it. */
export type RunCursor = { created_at: number; id: string };

/** Which anchors of a session's transcript to list or count. */
export type AnchorFilter = {
  kind?: string;
  q?: string;
  inContext?: boolean;
  /** Only rows with these seqs. */
  seqs?: number[];
  limit?: number;
  offset?: number;
};

/** A standing approval: a tool approved for the rest of a session, or for every session (the allowlist). */
export type ApprovalGrantRecord = {
  id: string;
  scope: "session" | "always";
  /** The session it was granted in (the one it holds for, with scope session). */
  session_id: string | null;
  tool: string;
  /** What a later call must match: the tool's name, or a shell-like tool's command pattern. */
  match_key: string;
  /** Who added it: `user` (a person over HTTP) or `client`. */
  added_by: string;
  /** The interrupt whose answer added it. */
  interrupt_id: string | null;
  created_at: number;
  /** The owner of the session it was given in (absent: the server key's): an `always` grant holds for that owner's only. */
  owner?: string | null;
};

/** A value a session keeps private: it never leaves for an origin it is not bound to, once untrusted content was read. */
export type PrivateValueRecord = {
  id: string;
  session_id: string;
  value: string;
  /** The origins it may go to: those the user named with it, or the page it was typed into. */
  origins: string[];
  /** `user`: marked private through the API; `typed`: the agent typed it into a password field. */
  source: "user" | "typed";
  created_at: number;
};

/** What a session's runs have used, summed: tokens, model calls and tool calls. */
export type SessionUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  api_call_count: number;
  tool_call_count: number;
};
