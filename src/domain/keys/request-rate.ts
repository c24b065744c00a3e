/**
 * @module request-rate
 * A key's `requests_per_minute`: each key's requests counted in a window of a minute from its first request, in this
 * process's memory — so with several replicas each counts its own (a key may make the limit's requests on each).
 */
import { DomainError } from "../../kernel/errors.js";

const WINDOW_MS = 60_000;
/** Windows kept before the ended ones are swept. */
const SWEEP_AT_KEYS = 1_000;

export class RequestRate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Counts a request of the key; past `limit` in its window, refuses it with when the window ends. */
  take(keyId: string, limit: number, now: number): void {
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size >= SWEEP_AT_KEYS) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(keyId, window);
    }
    if (window.count >= limit) {
      const resetsAt = window.start + WINDOW_MS;
      const retryAfterS = Math.max(1, Math.ceil((resetsAt - now) / 1000));
      throw new DomainError(
        "rate_limited",
        `the API key ${keyId} made its ${limit} requests of this minute (requests_per_minute); retry in ${retryAfterS} s, ` +
          `at ${new Date(resetsAt).toISOString()}`,
        {
          retryAfterS,
          details: { limit, limit_name: "requests_per_minute", resets_at: new Date(resetsAt).toISOString() },
        },
      );
    }
    window.count += 1;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}
