/**
 * @module circuit-breaker
 * One circuit breaker per model endpoint, shared by every run and compression of the process: after
 * `model.breaker.failure_threshold` failed calls in a row (each already retried by the client) the model is open —
 * left out of its chain — for `model.breaker.cooldown_s`; then one call is let through as a probe (half-open), and its
 * outcome closes the breaker or opens it again for another cooldown.
 */

export type BreakerState = "closed" | "open" | "half_open";

/** What readiness and the logs are told about one model's breaker. */
export type BreakerView = {
  state: BreakerState;
  failures: number;
  open_until: number | null;
  last_failure: string | null;
};

type Entry = { failures: number; openUntil: number | null; probing: boolean; lastFailure: string | null };

export class CircuitBreakers {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: { cooldownMs: number; failureThreshold: number; now: () => number }) {}

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { failures: 0, openUntil: null, probing: false, lastFailure: null };
      this.entries.set(key, entry);
    }
    return entry;
  }

  view(key: string): BreakerView {
    const entry = this.entries.get(key);
    if (!entry) return { state: "closed", failures: 0, open_until: null, last_failure: null };
    return {
      state: this.stateOf(entry),
      failures: entry.failures,
      open_until: entry.openUntil,
      last_failure: entry.lastFailure,
    };
  }

  private stateOf(entry: Entry): BreakerState {
    if (entry.openUntil === null) return "closed";
    return this.options.now() < entry.openUntil ? "open" : "half_open";
  }

  /**
   * Whether a call may go to `key` now: always while closed; once open, only after the cooldown and only one call at
   * a time (the probe, which must end in succeeded, failed or released).
   */
  admit(key: string): boolean {
    const entry = this.entry(key);
    const state = this.stateOf(entry);
    if (state === "closed") return true;
    if (state === "open" || entry.probing) return false;
    entry.probing = true;
    return true;
  }

  succeeded(key: string): void {
    const entry = this.entry(key);
    entry.failures = 0;
    entry.openUntil = null;
    entry.probing = false;
  }

  failed(key: string, reason: string): void {
    const entry = this.entry(key);
    entry.failures += 1;
    entry.lastFailure = reason;
    const wasProbe = entry.probing;
    entry.probing = false;
    if (wasProbe || entry.failures >= this.options.failureThreshold)
      entry.openUntil = this.options.now() + this.options.cooldownMs;
  }

  /** The call ended in a way that says nothing of the model's health (a cancel, a bad request): a probe is freed. */
  released(key: string): void {
    this.entry(key).probing = false;
  }
}
