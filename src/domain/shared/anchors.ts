/**
 * @module anchors
 * The anchor index (SPEC §5.5): identifiers pulled mechanically out of the compacted turns — text, tool-call
 * arguments and tool results — never rewritten by a model; counted, ranked and rendered within a size bound.
 */
import type { ChatMessage } from "../../kernel/chat.js";
import { contentText, headOf } from "../../kernel/text.js";
import { jsonAsText } from "./message-shape.js";

export type AnchorKind =
  "pr" | "issue" | "commit" | "branch" | "path" | "error" | "url" | "handle" | "command" | "config_key" | "id";
export const ANCHOR_KINDS: AnchorKind[] = [
  "pr",
  "issue",
  "commit",
  "branch",
  "path",
  "error",
  "url",
  "handle",
  "command",
  "config_key",
  "id",
];

export type Anchor = { kind: AnchorKind; value: string; count: number; first_seq: number; last_seq: number };

/** A context item as anchors read it: a message, with its row's seq when it stands for one. */
export type AnchorItem = ChatMessage & { seq?: number };

export const ANCHOR_INDEX_MAX_CHARS = 7_000;
const ERROR_DETAIL_MAX_CHARS = 120;
const COMMAND_ANCHOR_MAX_CHARS = 200;

type Extractor = {
  kind: AnchorKind;
  pattern: RegExp;
  pick?: (match: RegExpExecArray, text: string) => { kind?: AnchorKind; value: string } | null;
};

const ERRNO_NAMES =
  "ENOSPC|ENOENT|EACCES|EPERM|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EADDRINUSE|EEXIST|EISDIR|ENOTDIR|EMFILE|ENFILE|EPIPE|ENOTEMPTY|EBUSY|EAGAIN|EHOSTUNREACH|ENETUNREACH|EROFS|EINVAL|ENOMEM|ENOTFOUND|ECANCELED";

