/**
 * Masks secrets in free text before it leaves for a summary model, lands in a summary or an
 * anchor, or is written to a log or a snapshot (SPEC §5.8). Pure and deterministic.
 */

const ELLIPSIS = "…";
/** Tokens at least this long keep a short prefix and suffix so a reader can tell them apart. */
const KEEP_ENDS_MIN_CHARS = 18;
const KEEP_PREFIX_CHARS = 6;
const KEEP_SUFFIX_CHARS = 4;
const FULL_MASK = "***";

/** `sk-abc…wxyz` for long tokens, `***` for short ones. */
export function maskToken(token: string): string {
  if (token.length < KEEP_ENDS_MIN_CHARS) return FULL_MASK;
  return `${token.slice(0, KEEP_PREFIX_CHARS)}${ELLIPSIS}${token.slice(-KEEP_SUFFIX_CHARS)}`;
}

/** Vendor key formats recognisable by their prefix. */
const PREFIXED_KEY_PATTERNS: RegExp[] = [
  /\bsk-(?:ant-|proj-|or-v1-|live-|test-)?[A-Za-z0-9_-]{16,}/g,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprse]-[A-Za-z0-9-]{10,}/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bhf_[A-Za-z0-9]{20,}/g,
  /\bnpm_[A-Za-z0-9]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bpypi-[A-Za-z0-9_-]{32,}/g,
  /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
];

const JWT_PATTERN = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

/** A block cut before its END line (truncated output): the key material up to the first non-base64 character goes. */
const PRIVATE_KEY_OPENING = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s]|\\n)*/g;
const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g;

/** `Authorization: Bearer abc`, `authorization: Basic …`, `Proxy-Authorization: …`. */
const AUTHORIZATION_HEADER = /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|token|digest)\s+)?([^\s"',;]+)/gi;

/** `scheme://user:password@host` (the user may be empty, as in `redis://:password@host`) — the password goes, the user stays. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(@)/gi;

const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|passwd|passphrase|pwd|credential|private[_-]?key|access[_-]?key|auth[_-]?key|client[_-]?secret|session[_-]?key|cookie)[A-Za-z0-9_.-]*`;

/** `"token": "…"` and `'password': '…'` in JSON or Python literals. */
const QUOTED_ASSIGNMENT = new RegExp(String.raw`(\\?["'](${SECRET_NAME})\\?["']\s*:\s*\\?["'])([^"'\\\n]+)(\\?["'])`, "gi");
/** Where an assignment can start: a line, a separator, a quote (`-H 'X-Api-Key: …'`) or `export`. */
const ASSIGNMENT_LEAD = String.raw`(^|[\s;,{(\['"\x60]|export\s+)`;
/** `API_KEY=value`, `password: value` (YAML), `--token value` stays out: flags are too ambiguous. */
const PLAIN_ASSIGNMENT = new RegExp(String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)(?!\\?["'])([^\s"',;]+)`, "gim");
/** `API_KEY="value"`, `export TOKEN='value'`, `password: "value"` (YAML), also inside JSON strings (`\"value\"`): the quoted value goes. */
const QUOTED_VALUE_ASSIGNMENT = new RegExp(String.raw`${ASSIGNMENT_LEAD}(${SECRET_NAME})(\s*[:=]\s*)(\\?["'])([^"'\\\n]+)(\\?["'])`, "gim");
/** `TokenExpiredError: jwt expired` is an error class and its message, not a secret named "token". */
const ERROR_CLASS_NAME = /[a-z](?:Error|Exception|Warning)$/;
/** `?access_token=…&api_key=…` in URLs. */
const QUERY_SECRET = /([?&](?:access_token|token|api_key|apikey|key|secret|password|sig|signature|auth)=)([^&\s#"']+)/gi;

function maskAll(text: string, pattern: RegExp): string {
  return text.replace(pattern, (match, offset: number, whole: string) => (whole[offset + match.length] === ELLIPSIS ? match : maskToken(match)));
}

/** Cheap pre-checks: the costlier patterns only run on text that could hold what they look for. */
const MAY_HOLD_SECRET_NAME = /key|secret|token|passw|passphrase|pwd|credential|cookie/i;
const MAY_HOLD_AUTHORIZATION = /authorization/i;

/** Returns `text` with every recognised secret masked. */
export function redactSecrets(text: string): string {
  if (!text) return text;
  let out = text;
  if (out.includes("PRIVATE KEY")) out = out.replace(PRIVATE_KEY_BLOCK, "[private key redacted]").replace(PRIVATE_KEY_OPENING, "[private key redacted]");
  if (MAY_HOLD_AUTHORIZATION.test(out)) {
    out = out.replace(AUTHORIZATION_HEADER, (_m, head: string, scheme: string | undefined, value: string) => {
      return `${head}${scheme ? `${scheme} ` : ""}${isAlreadyMasked(value) ? value : maskToken(value)}`;
    });
  }
  if (out.includes("://")) out = out.replace(URL_CREDENTIALS, (_m, head: string, _password: string, at: string) => `${head}${FULL_MASK}${at}`);
  if (out.includes("=")) out = out.replace(QUERY_SECRET, (_m, head: string, value: string) => `${head}${isAlreadyMasked(value) ? value : maskToken(value)}`);
  if (out.includes("eyJ")) out = maskAll(out, JWT_PATTERN);
  for (const pattern of PREFIXED_KEY_PATTERNS) out = maskAll(out, pattern);
  if (!MAY_HOLD_SECRET_NAME.test(out)) return out;
  out = out.replace(QUOTED_ASSIGNMENT, (_m, head: string, _name: string, value: string, tail: string) => {
    return `${head}${isAlreadyMasked(value) ? value : maskToken(value)}${tail}`;
  });
  out = out.replace(QUOTED_VALUE_ASSIGNMENT, (match, lead: string, name: string, sep: string, open: string, value: string, close: string) => {
    if (open.slice(-1) !== close.slice(-1) || ERROR_CLASS_NAME.test(name) || isAlreadyMasked(value) || looksLikeReference(value)) return match;
    return `${lead}${name}${sep}${open}${maskToken(value)}${close}`;
  });
  out = out.replace(PLAIN_ASSIGNMENT, (match, lead: string, name: string, sep: string, value: string) => {
    if (ERROR_CLASS_NAME.test(name) || isAlreadyMasked(value) || looksLikeReference(value)) return match;
    return `${lead}${name}${sep}${maskToken(value)}`;
  });
  return out;
}

function isAlreadyMasked(value: string): boolean {
  return value === FULL_MASK || value.includes(ELLIPSIS) || value.startsWith("[");
}

/** `token: ${{ secrets.X }}`, `password: null`, `apiKey: process.env.API_KEY` and the like name no secret. */
function looksLikeReference(value: string): boolean {
  return /^(?:\$\{?|<|\{\{|null$|none$|true$|false$|undefined$|\*+$|process\.env\b|import\.meta\.env\b|os\.environ\b|os\.getenv\(|getenv\(|env\(|ENV\[|secrets\.|vars\.)/i.test(value);
}

/** Redacts every string inside a JSON-like value (for logs and snapshots). */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = redactDeep(v);
    return out as T;
  }
  return value;
}
