/**
 * @module json-depth
 *
 * Finds JSON text nested deeper than a limit before anything parses it. A 10,000-level body parses,
 * but every recursive walk after that (zod, `JSON.stringify` when the message is stored) overflows
 * the stack, so the depth is checked on the raw text in one pass with a bounded stack of its own.
 * The same pass finds `__proto__` keys: `JSON.parse` keeps them as own properties, but a later spread
 * or assignment turns one into a prototype, and validators skip it as no key of theirs — so a body
 * holding one is refused rather than silently accepted.
 */

/** The path shown for a too-deep value stops after this many segments; the rest is elided. */
const SHOWN_PATH_SEGMENTS = 8;
/** An object key longer than this is shortened in the reported path. */
const SHOWN_KEY_MAX_CHARS = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** One open array or object: where its current key is (objects) or which element is open (arrays). */
type Frame = { isObject: boolean; expectsKey: boolean; index: number; keyStart: number; keyEnd: number };

export type ExcessiveNesting = {
  /** What was found: nesting past the limit, or a `__proto__` key. */
  kind: "depth" | "proto_key";
  /** Path segments from the root to the container that crosses the limit (or holds the key), as in validation errors. */
  path: string[];
  /** Whether the path was cut after {@link SHOWN_PATH_SEGMENTS} segments. */
  elided: boolean;
};

/** The end of the string whose opening quote is at `start`: the index of its closing quote, or -1. */
function closingQuote(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

function keyOf(text: string, frame: Frame): string {
  let key: string;
  try {
    key = JSON.parse(text.slice(frame.keyStart, frame.keyEnd + 1)) as string;
  } catch {
    key = text.slice(frame.keyStart + 1, frame.keyEnd);
  }
  return key.length > SHOWN_KEY_MAX_CHARS ? `${key.slice(0, SHOWN_KEY_MAX_CHARS)}…` : key;
}

const PROTO_KEY = "__proto__";

/** Whether the key string at `start`…`end` (quotes included) reads `__proto__`, escapes decoded. */
function isProtoKey(text: string, start: number, end: number): boolean {
  const raw = text.slice(start + 1, end);
  if (raw === PROTO_KEY) return true;
  if (!raw.includes("\\")) return false;
  try {
    return JSON.parse(text.slice(start, end + 1)) === PROTO_KEY;
  } catch {
    return false;
  }
}

/**
 * The place where `text` first opens more than `maxDepth` nested arrays/objects or names a
 * `__proto__` key, or null. Linear in the length of the text and needs no recursion; malformed JSON
 * is left for the parser to report.
 */
export function findExcessiveNesting(text: string, maxDepth: number): ExcessiveNesting | null {
  // One frame object per level, reused: a body of a million small objects allocates none per object.
  const frames: Frame[] = [];
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i);
      if (end < 0) return null;
      const frame = depth > 0 ? frames[depth - 1] : undefined;
      if (frame?.isObject && frame.expectsKey) {
        frame.keyStart = i;
        frame.keyEnd = end;
        frame.expectsKey = false;
        if (isProtoKey(text, i, end)) return describe(text, frames.slice(0, depth), "proto_key");
      }
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (depth >= maxDepth) return describe(text, frames.slice(0, depth), "depth");
      const isObject = code === OPEN_BRACE;
      const frame = frames[depth];
      if (frame) {
        frame.isObject = isObject;
        frame.expectsKey = isObject;
        frame.index = 0;
        frame.keyStart = -1;
        frame.keyEnd = -1;
      } else {
        frames.push({ isObject, expectsKey: isObject, index: 0, keyStart: -1, keyEnd: -1 });
      }
      depth++;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth > 0) depth--;
    } else if (code === COMMA && depth > 0) {
      const frame = frames[depth - 1];
      if (frame.isObject) frame.expectsKey = true;
      else frame.index++;
    }
  }
  return null;
}

function describe(text: string, open: Frame[], kind: ExcessiveNesting["kind"]): ExcessiveNesting {
  const path: string[] = [];
  for (const frame of open.slice(0, SHOWN_PATH_SEGMENTS)) {
    if (!frame.isObject) path.push(String(frame.index));
    else if (frame.keyStart >= 0) path.push(keyOf(text, frame));
  }
  return { kind, path, elided: open.length > SHOWN_PATH_SEGMENTS };
}
