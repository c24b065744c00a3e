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

const ELLIPSIS = "…";
/** Tokens at least this long keep a short prefix and suffix so a reader can tell them apart. */
const KEEP_ENDS_MIN_CHARS = 18;
const KEEP_PREFIX_CHARS = 6;
const KEEP_SUFFIX_CHARS = 4;
const FULL_MASK = "***";
const PRIVATE_KEY_MASK = "[private key redacted]";
/** JSON inside a JSON string inside a JSON string: deeper nesting does not occur in tool traffic. */
const MAX_DECODE_DEPTH = 3;

/** `sk-abc…wxyz` for long tokens, `***` for short ones. */
export function maskToken(token: string): string {
  if (token.length < KEEP_ENDS_MIN_CHARS) return FULL_MASK;
  return `${token.slice(0, KEEP_PREFIX_CHARS)}${ELLIPSIS}${token.slice(-KEEP_SUFFIX_CHARS)}`;
}

/** Exactly what maskToken and the fixed masks produce — not any value that merely contains `…` (a cut secret does). */
const OWN_MASK = new RegExp(
  String.raw`^(?:\*{3}|[^\n${ELLIPSIS}]{${KEEP_PREFIX_CHARS}}${ELLIPSIS}[^\n${ELLIPSIS}]{${KEEP_SUFFIX_CHARS}}|\[(?:[a-z]+ ){0,3}redacted\])$`,
);
/** A bracketed mask where a value starts (`[private key redacted]`, pino's `[redacted]`); it may hold spaces a value stops at. */
const OWN_BRACKET_MASK_AT = /\[(?:[a-z]+ ){0,3}redacted\]/y;

function isAlreadyMasked(value: string): boolean {
  return OWN_MASK.test(value);
}

/** Vendor key formats recognisable by their prefix. */
const PREFIXED_KEY_PATTERNS: RegExp[] = [
  /\bsk-(?:ant-|proj-|or-v1-|live-|test-)?[A-Za-z0-9_-]{16,}/dg,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/dg,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/dg,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/dg,
  /\bxox[abprse]-[A-Za-z0-9-]{10,}/dg,
  /\bAIza[0-9A-Za-z_-]{30,}/dg,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/dg,
  /\bhf_[A-Za-z0-9]{20,}/dg,
  /\bnpm_[A-Za-z0-9]{20,}/dg,
  /\bglpat-[A-Za-z0-9_-]{20,}/dg,
  /\bpypi-[A-Za-z0-9_-]{32,}/dg,
  /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/dg,
];

const JWT_PATTERN = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg;

/** A block cut before its END line (truncated output): the key material up to the first non-base64 character goes. */
const PRIVATE_KEY_OPENING = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s]|\\n)*/dg;
const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/dg;

/**
 * One character of an unquoted value. A backslash that starts a JSON escape (`\n`, `\"`) ends the
 * value: in still-encoded text it is the next line or the closing quote, which the decoded view reads
 * as such. Other backslashes (`pa\ss`) are part of the value.
 */
const VALUE_CHAR = String.raw`(?:[^\s"',;\\]|\\(?![nrtbfu"\\/]))`;

/** `Authorization: Bearer abc`, `authorization: Basic …`, `Proxy-Authorization: …`. */
const AUTHORIZATION_HEADER = new RegExp(
  String.raw`\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|token|digest)\s+)?(${VALUE_CHAR}+)`,
  "dgi",
);

