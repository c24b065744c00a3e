/**
 * @module usage-report
 * GET /v1/usage: the model calls of a time range grouped by owner, key, session, model, purpose or day, with their
 * sums and totals (cost null where no call had a price). Grouped by purpose, the compression line also carries what
 * the summaries saved: the tokens the session's compressions had taken out of the context of every later call.
 */
import type { OwnerFilter, UsageGrouping, UsageRow } from "../../db/records.js";
import type { Store } from "../../db/store.js";

export type UsageTotals = Omit<UsageRow, "group">;

export type UsageReport = {
  from: number;
  to: number;
  group_by: UsageGrouping;
  rows: UsageRow[];
  totals: UsageTotals;
};

const EMPTY: UsageTotals = {
  calls: 0,
  input_tokens: 0,
  cached_input_tokens: 0,
  output_tokens: 0,
  reasoning_tokens: 0,
  cost_usd: null,
  unpriced_calls: 0,
  saved_tokens: 0,
};

function add(total: UsageTotals, row: UsageTotals): UsageTotals {
  return {
    calls: total.calls + row.calls,
    input_tokens: total.input_tokens + row.input_tokens,
    cached_input_tokens: total.cached_input_tokens + row.cached_input_tokens,
    output_tokens: total.output_tokens + row.output_tokens,
    reasoning_tokens: total.reasoning_tokens + row.reasoning_tokens,
    cost_usd: row.cost_usd === null ? total.cost_usd : (total.cost_usd ?? 0) + row.cost_usd,
    unpriced_calls: total.unpriced_calls + row.unpriced_calls,
    saved_tokens: total.saved_tokens + row.saved_tokens,
  };
}

/** Days in order; every other grouping with the most tokens first. */
function ordered(rows: UsageRow[], grouping: UsageGrouping): UsageRow[] {
  const tokens = (row: UsageRow) => row.input_tokens + row.output_tokens;
  return [...rows].sort((a, b) =>
    grouping === "day" ? (a.group ?? "").localeCompare(b.group ?? "") : tokens(b) - tokens(a),
  );
}

/** By purpose, what the summaries saved is the compression line's: the calls it was saved on are the agent's. */
function savedOnCompressionLine(rows: UsageRow[]): UsageRow[] {
  const saved = rows.reduce((sum, row) => sum + row.saved_tokens, 0);
  const out = rows.map((row) => ({ ...row, saved_tokens: 0 }));
  if (saved === 0) return out;
  const line = out.find((row) => row.group === "compression");
  if (line) line.saved_tokens = saved;
  else out.push({ ...EMPTY, group: "compression", saved_tokens: saved });
  return out;
}

export class UsageReports {
  constructor(private readonly store: Store) {}

  async report(query: { from: number; to: number; group_by: UsageGrouping; owner: OwnerFilter }): Promise<UsageReport> {
    const grouped = await this.store.modelCalls.report(query);
    const rows = ordered(query.group_by === "purpose" ? savedOnCompressionLine(grouped) : grouped, query.group_by);
    const totals = rows.reduce<UsageTotals>((total, { group: _group, ...row }) => add(total, row), EMPTY);
    return { from: query.from, to: query.to, group_by: query.group_by, rows, totals };
  }
}
