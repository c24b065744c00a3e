/**
 * @module compressor
 * The built-in context engine, `compressor`: prunes old tool traffic, keeps the head and the tail, and replaces the
 * span between with one summary (the summary model's, or a deterministic one when it cannot be used) and the
 * anchors of what was compacted.
 */
import type { CompressionConfig } from "../../../config/schema.js";
import { anchorIndexBudget, anchorTextOf, buildAnchorIndex, rankAnchors } from "../../shared/anchors.js";
import { computeSummaryTargetTokens, computeTailBudgetTokens } from "../../shared/budgets.js";
import type {
  Anchor,
  ContextEngine,
  ContextItem,
  EngineCompressOptions,
  EngineCompressResult,
  EngineFactoryContext,
} from "../engine.js";
import { redactSecrets } from "../../../kernel/redaction.js";
import type { Summarizer } from "../summarizer.js";
import { countMessageTokens } from "../../shared/tokens.js";
import { contentText } from "../../../kernel/text.js";
import { computeBoundaries } from "./boundaries.js";
import {
  dedupToolOutputs,
  demoteOldToolOutputs,
  stubLeanTail,
  stubOldImages,
  toolCallIndex,
  truncateOldToolArguments,
} from "./pruning.js";
import { buildSummaryRequest } from "./summary-request.js";
import {
  SUMMARY_END_MARKER,
  SUMMARY_PREAMBLE,
  buildAppendices,
  buildFallbackSummary,
  placeSummary,
  sanitizeToolPairs,
  wrapSummary,
} from "./summary-message.js";
import type { TokenUsage } from "../../../kernel/chat.js";

export const COMPRESSOR_ENGINE_NAME = "compressor";
export const MIN_TAIL_MESSAGES_FLOOR = 3;
export const MIN_TAIL_MESSAGES_CAP = 8;

/**
 * The built-in engine: prunes old tool traffic, keeps a head and a token-budgeted tail, and
 * replaces the middle with one structured, iteratively updated summary plus deterministic
 * appendices (SPEC §5.3–§5.4).
 */
export class ContextCompressor implements ContextEngine {
  readonly name = COMPRESSOR_ENGINE_NAME;
  last_prompt_tokens: number;
  last_completion_tokens = 0;
  last_total_tokens = 0;
  threshold_tokens: number;
  context_length: number;
  compression_count: number;
  private model: string | null;
  private readonly compression: CompressionConfig;
  private readonly previousSummary: string | null;
  private readonly previousAnchors: () => Promise<Anchor[]>;
  private readonly storedAnchors: ((seqs: number[]) => Promise<Anchor[]>) | undefined;

  constructor(
    context: EngineFactoryContext,
    private readonly summarizer: Summarizer,
  ) {
    this.threshold_tokens = context.thresholdTokens;
    this.context_length = context.contextLength;
    this.compression_count = context.compressionCount;
    this.last_prompt_tokens = context.lastPromptTokens;
    this.model = context.model;
    this.compression = context.compression;
    this.previousSummary = context.previousSummary;
    this.previousAnchors = context.previousAnchors;
    this.storedAnchors = context.storedAnchors;
  }

  updateFromResponse(usage: TokenUsage): void {
    this.last_prompt_tokens = usage.prompt_tokens;
    this.last_completion_tokens = usage.completion_tokens;
    this.last_total_tokens = usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
  }

  shouldCompress(promptTokens?: number): boolean {
    return (promptTokens ?? this.last_prompt_tokens) >= this.threshold_tokens;
  }

  updateModel(model: string | null, contextLength: number): void {
    this.model = model;
    this.context_length = contextLength;
  }

  getStatus() {
    return {
      name: this.name,
      threshold_tokens: this.threshold_tokens,
      context_length: this.context_length,
      compression_count: this.compression_count,
      last_prompt_tokens: this.last_prompt_tokens,
      tail_mode: this.compression.tail_mode,
    };
  }

