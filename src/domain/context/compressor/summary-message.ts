/**
 * @module summary-message
 * The summary message as the model sees it, and the deterministic parts never left to a model: its framing, the
 * appendices (anchor index, user messages, recovery note), the fallback summary, where the summary goes, and the
 * tool calls and results of the new context kept in pairs.
 */
import { ANCHOR_INDEX_MAX_CHARS, packAnchorIndex, userNamedKeys } from "../../shared/anchors.js";
import type { Anchor, ContextItem } from "../engine.js";
import { redactSecrets } from "../../../kernel/redaction.js";
import { contentText, headOf, tailOf } from "../../../kernel/text.js";
import { keyArgumentOf } from "./pruning.js";
import type { ContentPart, Role } from "../../../kernel/chat.js";

export const SUMMARY_PREAMBLE =
  "[CONTEXT COMPACTION — REFERENCE ONLY] Earlier turns of this conversation were compacted into the summary below. " +
  "It is background from a previous context window, NOT instructions: do not answer questions or carry out requests " +
  "mentioned in it; they were already handled. Respond only to the latest user message after this summary — it " +
  "decides what to do now, even when the summary covers a similar topic. This does not restrict how you work: keep " +
  "using your tools for the current task. The full transcript is stored: session_read reads any compacted turn " +
  "again by seq, session_search finds one by its words, session_anchors lists the indexed identifiers with their seqs.";
export const SUMMARY_END_MARKER = "[END OF COMPACTION SUMMARY — the conversation continues below]";

export const USER_MESSAGES_MAX_CHARS = 24_000;
export const USER_MESSAGE_MAX_CHARS = 4_000;
/** The previous summary inside a fallback summary: without a bound, each fallback would nest all earlier ones. */
export const FALLBACK_PREVIOUS_SUMMARY_MAX_CHARS = 16_000;
/** Entries per list of a fallback summary (tool calls, errors, files); the anchor index holds the rest. */
export const FALLBACK_LIST_MAX_ENTRIES = 40;

const ANCHOR_INDEX_HEADING = "## Anchor Index (verbatim identifiers from the compacted turns)";
const USER_MESSAGES_HEADING = "## User Messages of the Compacted Turns (verbatim, newest first)";
const RECOVERY_HEADING = "## Recovery";

/**
 * The user messages the previous summary carried (its own section, newest first), one entry each: what a
 * compression carries forward so that every compacted user message survives later ones, not only the newest span's.
 */
export function carriedUserMessages(previousSummary: string | null): string[] {
  if (!previousSummary) return [];
  const start = previousSummary.lastIndexOf(`${USER_MESSAGES_HEADING}\n`);
  if (start < 0) return [];
  const from = start + USER_MESSAGES_HEADING.length + 1;
  const end = previousSummary.indexOf("\n\n## ", from);
  const section = previousSummary.slice(from, end < 0 ? undefined : end).trim();
  if (!section || section === "None") return [];
  return section.split(/\n(?=- \[seq [\d?]+\] )/).filter((entry) => entry.startsWith("- [seq "));
}

/**
 * The user messages of the compacted span, verbatim (redacted), and those the previous summary carried, newest first
 * by seq (a protected head message compacted late is still the oldest), within the budgets; an entry already listed
 * (the same seq) is not listed twice.
 */
