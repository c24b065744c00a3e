/**
 * @module web/format
 * How the inspector writes figures: counts with thousands separators, durations in the unit that reads best, times
 * relative to now (with the absolute time kept for a tooltip), costs when the API gives one, and a readable name for
 * a session that has no title.
 */
const COUNT = new Intl.NumberFormat("en-US");
const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const ABSOLUTE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" });
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** A share as a percentage with one decimal under 10 %, none above: 0.034 → "3.4%", 0.5 → "50%". */
export function formatPercent(share: number): string {
  const pct = share * 100;
  return `${pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
}

/** 840 → "840 ms", 4200 → "4.2 s", 185000 → "3 min 5 s", 7380000 → "2 h 3 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const totalSeconds = Math.round(ms / 1_000);
  if (totalSeconds < 3_600) {
    const seconds = totalSeconds % 60;
    return `${Math.floor(totalSeconds / 60)} min${seconds ? ` ${seconds} s` : ""}`;
  }
  const minutes = Math.floor(totalSeconds / 60) % 60;
  return `${Math.floor(totalSeconds / 3_600)} h${minutes ? ` ${minutes} min` : ""}`;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3_600_000],
  ["month", 30 * 24 * 3_600_000],
  ["week", 7 * 24 * 3_600_000],
  ["day", 24 * 3_600_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "in 2 hours". */
export function relativeTime(at: number, now: number): string {
  const diff = at - now;
  if (Math.abs(diff) < 45_000) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === "minute") return RELATIVE.format(Math.round(diff / size), unit);
  }
  return "just now";
}

/** The time in full, for a tooltip: "4 Dec 2026, 22:41:54". */
export function absoluteTime(at: number): string {
  return ABSOLUTE.format(at);
}

/** A short date and time: "4 Dec, 22:41". */
export function shortTime(at: number): string {
  return SHORT_DATE.format(at);
}

/**
 * A cost in US dollars when the API gives a number, "—" otherwise (no price is known for the model): small amounts
 * keep four decimals, so a cheap call does not read as free.
 */
export function formatCost(usd: number | null | undefined): string {
  if (typeof usd !== "number" || !Number.isFinite(usd)) return "—";
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** A session's name: its title, else "Untitled session" and when it was made. */
export function sessionName(session: { title: string | null; created_at: string }): string {
  const title = session.title?.trim();
  return title ? title : `Untitled session · ${shortTime(Date.parse(session.created_at))}`;
}
