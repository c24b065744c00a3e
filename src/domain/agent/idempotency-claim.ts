/**
 * @module idempotency-claim
 * The Idempotency-Key a request carries, as the agent runner needs it: a run started under it records the key in the
 * transaction that stores the run and its user message, so a retry after a crash finds that run instead of starting
 * another. The transport fills it in; the runner consumes it.
 */
export type IdempotencyClaim = {
  /** Who sent it and where: keys of different callers or routes never meet. */
  scope: string;
  key: string;
  /** Hash of the request body; the same key with another body is a conflict. */
  requestHash: string;
  /** How long the key is kept from the moment it is claimed. */
  ttlMs: number;
  /**
   * The run an earlier request with this key and body started and never stored an answer for (its process stopped):
   * the answer is that run as it is stored now, and nothing runs again.
   */
  priorRunId: string | null;
  /** The request's own hold on the key (null when it replays a prior run), which the run it starts takes over. */
  holder: string | null;
  /**
   * What to throw when another request turns out to hold the key (another process claimed it meanwhile): the
   * caller's own answer for that, which rolls the run and its user message back.
   */
  heldElsewhere(): Error;
};
