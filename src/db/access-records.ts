/**
 * @module access-records
 * The records of who may call the server and what their calls did — API keys, model calls, audit entries — and the
 * owner filter lists take. Plain data, times as epoch milliseconds; exported through ./records.ts with the others.
 */

/**
 * Whose rows a list reads: `{ owner }` one owner's (`owner: null` is the server key's own), or null every owner's
 * (an admin's list).
 */
export type OwnerFilter = { owner: string | null } | null;

/** A key's limits; each is optional and unlimited when absent. */
export type KeyLimits = { requests_per_minute?: number; concurrent_runs?: number; tokens_per_day?: number };

/** An API key as stored: never its secret, only the secret's hash and first characters. */
export type ApiKeyRecord = {
  id: string;
  name: string;
  owner: string;
  scopes: string[];
  secret_hash: string;
  start: string;
  limits: KeyLimits;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  created_by: string | null;
};

export type ApiKeyPatch = Partial<Pick<ApiKeyRecord, "name" | "scopes" | "limits" | "expires_at">>;

/** Why a model was called: an agent turn, a turn that carried images, a compression summary. */
export type ModelCallPurpose = "agent" | "vision" | "compression";

export type ModelCallRecord = {
  id: string;
  created_at: number;
  purpose: ModelCallPurpose;
  model: string;
  owner: string | null;
  key_id: string | null;
  session_id: string | null;
  run_id: string | null;
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  /** Counted here: the provider sent no usage. */
  estimated: boolean;
  /** From the price table in force; null when it has no price for the model. */
  cost_usd: number | null;
  /** What the session's compressions had taken out of the context this call was sent. */
  saved_tokens: number;
};

/** How usage rows are grouped. */
export type UsageGrouping = "owner" | "key" | "session" | "model" | "purpose" | "day";

/** Which model calls a usage report sums. */
export type UsageQuery = { from: number; to: number; group_by: UsageGrouping; owner: OwnerFilter };

/** One group of a usage report: its sums (`cost_usd` null when no call of it had a price). */
export type UsageRow = {
  group: string | null;
  calls: number;
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cost_usd: number | null;
  /** Calls of the group whose model had no price: their cost is not in `cost_usd`. */
  unpriced_calls: number;
  saved_tokens: number;
};

/** What the model calls of some runs (or sessions) cost, by run (or session); absent when none had a price. */
export type CostByKey = Map<string, number>;

export type AuditRecord = {
  id: string;
  created_at: number;
  action: string;
  key_id: string | null;
  owner: string | null;
  resource_type: string | null;
  resource_id: string | null;
  status: number | null;
  request_id: string | null;
  detail: Record<string, unknown>;
};

/** Which audit entries to list: newest first, from before `before_id` (the cursor). */
export type AuditQuery = {
  limit: number;
  before_id: string | null;
  key_id: string | null;
  action: string | null;
  from: number | null;
  to: number | null;
};
