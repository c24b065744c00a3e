/**
 * @module pruning
 * Cheap, model-free shortening of old tool traffic (SPEC §5.4 step 1): duplicate outputs point at the newest copy,
 * old outputs become one-liners, long arguments are cut, in lean mode big outputs in the tail become stubs, and the
 * images of every tool result but those of the newest rounds become one-line stubs beside their text.
 */
import { exitCodeOf } from "../../shared/anchors.js";
import type { ContextItem } from "../engine.js";
import { imageStub } from "../tool-images-view.js";
import { describeImage, imageRefsOf } from "../../../kernel/image-refs.js";
import { redactSecrets } from "../../../kernel/redaction.js";
import { contentText, headOf } from "../../../kernel/text.js";

export const PRUNE_MIN_CHARS = 200;
export const TOOL_ARGUMENT_MAX_CHARS = 200;
export const LEAN_STUB_MIN_CHARS = 1_500;
export const LEAN_VERBATIM_TOOL_ROUNDS = 6;
export const TRUNCATION_MARK = "…[truncated]";
const KEY_ARGUMENT_MAX_CHARS = 80;
const KEY_ARGUMENT_NAMES = [
  "command",
  "cmd",
  "path",
  "file",
  "file_path",
  "filename",
  "url",
  "query",
  "pattern",
  "expression",
  "ref",
  "method",
  "name",
];

export type ToolCallInfo = { name: string; arguments: string; seq: number | undefined };

export function toolCallIndex(items: ContextItem[]): Map<string, ToolCallInfo> {
  const calls = new Map<string, ToolCallInfo>();
  for (const item of items) {
    for (const call of item.tool_calls ?? [])
      calls.set(call.id, { name: call.function.name, arguments: call.function.arguments, seq: item.seq });
  }
  return calls;
}

/**
 * The argument that says what a call did (its command, path, url…), redacted and cut short. Masked
 * whole before the cut: a cut through a secret would leave its visible part looking like a mask.
 */
export function keyArgumentOf(argumentsJson: string): string | null {
  try {
    const args = JSON.parse(argumentsJson) as Record<string, unknown>;
    for (const name of KEY_ARGUMENT_NAMES) {
      const value = args[name];
      if (typeof value !== "string" || !value) continue;
      const shown = redactSecrets(value);
      return shown.length > KEY_ARGUMENT_MAX_CHARS ? `${headOf(shown, KEY_ARGUMENT_MAX_CHARS)}…` : shown;
    }
  } catch {
    /* not JSON: no key argument to show */
  }
  return null;
}

function withText(item: ContextItem, text: string): ContextItem {
  return { ...item, content: text };
}

/** Older copies of an identical tool output (≥ 200 chars) point at the newest copy instead. */
export function dedupToolOutputs(items: ContextItem[]): ContextItem[] {
  const newestSeqByText = new Map<string, number | undefined>();
  const out = [...items];
  for (let i = out.length - 1; i >= 0; i--) {
    const item = out[i];
    // A result with images is never a copy: the same text can describe two different screenshots.
    if (item.role !== "tool" || imageRefsOf(item.content).length) continue;
    const text = contentText(item.content);
    if (text.length < PRUNE_MIN_CHARS) continue;
    if (newestSeqByText.has(text)) {
      const newer = newestSeqByText.get(text);
      out[i] = withText(
        item,
        `[duplicate tool output (${text.length} chars): identical to the newer result${newer !== undefined ? ` at seq ${newer}` : ""}]`,
      );
    } else {
      newestSeqByText.set(text, item.seq);
    }
  }
  return out;
}

/** One line that still says what the output was: tool, key argument, size, exit code. */
export function toolOutputOneLiner(item: ContextItem, call: ToolCallInfo | undefined): string {
  const text = contentText(item.content);
  const key = call ? keyArgumentOf(call.arguments) : null;
  const exit = exitCodeOf(text);
  const what = `${call?.name ?? item.name ?? "tool"}${key ? `(${key})` : ""}`;
  const facts = [`${text.length} chars`, ...(exit !== null ? [`exit ${exit}`] : []), ...imageFacts(item)].join(", ");
  const where =
    item.seq !== undefined ? `; full output at seq ${item.seq}, read it with session_read {"seq": ${item.seq}}` : "";
  return `[old tool output: ${what} → ${facts}${where}]`;
}

/** `image img_… image/png 1280x720` for each image a result references, for the one-liners that replace it. */
function imageFacts(item: ContextItem): string[] {
  return imageRefsOf(item.content).map((ref) => `image ${ref.image_id} ${describeImage(ref)}`);
}

const isStub = (text: string) =>
  text.startsWith("[duplicate tool output") ||
  text.startsWith("[old tool output") ||
  text.startsWith("[tool output of seq");

