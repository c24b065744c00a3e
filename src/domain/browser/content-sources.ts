/**
 * @module content-sources
 * Where the content of a browser tool's result came from: the active tab's page, each iframe whose content the
 * result's outline holds (the iframe's outline ref resolved to its frame), each dialog it shows, the console of each
 * page that logged what it lists, each tab it names. The guard fences this content and is tainted by it.
 */
import type { ContentSource } from "../../kernel/provenance.js";
import { originOf } from "../shared/origins.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";

/** Iframes of one outline resolved at most; the rest are named by their ref alone. */
const IFRAMES_RESOLVED = 30;
const IFRAME_RESOLVE_TIMEOUT_MS = 2_000;
const IFRAME_LINE = /^\s*- iframe\b[^\n]*\[ref=([^\]\s]+)\]/gm;
const DIALOG_ID = /^d-\d+$/;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** Every object in a result, depth first. */
function nodesOf(data: unknown): Node[] {
  const nodes: Node[] = [];
  const pending: unknown[] = [data];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    else if (isNode(node)) {
      nodes.push(node);
      pending.push(...Object.values(node));
    }
  }
  return nodes;
}

/** The frame an iframe element of the outline shows: its URL and CDP frame id, where they can be found. */
async function resolveIframe(supervisor: BrowserSupervisor, ref: string, claimed: Set<string>): Promise<ContentSource> {
  let url: string | null = null;
  try {
    const handle = await withTimeout(
      supervisor.page!.getByRef(ref).elementHandle({ timeout: IFRAME_RESOLVE_TIMEOUT_MS }),
      IFRAME_RESOLVE_TIMEOUT_MS,
      "finding the iframe",
    );
    url = (await handle.contentFrame())?.url() ?? null;
    void handle.dispose().catch(() => undefined);
  } catch {
    // Gone or blocked: the iframe is named by its ref alone.
  }
  const frame = url ? supervisor.frames.list().find((f) => f.url === url && !claimed.has(f.frame_id)) : undefined;
  if (frame) claimed.add(frame.frame_id);
  const source: ContentSource = {
    kind: "frame",
    source: url ?? `iframe ${ref}`,
    origin: originOf(url),
    iframe_ref: ref,
  };
  if (frame) source.frame_id = frame.frame_id;
  return source;
}

async function outlineFrames(supervisor: BrowserSupervisor, outline: string): Promise<ContentSource[]> {
  if (!supervisor.page) return [];
  const refs = [...outline.matchAll(IFRAME_LINE)].map((match) => match[1]);
  const claimed = new Set<string>();
  const resolved = await Promise.all(
    refs.slice(0, IFRAMES_RESOLVED).map((ref) => resolveIframe(supervisor, ref, claimed)),
  );
  const named = refs
    .slice(IFRAMES_RESOLVED)
    .map((ref): ContentSource => ({ kind: "frame", source: `iframe ${ref}`, origin: null, iframe_ref: ref }));
  return [...resolved, ...named];
}

const keyOf = (s: ContentSource) =>
  [s.kind, s.source, s.frame_id ?? "", s.dialog_id ?? "", s.iframe_ref ?? ""].join("|");

/**
 * The sources of a browser tool's result `data` in the session's browser as it is now: none when no browser runs
 * (nothing was read from one).
 */
export async function contentSources(
  supervisor: BrowserSupervisor | undefined,
  data: unknown,
): Promise<ContentSource[]> {
  if (!supervisor) return [];
  const top = supervisor.frames.top();
  const pageUrl = supervisor.url() ?? top?.url ?? "about:blank";
  const sources: ContentSource[] = [{ kind: "page", source: pageUrl, origin: originOf(pageUrl) }];
  if (top) sources[0].frame_id = top.frame_id;
  for (const node of nodesOf(data)) {
    for (const key of ["outline", "outline_excerpt"])
      if (typeof node[key] === "string") sources.push(...(await outlineFrames(supervisor, node[key])));
    if (typeof node.id === "string" && DIALOG_ID.test(node.id) && typeof node.message === "string") {
      const frameId = typeof node.frame_id === "string" ? node.frame_id : null;
      const frameUrl = (frameId && supervisor.frames.get(frameId)?.url) || pageUrl;
      const dialog: ContentSource = {
        kind: "dialog",
        source: frameUrl,
        origin: originOf(frameUrl),
        dialog_id: node.id,
      };
      if (frameId) dialog.frame_id = frameId;
      sources.push(dialog);
    }
    if (typeof node.level === "string" && typeof node.text === "string") {
      const url = typeof node.url === "string" && node.url ? node.url : pageUrl;
      sources.push({ kind: "console", source: url, origin: originOf(url) });
    }
    if (typeof node.tab_id === "string" && typeof node.url === "string")
      sources.push({ kind: "page", source: node.url, origin: originOf(node.url) });
    if (typeof node.method === "string" && typeof node.frame_id === "string") {
      const frame = supervisor.frames.get(node.frame_id);
      if (frame)
        sources.push({ kind: "frame", source: frame.url, origin: originOf(frame.url), frame_id: frame.frame_id });
    }
  }
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(keyOf(source)) && seen.add(keyOf(source)));
}
