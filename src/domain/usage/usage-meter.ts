/**
 * @module usage-meter
 * Every model call recorded as it is made (the metering port, ../shared/metering.ts): its tokens from the provider's
 * usage — counted here with the model's tokenizer where the provider sent none — its cost from the price table, and
 * for a turn what the session's compressions had taken out of the context it was sent. And a key's tokens of the
 * day, summed over every replica's calls, held to its `tokens_per_day` before each model call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ModelPrice } from "../../config/access-schema.js";
import type { Store } from "../../db/store.js";
import { DomainError } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import type { Logger } from "../../logger.js";
import type { Attribution, MeteredCall, ModelCallMeter } from "../shared/metering.js";
import { costOf } from "./prices.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the UTC day `at` is in: a key's tokens of the day are counted from it. */
export function startOfUtcDay(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

export type UsageMeterDeps = {
  store: Store;
  now: () => number;
  logger: Logger;
  prices: Record<string, ModelPrice>;
};

/** A call as it was recorded: what the metrics' cost counter is told. */
export type RecordedCall = { model: string; purpose: string; cost_usd: number | null };

export class UsageMeter implements ModelCallMeter {
  private readonly current = new AsyncLocalStorage<Attribution>();
  private readonly listeners: Array<(call: RecordedCall) => void> = [];

  constructor(private readonly deps: UsageMeterDeps) {}

  /** Hears of every call once it is recorded (the metrics count its cost). */
  onRecorded(listener: (call: RecordedCall) => void): void {
    this.listeners.push(listener);
  }

  async record(call: MeteredCall): Promise<void> {
    try {
      const { usage, count } = call;
      const input = usage?.prompt_tokens ?? count.input();
      const output = usage?.completion_tokens ?? count.output();
      const reasoning = usage?.reasoning_tokens ?? count.reasoning();
      const estimated = usage === null;
      const cached = Math.min(usage?.cache_read_tokens ?? 0, input);
      const saved =
        call.saved_tokens ??
        (call.purpose !== "compression" && call.session_id !== null
          ? await this.deps.store.summaries.savedTokens(call.session_id)
          : 0);
      const at = this.deps.now();
      const cost = costOf(this.deps.prices, call.model, { input, cached_input: cached, output });
      await this.deps.store.modelCalls.insert({
        id: newId("mcl", at),
        created_at: at,
        purpose: call.purpose,
        model: call.model,
        owner: call.owner,
        key_id: call.key_id,
        session_id: call.session_id,
        run_id: call.run_id,
        input_tokens: input,
        cached_input_tokens: cached,
        output_tokens: output,
        reasoning_tokens: reasoning,
        estimated,
        cost_usd: cost,
        saved_tokens: saved,
      });
      for (const listener of this.listeners) listener({ model: call.model, purpose: call.purpose, cost_usd: cost });
    } catch (err) {
      this.deps.logger.error(
        { err, session_id: call.session_id, run_id: call.run_id, purpose: call.purpose },
        "could not record a model call's usage",
      );
    }
  }

  attribution(): Attribution | null {
    return this.current.getStore() ?? null;
  }

  within<T>(attribution: Attribution, work: () => Promise<T>): Promise<T> {
    return this.current.run(attribution, work);
  }

  async checkBudget(keyId: string | null): Promise<void> {
    if (keyId === null) return;
    const key = await this.deps.store.apiKeys.get(keyId);
    const limit = key?.limits.tokens_per_day;
    if (limit === undefined) return;
    const now = this.deps.now();
    const dayStart = startOfUtcDay(now);
    const used = await this.deps.store.modelCalls.tokensOfKeySince(keyId, dayStart);
    if (used < limit) return;
    const resetsAt = new Date(dayStart + DAY_MS).toISOString();
    throw new DomainError(
      "token_budget_exceeded",
      `the API key ${keyId} used ${used} of its ${limit} tokens today (tokens_per_day); it resets at ${resetsAt}`,
      {
        retryAfterS: Math.max(1, Math.ceil((dayStart + DAY_MS - now) / 1000)),
        details: { limit, limit_name: "tokens_per_day", used, resets_at: resetsAt },
      },
    );
  }
}