/** Tool outputs before `tailStart` longer than 200 chars become one-liners (naming the images they referenced). */
export function demoteOldToolOutputs(
  items: ContextItem[],
  tailStart: number,
  calls: Map<string, ToolCallInfo>,
): ContextItem[] {
  return items.map((item, i) => {
    if (i >= tailStart || item.role !== "tool") return item;
    const text = contentText(item.content);
    if (text.length <= PRUNE_MIN_CHARS || isStub(text)) return item;
    return withText(item, toolOutputOneLiner(item, calls.get(item.tool_call_id ?? "")));
  });
}

/** A long value is masked whole and then cut, so the cut never runs through a secret and leaves part of it readable. */
function cutMasked(text: string): string {
  const masked = redactSecrets(text);
  return masked.length > TOOL_ARGUMENT_MAX_CHARS ? headOf(masked, TOOL_ARGUMENT_MAX_CHARS) + TRUNCATION_MARK : masked;
}

function truncateStrings(value: unknown): { value: unknown; changed: boolean } {
  if (typeof value === "string") {
    if (value.length <= TOOL_ARGUMENT_MAX_CHARS) return { value, changed: false };
    return { value: cutMasked(value), changed: true };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = truncateStrings(v);
      changed ||= r.changed;
      return r.value;
    });
    return { value: out, changed };
  }
  if (value && typeof value === "object") {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = truncateStrings(v);
      changed ||= r.changed;
      out[k] = r.value;
    }
    return { value: out, changed };
  }
  return { value, changed: false };
}

/** Cuts long string values inside tool-call arguments; the arguments stay valid JSON. */
export function truncateArguments(argumentsJson: string): string {
  if (argumentsJson.length <= TOOL_ARGUMENT_MAX_CHARS) return argumentsJson;
  try {
    const result = truncateStrings(JSON.parse(argumentsJson));
    return result.changed ? JSON.stringify(result.value) : argumentsJson;
  } catch {
    return JSON.stringify({ truncated_arguments: cutMasked(argumentsJson) });
  }
}

export function truncateOldToolArguments(items: ContextItem[], tailStart: number): ContextItem[] {
  return items.map((item, i) => {
    if (i >= tailStart || !item.tool_calls?.length) return item;
    let changed = false;
    const toolCalls = item.tool_calls.map((call) => {
      const args = truncateArguments(call.function.arguments);
      if (args === call.function.arguments) return call;
      changed = true;
      return { ...call, function: { ...call.function, arguments: args } };
    });
    return changed ? { ...item, tool_calls: toolCalls } : item;
  });
}

/**
 * Lean mode: big tool outputs in the tail, outside its newest tool rounds, become stubs that name
 * their seq so the model can fetch them back with session_search.
 */
export function stubLeanTail(items: ContextItem[], tailStart: number, calls: Map<string, ToolCallInfo>): ContextItem[] {
  const verbatimCallIds = newestRoundCallIds(items, tailStart);
  return items.map((item, i) => {
    if (i < tailStart || item.role !== "tool" || verbatimCallIds.has(item.tool_call_id ?? "")) return item;
    const text = contentText(item.content);
    if (text.length < LEAN_STUB_MIN_CHARS || isStub(text)) return item;
    const call = calls.get(item.tool_call_id ?? "");
    const key = call ? keyArgumentOf(call.arguments) : null;
    const images = imageFacts(item)
      .map((fact) => `, ${fact}`)
      .join("");
    return withText(
      item,
      `[tool output of seq ${item.seq ?? "?"} moved out of the context: ${call?.name ?? "tool"}${key ? `(${key})` : ""}, ${text.length} chars${images}; ` +
        `read it again with session_read {"seq": ${item.seq ?? "?"}} or find words in it with session_search]`,
    );
  });
}

/** The ids of the calls of the newest LEAN_VERBATIM_TOOL_ROUNDS assistant tool rounds at or after `tailStart`. */
function newestRoundCallIds(items: ContextItem[], tailStart: number): Set<string> {
  const ids = new Set<string>();
  let rounds = 0;
  for (let i = items.length - 1; i >= tailStart && rounds < LEAN_VERBATIM_TOOL_ROUNDS; i--) {
    const item = items[i];
    if (item.role === "assistant" && item.tool_calls?.length) {
      for (const call of item.tool_calls) ids.add(call.id);
      rounds += 1;
    }
  }
  return ids;
}

/**
 * Images the other rules left in place, outside the tail's newest tool rounds, become one-line stubs after their
 * row's text (naming the image and the row's seq), whatever the tail mode: an image costs a model with vision about
 * a thousand tokens, and the request carries only the newest few anyway.
 */
export function stubOldImages(items: ContextItem[], tailStart: number): ContextItem[] {
  const verbatimCallIds = newestRoundCallIds(items, tailStart);
  return items.map((item, i) => {
    const refs = imageRefsOf(item.content);
    if (refs.length === 0 || (i >= tailStart && verbatimCallIds.has(item.tool_call_id ?? ""))) return item;
    const stubs = refs.map((ref) => imageStub(ref, item.seq ?? null));
    return withText(item, [contentText(item.content), ...stubs].filter(Boolean).join("\n"));
  });
}
