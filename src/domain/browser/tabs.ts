/**
 * @module tabs
 * The pages of a session's browser context — tabs the agent opened, popups, `target=_blank` links, pages that were
 * already there when we connected — each with its own CDP session, frame tree and out-of-process iframes, and which
 * of them is the active one that actions, the outline and the frame tree refer to.
 */
import type { Frame, Page } from "playwright-core";
import { FrameTracker, type FrameChange, type TargetSession } from "./frames.js";
import type { TabView } from "../shared/browser-views.js";

export type { TabView };

/** One page of the context and what the supervisor keeps for it. */
export class Tab {
  readonly frames: FrameTracker;
  readonly oopifs = new Map<Frame, TargetSession>();
  session: TargetSession | null = null;
  title: string | null = null;
  titleRefreshedAt = 0;

  constructor(
    readonly id: string,
    readonly page: Page,
    onFrameChange: (tab: Tab, change: FrameChange) => void,
  ) {
    this.frames = new FrameTracker((change) => onFrameChange(this, change));
  }

  view(active: boolean): TabView {
    return { tab_id: this.id, url: this.page.url(), title: this.title, active };
  }
}

/** The tabs in the order they opened; the active one is the first until another is chosen. */
export class TabList {
  private readonly tabs = new Map<Page, Tab>();
  private sequence = 0;
  private current: Tab | null = null;
  /** Most recently active last, so closing the active tab falls back to the one used before it. */
  private readonly recency: Tab[] = [];

  constructor(private readonly onFrameChange: (tab: Tab, change: FrameChange) => void) {}

  get active(): Tab | null {
    return this.current;
  }

  get size(): number {
    return this.tabs.size;
  }

  of(page: Page): Tab | undefined {
    return this.tabs.get(page);
  }

  byId(id: string): Tab | undefined {
    for (const tab of this.tabs.values()) if (tab.id === id) return tab;
    return undefined;
  }

  all(): Tab[] {
    return [...this.tabs.values()];
  }

  /** Registers a page once; the first page becomes the active tab. */
  add(page: Page): Tab {
    const known = this.tabs.get(page);
    if (known) return known;
    const tab = new Tab(`t${++this.sequence}`, page, this.onFrameChange);
    this.tabs.set(page, tab);
    if (!this.current) this.activate(tab);
    return tab;
  }

  activate(tab: Tab): void {
    this.current = tab;
    const at = this.recency.indexOf(tab);
    if (at >= 0) this.recency.splice(at, 1);
    this.recency.push(tab);
  }

  /** Forgets a closed page; when it was the active tab, the one used before it (if any) becomes active. */
  remove(page: Page): { tab: Tab; wasActive: boolean } | null {
    const tab = this.tabs.get(page);
    if (!tab) return null;
    this.tabs.delete(page);
    const at = this.recency.indexOf(tab);
    if (at >= 0) this.recency.splice(at, 1);
    const wasActive = this.current === tab;
    if (wasActive) this.current = this.recency.at(-1) ?? null;
    return { tab, wasActive };
  }

  views(): TabView[] {
    return this.all().map((tab) => tab.view(tab === this.current));
  }

  clear(): void {
    for (const tab of this.tabs.values()) tab.frames.clear();
  }
}