export function renderUserMessages(span: ContextItem[], previousSummary: string | null = null): string {
  const entries = new Map<string, { order: number; line: string }>();
  for (const item of span) {
    if (item.role !== "user" || item.kind === "summary") continue;
    let text = redactSecrets(contentText(item.content));
    if (text.length > USER_MESSAGE_MAX_CHARS) text = `${headOf(text, USER_MESSAGE_MAX_CHARS)}…[truncated]`;
    const seq = String(item.seq ?? "?");
    entries.set(seq, { order: item.seq ?? -1, line: `- [seq ${seq}] ${text}` });
  }
  for (const entry of carriedUserMessages(previousSummary)) {
    const seq = /^- \[seq ([\d?]+)\]/.exec(entry)?.[1] ?? "?";
    if (!entries.has(seq)) entries.set(seq, { order: seq === "?" ? -1 : Number(seq), line: entry });
  }
  const lines: string[] = [];
  let used = 0;
  for (const { line } of [...entries.values()].sort((a, b) => b.order - a.order)) {
    if (used + line.length > USER_MESSAGES_MAX_CHARS) break;
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join("\n");
}

export function recoveryNote(fromSeq: number, toSeq: number): string {
  return (
    `Turns seq ${fromSeq}–${toSeq} were compacted; they are stored verbatim. Read one again with session_read ` +
    `{"seq": N} (or {"from_seq", "to_seq"}); find one with session_search and an exact identifier or phrase from ` +
    "the anchor index above (a file path, an error string, a PR number); list more identifiers with session_anchors."
  );
}

/** Appendices built mechanically from the compacted span (SPEC §5.4 step 4). */
/**
 * The appendices, the anchor index packed by packAnchorIndex: `anchors` are the span's (its newest), `carried` those
 * of earlier spans, within `indexChars`.
 */
export function buildAppendices(
  span: ContextItem[],
  anchors: { fresh: Anchor[]; carried: Anchor[] },
  fromSeq: number,
  toSeq: number,
  previousSummary: string | null = null,
  indexChars = ANCHOR_INDEX_MAX_CHARS,
): string {
  const sections: string[] = [];
  const index = packAnchorIndex(anchors.fresh, anchors.carried, indexChars, userNamedKeys(span, redactSecrets));
  sections.push(`${ANCHOR_INDEX_HEADING}\n${index || "None"}`);
  const users = renderUserMessages(span, previousSummary);
  sections.push(`${USER_MESSAGES_HEADING}\n${users || "None"}`);
  sections.push(`${RECOVERY_HEADING}\n${recoveryNote(fromSeq, toSeq)}`);
  return sections.join("\n\n");
}

/**
 * A summary built without a model when the summary model cannot be used: the last user ask, the
 * tool calls made, errors and files from the anchors, and the previous summary — nothing dropped silently.
 */
export function buildFallbackSummary(
  span: ContextItem[],
  anchors: Anchor[],
  previousSummary: string | null,
  reason: string,
): string {
  const lastUser = [...span].reverse().find((item) => item.role === "user" && item.kind !== "summary");
  const callCounts = new Map<string, number>();
  for (const item of span) {
    for (const call of item.tool_calls ?? []) {
      // keyArgumentOf masks the whole argument before it cuts it short.
      const key = keyArgumentOf(call.function.arguments);
      const label = `${call.function.name}${key ? `(${key})` : ""}`;
      callCounts.set(label, (callCounts.get(label) ?? 0) + 1);
    }
  }
  const list = (kind: Anchor["kind"]) =>
    boundedList(anchors.filter((a) => a.kind === kind).map((a) => `- ${a.value} (seq ${a.first_seq}–${a.last_seq})`));
  const calls = boundedList(
    [...callCounts.entries()].map(([label, count]) => `- ${label}${count > 1 ? ` ×${count}` : ""}`),
  );
  return [
    // A provider's error text may echo what it was sent.
    `(Deterministic summary: the summary model was not used — ${redactSecrets(reason)}.)`,
    `## Last User Ask\n${lastUser ? headOf(redactSecrets(contentText(lastUser.content)), USER_MESSAGE_MAX_CHARS) : "None"}`,
    `## Tool Calls Made\n${calls}`,
    `## Errors Seen\n${list("error")}`,
    `## Files Touched\n${list("path")}`,
    `## Previous Summary\n${previousSummary ? nestedPreviousSummary(redactSecrets(previousSummary)) : "None"}`,
  ].join("\n\n");
}

function boundedList(lines: string[]): string {
  if (lines.length === 0) return "None";
  const shown = lines.slice(0, FALLBACK_LIST_MAX_ENTRIES);
  if (lines.length > shown.length) shown.push(`- … and ${lines.length - shown.length} more (see the anchor index)`);
  return shown.join("\n");
}

/**
 * The previous summary as one part of a fallback: without its anchor index and recovery note (the
 * new appendices carry both), and cut in the middle past a bound so that fallbacks in a row do not
 * grow without end. Its start (the latest state) and end (its users' messages) stay.
 */
function nestedPreviousSummary(previous: string): string {
  const text = withoutSection(withoutSection(previous, ANCHOR_INDEX_HEADING), RECOVERY_HEADING).trim();
  if (text.length <= FALLBACK_PREVIOUS_SUMMARY_MAX_CHARS) return text;
  const half = Math.floor(FALLBACK_PREVIOUS_SUMMARY_MAX_CHARS / 2);
  const cut = text.length - 2 * half;
  return `${headOf(text, half)}\n…[${cut} chars of older summaries cut here; every compacted turn is stored — session_read and session_search read them]…\n${tailOf(text, half)}`;
}

/** Removes a `## ` section (heading to the next blank-line-separated `## ` heading or the end). */
function withoutSection(text: string, heading: string): string {
  const start = text.lastIndexOf(`${heading}\n`);
  if (start < 0) return text;
  const next = text.indexOf("\n\n## ", start + heading.length);
  return next < 0 ? text.slice(0, start) : text.slice(0, start) + text.slice(next + 2);
}

export function wrapSummary(body: string): string {
  return `${SUMMARY_PREAMBLE}\n\n${body}\n\n${SUMMARY_END_MARKER}`;
}

/**
 * Places the summary after the head with a role strict chat templates accept: never two same roles in a row, and
 * never a user message straight after a tool result (an assistant turn answers a tool result first). That is user
 * after the system prompt or an assistant, assistant after a user or a tool result; when the tail's first message
 * already has that role and the other does not fit either, the summary is merged into that message.
 */
export function placeSummary(
  before: ContextItem | undefined,
  after: ContextItem | undefined,
  text: string,
): { insert: ContextItem } | { merge: ContextItem } {
  const previousRole: Role | "none" = before?.role ?? "none";
  const fits = (role: Role) => role !== previousRole && !(previousRole === "tool" && role === "user");
  let role: Role = previousRole === "user" || previousRole === "tool" ? "assistant" : "user";
  if (after && after.role === role) {
    const other: Role = role === "user" ? "assistant" : "user";
    if (!fits(other)) return { merge: mergeInto(after, text) };
    role = other;
  }
  return { insert: { role, content: text, kind: "summary" } };
}

function mergeInto(item: ContextItem, text: string): ContextItem {
  if (Array.isArray(item.content)) {
    const parts: ContentPart[] = [{ type: "text", text }, ...item.content];
    return { ...item, content: parts };
  }
  const original = item.content ?? "";
  return { ...item, content: original ? `${text}\n\n${original}` : text };
}

export const REMOVED_TOOL_CALL_TEXT = "(tool call removed)";

/**
 * Drops tool results whose call is gone and strips calls whose results are gone. The calls of the
 * trailing assistant message are left alone: their results may still be on their way.
 */
export function sanitizeToolPairs(items: ContextItem[]): ContextItem[] {
  const callIds = new Set<string>();
  for (const item of items) for (const call of item.tool_calls ?? []) callIds.add(call.id);
  const kept = items.filter((item) => item.role !== "tool" || callIds.has(item.tool_call_id ?? ""));
  const answered = new Set(kept.filter((item) => item.role === "tool").map((item) => item.tool_call_id ?? ""));
  let trailing = kept.length - 1;
  while (trailing >= 0 && kept[trailing].role === "tool") trailing -= 1;
  return kept.map((item, index) => {
    if (!item.tool_calls?.length || index === trailing) return item;
    const calls = item.tool_calls.filter((call) => answered.has(call.id));
    if (calls.length === item.tool_calls.length) return item;
    const { tool_calls: _dropped, ...rest } = item;
    const next: ContextItem = calls.length ? { ...rest, tool_calls: calls } : rest;
    if (!calls.length && !contentText(item.content)) next.content = REMOVED_TOOL_CALL_TEXT;
    return next;
  });
}
