/**
 * @module provenance
 * Where a piece of content came from, as every layer names it: the sources of a tool's result (a page and its frames,
 * a page dialog, the console, an MCP server's tool, the server's own data, the client), whether the result as a whole
 * is trusted, and what the guard records when it holds or refuses an action — the action, why, and the untrusted
 * content read before it.
 */

/**
 * What a source is: a page's top document (`page`), an iframe of it (`frame`), a JS dialog it opened (`dialog`), its
 * console (`console`), an MCP server's tool (`mcp`), the server's own data (`trusted`: the user's own messages found
 * by a search, summaries, a refusal the server wrote), or the client's own word (`client`: a tool output it sent).
 */
export type ContentSourceKind = "page" | "frame" | "dialog" | "console" | "mcp" | "trusted" | "client";

export type ContentSource = {
  kind: ContentSourceKind;
  /** What it names: the page's or frame's URL, `mcp:<server>/<tool>`, the server's own data (`session_search`). */
  source: string;
  /** The web origin the content came from (pages, frames, dialogs, the console); null for the others. */
  origin: string | null;
  /** The CDP frame id, for content from a page's frames and the dialogs they open. */
  frame_id?: string;
  /** The dialog's `d-N` id. */
  dialog_id?: string;
  /** A frame: the outline ref of its iframe element (`e4`, `f1e4`), under which the outline nests its content. */
  iframe_ref?: string;
};

/** A tool result's provenance: its sources, and whether all of them are trusted. */
export type Provenance = { trusted: boolean; sources: ContentSource[] };

/** The kinds whose content the server vouches for: its own data and the client's word. */
const TRUSTED_KINDS: ReadonlySet<ContentSourceKind> = new Set(["trusted", "client"]);

export function isTrustedKind(kind: ContentSourceKind): boolean {
  return TRUSTED_KINDS.has(kind);
}

/** The provenance of content from `sources`: trusted only when every source is. */
export function provenanceOf(sources: ContentSource[]): Provenance {
  return { trusted: sources.every((source) => isTrustedKind(source.kind)), sources };
}

/** The server's own content (`what` names it: `session_search`, `caduceus` for a result the server wrote itself). */
export function trustedProvenance(what: string): Provenance {
  return { trusted: true, sources: [{ kind: "trusted", source: what, origin: null }] };
}

/** A tool result the client sent (its own tool's output, or a tool row it posted). */
export const CLIENT_PROVENANCE: Provenance = {
  trusted: true,
  sources: [{ kind: "client", source: "client", origin: null }],
};

/** What a guarded action is, in the words the interrupt and the events use. */
export type GuardActionKind =
  | "navigate"
  | "open_tab"
  | "follow_link"
  | "submit_form"
  | "type_password"
  | "type_secret"
  | "download"
  | "upload"
  | "raw_cdp"
  | "mcp_write"
  | "memory_write"
  | "redirect";

/** Why the guard stepped in. */
export type GuardReasonCode =
  | "untrusted_origin"
  | "password_field"
  | "secret_value"
  | "cross_origin_form"
  | "download"
  | "upload"
  | "raw_cdp"
  | "mcp_write"
  | "memory_write"
  | "exfiltration"
  | "redirect";

/** The action a guard decision is about: the tool call, what it does, and where it goes. */
export type GuardAction = {
  kind: GuardActionKind;
  tool: string;
  tool_call_id: string;
  /** The URL, element or tool it reaches, as a person reads it; null when it names none. */
  target: string | null;
  /** The origin it reaches, when it reaches one. */
  target_origin: string | null;
};

/** One piece of untrusted content read before a guarded action: its source, its row and the excerpt shown. */
export type ProvenanceItem = {
  kind: ContentSourceKind;
  source: string;
  origin: string | null;
  frame_id?: string;
  dialog_id?: string;
  /** The tool call whose result carried it, and that result's transcript row. */
  tool_call_id: string;
  seq: number;
  /** The content around what names the target (or its start), secrets masked. */
  excerpt: string;
  /** Where in `excerpt` the target is named; null when the content does not name it. */
  highlight: { start: number; end: number } | null;
};

/** What the guard held (or refused): the action, why, and the chain of untrusted content read before it. */
export type GuardHold = {
  action: GuardAction;
  code: GuardReasonCode;
  reason: string;
  provenance: ProvenanceItem[];
};

export type GuardDecisionKind = "held" | "blocked" | "allowed";

/** A guard decision as events (and whatever keeps them) carry it: the hold, who decided, and its interrupt if any. */
export type GuardDecision = GuardHold & {
  run_id: string;
  decision: GuardDecisionKind;
  /** The guard itself, a person (approving or denying a hold), or the hold's timeout. */
  by: "guard" | "user" | "timeout";
  interrupt_id: string | null;
};
