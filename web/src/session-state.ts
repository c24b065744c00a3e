/**
 * @module web/session-state
 * What the session list and the session view share about a session: whether its context is over its compression
 * threshold, and the DOM event the view sends when the session's runs or messages changed (the list reads itself
 * again on it).
 */
import type { Schemas } from "./client.js";

export const SESSION_ACTIVITY = "caduceus:session-activity";

/** Whether the session's context is over its compression threshold (it compresses at the next safe point). */
export function overBudget(stats: Schemas["Session"]["stats"]): boolean {
  return stats.threshold_tokens > 0 && stats.context_tokens > stats.threshold_tokens;
}
