/**
 * @module redaction
 * Masks secrets in text before it leaves for a summary model, lands in a summary or an anchor, or is
 * written to a log or a snapshot (SPEC §5.8). Pure and deterministic.
 *
 * Text often carries a secret one encoding deep: tool-call arguments are JSON, so the `API_KEY=…`
 * line of a here-document starts after a two-character `\n` and its quotes read `\"`; patterns
 * anchored to a line start or to a quote miss it there. So every pattern runs on the text as it is
 * and on its decoded views (JSON string escapes undone, once per level of JSON inside JSON); what a
 * pattern finds in a view is mapped back to the original characters and masked there. The text
 * keeps its encoding (valid JSON stays valid JSON, a cut argument stays as cut) and everything that
 * is not a secret stays byte for byte; callers need not know whether their text is JSON.
 */
import {
  ELLIPSIS,
  FULL_MASK,
  isAlreadyMasked,
  looksLikeReference,
  MASK_STRENGTH,
  type MaskKind,
  maskToken,
  MAX_DECODE_DEPTH,
  namesASecret,
  OWN_BRACKET_MASK_AT,
  pairHoldsSecret,
  PRIVATE_KEY_MASK,
  RULES,
  type Span,
  WHOLE_SECRET_NAME,
} from "./redaction-patterns.js";

/**
 * The stretch of a matched value that is secret. A mask of ours is skipped (so redaction is
 * idempotent); a value cut with `…` (a truncated argument, a capped message) loses its visible part
 * up to the `…` — that part is the leak, however short — and the mark after it stays readable. A
 * value cut from the left (`…rest`) loses the rest, unless the rest is a mark (`…[truncated]`).
 */
function secretStretch(text: string, value: string, start: number, kind: MaskKind, depth: number): Span | null {
  if (kind === "private_key" || kind === "number") return { start, end: start + value.length, kind, depth };
  if (isAlreadyMasked(value)) return null;
  let from = 0;
  OWN_BRACKET_MASK_AT.lastIndex = start;
  const bracket = OWN_BRACKET_MASK_AT.exec(text);
  if (bracket) from = bracket[0].length;
  while (value.startsWith(ELLIPSIS, from)) from += ELLIPSIS.length;
  if (from >= value.length || (from > 0 && !bracket && value[from] === "[")) return null;
  const cut = value.indexOf(ELLIPSIS, from);
  const to = cut < 0 ? value.length : cut;
  const secret = value.slice(from, to);
  if (!secret || isAlreadyMasked(secret)) return null;
  return { start: start + from, end: start + to, kind, depth };
}

function findSecrets(text: string, depth: number): Span[] {
  const found: Span[] = [];
  for (const rule of RULES) {
    if (!rule.mayMatch(text)) continue;
    for (const match of text.matchAll(rule.pattern)) {
      for (const { value, start } of rule.secrets(match)) {
        const span = secretStretch(text, value, start, rule.kind, depth);
        if (span) found.push(span);
      }
    }
  }
  return found;
}

/** A decoded view of the original text: view character `i` was decoded from original characters `[from[i], to[i])`. */
type DecodedView = { text: string; from: Int32Array; to: Int32Array };

const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;
const SIMPLE_ESCAPES = new Map([
  ['"', '"'],
  ["\\", "\\"],
  ["/", "/"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
]);

/** Undoes one level of JSON string escapes over the whole text (quotes need not pair up: text may be cut or mixed). */
function decodeOnce(text: string, from: (i: number) => number, to: (i: number) => number): DecodedView | null {
  if (!JSON_ESCAPE.test(text)) return null;
  const pieces: string[] = [];
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let n = 0;
  const copy = (first: number, last: number) => {
    pieces.push(text.slice(first, last));
    for (let i = first; i < last; i++, n++) {
      starts[n] = from(i);
      ends[n] = to(i);
    }
  };
  let i = 0;
  while (i < text.length) {
    const backslash = text.indexOf("\\", i);
    if (backslash < 0 || backslash + 1 >= text.length) {
      copy(i, text.length);
      break;
    }
    copy(i, backslash);
    const next = text[backslash + 1];
    let char = SIMPLE_ESCAPES.get(next);
    let last = backslash + 1;
    if (char === undefined && next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(backslash + 2, backslash + 6))) {
      char = String.fromCharCode(parseInt(text.slice(backslash + 2, backslash + 6), 16));
      last = backslash + 5;
    }
    if (char === undefined) {
      // Not an escape (`C:\Users`): the backslash is a character of its own.
      copy(backslash, backslash + 1);
      i = backslash + 1;
      continue;
    }
    pieces.push(char);
    starts[n] = from(backslash);
    ends[n] = to(last);
    n += 1;
    i = last + 1;
  }
  return { text: pieces.join(""), from: starts.subarray(0, n), to: ends.subarray(0, n) };
}

/** `"` as it is written `depth` levels of JSON strings deep: `"`, `\"`, `\\\"`, … */
function quoteAtDepth(depth: number): string {
  let quote = '"';
  for (let d = 0; d < depth; d++) quote = JSON.stringify(quote).slice(1, -1);
  return quote;
}

