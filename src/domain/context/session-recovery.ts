/**
 * @module session-recovery
 * The tools through which a model reads back what compression took out of its context, beside `session_search`:
 * `session_read` gives stored rows verbatim by seq (size-capped, so one call never floods the context again) and
 * `session_anchors` the anchor index with the seqs each identifier was seen at.
 */
import type { Store } from "../../db/store.js";
import type { StoredMessage } from "../../db/records.js";
import { describeImage, imageRefsOf } from "../../kernel/image-refs.js";
import { contentText, headOf } from "../../kernel/text.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";
import { provenanceOfRows, provenanceOfSeqs } from "./recovered-provenance.js";

/** Rows one session_read call returns at most. */
export const SESSION_READ_MAX_ROWS = 20;
/** Characters of row text one call returns at most, and of one row. */
export const SESSION_READ_MAX_CHARS = 24_000;
export const SESSION_READ_ROW_MAX_CHARS = 8_000;
export const SESSION_ANCHORS_DEFAULT = 50;
export const SESSION_ANCHORS_MAX = 200;

const integerArg = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : null;

function renderRow(row: StoredMessage, room: number): string {
  const head = `[seq ${row.seq}] ${row.role}${row.name ? ` (${row.name})` : ""}${row.in_context ? "" : " (compacted)"}${
    row.kind === "summary" ? " (summary)" : ""
  }`;
  const parts = [contentText(row.content)];
  for (const ref of imageRefsOf(row.content)) parts.push(`[image ${ref.image_id}: ${describeImage(ref)}]`);
  for (const call of row.tool_calls ?? [])
    parts.push(`→ calls ${call.function.name} ${call.function.arguments} (id ${call.id})`);
  if (row.tool_call_id) parts.push(`(answers ${row.tool_call_id})`);
  let body = parts.filter(Boolean).join("\n");
  const cap = Math.min(room, SESSION_READ_ROW_MAX_CHARS);
  if (body.length > cap)
    body = `${headOf(body, cap)}\n…[${body.length - cap} more chars of seq ${row.seq}; session_search finds words further in]`;
  return `${head}\n${body}`;
}

/** `session_read {seq}` or `{from_seq, to_seq}`: the stored rows, verbatim, in seq order. */
export function sessionReadTool(store: Store): ToolDefinition {
  return {
    name: "session_read",
    description:
      "Read stored turns of this conversation verbatim by seq, including turns compacted out of the context: " +
      `one row with {seq}, or a range with {from_seq, to_seq} (at most ${SESSION_READ_MAX_ROWS} rows per call). ` +
      "The seqs come from the summary, the anchor index, stubs of moved-out tool output and session_search.",
    parameters: {
      type: "object",
      properties: {
        seq: { type: "integer", minimum: 1, description: "One row's seq" },
        from_seq: { type: "integer", minimum: 1, description: "First seq of a range" },
        to_seq: { type: "integer", minimum: 1, description: "Last seq of a range (inclusive)" },
      },
      additionalProperties: false,
    },
    execute: (args, context) => readRows(store, context.session.id, args, "session_read"),
  };
}

/**
 * Rows of a session by `{seq}` or `{from_seq, to_seq}`, verbatim and size-capped, with the provenance of what they
 * hold: what `session_read` answers, and `sessions_read` for another session of the same owner.
 */
export async function readRows(
  store: Store,
  sessionId: string,
  args: Record<string, unknown>,
  tool: string,
): Promise<ToolOutput> {
  const seq = integerArg(args.seq);
  const from = seq ?? integerArg(args.from_seq);
  const to = seq ?? integerArg(args.to_seq) ?? from;
  if (from === null || to === null || to < from)
    return { content: `${tool} needs {seq} or {from_seq, to_seq} (integers ≥ 1, from ≤ to).`, is_error: true };
  const last = Math.min(to, from + SESSION_READ_MAX_ROWS - 1);
  const rows = await store.messages.page(sessionId, from - 1, last - from + 1);
  if (rows.length === 0) return { content: `No stored row has seq ${from}${to > from ? `–${to}` : ""}.` };
  const out: string[] = [];
  let used = 0;
  for (const row of rows) {
    const room = SESSION_READ_MAX_CHARS - used;
    if (room <= 200) {
      out.push(`…[stopped at ${SESSION_READ_MAX_CHARS} chars; continue with from_seq ${row.seq}]`);
      break;
    }
    const text = renderRow(row, room);
    out.push(text);
    used += text.length;
  }
  const shown = rows.at(-1)!.seq;
  if (shown < to && out.length === rows.length) out.push(`…[more rows follow; continue with from_seq ${shown + 1}]`);
  return { content: out.join("\n\n"), provenance: provenanceOfRows(rows, tool) };
}

/** `session_anchors {kind?, q?}`: the identifiers compression indexed, with where each was seen. */
export function sessionAnchorsTool(store: Store, ensureIndexed: (sessionId: string) => Promise<void>): ToolDefinition {
  return {
    name: "session_anchors",
    description:
      "List the anchor index of this conversation: exact identifiers (file paths, error strings, PR and issue " +
      "numbers, SHAs, URLs, config keys) from every stored turn, each with the seq range it was seen in and whether " +
      "it is only in compacted turns; filter by kind or a substring, then read the rows with session_read.",
    parameters: {
      type: "object",
      properties: {
        kind: {
          type: "string",
          description: "Only anchors of this kind (path, error, url, sha, issue, config_key, …)",
        },
        q: { type: "string", description: "Only values containing this text (case-insensitive)" },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: SESSION_ANCHORS_MAX,
          description: `How many (default ${SESSION_ANCHORS_DEFAULT})`,
        },
      },
      additionalProperties: false,
    },
    async execute(args, context) {
      const kind = typeof args.kind === "string" && args.kind.trim() ? args.kind.trim() : undefined;
      const q = typeof args.q === "string" && args.q.trim() ? args.q.trim() : undefined;
      const limit = Math.max(1, Math.min(integerArg(args.limit) ?? SESSION_ANCHORS_DEFAULT, SESSION_ANCHORS_MAX));
      await ensureIndexed(context.session.id);
      const anchors = await store.messageAnchors.list(context.session.id, { kind, q, limit });
      if (anchors.length === 0) return { content: "No anchor matches; try session_search with words from the turn." };
      const lines = anchors.map((a) => {
        const seqs = `seq ${a.first_seq}${a.last_seq !== a.first_seq ? `–${a.last_seq}` : ""}`;
        return `- ${a.kind}: ${a.value} (${seqs}, ×${a.count}${a.in_context ? "" : ", compacted"})`;
      });
      const seqs = anchors.flatMap((a) => [a.first_seq, a.last_seq]);
      const provenance = await provenanceOfSeqs(store, context.session.id, seqs, "session_anchors");
      return {
        content: `${anchors.length} anchor(s), most frequent first:\n${lines.join("\n")}`,
        data: anchors,
        provenance,
      };
    },
  };
}
