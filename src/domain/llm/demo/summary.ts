/**
 * @module summary
 * The demo model's compression summaries: extractive, written from the summary request itself (the headings its
 * instructions list, the turns between `<compacted-turns>` tags, the previous summary to update). Nothing is
 * invented: every line is a sentence, a tool call or an identifier taken from the turns, so a summary of the demo's
 * sessions is as exact as the turns were, and an update keeps the previous summary's lines under their headings.
 */

import { DEMO_NOTICE } from "./replies.js";

const TURNS = /<compacted-turns>\n?([\s\S]*?)\n?<\/compacted-turns>/;
const PREVIOUS = /<previous-summary>\n?([\s\S]*?)\n?<\/previous-summary>/;
const FOCUS = /FOCUS TOPIC: (.+)/;
/** A turn's header as summary-request.ts writes it: `[seq 12 USER]`, `[seq 13 TOOL RESULT browser_navigate (c1)]`. */
const TURN_HEADER = /^\[(?:seq (\d+) )?(USER|ASSISTANT|SYSTEM|EARLIER SUMMARY|TOOL RESULT ([\w.-]+)[^\]]*)\]$/;
const TOOL_CALL = /^→ tool call ([\w.-]+) \([^)]*\): (.*)$/;
/** Exact identifiers worth keeping: URLs, paths, SHAs, issue and PR numbers, error codes, quoted strings. */
const IDENTIFIERS = [
  /\bhttps?:\/\/[^\s"'<>)\]]+/g,
  /(?:^|\s)((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+\.\w{1,8})\b/g,
  /\b[0-9a-f]{7,40}\b/g,
  /(?:#|PR |issue )\d{2,6}\b/gi,
  /\b[A-Z][A-Z0-9_]{3,}\b/g,
];
const MAX_LINES_PER_HEADING = 12;
const MAX_LINE_CHARS = 240;

type Turn = { seq: string | null; role: string; tool: string | null; text: string; calls: string[] };

export function isSummaryRequest(userText: string): boolean {
  return TURNS.test(userText);
}

function parseTurns(block: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of block.split("\n")) {
    const header = line.match(TURN_HEADER);
    if (header) {
      const role = header[2].startsWith("TOOL RESULT") ? "tool" : header[2].toLowerCase();
      turns.push({ seq: header[1] ?? null, role, tool: header[3] ?? null, text: "", calls: [] });
      continue;
    }
    const turn = turns.at(-1);
    // The demo's own notice under each of its answers is no part of what happened.
    if (!turn || line.trim() === DEMO_NOTICE) continue;
    const call = line.match(TOOL_CALL);
    if (call) turn.calls.push(`${call[1]} ${clip(call[2], 160)}`);
    else turn.text += (turn.text ? "\n" : "") + line;
  }
  return turns;
}

function clip(text: string, max = MAX_LINE_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const firstSentence = (text: string) => clip(text.split(/(?<=[.!?])\s|\n/)[0] ?? text);
const at = (turn: Turn) => (turn.seq ? ` (seq ${turn.seq})` : "");

/** The previous summary's lines under each heading, to be kept (an update, not a fresh start). */
function previousSections(previous: string | null): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  if (!previous) return sections;
  let current: string | null = null;
  for (const line of previous.split("\n")) {
    const heading = line.match(/^##\s+(.+?)\s*$/);
    if (heading) {
      current = heading[1]!;
      sections.set(current, []);
    } else if (current && line.trim() && line.trim() !== "None") sections.get(current)!.push(line.trim());
  }
  return sections;
}

function identifiersOf(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of IDENTIFIERS)
    for (const m of text.matchAll(pattern)) found.add((m[1] ?? m[0]).trim().replace(/[.,;:!?]+$/, ""));
  // An identifier that only starts a longer one (a site before its page) says nothing the longer one does not.
  return [...found].filter((id) => ![...found].some((other) => other !== id && other.startsWith(`${id}/`)));
}

/** A tool result in a few words: a page's address and title where it names them, else its opening. */
function resultInBrief(text: string): string {
  try {
    const data = JSON.parse(text) as { url?: unknown; title?: unknown };
    if (typeof data.url === "string") return `${data.url}${typeof data.title === "string" ? ` ("${data.title}")` : ""}`;
  } catch {
    // Not JSON: its words are the brief.
  }
  return clip(text, 200);
}

/** The new lines for each heading, taken from the turns. */
function newLines(turns: Turn[], heading: string, focus: string | null): string[] {
  const users = turns.filter((t) => t.role === "user" && t.text.trim());
  const tools = turns.filter((t) => t.role === "tool");
  const calls = turns.flatMap((t) => t.calls.map((c) => `${c}${at(t)}`));
  const all = turns.map((t) => t.text).join("\n");
  const matching = (pattern: RegExp) =>
    turns.flatMap((t) =>
      t.text
        .split(/(?<=[.!?])\s|\n/)
        .filter((sentence) => pattern.test(sentence))
        .map((sentence) => `${clip(sentence)}${at(t)}`),
    );
  switch (heading) {
    case "Historical Task Snapshot":
      return users.length ? [`The user asked: ${users.map((u) => `"${firstSentence(u.text)}"`).join(", then ")}.`] : [];
    case "Goal":
      return users.length ? [`- ${firstSentence(users.at(-1)!.text)}`] : [];
    case "Constraints & Preferences":
      return users.flatMap((u) =>
        u.text
          .split(/(?<=[.!?])\s|\n/)
          .filter((s) => /\b(always|never|prefer|must|don't|do not|remember|only)\b/i.test(s))
          .map((s) => `- ${clip(s)}${at(u)}`),
      );
    case "Completed Actions":
      return calls.map((c) => `- Called ${c}`);
    case "Active State": {
      const lastTool = tools.at(-1);
      return lastTool
        ? [`- Last tool result (${lastTool.tool ?? "tool"}${at(lastTool)}): ${resultInBrief(lastTool.text)}`]
        : [];
    }
    case "Blocked":
      return matching(/\b(waiting|blocked|needs? (an )?approval)\b/i).map((s) => `- ${s}`);
    case "Key Decisions":
      return matching(/\b(decided|decision|agreed|chose)\b/i).map((s) => `- ${s}`);
    case "Errors & Fixes":
      return matching(/\b(error|failed|refused|exception)\b/i).map((s) => `- ${s}`);
    case "Resolved Questions":
      return [];
    case "Relevant Files":
      return identifiersOf(all)
        .filter((id) => /\/|\.\w{1,8}$/.test(id))
        .map((id) => `- ${id}`);
    case "Critical Context": {
      const ids = identifiersOf(all).filter((id) => !/^https?:/.test(id) && !/\//.test(id));
      const focused = focus ? matching(new RegExp(escape(focus), "i")).map((s) => `- ${s}`) : [];
      return [...focused, ...(ids.length ? [`- Identifiers: ${ids.join(", ")}`] : [])];
    }
    case "Detailed Session Log":
      return turns.map(
        (t) =>
          `- ${t.seq ? `seq ${t.seq} ` : ""}${t.tool ? `tool ${t.tool}` : t.role}: ` +
          clip([t.text, ...t.calls.map((c) => `→ ${c}`)].filter(Boolean).join(" "), 200),
      );
    default:
      return [];
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The summary for a summary request: each heading of the instructions, with the previous lines kept first. */
export function demoSummary(system: string, user: string): string {
  const headings = [...system.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
  const turns = parseTurns(user.match(TURNS)?.[1] ?? "");
  const previous = previousSections(user.match(PREVIOUS)?.[1] ?? null);
  const focus = user.match(FOCUS)?.[1]?.trim() ?? null;
  return headings
    .map((heading) => {
      const kept = previous.get(heading) ?? [];
      // The snapshot and the goal describe the latest stretch; older lines of other headings are kept.
      const replaced = heading === "Goal" || heading === "Active State";
      const fresh = newLines(turns, heading, focus);
      const lines = [...new Set([...(replaced && fresh.length ? [] : kept), ...fresh])];
      const shown = lines.length > MAX_LINES_PER_HEADING ? lines.slice(-MAX_LINES_PER_HEADING) : lines;
      return `## ${heading}\n${shown.length ? shown.join("\n") : "None"}`;
    })
    .join("\n\n");
}
