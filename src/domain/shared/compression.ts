/**
 * @module compression
 * Compression as the agent loop and the compress endpoint see it: what triggers a compression, how one is
 * asked for, what it reports, and the two points of a run where it may compress.
 */
import type { ResponseFigures, SessionRecord, SummaryRecord } from "../../db/records.js";
import type { TokenUsage } from "../../kernel/chat.js";

/** The token figures a model response leaves on its session. */
export function responseFigures(usage: TokenUsage): ResponseFigures {
  return { last_prompt_tokens: usage.prompt_tokens, last_completion_tokens: usage.completion_tokens };
}

export type CompressionTrigger = "manual" | "preflight" | "threshold" | "hygiene";

export type CompressRequest = {
  focusTopic?: string | null;
  dryRun?: boolean;
  trigger: CompressionTrigger;
  signal?: AbortSignal;
  /** The run compressing (before it, or after one of its model responses): its events name it. */
  runId?: string;
};

/** The answer of POST /compress (SPEC §3), also what automatic compressions report. */
export type CompressOutcome = {
  compressed: boolean;
  reason?: string;
  tokens_before: number;
  tokens_after: number;
  messages_compacted: number;
  summary: SummaryRecord | null;
  fallback_used: boolean;
  anchors_added: number;
  /** dry_run only: what would be compacted and the anchors found there. */
  would_compact?: { from_seq: number; to_seq: number; seqs: number[] };
  anchors?: Array<{ kind: string; value: string; count: number }>;
  /** dry_run only: tokens of the rows that would leave the context. */
  compacted_tokens?: number;
};

/**
 * What the agent loop needs from the session's context engine: the points of a run where it may compress. The
 * implementation (compression-triggers.ts) picks the engine a session is configured with and persists every change
 * it makes (SPEC §5.2).
 */
export type RunCompression = {
  /** Before a run: hygiene (≥ hygiene_threshold or ≥ 400 messages) and the pre-flight threshold check. */
  prepareForRun(sessionId: string, signal?: AbortSignal, runId?: string): Promise<CompressOutcome | null>;
  /** After each model response: records real usage; compresses when the real count crosses the threshold. */
  afterResponse(
    sessionId: string,
    usage: TokenUsage,
    signal?: AbortSignal,
    runId?: string,
  ): Promise<CompressOutcome | null>;
  /**
   * Whether afterResponse would do no more for this response than write the session's figures: no compression due
   * and no anti-thrashing state to settle. Decided from `session`, the record the run started from: a run keeps the
   * settings it started with, only a compression changes the engine's state, and nothing else compresses a session
   * while its run goes on. So a run can store a final answer, its figures and its end in one transaction.
   */
  settlesQuietly(session: SessionRecord, usage: TokenUsage): Promise<boolean>;
};
