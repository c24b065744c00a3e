/**
 * @module frames
 * The page's frame tree as the supervisor learns it from CDP events: the CDP session that renders each frame (the
 * page's own or an out-of-process iframe's), every change announced, and the bounded `frame_tree` view of it.
 */
import type { CDPSession } from "playwright-core";
import {
  FRAME_TREE_MAX_ENTRIES,
  FRAME_TREE_MAX_OOPIF_DEPTH,
  type FrameTreeView,
  type FrameView,
} from "../shared/browser-views.js";

/** One CDP session the supervisor holds: the page's own, or one per out-of-process iframe. */
export type TargetSession = {
  cdp: CDPSession;
  /** The frame the target renders at its root (the top frame for the page, the iframe for an OOPIF). */
  rootFrameId: string;
  /** Shown as `session_id` on OOPIF entries; null for the page's own session. */
  label: string | null;
  /** Default (main world) execution context per frame rendered by this target. */
  contexts: Map<string, number>;
};

type FrameRecord = {
  frame_id: string;
  parent_frame_id: string | null;
  url: string;
  origin: string;
  name: string;
  owner: TargetSession;
};

export type CdpFrame = {
  id: string;
  parentId?: string;
  url: string;
  urlFragment?: string;
  securityOrigin?: string;
  name?: string;
};
export type FrameChange = {
  kind: "attached" | "navigated" | "detached";
  frame_id: string;
  parent_frame_id: string | null;
  url: string;
};

/**
 * The page's frame tree kept from CDP events (never queried while the page may be blocked by a
 * dialog), with CDP frame ids and the session that renders each frame.
 */
export class FrameTracker {
  private readonly frames = new Map<string, FrameRecord>();

  constructor(private readonly onChange: (change: FrameChange) => void) {}

  get(frameId: string): FrameRecord | undefined {
    return this.frames.get(frameId);
  }

  isOopif(frame: FrameRecord): boolean {
    return frame.owner.label !== null && frame.owner.rootFrameId === frame.frame_id;
  }

  attached(frameId: string, parentFrameId: string | null, owner: TargetSession): void {
    if (this.frames.has(frameId)) return;
    this.frames.set(frameId, {
      frame_id: frameId,
      parent_frame_id: parentFrameId,
      url: "",
      origin: "",
      name: "",
      owner,
    });
    this.onChange({ kind: "attached", frame_id: frameId, parent_frame_id: parentFrameId, url: "" });
  }

  navigated(frame: CdpFrame, owner: TargetSession, newDocument = false): void {
    // The old document's iframes went with it; Chromium does not always report them detached.
    if (newDocument) for (const child of this.childrenOf(frame.id)) this.remove(child.frame_id);
    const existing = this.frames.get(frame.id);
    // A frame that moved into its own process keeps reporting to the OOPIF session, not the parent's.
    const keepOwner = existing && existing.owner !== owner && this.isOopif(existing);
    const record: FrameRecord = {
      frame_id: frame.id,
      parent_frame_id: frame.parentId ?? existing?.parent_frame_id ?? null,
      url: frame.url + (frame.urlFragment ?? ""),
      origin: this.originOf(frame),
      name: frame.name ?? existing?.name ?? "",
      owner: keepOwner ? existing.owner : owner,
    };
    this.frames.set(frame.id, record);
    if (!existing)
      this.onChange({ kind: "attached", frame_id: record.frame_id, parent_frame_id: record.parent_frame_id, url: "" });
    this.onChange({
      kind: "navigated",
      frame_id: record.frame_id,
      parent_frame_id: record.parent_frame_id,
      url: record.url,
    });
  }

  /** A frame left the document; `swap` only means it moved to another process. */
  detached(frameId: string, reason: string, reporter: TargetSession): void {
    if (reason === "swap") return;
    const existing = this.frames.get(frameId);
    if (!existing) return;
    if (this.isOopif(existing) && existing.owner !== reporter) return;
    this.remove(frameId);
  }

  /** An OOPIF's session went away: the frames it rendered go with it. */
  dropSession(session: TargetSession): void {
    for (const frame of [...this.frames.values()]) if (frame.owner === session) this.remove(frame.frame_id);
  }

  adopt(session: TargetSession): void {
    const root = this.frames.get(session.rootFrameId);
    if (root) root.owner = session;
  }

  clear(): void {
    this.frames.clear();
  }

  /** Every frame known, the top one first among them. */
  list(): FrameRecord[] {
    return [...this.frames.values()];
  }

  top(): FrameRecord | undefined {
    for (const frame of this.frames.values()) if (frame.parent_frame_id === null) return frame;
    return undefined;
  }

  /** Breadth-first, at most 30 entries, OOPIFs deeper than 2 levels left out. */
  tree(): FrameTreeView {
    const top = this.top();
    if (!top) return { top: null, children: [], truncated: false };
    const childrenOf = new Map<string, FrameRecord[]>();
    for (const frame of this.frames.values()) {
      if (frame.parent_frame_id === null) continue;
      const list = childrenOf.get(frame.parent_frame_id) ?? [];
      list.push(frame);
      childrenOf.set(frame.parent_frame_id, list);
    }
    const children: FrameView[] = [];
    let truncated = false;
    const queue: Array<{ frame: FrameRecord; depth: number }> = (childrenOf.get(top.frame_id) ?? []).map((frame) => ({
      frame,
      depth: 1,
    }));
    while (queue.length > 0) {
      const { frame, depth } = queue.shift()!;
      const oopif = this.isOopif(frame);
      if (oopif && depth > FRAME_TREE_MAX_OOPIF_DEPTH) {
        truncated = true;
        continue;
      }
      if (children.length >= FRAME_TREE_MAX_ENTRIES) {
        truncated = true;
        break;
      }
      children.push(this.view(frame, oopif));
      for (const child of childrenOf.get(frame.frame_id) ?? []) queue.push({ frame: child, depth: depth + 1 });
    }
    return { top: { frame_id: top.frame_id, url: top.url, origin: top.origin }, children, truncated };
  }

  private view(frame: FrameRecord, oopif: boolean): FrameView {
    const view: FrameView = {
      frame_id: frame.frame_id,
      url: frame.url,
      origin: frame.origin,
      is_oopif: oopif,
      parent_frame_id: frame.parent_frame_id,
    };
    if (frame.name) view.name = frame.name;
    if (oopif && frame.owner.label) view.session_id = frame.owner.label;
    return view;
  }

  private childrenOf(frameId: string): FrameRecord[] {
    return [...this.frames.values()].filter((frame) => frame.parent_frame_id === frameId);
  }

  private remove(frameId: string): void {
    const frame = this.frames.get(frameId);
    if (!frame) return;
    for (const child of this.childrenOf(frameId)) this.remove(child.frame_id);
    this.frames.delete(frameId);
    this.onChange({ kind: "detached", frame_id: frameId, parent_frame_id: frame.parent_frame_id, url: frame.url });
  }

  /** srcdoc and about:blank frames report an opaque "://" origin but inherit their parent's. */
  private originOf(frame: CdpFrame): string {
    const origin = frame.securityOrigin ?? "";
    if (origin && origin !== "://" && origin !== "null") return origin;
    const parent = frame.parentId ? this.frames.get(frame.parentId) : undefined;
    if (parent && (frame.url === "about:srcdoc" || frame.url.startsWith("about:blank"))) return parent.origin;
    return origin && origin !== "://" ? origin : "null";
  }
}
