/**
 * @module engine-state
 * The context manager's persisted bookkeeping, read from the session row, and how each outcome changes it: a
 * compression that did not help is a strike, strikes or fallbacks in a row block automatic compression for a
 * while, and summary-model failures start cooldowns.
 */
/**
 * Bookkeeping of the context manager that must survive restarts, kept in
 * `sessions.engine_state_json`: anti-thrashing strikes (SPEC §5.6) and summary-model cooldowns (§5.7).
 */
export type EngineState = {
  /** Set by a compression; the next real prompt count decides whether it helped. */
  awaiting_usage: boolean;
  strikes: number;
  fallback_streak: number;
  /** Automatic compression is off until this time (epoch ms). Manual compression ignores it. */
  auto_blocked_until: number | null;
  /** The summary model is not called until this time; the deterministic fallback is used instead. */
  summary_cooldown_until: number | null;
  timeout_streak: number;
  last_failure: string | null;
};

export const AUTO_BLOCK_S = 300;
export const STRIKES_TO_BLOCK = 2;
export const FALLBACKS_TO_BLOCK = 2;
export const TIMEOUT_COOLDOWNS_S = [60, 300, 900] as const;
export const MALFORMED_COOLDOWN_S = 30;

export function readEngineState(raw: Record<string, unknown>): EngineState {
  const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);
  const time = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    awaiting_usage: raw.awaiting_usage === true,
    strikes: num(raw.strikes, 0),
    fallback_streak: num(raw.fallback_streak, 0),
    auto_blocked_until: time(raw.auto_blocked_until),
    summary_cooldown_until: time(raw.summary_cooldown_until),
    timeout_streak: num(raw.timeout_streak, 0),
    last_failure: typeof raw.last_failure === "string" ? raw.last_failure : null,
  };
}

export function isAutoBlocked(state: EngineState, now: number): boolean {
  return state.auto_blocked_until !== null && now < state.auto_blocked_until;
}

/**
 * The first real prompt count after a compression: still over the threshold is a strike. Two
 * strikes block automatic compression; after the block one more attempt is allowed, and a strike
 * on that attempt blocks again.
 */
export function recordRealPromptCount(
  state: EngineState,
  promptTokens: number,
  thresholdTokens: number,
  now: number,
): EngineState {
  if (!state.awaiting_usage) return state;
  const next = { ...state, awaiting_usage: false };
  if (promptTokens < thresholdTokens) return { ...next, strikes: 0 };
  next.strikes += 1;
  if (next.strikes >= STRIKES_TO_BLOCK) {
    next.auto_blocked_until = now + AUTO_BLOCK_S * 1000;
    next.strikes = STRIKES_TO_BLOCK - 1;
  }
  return next;
}

export function recordCompression(state: EngineState, fallbackUsed: boolean, now: number): EngineState {
  const next = { ...state, awaiting_usage: true, fallback_streak: fallbackUsed ? state.fallback_streak + 1 : 0 };
  if (next.fallback_streak >= FALLBACKS_TO_BLOCK) {
    next.auto_blocked_until = now + AUTO_BLOCK_S * 1000;
    next.fallback_streak = FALLBACKS_TO_BLOCK - 1;
  }
  return next;
}

export function recordSummarySuccess(state: EngineState): EngineState {
  return { ...state, timeout_streak: 0, summary_cooldown_until: null, last_failure: null };
}

export function recordSummaryFailure(
  state: EngineState,
  kind: "timeout" | "malformed" | "other",
  reason: string,
  now: number,
): EngineState {
  if (kind === "timeout") {
    const streak = state.timeout_streak + 1;
    const cooldownS = TIMEOUT_COOLDOWNS_S[Math.min(streak, TIMEOUT_COOLDOWNS_S.length) - 1];
    return { ...state, timeout_streak: streak, summary_cooldown_until: now + cooldownS * 1000, last_failure: reason };
  }
  if (kind === "malformed")
    return { ...state, summary_cooldown_until: now + MALFORMED_COOLDOWN_S * 1000, last_failure: reason };
  return { ...state, last_failure: reason };
}