const CODE_EXTENSIONS = new Set(
  "ts tsx js jsx mjs cjs json md py rb go rs java kt c h cc cpp hpp cs php sh bash zsh yml yaml toml ini cfg conf lock sql html css scss vue svelte txt log csv xml env swift m mm gradle proto graphql dockerfile".split(
    " ",
  ),
);
const DOMAIN_ENDINGS = new Set("com org net io dev ai app co uk de fr jp cn gov edu info biz me us".split(" "));
const ID_STOPWORDS = new Set(["UTF", "ISO", "SHA", "TLS", "SSL", "HTTP", "X", "IPV", "CVE-LIKE"]);

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>`)\]}]+/g;

/** Files known by name alone, without an extension. */
const EXTENSIONLESS_FILES =
  "Dockerfile|Containerfile|Makefile|GNUmakefile|Justfile|Procfile|Jenkinsfile|Gemfile|Rakefile|Vagrantfile|Brewfile|CODEOWNERS|LICENSE|\\.gitignore|\\.dockerignore|\\.npmrc|\\.nvmrc|\\.editorconfig|\\.env(?:\\.[\\w-]+)?";

/** First segments of property chains in code (`this.state.value`, `req.body.id`), which are not config keys. */
const CODE_OBJECTS = new Set(
  "this self cls process window document console req res ctx module exports props state event e err obj data item items response request result args kwargs os sys np pd".split(
    " ",
  ),
);

/** A bare error class name right after these is code (`new TypeError(`, `class AppError extends Error`), not an error seen. */
const CODE_BEFORE_ERROR_NAME = /\b(?:new|extends|class|instanceof|import|implements|typeof|except|catch|throws)\s+$/;

/** BuildKit's step lines (`#5 [2/4] RUN …`, `#8 DONE 0.3s`): their `#N` is a step, not an issue. */
const BUILDKIT_STEP_AFTER =
  /^\s+(?:\[|DONE\b|CACHED\b|ERROR\b|\d+\.\d+\s|(?:building|exporting|naming|writing|resolve|load|transferring|extracting|preparing|sha256)\b)/;

const EXTRACTORS: Extractor[] = [
  { kind: "url", pattern: URL_PATTERN, pick: (m) => ({ value: trimTrailingPunctuation(m[0]) }) },
  {
    kind: "pr",
    pattern: /(?<![\w&#/])#(\d{1,7})\b/g,
    pick: (m, text) => {
      const atLineStart = m.index === 0 || text[m.index - 1] === "\n";
      if (atLineStart && BUILDKIT_STEP_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 24)))
        return null;
      const before = text.slice(Math.max(0, m.index - 16), m.index).toLowerCase();
      const kind: AnchorKind = /\b(?:pr|pull(?: request)?|merge request|mr)\s*$/.test(before) ? "pr" : "issue";
      return { kind, value: `#${m[1]}` };
    },
  },
  {
    kind: "error",
    pattern: new RegExp(
      String.raw`\b(?:(?:[A-Z][A-Za-z0-9]*)?(?:Error|Exception)\b(?::[^\n]{1,${ERROR_DETAIL_MAX_CHARS}})?|(?:${ERRNO_NAMES})\b|Traceback \(most recent call last\)|fatal: [^\n]{1,${ERROR_DETAIL_MAX_CHARS}}|error TS\d{4,5}: [^\n]{1,${ERROR_DETAIL_MAX_CHARS}}|panic: [^\n]{1,${ERROR_DETAIL_MAX_CHARS}})`,
      // "u": the detail is cut by characters, not UTF-16 units, so an emoji is never split
      "gu",
    ),
    pick: (m, text) => {
      const value = withBalancedQuotes(m[0].trim().replace(/[\s,;]+$/, ""));
      // A plain "Error" is a word until it has a message.
      if (value === "Error" || value === "Exception") return null;
      if (!value.includes(":") && /(?:Error|Exception)$/.test(value)) {
        // A bare class name in code is not an error that happened.
        if (CODE_BEFORE_ERROR_NAME.test(text.slice(Math.max(0, m.index - 16), m.index))) return null;
        if (/^[(.]/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 1))) return null;
      }
      return { value };
    },
  },
  {
    kind: "commit",
    // 7 digits and up, as `git log --oneline` shows them; not part of a UUID or a longer word.
    pattern: /(?<![\w#-])[0-9a-f]{7,40}(?![\w-])/g,
    pick: (m) => (/[a-f]/.test(m[0]) && /\d/.test(m[0]) ? { value: m[0] } : null),
  },
  {
    kind: "branch",
    pattern:
      /\b(?:fix|feat|feature|bugfix|hotfix|release|chore|refactor|docs|perf|test)\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*/g,
    pick: (m) => ({ value: m[0].replace(/[.,;:!?/-]+$/, "") }),
  },
  {
    kind: "path",
    pattern: /(?<![\w@:/.-])(?:\.{1,2}\/|~\/|\/)?(?:[\w@.-]+\/)*[\w.-]+\.([A-Za-z][A-Za-z0-9]{0,9})\b/g,
    pick: (m) => {
      const value = m[0];
      const extension = m[1].toLowerCase();
      if (!CODE_EXTENSIONS.has(extension)) return null;
      if (!value.includes("/") && /^\d/.test(value)) return null;
      return { value };
    },
  },
  {
    kind: "path",
    pattern: new RegExp(
      String.raw`(?<![\w@:/.-])(?:\.{1,2}\/|~\/|\/)?(?:[\w@.-]+\/)*(?:${EXTENSIONLESS_FILES})(?![\w.-])`,
      "g",
    ),
  },
  {
    // Executables, which rarely have an extension: `bin/deploy`, `./scripts/release`, `/usr/local/bin/node`.
    kind: "path",
    pattern: /(?<![\w@:/.-])(?:\.{1,2}\/|\/)?(?:[\w@.-]+\/)*(?:bin|sbin|scripts?)\/[\w-]+(?![\w/.-])/g,
  },
  // `@scope/package` is a package, not someone to ask.
  { kind: "handle", pattern: /(?<![\w.@/])@[A-Za-z][A-Za-z0-9_-]{1,38}\b(?!\/)/g },
  {
    kind: "command",
    pattern: /(?:^|\n)\s*\$ ([^\n]{2,200})/g,
    pick: (m) => ({ value: m[1].trim() }),
  },
  {
    kind: "config_key",
    // snake_case, camelCase and kebab-case segments: `compression.tail_mode`, `server.maxConcurrentRuns`,
    // `spring.datasource.max-pool-size`.
    pattern: /(?<![\w./-])[a-z][a-zA-Z0-9_-]*(?:\.[a-z][a-zA-Z0-9_-]*){1,5}(?![\w/(-])/g,
    pick: (m) => {
      const value = m[0].replace(/-+$/, "");
      const parts = value.split(".");
      const last = parts[parts.length - 1];
      if (DOMAIN_ENDINGS.has(last) || CODE_EXTENSIONS.has(last.toLowerCase())) return null;
      if (CODE_OBJECTS.has(parts[0])) return null;
      const shaped = /[_-]/.test(value) || /[a-z][A-Z]/.test(value);
      if (!shaped && parts.length < 3) return null;
      return { value };
    },
  },
  { kind: "id", pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  {
    kind: "id",
    pattern: /\b(?:[A-Z][A-Z0-9]{1,9}-\d{1,7}|(?:ses|msg|run|sum|req)_[0-9A-Z]{26})\b/g,
    pick: (m) => (ID_STOPWORDS.has(m[0].split("-")[0]) ? null : { value: m[0] }),
  },
];

/** A trailing quote the match cut off from its opening one is dropped; a closing one (`KeyError: 'x'`) is kept. */
function withBalancedQuotes(value: string): string {
  const last = value.at(-1);
  if (last !== "'" && last !== '"') return value;
  const count = value.split(last).length - 1;
  return count % 2 === 0 ? value : value.slice(0, -1);
}

function trimTrailingPunctuation(value: string): string {
  return value.replace(/[.,;:!?]+$/, "");
}

/** Blanks URL spans so paths, handles and keys are not pulled out of them a second time. */
function withoutUrls(text: string): string {
  return text.replace(URL_PATTERN, (url) => " ".repeat(url.length));
}

export function extractAnchorsFromText(text: string): Array<{ kind: AnchorKind; value: string }> {
  const found: Array<{ kind: AnchorKind; value: string }> = [];
  const urlFree = withoutUrls(text);
  for (const extractor of EXTRACTORS) {
    // URLs are blanked for the kinds that would take pieces out of them; an error line keeps the URL it names.
    const source = extractor.kind === "url" || extractor.kind === "error" ? text : urlFree;
    extractor.pattern.lastIndex = 0;
    for (let m = extractor.pattern.exec(source); m !== null; m = extractor.pattern.exec(source)) {
      const picked = extractor.pick ? extractor.pick(m, source) : { value: m[0] };
      if (picked && picked.value) found.push({ kind: picked.kind ?? extractor.kind, value: picked.value });
    }
  }
  return found;
}

/** `name(args)` calls of shell-like tools become command anchors, with the exit code when the result has one. */
const COMMAND_ARGUMENT_KEYS = ["command", "cmd", "script", "shell"];
const EXIT_CODE_PATTERN = /\bexit(?:[ _]code|[ _]status)?["']?\s*[:=]?\s*(-?\d{1,3})\b/i;

export function exitCodeOf(text: string): number | null {
  const match = EXIT_CODE_PATTERN.exec(text);
  return match ? Number(match[1]) : null;
}

/** The text of an item that anchors are taken from: content, tool-call names and arguments. */
export function anchorTextOf(item: AnchorItem): string {
  // JSON (tool output, tool-call arguments) is read as its decoded text: escaped newlines would glue words.
  const parts = [jsonAsText(contentText(item.content))];
  for (const call of item.tool_calls ?? []) parts.push(jsonAsText(call.function.arguments));
  return parts.join("\n");
}

/**
 * Anchors of a span, counted and with their first and last seq. `text` maps an item to the text
 * to scan; `clean` (redaction) is applied to every whole text — an item's text, a command taken from
 * tool-call arguments — before any anchor is cut out of it: an error detail or a command cut first
 * could end inside a secret, and the visible part would pass for masked.
 */
export function buildAnchorIndex(
  items: AnchorItem[],
  text: (item: AnchorItem) => string = anchorTextOf,
  clean: (value: string) => string = (value) => value,
): Anchor[] {
  const byKey = new Map<string, Anchor>();
  const add = (kind: AnchorKind, value: string, seq: number) => {
    const key = `${kind}\u0000${value}`;
    const anchor = byKey.get(key);
    if (anchor) {
      anchor.count += 1;
      anchor.first_seq = Math.min(anchor.first_seq, seq);
      anchor.last_seq = Math.max(anchor.last_seq, seq);
    } else {
      byKey.set(key, { kind, value, count: 1, first_seq: seq, last_seq: seq });
    }
  };
  const scanned = items.map((item) => clean(text(item)));
  const resultsByCall = new Map<string, string>();
  items.forEach((item, i) => {
    if (item.role === "tool" && item.tool_call_id) resultsByCall.set(item.tool_call_id, scanned[i]);
  });
  items.forEach((item, i) => {
    const seq = item.seq ?? 0;
    for (const { kind, value } of extractAnchorsFromText(scanned[i])) add(kind, value, seq);
    for (const call of item.tool_calls ?? []) {
      const raw = commandOf(call.function.arguments);
      if (!raw) continue;
      const command = headOf(clean(raw), COMMAND_ANCHOR_MAX_CHARS);
      const exit = exitCodeOf(resultsByCall.get(call.id) ?? "");
      add("command", exit === null ? command : `${command} [exit ${exit}]`, seq);
    }
  });
  return rankAnchors([...byKey.values()]);
}

/**
 * The identifiers of one row as it is stored, from its decoded text cleaned first (see buildAnchorIndex), each once.
 * Commands are not among them: a command is indexed with its result's exit code (commandAnchorOf) when that arrives.
 */
export function rowAnchors(
  item: Pick<AnchorItem, "role" | "content" | "tool_calls">,
  clean: (value: string) => string,
): Array<{ kind: AnchorKind; value: string }> {
  const seen = new Set<string>();
  const out: Array<{ kind: AnchorKind; value: string }> = [];
  for (const anchor of extractAnchorsFromText(clean(anchorTextOf(item)))) {
    const key = `${anchor.kind}\u0000${anchor.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(anchor);
  }
  return out;
}

/** A shell-like call's command anchor, with the exit code its result reports: `npm test [exit 1]`; null for others. */
export function commandAnchorOf(
  argumentsJson: string,
  resultText: string,
  clean: (value: string) => string,
): string | null {
  const raw = commandOf(argumentsJson);
  if (!raw) return null;
  const command = headOf(clean(raw), COMMAND_ANCHOR_MAX_CHARS);
  const exit = exitCodeOf(resultText);
  return exit === null ? command : `${command} [exit ${exit}]`;
}

function commandOf(argumentsJson: string): string | null {
  try {
    const args = JSON.parse(argumentsJson) as Record<string, unknown>;
    for (const key of COMMAND_ARGUMENT_KEYS) {
      const value = args[key];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  } catch {
    /* arguments that are not JSON carry no command */
  }
  return null;
}

/** Most frequent first, then most recent. */
export function rankAnchors(anchors: Anchor[]): Anchor[] {
  return [...anchors].sort((a, b) => b.count - a.count || b.last_seq - a.last_seq || a.value.localeCompare(b.value));
}

/** `kind: value (xN), …`, one line per kind, within `maxChars` (see packAnchorIndex). */
export function renderAnchorIndex(anchors: Anchor[], maxChars = ANCHOR_INDEX_MAX_CHARS): string {
  return packAnchorIndex(anchors, [], maxChars);
}

/** The index's share of the summary: 7 % of the window in characters (about 14K at 200K tokens), 2K to 40K. */
export function anchorIndexBudget(contextLength: number): number {
  return Math.round(
    Math.min(ANCHOR_INDEX_BUDGET_MAX_CHARS, Math.max(ANCHOR_INDEX_BUDGET_MIN_CHARS, contextLength * 0.07)),
  );
}
const ANCHOR_INDEX_BUDGET_MIN_CHARS = 2_000;
const ANCHOR_INDEX_BUDGET_MAX_CHARS = 40_000;

/** An anchor's key: its kind and value. */
const keyOf = (anchor: { kind: string; value: string }) => `${anchor.kind}\u0000${anchor.value}`;

/** The anchors the user's own messages among `items` name (their text cleaned first, as every anchor's is). */
export function userNamedKeys(items: AnchorItem[], clean: (value: string) => string): Set<string> {
  const keys = new Set<string>();
  for (const item of items)
    if (item.role === "user") for (const anchor of rowAnchors(item, clean)) keys.add(keyOf(anchor));
  return keys;
}

/** An error, or a command whose result reported a non-zero exit code. */
const FAILING_COMMAND = /\[exit (?!0\])-?\d+\]$/;

/**
 * Whether an anchor is kept before any other when the index overflows: the user named it, or it is an error or a
 * failing command — what a model asked about the span is most likely to need, and least likely to find again.
 */
export function isSalient(anchor: Anchor, userNamed: ReadonlySet<string>): boolean {
  return (
    userNamed.has(keyOf(anchor)) ||
    anchor.kind === "error" ||
    (anchor.kind === "command" && FAILING_COMMAND.test(anchor.value))
  );
}

/**
 * Packs the index into `maxChars`: the newest span's anchors first, then those carried from earlier spans in the
 * room left. Within each, when not all fit, what stays is ranked by salience: first the anchors the user named and
 * the errors and failing commands (more rows, then more recent, first); then the rest one per kind in turn
 * (round-robin), each kind's best first (referenced in more rows, then more recent), so neither noise of one kind
 * (npm scopes, stack frames, JSON keys) nor its sheer numbers crowd out the others. An anchor costs exactly what it
 * adds to the rendered text; one that does not fit is left out (it stays one session_anchors call away). Rendered one
 * line per kind, in a fixed kind order.
 */
export function packAnchorIndex(
  fresh: Anchor[],
  carried: Anchor[],
  maxChars: number,
  userNamed: ReadonlySet<string> = new Set(),
): string {
  const freshKeys = new Set(fresh.map(keyOf));
  const lines = new Map<AnchorKind, string[]>();
  let size = 0;
  const costOf = (anchor: Anchor, item: string) => {
    const list = lines.get(anchor.kind);
    if (list) return 2 + item.length; // ", item"
    return (lines.size > 0 ? 1 : 0) + anchor.kind.length + 2 + item.length; // "\nkind: item"
  };
  const place = (anchor: Anchor) => {
    const item = `${anchor.value} (x${anchor.count})`;
    const cost = costOf(anchor, item);
    if (size + cost > maxChars) return;
    const list = lines.get(anchor.kind) ?? [];
    list.push(item);
    lines.set(anchor.kind, list);
    size += cost;
  };
  const take = (anchors: Anchor[]) => {
    const ranked = rankAnchors(anchors);
    const salient = ranked.filter((anchor) => isSalient(anchor, userNamed));
    for (const anchor of salient) place(anchor);
    const queues = new Map<AnchorKind, Anchor[]>();
    for (const anchor of ranked) {
      if (isSalient(anchor, userNamed)) continue;
      const queue = queues.get(anchor.kind) ?? [];
      queue.push(anchor);
      queues.set(anchor.kind, queue);
    }
    const order = ANCHOR_KINDS.filter((kind) => queues.has(kind));
    for (let progress = true; progress;) {
      progress = false;
      for (const kind of order) {
        const anchor = queues.get(kind)!.shift();
        if (!anchor) continue;
        progress = true;
        place(anchor);
      }
    }
  };
  take(fresh);
  take(carried.filter((a) => !freshKeys.has(keyOf(a))));
  return ANCHOR_KINDS.filter((kind) => lines.has(kind))
    .map((kind) => `${kind}: ${lines.get(kind)!.join(", ")}`)
    .join("\n");
}
