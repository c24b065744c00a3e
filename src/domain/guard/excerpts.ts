/**
 * @module excerpts
 * The provenance chain a guard decision shows: the untrusted content the session read before the action, each piece
 * with its source (the page, the frame, the dialog, the MCP tool it came from), its row and an excerpt — around the
 * words that name the action's target, highlighted, where the content names it. A result's JSON is read field by
 * field, so a match is told to the source its field came from: a dialog's message to the dialog, an outline line to
 * the iframe it nests under, a console entry to the console.
 */
import type { StoredMessage } from "../../db/records.js";
import type { ContentSource, ProvenanceItem } from "../../kernel/provenance.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { contentText } from "../../kernel/text.js";

/** Characters of content shown on each side of the match. */
const EXCERPT_SIDE_CHARS = 140;
/** Characters shown from the start of content that names no target. */
const EXCERPT_HEAD_CHARS = 280;
/** Pieces a chain holds at most: those that name the target first, newest first, then the newest read. */
const CHAIN_ITEMS = 5;

/** A string of a result, with the path of keys that leads to it. */
type Field = { path: string[]; text: string };

function fieldsOf(text: string): Field[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [{ path: [], text }];
  }
  const fields: Field[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "string") fields.push({ path, text: node });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, String(i)]));
    else if (node && typeof node === "object")
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  return fields.length ? fields : [{ path: [], text }];
}

/** The ref of the iframe the outline line at `index` nests under, if any. */
function enclosingIframe(outline: string, index: number): string | null {
  const lines = outline.slice(0, index).split("\n");
  let indent = (lines.at(-1) ?? "").search(/\S/);
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i];
    const own = line.search(/\S/);
    if (own < 0 || own >= indent) continue;
    indent = own;
    const iframe = /^\s*- iframe\b.*\[ref=([^\]]+)\]/.exec(line);
    if (iframe) return iframe[1];
  }
  return null;
}

/** The source a field of a result came from, among the result's own. */
function sourceOf(field: Field, index: number, sources: ContentSource[], fields: Field[]): ContentSource | undefined {
  const path = field.path.join(".");
  if (/dialog/.test(path)) {
    const base = field.path.slice(0, -1).join(".");
    const id = fields.find((f) => f.path.join(".") === `${base}.id`)?.text;
    return sources.find((s) => s.kind === "dialog" && (!id || s.dialog_id === id));
  }
  if (/console|entries/.test(path)) return sources.find((s) => s.kind === "console");
  if (/outline/.test(path)) {
    const ref = enclosingIframe(field.text, index);
    if (ref) return sources.find((s) => s.kind === "frame" && s.iframe_ref === ref);
  }
  return sources.find((s) => s.kind === "page" || s.kind === "mcp") ?? sources[0];
}

function itemOf(row: StoredMessage, source: ContentSource | undefined, text: string, at: number, length: number) {
  const start = Math.max(0, at - EXCERPT_SIDE_CHARS);
  const end = Math.min(text.length, at + length + EXCERPT_SIDE_CHARS);
  const before = redactSecrets(text.slice(start, at));
  const named = redactSecrets(text.slice(at, at + length));
  const after = redactSecrets(text.slice(at + length, end));
  const lead = start > 0 ? "…" : "";
  const item: ProvenanceItem = {
    kind: source?.kind ?? "page",
    source: source?.source ?? "unknown",
    origin: source?.origin ?? null,
    tool_call_id: row.tool_call_id ?? "",
    seq: row.seq,
    excerpt: `${lead}${before}${named}${after}${end < text.length ? "…" : ""}`,
    highlight: { start: lead.length + before.length, end: lead.length + before.length + named.length },
  };
  if (source?.frame_id) item.frame_id = source.frame_id;
  if (source?.dialog_id) item.dialog_id = source.dialog_id;
  return item;
}

/** The first place a row's content names one of `needles`, as an item; null when it names none. */
function matchIn(row: StoredMessage, needles: readonly string[]): ProvenanceItem | null {
  const text = contentText(row.content);
  const fields = fieldsOf(text);
  const sources = row.provenance?.sources ?? [];
  for (const needle of needles) {
    if (!needle) continue;
    const lowered = needle.toLowerCase();
    for (const field of fields) {
      const at = field.text.toLowerCase().indexOf(lowered);
      if (at < 0) continue;
      return itemOf(row, sourceOf(field, at, sources, fields), field.text, at, needle.length);
    }
  }
  return null;
}

function headItem(row: StoredMessage): ProvenanceItem {
  const sources = row.provenance?.sources ?? [];
  const source = sources.find((s) => s.kind === "page" || s.kind === "mcp") ?? sources[0];
  const item = itemOf(row, source, contentText(row.content), 0, 0);
  item.highlight = null;
  const full = redactSecrets(contentText(row.content));
  item.excerpt = full.length > EXCERPT_HEAD_CHARS ? `${full.slice(0, EXCERPT_HEAD_CHARS)}…` : full;
  return item;
}

/**
 * The chain shown for an action: of the session's untrusted rows (newest first), those that name the target (by any
 * of `needles`), then the newest one read, oldest first.
 */
export function provenanceChain(untrusted: readonly StoredMessage[], needles: readonly string[]): ProvenanceItem[] {
  const items: ProvenanceItem[] = [];
  for (const row of untrusted) {
    if (items.length >= CHAIN_ITEMS - 1) break;
    const item = matchIn(row, needles);
    if (item) items.push(item);
  }
  const newest = untrusted[0];
  if (newest && !items.some((item) => item.seq === newest.seq)) items.push(headItem(newest));
  return items.sort((a, b) => a.seq - b.seq);
}
