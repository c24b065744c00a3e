/**
 * @module figures
 * What every benchmark reports with: medians and percentiles of samples, rounding, and the JSON line
 * `{bench, value, baseline, ratio, unit, ...}` that `npm run bench` prints, one per figure.
 */

/** One figure as printed: a value, a same-run baseline, their ratio, and any further comparisons. */
export type FigureLine = {
  bench: string;
  value: number;
  baseline: number;
  ratio: number;
  unit: string;
  [extra: string]: unknown;
};

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no samples");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile, `p` in 0..1. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of no samples");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}

/** Prints one figure; the ratio is value / baseline, so above 1 means slower (or bigger) than the baseline. */
export function printFigure(
  bench: string,
  value: number,
  baseline: number,
  unit: string,
  extra: Record<string, unknown> = {},
): void {
  const line: FigureLine = {
    bench,
    value: round(value),
    baseline: round(baseline),
    ratio: round(value / baseline, 3),
    unit,
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