  async compress(messages: ContextItem[], options: EngineCompressOptions): Promise<EngineCompressResult> {
    const lead = leadingSystemCount(messages);
    const system = messages.slice(0, lead);
    const rows = messages.slice(lead);
    const tokens = rows.map((row) => row.tokens ?? countMessageTokens(row, this.model));
    const summaryItem = rows.find((row) => row.kind === "summary");
    const previousSummary = this.previousSummary ?? (summaryItem ? contentText(summaryItem.content) : null);
    const leanMode = this.compression.tail_mode === "lean";
    const thresholdTokens = this.threshold_tokens;
    const tailBudgetTokens = computeTailBudgetTokens(this.context_length, thresholdTokens, this.compression);
    const minTailMessages = Math.max(
      MIN_TAIL_MESSAGES_FLOOR,
      Math.min(this.compression.protect_last_n, MIN_TAIL_MESSAGES_CAP),
    );
    const boundaries = computeBoundaries(rows, tokens, {
      headCount: previousSummary ? 0 : this.compression.protect_first_n,
      tailBudgetTokens,
      minTailMessages,
    });
    const { headEnd, tailStart, pinned } = boundaries;
    const pinnedSet = new Set(pinned);
    const spanIndexes: number[] = [];
    for (let i = headEnd; i < tailStart; i++) if (!pinnedSet.has(i)) spanIndexes.push(i);
    if (spanIndexes.length === 0) {
      const total = tokens.reduce((sum, n) => sum + n, 0);
      const tailTokens = tokens.slice(tailStart).reduce((sum, n) => sum + n, 0);
      return {
        messages,
        aborted: {
          reason:
            `nothing to compact: the session's ${rows.length} messages (${total} tokens) all stay — ` +
            `${headEnd} in the protected head (compression.protect_first_n), ${rows.length - tailStart} in the tail ` +
            `(${tailTokens} tokens against a tail budget of ${tailBudgetTokens} tokens, at least ${minTailMessages} ` +
            `messages)${pinned.length ? `, ${pinned.length} pinned (the last user message and reply)` : ""}; ` +
            `compression starts once the messages outgrow the tail budget`,
        },
      };
    }

    const calls = toolCallIndex(rows);
    let pruned = dedupToolOutputs(rows);
    pruned = demoteOldToolOutputs(pruned, headEnd, calls);
    pruned = truncateOldToolArguments(pruned, headEnd);
    if (leanMode) pruned = stubLeanTail(pruned, tailStart, calls);
    pruned = stubOldImages(pruned, tailStart);

    // A row an earlier summary was merged into counts as the row alone: that summary is carried by
    // previousSummary and the persisted anchors, not re-read as a turn.
    const span = spanIndexes.map((i) => withoutMergedSummary(pruned[i]));
    // Anchors come from the rows as they were before pruning: the compacted span, and every row
    // outside it that pruning shortened (demoted head output, cut arguments, lean tail stubs).
    const spanSet = new Set(spanIndexes);
    const anchorSources = rows
      .filter((row, i) => row.kind !== "summary" && (spanSet.has(i) || pruned[i] !== row))
      .map(withoutMergedSummary);
    // Read from the anchor table, taken when each row was stored; extracted here only for rows that have no seq or a
    // session whose rows are not all indexed.
    const seqs = anchorSources.map((row) => row.seq).filter((seq): seq is number => seq !== undefined);
    const compactedAnchors =
      this.storedAnchors && seqs.length === anchorSources.length
        ? rankAnchors(await this.storedAnchors(seqs))
        : buildAnchorIndex(anchorSources, anchorTextOf, redactSecrets);
    // Earlier compressions' anchors come from the persisted index, not from re-reading an earlier summary's text.
    const shownAnchors = mergeAnchors(compactedAnchors, await this.previousAnchors());
    const fromSeq = span.find((item) => item.seq !== undefined)?.seq ?? 0;
    const toSeq = [...span].reverse().find((item) => item.seq !== undefined)?.seq ?? fromSeq;
    const compactedTokens = spanIndexes.reduce((sum, i) => sum + tokens[i], 0);

    let body: string;
    let fallbackUsed = false;
    let model: string | null = null;
    const fallback = (reason: string) => buildFallbackSummary(span, shownAnchors, previousSummary, reason);
    if (options.dryRun) {
      body = fallback("dry run, no model called");
    } else {
      const request = buildSummaryRequest({
        // The previous summary is sent once, as such; its message in the span is the same text.
        turns: previousSummary ? span.filter((item) => item.kind !== "summary") : span,
        previousSummary,
        focusTopic: options.focusTopic ?? null,
        targetTokens: computeSummaryTargetTokens(compactedTokens, this.context_length),
        leanMode,
      });
      const result = await this.summarizer.summarize(request, options.signal);
      if (result.ok) {
        body = redactSecrets(result.text.trim());
        model = result.model;
      } else if (result.abort) {
        return { messages, aborted: { reason: result.reason } };
      } else {
        body = fallback(result.reason);
        fallbackUsed = true;
      }
    }
    // The span's anchors (with what earlier spans add to their counts) first, then the earlier spans' own.
    const freshKeys = new Set(compactedAnchors.map((a) => `${a.kind}\u0000${a.value}`));
    const isFresh = (a: Anchor) => freshKeys.has(`${a.kind}\u0000${a.value}`);
    const index = { fresh: shownAnchors.filter(isFresh), carried: shownAnchors.filter((a) => !isFresh(a)) };
    const appendices = buildAppendices(
      span,
      index,
      fromSeq,
      toSeq,
      previousSummary,
      anchorIndexBudget(this.context_length),
    );
    const fullBody = `${body}\n\n${appendices}`;
    const summaryText = wrapSummary(fullBody);

    const head = pruned.slice(0, headEnd);
    // The new summary folds in the previous one, so a kept row that carries the previous one merged in drops it.
    const rest = [...pinned.map((i) => pruned[i]), ...pruned.slice(tailStart)].map(withoutMergedSummary);
    const before = head[head.length - 1] ?? system[system.length - 1];
    const placement = placeSummary(before, rest[0], summaryText);
    const assembled =
      "insert" in placement
        ? [...system, ...head, placement.insert, ...rest]
        : [...system, ...head, placement.merge, ...rest.slice(1)];
    this.compression_count += options.dryRun ? 0 : 1;
    return {
      messages: sanitizeToolPairs(assembled),
      summary: { body: fullBody, model, fallback_used: fallbackUsed },
      anchors: compactedAnchors,
    };
  }
}

