/**
 * @module boundaries
 * Where the built-in compressor cuts a context: the head kept at the start, the tail kept within its token budget,
 * and the last user ask and assistant reply kept from the span between. No cut falls between a tool call and its
 * results.
 */
import type { ContextItem } from "../engine.js";

/** Where the head ends and the tail starts (SPEC §5.3). Indexes are into the non-system rows. */
export type Boundaries = {
  /** Rows [0, headEnd) stay as the head. */
  headEnd: number;
  /** Rows [tailStart, n) stay as the tail. */
  tailStart: number;
  /** Rows inside the compacted span that still stay (the last user ask, the last assistant reply). */
  pinned: number[];
};

export type BoundaryOptions = {
  headCount: number;
  tailBudgetTokens: number;
  minTailMessages: number;
};

export const TAIL_SOFT_CEILING = 1.5;
/**
 * Half the hygiene message count: a context of many tiny messages fits the token budget whole,
 * and would otherwise never get below the count that triggers hygiene.
 */
export const TAIL_MAX_MESSAGES = 200;

function isToolResult(item: ContextItem | undefined): boolean {
  return item?.role === "tool";
}

/** Moves an index backwards until it does not fall between a tool call and its results. */
function alignBackward(rows: ContextItem[], index: number): number {
  let i = index;
  while (i > 0 && isToolResult(rows[i])) i -= 1;
  return i;
}

/** Moves the end of the head forwards past the results of a tool call it contains. */
function alignHeadForward(rows: ContextItem[], headEnd: number): number {
  let i = headEnd;
  while (i < rows.length && isToolResult(rows[i])) i += 1;
  return i;
}

const isRealUser = (item: ContextItem) => item.role === "user" && item.kind !== "summary";
const isAssistantReply = (item: ContextItem) =>
  item.role === "assistant" && item.kind !== "summary" && !item.tool_calls?.length;

export function computeBoundaries(rows: ContextItem[], tokens: number[], options: BoundaryOptions): Boundaries {
  const n = rows.length;
  const headEnd = Math.min(n, alignHeadForward(rows, Math.min(options.headCount, n)));
  let accumulated = 0;
  let tailStart = n;
  const softCeiling = options.tailBudgetTokens * TAIL_SOFT_CEILING;
  for (let i = n - 1; i >= headEnd; i--) {
    const kept = n - i - 1;
    const mustKeep = kept < options.minTailMessages;
    if (!mustKeep) {
      if (accumulated >= options.tailBudgetTokens || kept >= TAIL_MAX_MESSAGES) break;
      if (accumulated + tokens[i] > softCeiling) break;
    }
    accumulated += tokens[i];
    tailStart = i;
  }
  tailStart = Math.max(headEnd, alignBackward(rows, tailStart));
  const pinned: number[] = [];
  const lastUser = findLast(rows, isRealUser);
  const lastReply = findLast(rows, isAssistantReply);
  for (const index of [lastUser, lastReply]) {
    if (index >= headEnd && index < tailStart && !pinned.includes(index)) pinned.push(index);
  }
  pinned.sort((a, b) => a - b);
  return { headEnd, tailStart, pinned };
}

function findLast(rows: ContextItem[], predicate: (item: ContextItem) => boolean): number {
  for (let i = rows.length - 1; i >= 0; i--) if (predicate(rows[i])) return i;
  return -1;
}