/** A token's ends are kept only when they are plain characters: an escape cut in half would break the JSON around it. */
function maskOf(raw: string, kind: MaskKind, depth: number): string {
  if (kind === "private_key") return PRIVATE_KEY_MASK;
  if (kind === "full") return FULL_MASK;
  if (kind === "number") return `${quoteAtDepth(depth)}${FULL_MASK}${quoteAtDepth(depth)}`;
  const masked = maskToken(raw);
  return /[\\"]/.test(masked) ? FULL_MASK : masked;
}

function applyMasks(text: string, spans: Span[]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: string[] = [];
  let written = 0;
  let i = 0;
  while (i < spans.length) {
    // Overlapping finds (a key inside an assignment, a view's find and the raw text's) are masked once, as their union.
    // A number is found both in the still-escaped text and in its view: the deepest find knows its quoting.
    const { start } = spans[i];
    let { end, kind, depth } = spans[i];
    for (i += 1; i < spans.length && spans[i].start < end; i++) {
      end = Math.max(end, spans[i].end);
      depth = Math.max(depth, spans[i].depth);
      if (MASK_STRENGTH[spans[i].kind] > MASK_STRENGTH[kind]) kind = spans[i].kind;
    }
    const raw = text.slice(start, end);
    const keep = (kind === "token" || kind === "full") && isAlreadyMasked(raw);
    out.push(text.slice(written, start), keep ? raw : maskOf(raw, kind, depth));
    written = end;
  }
  out.push(text.slice(written));
  return out.join("");
}

/** Returns `text` with every recognised secret masked, in the text itself and inside any JSON-escaped strings it holds. */
export function redactSecrets(text: string): string {
  if (!text) return text;
  const spans = findSecrets(text, 0);
  let view = decodeOnce(
    text,
    (i) => i,
    (i) => i + 1,
  );
  for (let depth = 1; view && depth <= MAX_DECODE_DEPTH; depth++) {
    const current: DecodedView = view;
    for (const span of findSecrets(current.text, depth)) {
      spans.push({ start: current.from[span.start], end: current.to[span.end - 1], kind: span.kind, depth });
    }
    view = decodeOnce(
      current.text,
      (i) => current.from[i],
      (i) => current.to[i],
    );
  }
  return applyMasks(text, spans);
}

/** Secrets shorter than this are not worth tracking on their own: they would match ordinary words. */
const MIN_TRACKED_SECRET_CHARS = 6;

/**
 * The secrets redactSecrets would mask in `text`, as their plain values (read from the text and from its decoded
 * views, so a secret inside JSON comes out unescaped), each once. The guard tracks these as the conversation's secrets.
 */
export function secretsIn(text: string): string[] {
  if (!text) return [];
  const found = new Set<string>();
  for (const span of findSecrets(text, 0)) found.add(text.slice(span.start, span.end));
  let view = decodeOnce(
    text,
    (i) => i,
    (i) => i + 1,
  );
  for (let depth = 1; view && depth <= MAX_DECODE_DEPTH; depth++) {
    const current: DecodedView = view;
    for (const span of findSecrets(current.text, depth)) found.add(current.text.slice(span.start, span.end));
    view = decodeOnce(
      current.text,
      (i) => current.from[i],
      (i) => current.to[i],
    );
  }
  return [...found].map((value) => value.trim()).filter((value) => value.length >= MIN_TRACKED_SECRET_CHARS);
}

/**
 * Redacts every string inside a JSON-like value (for logs and snapshots). A one-word string under a
 * secret-like key (`{ password: "hunter2" }`) is masked whole: the key says what it is even when the
 * value has no recognisable shape; references apply as in text, and the numeric rule does not (a
 * string is a quoted value). The `value` of a name/value pair is masked the same way when its `name`
 * is secret-like or the pair is a cookie (`{ name, value, domain, path }`, as CDP and Playwright return them).
 */
export function redactDeep<T>(value: T): T {
  return redactValue(value, null) as T;
}

function maskWhole(value: string): string {
  return isAlreadyMasked(value) ? value : maskToken(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSecretPair(pair: Record<string, unknown>): boolean {
  return (
    typeof pair.name === "string" &&
    typeof pair.value === "string" &&
    pair.value !== "" &&
    !looksLikeReference(pair.value) &&
    pairHoldsSecret(pair.name, "domain" in pair || "path" in pair)
  );
}

function redactValue(value: unknown, key: string | null): unknown {
  if (typeof value === "string") {
    const secretByName = key !== null && WHOLE_SECRET_NAME.test(key) && /^\S+$/.test(value) && namesASecret(key, value);
    return secretByName ? maskWhole(value) : redactSecrets(value);
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, null));
  if (isRecord(value)) {
    const secretPair = isSecretPair(value);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = secretPair && k === "value" && typeof v === "string" ? maskWhole(v) : redactValue(v, k);
    }
    return out;
  }
  return value;
}
