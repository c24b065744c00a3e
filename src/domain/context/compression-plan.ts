/**
 * @module compression-plan
 * Turns what a context engine returned into row-level writes, checking it on the way: an engine may drop, shorten or
 * restore rows and add user or assistant items, but one that invents, repeats or reorders rows or changes a row's
 * role is refused with an EngineOutputError.
 */
import type { ContextItem } from "./engine.js";
import { countMessageTokens } from "../shared/tokens.js";
import type { StoredMessage } from "../../db/records.js";

/**
 * The difference between the active context and what an engine returned, as row-level writes:
 * rows leaving the context, rows shown shortened (or restored), and new rows (summaries) with the
 * position that places them among the others. Stored contents are never changed (SPEC §5.2).
 */
export type CompressionPlan = {
  removedSeqs: number[];
  overrides: Array<{ seq: number; override: StoredMessage["override"]; tokens: number | null }>;
  newRows: Array<{ item: ContextItem; position: number; tokens: number }>;
  tokensAfter: number;
};

export class EngineOutputError extends Error {
  override name = "EngineOutputError";
}

type Shown = { content: StoredMessage["content"]; tool_calls?: StoredMessage["tool_calls"] };

const sameShape = (a: Shown, b: Shown) =>
  JSON.stringify([a.content, a.tool_calls?.length ? a.tool_calls : null]) ===
  JSON.stringify([b.content, b.tool_calls?.length ? b.tool_calls : null]);

export function planCompression(
  rows: StoredMessage[],
  output: ContextItem[],
  systemTokens: number,
  model: string | null,
): CompressionPlan {
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  const kept = new Set<number>();
  const overrides: CompressionPlan["overrides"] = [];
  const pendingNew: Array<{ item: ContextItem; index: number }> = [];
  let lastPosition = -Infinity;
  let tokensAfter = systemTokens;
  const positions: Array<number | null> = [];
  for (const [index, item] of output.entries()) {
    if (item.seq === undefined) {
      positions.push(null);
      if (item.role === "system") {
        if (index > 0 && output[index - 1].role !== "system")
          throw new EngineOutputError("a system item may only lead the context");
        continue;
      }
      if (item.role !== "user" && item.role !== "assistant")
        throw new EngineOutputError(`a new context item must be a user or assistant message, not ${item.role}`);
      pendingNew.push({ item, index });
      continue;
    }
    const row = bySeq.get(item.seq);
    if (!row) throw new EngineOutputError(`the engine returned seq ${item.seq}, which is not in the active context`);
    if (kept.has(item.seq)) throw new EngineOutputError(`the engine returned seq ${item.seq} twice`);
    if (row.position <= lastPosition)
      throw new EngineOutputError(`the engine reordered the context at seq ${item.seq}`);
    if (item.role !== row.role || (item.tool_call_id ?? null) !== (row.tool_call_id ?? null)) {
      throw new EngineOutputError(
        `the engine changed the role or tool_call_id of seq ${item.seq}; only content and tool_calls may be shortened`,
      );
    }
    lastPosition = row.position;
    positions.push(row.position);
    kept.add(item.seq);
    const shown: Shown = { content: item.content, tool_calls: item.tool_calls };
    const original: Shown = { content: row.content, tool_calls: row.tool_calls };
    const current: Shown = row.override ?? original;
    let tokens = row.override_tokens ?? row.tokens;
    if (sameShape(shown, original)) {
      if (row.override) overrides.push({ seq: row.seq, override: null, tokens: null });
      tokens = row.tokens;
    } else if (!sameShape(shown, current) || !row.override) {
      const override = { content: item.content, ...(item.tool_calls?.length ? { tool_calls: item.tool_calls } : {}) };
      tokens = countMessageTokens(
        {
          role: row.role,
          content: item.content,
          tool_calls: item.tool_calls,
          tool_call_id: row.tool_call_id,
          name: row.name,
        },
        model,
      );
      overrides.push({ seq: row.seq, override, tokens });
    }
    tokensAfter += tokens;
  }
  const maxPosition = rows.reduce((max, row) => Math.max(max, row.position), 0);
  const newRows: CompressionPlan["newRows"] = [];
  for (const { item, index } of pendingNew) {
    const previous =
      positions
        .slice(0, index)
        .filter((p): p is number => p !== null)
        .pop() ?? 0;
    const next = positions.slice(index + 1).find((p): p is number => p !== null) ?? maxPosition + 1;
    const group = pendingNew.filter((p) => positionsBetween(positions, p.index) === positionsBetween(positions, index));
    const rank = group.findIndex((p) => p.index === index) + 1;
    const tokens = countMessageTokens(item, model);
    newRows.push({ item, position: previous + ((next - previous) * rank) / (group.length + 1), tokens });
    tokensAfter += tokens;
  }
  const removedSeqs = rows.filter((row) => !kept.has(row.seq)).map((row) => row.seq);
  return { removedSeqs, overrides, newRows, tokensAfter };
}

/** How many kept rows precede an index: new items with the same count share a gap. */
function positionsBetween(positions: Array<number | null>, index: number): number {
  return positions.slice(0, index).filter((p) => p !== null).length;
}

export function isEmptyPlan(plan: CompressionPlan): boolean {
  return plan.removedSeqs.length === 0 && plan.overrides.length === 0 && plan.newRows.length === 0;
}
