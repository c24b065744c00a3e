/**
 * @module redaction-patterns
 * What ./redaction.ts looks for: the secret formats (vendor key prefixes, JWTs, private key blocks), the places a
 * secret is named (assignments, quoted members, headers, cookies, curl's user option, name/value pairs) and the
 * rules built from them, each with a cheap pre-check and the secrets a match holds; also what counts as our own
 * mask, so redaction stays idempotent. Patterns only: applying them is the engine's.
 */
export const ELLIPSIS = "…";
/** Tokens at least this long keep a short prefix and suffix so a reader can tell them apart. */
const KEEP_ENDS_MIN_CHARS = 18;
const KEEP_PREFIX_CHARS = 6;
const KEEP_SUFFIX_CHARS = 4;
export const FULL_MASK = "***";
export const PRIVATE_KEY_MASK = "[private key redacted]";
/** JSON inside a JSON string inside a JSON string: deeper nesting does not occur in tool traffic. */
export const MAX_DECODE_DEPTH = 3;

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
export const OWN_BRACKET_MASK_AT = /\[(?:[a-z]+ ){0,3}redacted\]/y;

export function isAlreadyMasked(value: string): boolean {
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
  // This server's own API keys.
  /\bcad_[A-Za-z0-9_-]{32,}/dg,
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

/**
 * A name holding a secret-like word. The word is found by a lookahead and the name is then read as one
 * run: `[…]*(?:word)[…]*` would try every split of a long run (`tokentoken…` without a `:` after it)
 * against every word, quadratic in the run's length. Every pattern after a name wants a character a
 * name cannot hold (`:`, `=`, a quote), so the run is always read whole.
 */
const SECRET_NAME = String.raw`(?=[A-Za-z0-9_.-]*?(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|passwd|passphrase|pwd|credential|private[_-]?key|access[_-]?key|auth[_-]?key|client[_-]?secret|session[_-]?key|cookie))[A-Za-z0-9_.-]+`;
export const WHOLE_SECRET_NAME = new RegExp(`^${SECRET_NAME}$`, "i");

/**
 * A quoted value, closed by the quote that opened it (group `quoteGroup`), escapes included: `"it's"`,
 * `"a\"b"`, `"pa\\ss"` and `"one\ntwo"` are whole values. Stopping at the first quote or backslash of
 * either kind would mask `it` of `it's` and leave the rest. Each character is either a plain one or a
 * backslash pair, never both, so a value without its closing quote costs one pass, not a blowup.
 * Only a bare quote opens a value: a value in `\"…\"` is one level of JSON deep, and the decoded view
 * reads its quotes bare.
 */
function quotedValue(quoteGroup: number): string {
  const quote = `\\${quoteGroup}`;
  return String.raw`(["'])((?:(?!${quote})[^\\\n]|\\.)*)${quote}`;
}

/** `"token": "…"` and `'password': '…'` in JSON or Python literals. */
const QUOTED_ASSIGNMENT = new RegExp(String.raw`(\\?["'](${SECRET_NAME})\\?["']\s*:\s*)${quotedValue(3)}`, "dgi");
/** `"password": 12345678`, `"password": 1e10`: a JSON number under a secret name (identifiers such as Python variables stay). */
const QUOTED_NAME_NUMBER = new RegExp(
  String.raw`(\\?["'](${SECRET_NAME})\\?["']\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w.])`,
  "dgi",
);
/** Where an assignment can start: a line, a separator, a quote (`-H 'X-Api-Key: …'`), a colon (`.npmrc`'s `//host/:_authToken=…`) or `export`. */
const ASSIGNMENT_LEAD = String.raw`(^|[\s;,:{(\['"\x60]|export\s+)`;
/** `API_KEY=value`, `password: value` (YAML), `--token value` stays out: flags are too ambiguous. */
const PLAIN_ASSIGNMENT = new RegExp(
  String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)(?!\\?["'])(${VALUE_CHAR}+)`,
  "dgim",
);
/** `API_KEY="value"`, `export TOKEN='value'`, `password: "value"` (YAML), also inside JSON strings (in their decoded view). */
const QUOTED_VALUE_ASSIGNMENT = new RegExp(
  String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)${quotedValue(4)}`,
  "dgim",
);

/** `|`, `>-`, `|2+`: the value of `password: |` is the indented lines below it, not the indicator. */
const BLOCK_SCALAR_INDICATOR = String.raw`[|>](?:[1-9][-+]?|[-+][1-9]?)?`;
const IS_BLOCK_SCALAR_INDICATOR = new RegExp(`^${BLOCK_SCALAR_INDICATOR}$`);
/**
 * A YAML block scalar under a secret name: every following line indented deeper than the key's line
 * (blank lines between them included) is the value, masked from its first character on so the block
 * stays a block. The key line's indentation is captured through a lookahead so a failed match never
 * re-splits it; the name may follow other text on its line (`- password: |`, `echo 'password: |`).
 */
const YAML_BLOCK_SECRET = new RegExp(
  String.raw`^(?=([ \t]*))\1(?:[^\n]*?[ \t'"\x60(\[{,;])?(${SECRET_NAME})[ \t]*:[ \t]*${BLOCK_SCALAR_INDICATOR}[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*\r?\n)*\1[ \t]+(\S[^\r\n]*(?:\r?\n(?:[ \t]*\r?\n)*\1[ \t]+\S[^\r\n]*)*)`,
  "dgim",
);

/**
 * `Cookie: a=1; session=…` and `Set-Cookie: sid=…; Path=/`: every cookie's value goes, whatever its
 * name — a cookie is a session credential. The header runs to the end of its line, or to the quote
 * or JSON escape that ends it in still-encoded text.
 */
const COOKIE_HEADER = new RegExp(String.raw`\b(set-)?cookie[ \t]*:[ \t]*((?:[^\n\r"'\\]|\\(?![nrtbfu"\\/]))+)`, "dgi");
const COOKIE_HEADER_NAME = /^(?:set-)?cookie$/i;
const COOKIE_PAIR = new RegExp(String.raw`(?:^|[;,])[ \t]*([^\s=;,"'\\]+)=(${VALUE_CHAR}+)`, "dg");
/** What follows a Set-Cookie's first pair describes the cookie; a `,` may start the next cookie of a joined header. */
const SET_COOKIE_ATTRIBUTE = /^(?:path|domain|expires|max-age|samesite|priority)$/i;

/**
 * `curl -u user:password`, `--user=user:password`: the password goes, the user stays. Only after
 * `curl`: `docker run -u 1000:1000` and `sudo -u postgres` hold no password. The words before the
 * option are matched one by one and the option itself is optional, so a curl command without it still
 * matches (to its end) and the search goes on from there: a line of `curl curl …` is read once.
 */
const SHELL_GAP = String.raw`(?:[ \t]|\\\r?\n)+`;
/** A shell word character outside quotes; a JSON escape (`\n`, `\"`) ends the word, as in VALUE_CHAR. */
const SHELL_WORD_CHAR = String.raw`(?:[^\s"'\\;&|]|\\[^\snrtbfu"\\/])`;
const SHELL_QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"|'[^'\n]*'`;
/** A word before the user option: quoted parts (`-H "Cookie: a=1; b=2"`) and a stray quote included. */
const CURL_WORD = String.raw`(?!-u|--user(?![\w-]))(?:${SHELL_QUOTED}|${SHELL_WORD_CHAR}|["'])+`;
const CURL_USER = new RegExp(
  String.raw`\bcurl\b(?:${SHELL_GAP}${CURL_WORD})*(?:${SHELL_GAP}(?:-u|--user)(?:${SHELL_GAP}|=)?(${SHELL_QUOTED}|${SHELL_WORD_CHAR}+))?`,
  "dg",
);

/**
 * The first members of a JSON-like object, up to its end or its first nested object: CDP's
 * `Network.getCookies` (`{"name": "sid", "value": "…", "domain": …, "partitionKey": {…}}`), HAR and
 * header arrays (`[{"name": "Authorization", "value": "…"}]`) all put `name` and `value` there.
 */
const OBJECT_HEAD = /\{([^{}]*)/dg;
/** A member key of a name/value pair, quoted (JSON, Python) or bare (a JS object as Node prints it). */
const PAIR_MEMBER_KEY = /(?:^|[\s,])(["']?)(name|value|domain|path)\1\s*:\s*/gi;
const QUOTED_STRING_AT = new RegExp(quotedValue(1), "y");
/** Names a pair's value is a credential under, besides the secret-like ones: auth headers and session cookies or parameters. */
const SECRET_PAIR_NAME = /^(?:proxy-)?authorization$|session|sessid|(?:^|[_.-])sid$/i;

/** `TokenExpiredError: jwt expired` is an error class and its message, not a secret named "token". */
const ERROR_CLASS_NAME = /[a-z](?:Error|Exception|Warning)$/;

/** `token: ${{ secrets.X }}`, `password: null`, `apiKey: process.env.API_KEY` and the like name no secret. */
export function looksLikeReference(value: string): boolean {
  return /^(?:\$\{?|<|\{\{|null$|none$|true$|false$|undefined$|\*+$|process\.env\b|import\.meta\.env\b|os\.environ\b|os\.getenv\(|getenv\(|env\(|ENV\[|secrets\.|vars\.)/i.test(
    value,
  );
}

/**
 * The numeric rule. "token" makes `max_tokens` a secret-like name, but `max_tokens: 4096`,
 * `MAX_TOKENS=4096`, `"num_tokens": 3` and `token_count=12` hold a count, not a secret. A value is
 * left alone only when it is a bare number (unquoted) of at most NUMERIC_COUNT_MAX_DIGITS digits (an
 * optional fraction allowed) AND the LAST word of its name is about amounts: a word of
 * COUNT_NAME_WORDS or its plural, or "tokens" (the plural only: `token` alone is the secret word),
 * which makes `max_output_tokens` and the usage fields `prompt_tokens`, `completion_tokens` counts.
 * A count word elsewhere in the name says nothing: `api_key_max` and `token_limit_id` name a secret
 * and an id. A quoted number (`"token_limit": "98765432109"`) is a string and may be any secret that
 * happens to be digits, so it is masked; so is a number under any other secret-like name
 * (`API_TOKEN=12345678901234`, `password: 123456`): numeric PINs and passwords exist, and so do
 * longer numbers that are ids rather than amounts.
 */
const NUMERIC_COUNT_MAX_DIGITS = 12;
const COUNT_NAME_WORDS = new Set([
  "tokens",
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

/** `value` is the bare (unquoted) value written under `name`. */
function isCountValue(name: string, value: string): boolean {
  if (!NUMERIC_COUNT_VALUE.test(value)) return false;
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter((word) => word !== "");
  const last = words.at(-1)?.toLowerCase() ?? "";
  return COUNT_NAME_WORDS.has(last) || COUNT_NAME_WORDS.has(last.replace(/s$/, ""));
}

/**
 * A stretch of the text to mask: `token` keeps its ends (maskToken), `full` becomes `***`, `number`
 * (a bare JSON number) becomes the string `"***"` so the JSON around it stays valid, `private_key`
 * the key mask. `depth` is the level of JSON string nesting the stretch was found at.
 */
export type MaskKind = "token" | "full" | "number" | "private_key";
export const MASK_STRENGTH: Record<MaskKind, number> = { token: 0, full: 1, number: 2, private_key: 3 };
export type Span = { start: number; end: number; kind: MaskKind; depth: number };
/** A secret value a match holds, and where it starts in the text. */
type Found = { value: string; start: number };

type Rule = {
  pattern: RegExp;
  /** A cheap pre-check: the costlier patterns only run on text that could hold what they look for. */
  mayMatch: (text: string) => boolean;
  kind: MaskKind;
  /** The secrets a match holds: none when it names no secret after all (an error class, a reference, a count). */
  secrets: (match: RegExpExecArray) => Found[];
};

const MAY_HOLD_SECRET_NAME = /key|secret|token|passw|passphrase|pwd|credential|cookie/i;
const always = () => true;
/**
 * A URL under a secret-like name (`TOKEN_URL=https://…`, `"token_url": "https://…"`) is an address, not a secret:
 * only the credentials inside it are (URL_CREDENTIALS, QUERY_SECRET mask those).
 */
const URL_VALUE = /^[a-z][a-z0-9+.-]*:\/\/\S*$/i;
export const namesASecret = (name: string, value: string) =>
  !ERROR_CLASS_NAME.test(name) && !looksLikeReference(value) && !URL_VALUE.test(value);

/** The capture group `group` of a match, when `accept` (if any) agrees. */
function captured(group: number, accept?: (match: RegExpExecArray) => boolean): Rule["secrets"] {
  return (match) => {
    const at = match.indices?.[group];
    return at && (!accept || accept(match)) ? [{ value: match[group], start: at[0] }] : [];
  };
}

function cookieHeaderSecrets(match: RegExpExecArray): Found[] {
  const at = match.indices?.[2];
  if (!at) return [];
  const setCookie = match[1] !== undefined;
  const found: Found[] = [];
  for (const pair of match[2].matchAll(COOKIE_PAIR)) {
    const value = pair.indices?.[2];
    const isAttribute = setCookie && pair.index > 0 && SET_COOKIE_ATTRIBUTE.test(pair[1]);
    if (value && !isAttribute && !looksLikeReference(pair[2])) found.push({ value: pair[2], start: at[0] + value[0] });
  }
  return found;
}

function curlPasswordSecrets(match: RegExpExecArray): Found[] {
  const credential = match[1];
  const at = match.indices?.[1];
  if (credential === undefined || !at) return [];
  const quoted = /^["']/.test(credential) ? 1 : 0;
  const colon = credential.indexOf(":", quoted);
  if (colon < 0) return [];
  const password = credential.slice(colon + 1, credential.length - quoted);
  return looksLikeReference(password) ? [] : [{ value: password, start: at[0] + colon + 1 }];
}

function quotedStringAt(text: string, at: number): Found | null {
  QUOTED_STRING_AT.lastIndex = at;
  const match = QUOTED_STRING_AT.exec(text);
  return match ? { value: match[2], start: at + 1 } : null;
}

/** A name/value pair's value is a secret under a secret-like name, or when the pair is a cookie (it has a domain or path). */
export function pairHoldsSecret(name: string, isCookie: boolean): boolean {
  return isCookie || WHOLE_SECRET_NAME.test(name) || SECRET_PAIR_NAME.test(name);
}

function namedPairSecrets(match: RegExpExecArray): Found[] {
  const head = match.indices?.[1];
  if (!head) return [];
  let name: string | undefined;
  let valueAt = -1;
  let isCookie = false;
  for (const key of match[1].matchAll(PAIR_MEMBER_KEY)) {
    const at = head[0] + key.index + key[0].length;
    const member = key[2].toLowerCase();
    if (member === "domain" || member === "path") isCookie = true;
    else if (member === "name") name ??= quotedStringAt(match.input, at)?.value;
    else if (valueAt < 0) valueAt = at;
  }
  if (name === undefined || valueAt < 0 || !pairHoldsSecret(name, isCookie)) return [];
  const value = quotedStringAt(match.input, valueAt);
  return value && !looksLikeReference(value.value) ? [value] : [];
}

export const RULES: Rule[] = [
  {
    pattern: PRIVATE_KEY_BLOCK,
    mayMatch: (t) => t.includes("PRIVATE KEY"),
    kind: "private_key",
    secrets: captured(0),
  },
  {
    pattern: PRIVATE_KEY_OPENING,
    mayMatch: (t) => t.includes("PRIVATE KEY"),
    kind: "private_key",
    secrets: captured(0),
  },
  { pattern: AUTHORIZATION_HEADER, mayMatch: (t) => /authorization/i.test(t), kind: "token", secrets: captured(3) },
  { pattern: URL_CREDENTIALS, mayMatch: (t) => t.includes("://"), kind: "full", secrets: captured(2) },
  { pattern: QUERY_SECRET, mayMatch: (t) => t.includes("="), kind: "token", secrets: captured(2) },
  { pattern: JWT_PATTERN, mayMatch: (t) => t.includes("eyJ"), kind: "token", secrets: captured(0) },
  ...PREFIXED_KEY_PATTERNS.map((pattern): Rule => ({ pattern, mayMatch: always, kind: "token", secrets: captured(0) })),
  // A quoted value is never a count: the numeric rule is for bare numbers.
  {
    pattern: QUOTED_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    kind: "token",
    secrets: captured(4, (m) => !URL_VALUE.test(m[4])),
  },
  {
    pattern: QUOTED_NAME_NUMBER,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    kind: "number",
    secrets: captured(3, (m) => !isCountValue(m[2], m[3])),
  },
  {
    pattern: QUOTED_VALUE_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    kind: "token",
    secrets: captured(5, (m) => namesASecret(m[2], m[5])),
  },
  {
    pattern: PLAIN_ASSIGNMENT,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t),
    kind: "token",
    secrets: captured(
      4,
      (m) =>
        namesASecret(m[2], m[4]) &&
        !isCountValue(m[2], m[4]) &&
        // The lines below `password: |` are the secret (YAML_BLOCK_SECRET), not the `|`.
        !IS_BLOCK_SCALAR_INDICATOR.test(m[4]) &&
        // `Cookie: a=1; b=2` is masked pair by pair (COOKIE_HEADER), cookie names kept.
        !(COOKIE_HEADER_NAME.test(m[2]) && /^[ \t]*:[ \t]*$/.test(m[3]) && /^[^=]+=/.test(m[4])),
    ),
  },
  {
    pattern: YAML_BLOCK_SECRET,
    mayMatch: (t) => MAY_HOLD_SECRET_NAME.test(t) && /[|>]/.test(t),
    kind: "full",
    secrets: captured(3, (m) => namesASecret(m[2], m[3])),
  },
  { pattern: COOKIE_HEADER, mayMatch: (t) => /cookie/i.test(t), kind: "token", secrets: cookieHeaderSecrets },
  {
    pattern: CURL_USER,
    mayMatch: (t) => t.includes("curl") && (t.includes("-u") || t.includes("--user")),
    kind: "token",
    secrets: curlPasswordSecrets,
  },
  { pattern: OBJECT_HEAD, mayMatch: (t) => /value/i.test(t), kind: "token", secrets: namedPairSecrets },
];
