/**
 * @module web/usage-page
 * Tokens and cost of the model calls the page's key may see (GET /v1/usage): by day, by model, by owner (an admin's)
 * or by purpose, over the last 7, 30 or 90 days — a bar chart of the tokens and a table of every figure.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";

type Report = Schemas["UsageReport"];
type Grouping = "day" | "model" | "owner" | "purpose";
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGES = [7, 30, 90];

const dollars = (cost: number | null) => (cost === null ? "no price" : `$${cost.toFixed(4)}`);
const tokens = (row: { input_tokens: number; output_tokens: number }) => row.input_tokens + row.output_tokens;

export function UsagePage(props: { admin: boolean }) {
  const groupings: Grouping[] = props.admin ? ["day", "model", "owner", "purpose"] : ["day", "model", "purpose"];
  const [grouping, setGrouping] = useState<Grouping>("day");
  const [days, setDays] = useState(30);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const from = new Date(Math.floor((Date.now() - (days - 1) * DAY_MS) / DAY_MS) * DAY_MS).toISOString();
    void api.GET("/v1/usage", { params: { query: { group_by: grouping, from } } }).then((result) => {
      try {
        setReport(must(result));
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      }
    });
  }, [grouping, days]);
  return (
    <section class="stack" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage and cost</h2>
      <div class="tabs" role="tablist" aria-label="Group usage by">
        {groupings.map((g) => (
          <button key={g} type="button" role="tab" aria-selected={g === grouping} onClick={() => setGrouping(g)}>
            By {g}
          </button>
        ))}
      </div>
      <label for="usage-range">Range</label>
      <select id="usage-range" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
        {RANGES.map((n) => (
          <option key={n} value={String(n)}>
            Last {n} days
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {report && <UsageView report={report} />}
    </section>
  );
}

function UsageView(props: { report: Report }) {
  const { report } = props;
  const { totals } = report;
  return (
    <div class="stack">
      <p>
        {totals.calls} model calls, {tokens(totals).toLocaleString()} tokens (
        {totals.cached_input_tokens.toLocaleString()} cached), {dollars(totals.cost_usd)}
        {totals.unpriced_calls > 0 ? ` (${totals.unpriced_calls} calls without a price)` : ""}
      </p>
      <UsageChart report={report} />
      <div class="panel">
        <table>
          <caption class="visually-hidden">Usage by {report.group_by}</caption>
          <thead>
            <tr>
              <th scope="col">{report.group_by}</th>
              <th scope="col">Calls</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Cached</th>
              <th scope="col">Output tokens</th>
              <th scope="col">Reasoning</th>
              <th scope="col">Cost</th>
              <th scope="col">Saved by compression</th>
            </tr>
          </thead>
          <tbody>
            {report.data.map((row) => (
              <tr key={row.group ?? "-"}>
                <th scope="row">{row.group ?? "server key"}</th>
                <td>{row.calls}</td>
                <td>{row.input_tokens.toLocaleString()}</td>
                <td>{row.cached_input_tokens.toLocaleString()}</td>
                <td>{row.output_tokens.toLocaleString()}</td>
                <td>{row.reasoning_tokens.toLocaleString()}</td>
                <td>{dollars(row.cost_usd)}</td>
                <td>{row.compression_saved_tokens.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const CHART_WIDTH = 640;
const BAR_HEIGHT = 22;
const LABEL_WIDTH = 180;

/** One bar per group: its tokens, the input part darker than the output part. */
function UsageChart(props: { report: Report }) {
  const rows = props.report.data;
  if (rows.length === 0) return <p class="muted">No model calls in this range.</p>;
  const most = Math.max(1, ...rows.map(tokens));
  const scale = (n: number) => (n / most) * (CHART_WIDTH - LABEL_WIDTH - 90);
  const height = rows.length * (BAR_HEIGHT + 6);
  return (
    <svg
      class="chart usage-chart"
      role="img"
      aria-label={`Tokens by ${props.report.group_by}: ${rows.map((row) => `${row.group ?? "server key"} ${tokens(row)}`).join(", ")}`}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      width="100%"
    >
      {rows.map((row, i) => {
        const y = i * (BAR_HEIGHT + 6);
        return (
          <g key={row.group ?? "-"}>
            <text class="chart-label" x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT * 0.7} text-anchor="end">
              {row.group ?? "server key"}
            </text>
            <rect class="usage-input" x={LABEL_WIDTH} y={y} width={scale(row.input_tokens)} height={BAR_HEIGHT} />
            <rect
              class="usage-output"
              x={LABEL_WIDTH + scale(row.input_tokens)}
              y={y}
              width={scale(row.output_tokens)}
              height={BAR_HEIGHT}
            />
            <text class="chart-label" x={LABEL_WIDTH + scale(tokens(row)) + 6} y={y + BAR_HEIGHT * 0.7}>
              {tokens(row).toLocaleString()}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