function withoutMergedSummary(item: ContextItem): ContextItem {
  if (item.kind === "summary") return item;
  if (Array.isArray(item.content)) {
    const parts = item.content.filter(
      (part) => !(part.type === "text" && typeof part.text === "string" && part.text.startsWith(SUMMARY_PREAMBLE)),
    );
    return parts.length === item.content.length ? item : { ...item, content: parts };
  }
  const text = item.content ?? "";
  const start = text.indexOf(SUMMARY_PREAMBLE);
  const end = start < 0 ? -1 : text.indexOf(SUMMARY_END_MARKER, start);
  if (end < 0) return item;
  const rest = (text.slice(0, start) + text.slice(end + SUMMARY_END_MARKER.length)).trim();
  return { ...item, content: rest || (item.tool_calls?.length ? null : "") };
}

function leadingSystemCount(messages: ContextItem[]): number {
  let i = 0;
  while (i < messages.length && messages[i].role === "system" && messages[i].seq === undefined) i += 1;
  return i;
}

/** New and carried anchors as one index: the same value is listed once, with the counts and seq ranges combined. */
function mergeAnchors(fresh: Anchor[], carried: Anchor[]): Anchor[] {
  const byKey = new Map<string, Anchor>();
  for (const anchor of [...fresh, ...carried]) {
    const key = `${anchor.kind}\u0000${anchor.value}`;
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? {
            ...known,
            count: known.count + anchor.count,
            first_seq: Math.min(known.first_seq, anchor.first_seq),
            last_seq: Math.max(known.last_seq, anchor.last_seq),
          }
        : { ...anchor },
    );
  }
  return rankAnchors([...byKey.values()]);
}