/** `scheme://user:password@host` (the user may be empty, as in `redis://:password@host`) — the password goes, the user stays. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(@)/dgi;

/** `?access_token=…&api_key=…` in URLs. */
const QUERY_SECRET =
  /([?&](?:access_token|token|api_key|apikey|key|secret|password|sig|signature|auth)=)((?:[^&\s#"'\\]|\\(?![nrtbfu"\\/]))+)/dgi;

const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|passwd|passphrase|pwd|credential|private[_-]?key|access[_-]?key|auth[_-]?key|client[_-]?secret|session[_-]?key|cookie)[A-Za-z0-9_.-]*`;
const WHOLE_SECRET_NAME = new RegExp(`^${SECRET_NAME}$`, "i");

/** `"token": "…"` and `'password': '…'` in JSON or Python literals. */
const QUOTED_ASSIGNMENT = new RegExp(
  String.raw`(\\?["'](${SECRET_NAME})\\?["']\s*:\s*\\?["'])([^"'\\\n]+)(\\?["'])`,
  "dgi",
);
/** `"password": 12345678`: a JSON number under a secret name (identifiers such as Python variables stay). */
const QUOTED_NAME_NUMBER = new RegExp(
  String.raw`(\\?["'](${SECRET_NAME})\\?["']\s*:\s*)(-?\d+(?:\.\d+)?)(?![\w.])`,
  "dgi",
);
/** Where an assignment can start: a line, a separator, a quote (`-H 'X-Api-Key: …'`), a colon (`.npmrc`'s `//host/:_authToken=…`) or `export`. */
const ASSIGNMENT_LEAD = String.raw`(^|[\s;,:{(\['"\x60]|export\s+)`;
/** `API_KEY=value`, `password: value` (YAML), `--token value` stays out: flags are too ambiguous. */
const PLAIN_ASSIGNMENT = new RegExp(
  String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)(?!\\?["'])(${VALUE_CHAR}+)`,
  "dgim",
);
/** `API_KEY="value"`, `export TOKEN='value'`, `password: "value"` (YAML), also inside JSON strings (`\"value\"`): the quoted value goes. */
const QUOTED_VALUE_ASSIGNMENT = new RegExp(
  String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)(\\?["'])([^"'\\\n]+)(\\?["'])`,
  "dgim",
);
/** `TokenExpiredError: jwt expired` is an error class and its message, not a secret named "token". */
const ERROR_CLASS_NAME = /[a-z](?:Error|Exception|Warning)$/;

/** `token: ${{ secrets.X }}`, `password: null`, `apiKey: process.env.API_KEY` and the like name no secret. */
function looksLikeReference(value: string): boolean {
  return /^(?:\$\{?|<|\{\{|null$|none$|true$|false$|undefined$|\*+$|process\.env\b|import\.meta\.env\b|os\.environ\b|os\.getenv\(|getenv\(|env\(|ENV\[|secrets\.|vars\.)/i.test(
    value,
  );
}

/**
 * The numeric rule. "token" makes `max_tokens` a secret-like name, but `max_tokens: 4096`,
 * `MAX_TOKENS=4096`, `"num_tokens": 3` and `token_count=12` hold a count, not a secret. A value is
 * left alone when it is a plain number of at most NUMERIC_COUNT_MAX_DIGITS digits (an optional
 * fraction allowed) AND one word of its name is about amounts (COUNT_NAME_WORDS, their plurals, or
 * "tokens" — the plural only: `token` alone is the secret word). A number under any other secret-like
 * name (`API_TOKEN=12345678901234`, `password: 123456`) is still masked: numeric PINs and passwords
 * exist, and so do longer numbers that are ids rather than amounts.
 */
const NUMERIC_COUNT_MAX_DIGITS = 12;
const COUNT_NAME_WORDS = new Set([
  "max",
  "min",
  "num",
  "n",
  "count",
  "limit",
  "size",
  "len",
  "length",
  "budget",
  "total",
  "threshold",
  "window",
  "remaining",
  "used",
  "ttl",
  "timeout",
]);
const NUMERIC_COUNT_VALUE = new RegExp(String.raw`^\d{1,${NUMERIC_COUNT_MAX_DIGITS}}(?:\.\d+)?$`);

function isCountValue(name: string, value: string): boolean {
  if (!NUMERIC_COUNT_VALUE.test(value)) return false;
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.some(
    (word) => word === "tokens" || COUNT_NAME_WORDS.has(word) || COUNT_NAME_WORDS.has(word.replace(/s$/, "")),
  );
}

/**
 * A stretch of the text to mask: `token` keeps its ends (maskToken), `full` becomes `***`, `number`
 * (a bare JSON number) becomes the string `"***"` so the JSON around it stays valid, `private_key`
 * the key mask. `depth` is the level of JSON string nesting the stretch was found at.
 */
type MaskKind = "token" | "full" | "number" | "private_key";
const MASK_STRENGTH: Record<MaskKind, number> = { token: 0, full: 1, number: 2, private_key: 3 };
type Span = { start: number; end: number; kind: MaskKind; depth: number };

type Rule = {
  pattern: RegExp;
  /** A cheap pre-check: the costlier patterns only run on text that could hold what they look for. */
  mayMatch: (text: string) => boolean;
  /** The capture group that holds the secret (0: the whole match). */
  group: number;
  kind: MaskKind;
  /** False when the match names no secret after all (an error class, a reference, a count). */
  accept?: (match: RegExpExecArray) => boolean;
};

const MAY_HOLD_SECRET_NAME = /key|secret|token|passw|passphrase|pwd|credential|cookie/i;
const always = () => true;
const namesASecret = (name: string, value: string) =>
  !ERROR_CLASS_NAME.test(name) && !looksLikeReference(value) && !isCountValue(name, value);

const RULES: Rule[] = [
  { pattern: PRIVATE_KEY_BLOCK, mayMatch: (t) => t.includes("PRIVATE KEY"), group: 0, kind: "private_key" },
  { pattern: PRIVATE_KEY_OPENING, mayMatch: (t) => t.includes("PRIVATE KEY"), group: 0, kind: "private_key" },
  { pattern: AUTHORIZATION_HEADER, mayMatch: (t) => /authorization/i.test(t), group: 3, kind: "token" },
  { pattern: URL_CREDENTIALS, mayMatch: (t) => t.includes("://"), group: 2, kind: "full" },
  { pattern: QUERY_SECRET, mayMatch: (t) => t.includes("="), group: 2, kind: "token" },
  { pattern: JWT_PATTERN, mayMatch: (t) => t.includes("eyJ"), group: 0, kind: "token" },
  ...PREFIXED_KEY_PATTERNS.map((pattern): Rule => ({ pattern, mayMatch: always, group: 0, kind: "token" })),
  {
    pattern: QUOTED_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    group: 3,
    kind: "token",
    accept: (m) => !isCountValue(m[2], m[3]),
  },
  {
    pattern: QUOTED_NAME_NUMBER,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    group: 3,
    kind: "number",
    accept: (m) => !isCountValue(m[2], m[3]),
  },
  {
    pattern: QUOTED_VALUE_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    group: 5,
    kind: "token",
    // `"` opened must be `"` closed: `KEY="it's"` is not the value `it`.
    accept: (m) => m[4].slice(-1) === m[6].slice(-1) && namesASecret(m[2], m[5]),
  },
  {
    pattern: PLAIN_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    group: 4,
    kind: "token",
    accept: (m) => namesASecret(m[2], m[4]),
  },
];

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
      const at = match.indices?.[rule.group];
      if (!at || (rule.accept && !rule.accept(match))) continue;
      const span = secretStretch(text, match[rule.group], at[0], rule.kind, depth);
      if (span) found.push(span);
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

/**
 * Redacts every string inside a JSON-like value (for logs and snapshots). A one-word string under a
 * secret-like key (`{ password: "hunter2" }`) is masked whole: the key says what it is even when the
 * value has no recognisable shape; the numeric rule and references apply as in text.
 */
export function redactDeep<T>(value: T): T {
  return redactValue(value, null) as T;
}

function redactValue(value: unknown, key: string | null): unknown {
  if (typeof value === "string") {
    const secretByName =
      key !== null &&
      WHOLE_SECRET_NAME.test(key) &&
      /^\S+$/.test(value) &&
      !isAlreadyMasked(value) &&
      namesASecret(key, value);
    return secretByName ? maskToken(value) : redactSecrets(value);
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, null));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, k);
    return out;
  }
  return value;
}
