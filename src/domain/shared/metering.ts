/**
 * @module metering
 * The port through which whatever calls a model — an agent turn, a compression summary — records the call: what for,
 * which model, whose (owner, key), in which session and run, and its usage (or a way to count it when the provider
 * sent none). A compression does not know the run it serves, so the run and the key are carried with the work
 * (`within`) and read back where the summary model is called (`attribution`). The usage capability implements it,
 * and checks a key's tokens of the day against its limit before a model call.
 */
import type { ModelCallPurpose } from "../../db/records.js";
import type { TokenUsage } from "../../kernel/chat.js";

/** The run and the key a model call is counted for. */
export type Attribution = { run_id: string | null; key_id: string | null };

/** Tokens counted here, each only when the provider's usage lacks it (counting a whole context costs). */
export type TokenCounts = { input(): number; output(): number; reasoning(): number };

export type MeteredCall = {
  purpose: ModelCallPurpose;
  model: string;
  session_id: string | null;
  owner: string | null;
  key_id: string | null;
  run_id: string | null;
  /** The provider's usage; null when it sent none. */
  usage: TokenUsage | null;
  /** Counts the call's tokens where the provider's usage lacks them. */
  count: TokenCounts;
  /** The tokens the session's compressions saved so far, when the caller knows them (else they are summed). */
  saved_tokens?: number;
};

export type ModelCallMeter = {
  /** Records a call; never fails the work that made it. */
  record(call: MeteredCall): Promise<void>;
  /** The run and key the work under way is counted for, if it was started `within` one. */
  attribution(): Attribution | null;
  within<T>(attribution: Attribution, work: () => Promise<T>): Promise<T>;
  /** Refuses (token_budget_exceeded) when the key's tokens of the day reached its `tokens_per_day`. */
  checkBudget(keyId: string | null): Promise<void>;
};
