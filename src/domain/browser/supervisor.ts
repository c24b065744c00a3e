/**
 * @module supervisor
 * One session's browser and what watches it: its tabs, the CDP sessions on each page and on each out-of-process
 * iframe, frames, and the browser or the page going away. Where the browser comes from (launch.ts), where dialogs
 * come from (dialog-sources.ts), the console (console-log.ts) and the guards against forbidden documents
 * (document-guard.ts) are modules of their own.
 */
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import type { BrowserConfig } from "../../config/schema.js";
import type { Logger } from "../../logger.js";
import type { BrowserLossReason, EventPayload, SessionEventType } from "../events/event-types.js";
import { DomainError } from "../../kernel/errors.js";
import { BRIDGE_SCRIPT } from "./bridge.js";
import { ConsoleLog } from "./console-log.js";
import { DialogSources } from "./dialog-sources.js";
import type { DialogQueue } from "./dialogs.js";
import { DocumentGuard } from "./document-guard.js";
import { FrameTracker, type FrameChange, type TargetSession } from "./frames.js";
import { BrowserSource, type BrowserKind } from "./browser-source.js";
import { endpointOf } from "./launch.js";
import type { SharedChromium } from "./shared-chromium.js";
import type { NavigationGate } from "./navigation-gate.js";
import { TabList, type Tab, type TabView } from "./tabs.js";
import { attachTarget, withTimeout, type TargetHandlers } from "./targets.js";
import type { ClosedDialogView, ConsoleEntry, PendingDialogView } from "../shared/browser-views.js";

const STOP_TIMEOUT_MS = 5_000;
/**
 * How long an action's result waits for the page's title from the browser process (which a dialog does not block):
 * on a machine whose cores are busy it can take a second, and a result that showed the previous page's title would
 * misreport the page the action reached.
 */
const TITLE_TIMEOUT_MS = 2_000;
const TITLE_REFRESH_INTERVAL_MS = 1_000;
const FRAME_SETTLE_TIMEOUT_MS = 3_000;
const PAGE_CLOSE_GRACE_MS = 100;
const TAB_OPEN_TIMEOUT_MS = 10_000;
/**
 * Setting up an out-of-process iframe's session fails when the frame navigates or changes process meanwhile, or when a
 * busy machine answers a setup call late: it is tried again this many times in all, this long apart.
 */
const OOPIF_ATTACH_ATTEMPTS = 4;
const OOPIF_RETRY_MS = 250;

export type SupervisorDeps = {
  sessionId: string;
  /** The session's browser settings as they are now (a PATCH applies to the next dialog). */
  settings(): BrowserConfig;
  publish<T extends SessionEventType>(type: T, data: EventPayload<T>): void;
  recordDialog(dialog: ClosedDialogView, defaultPrompt: string): void;
  logger: Logger;
  now(): number;
  /** `browser.allow_file_urls` of the server config (never a session's): file: documents may load. */
  allowFileUrls: boolean;
  /** The session's download folder when the server config allows downloads; null denies them. */
  downloadsDir: string | null;
  /** The user-data directory of the session's `browser.profile`; null runs a fresh profile that nothing keeps. */
  profileDir: string | null;
  /** The shared Chromium to take a context in; null: the session's browser is a process of its own. */
  shared: SharedChromium | null;
  /** Where the session's pages may go next while the guard watches an agent's action (navigation-gate.ts). */
  navigationGate: NavigationGate;
};

/** How many live views (screencasts) watch a browser: while any is open it is in use, however long no action comes. */
export class LiveViews {
  private open = 0;

  get watching(): boolean {
    return this.open > 0;
  }

  /** Counts a view open until the returned function is called (once). */
  add(): () => void {
    this.open += 1;
    let done = false;
    return () => {
      if (!done) this.open -= 1;
      done = true;
    };
  }
}

const LOSS_LOG_MESSAGES: Record<BrowserLossReason, string> = {
  browser_disconnected: "browser disconnected",
  page_crashed: "browser page crashed",
  page_closed: "browser page closed",
  idle_closed: "browser closed for being unused",
};

/** `auto` turns the bridge on for a browser we connect to (another client may close native dialogs) and off for one we launch. */
export function bridgeEnabled(settings: BrowserConfig): boolean {
  return settings.bridge === "on" || (settings.bridge === "auto" && settings.cdp_url !== null);
}

/**
 * One session's supervised browser: launched (or connected to over CDP) through playwright-core (launch.ts), with a
 * CDP session on the page and on every out-of-process iframe. Dialogs (dialog-sources.ts), frames and console output
 * (console-log.ts) are kept from events, so reading them never waits on a page a dialog is blocking; forbidden
 * documents are stopped as they load (document-guard.ts).
 */
export class BrowserSupervisor {
  readonly dialogs: DialogQueue;
  readonly endpoint: string;
  readonly bridge: boolean;
  readonly allowFileUrls: boolean;
  readonly tabs: TabList;
  context: BrowserContext | null = null;
  private readonly source: BrowserSource;
  /** Live views (screencasts) watching the browser: while any is open, it is in use however long no action comes. */
  readonly viewers = new LiveViews();
  /** Where the browser lives: a context of the shared Chromium, or a process of its own. */
  readonly kind: BrowserKind;
  private readonly noFrames = new FrameTracker(() => undefined);
  private readonly watchedPages = new WeakMap<Page, Promise<void>>();
  private readonly attaching = new Set<Promise<unknown>>();
  private readonly consoleLog: ConsoleLog;
  private readonly dialogSources: DialogSources;
  private readonly guard: DocumentGuard;
  private oopifSequence = 0;
  private active = false;
  private stopping = false;

  private constructor(private readonly deps: SupervisorDeps) {
    const settings = deps.settings();
    this.endpoint = endpointOf(settings);
    this.source = new BrowserSource(
      { ...deps, starting: (data: EventPayload<"browser.starting">) => deps.publish("browser.starting", data) },
      settings,
    );
    this.kind = this.source.kind;
    this.bridge = bridgeEnabled(settings);
    this.allowFileUrls = deps.allowFileUrls;
    this.tabs = new TabList((tab, change) => this.onFrameChange(tab, change));
    this.consoleLog = new ConsoleLog(() => deps.now());
    this.dialogSources = new DialogSources({ ...deps, isActive: () => this.active });
    this.dialogs = this.dialogSources.queue;
    this.guard = new DocumentGuard({ ...deps, console: this.consoleLog });
  }

  static async start(deps: SupervisorDeps): Promise<BrowserSupervisor> {
    const supervisor = new BrowserSupervisor(deps);
    try {
      await supervisor.open();
    } catch (error) {
      await supervisor.stop();
      deps.logger.warn({ session_id: deps.sessionId, err: error }, "browser failed to start");
      if (error instanceof DomainError) throw error;
      const settings = deps.settings();
      const where = settings.cdp_url ? `connect to ${settings.cdp_url}` : "launch Chromium";
      throw new DomainError(
        "browser_unavailable",
        `could not ${where}: ${(error as Error).message.split("\n")[0]}; check browser.cdp_url / browser.executable_path`,
      );
    }
    return supervisor;
  }

  get browser(): Browser | null {
    return this.source.browser;
  }

  isActive(): boolean {
    return this.active;
  }

  /** The active tab's page: the one actions, the outline and the frame tree refer to. */
  get page(): Page | null {
    return this.tabs.active?.page ?? null;
  }

  /** The active tab's frame tree. */
  get frames(): FrameTracker {
    return this.tabs.active?.frames ?? this.noFrames;
  }

  private get pageSession(): TargetSession | null {
    return this.tabs.active?.session ?? null;
  }

  url(): string | null {
    return this.page?.url() ?? null;
  }

  /** Title from the browser side (Target domain), which answers even while a dialog blocks the page. */
  async currentTitle(tab: Tab | null = this.tabs.active): Promise<string | null> {
    if (!tab) return null;
    const session = tab.session;
    if (!this.active || !session) return tab.title;
    try {
      const { targetInfo } = await withTimeout(
        session.cdp.send("Target.getTargetInfo"),
        TITLE_TIMEOUT_MS,
        "Target.getTargetInfo",
      );
      tab.title = targetInfo.title;
    } catch {
      /* keep the last known title */
    }
    return tab.title;
  }

  /** The last known title, refreshed in the background so a snapshot never waits on the browser. */
  cachedTitle(tab: Tab | null = this.tabs.active): string | null {
    if (!tab) return null;
    const now = Date.now();
    if (now - tab.titleRefreshedAt > TITLE_REFRESH_INTERVAL_MS) {
      tab.titleRefreshedAt = now;
      void this.currentTitle(tab);
    }
    return tab.title;
  }

  /** Every tab with its last known title (refreshed in the background), the active one marked. */
  tabViews(): TabView[] {
    for (const tab of this.tabs.all()) this.cachedTitle(tab);
    return this.tabs.views();
  }

  /** Opens a new tab and makes it the active one. */
  async openTab(): Promise<Tab> {
    if (!this.context || !this.active)
      throw new DomainError("browser_unavailable", "the browser is not running; navigate to start it");
    const page = await withTimeout(this.context.newPage(), TAB_OPEN_TIMEOUT_MS, "opening a tab");
    await this.watchPage(page);
    const tab = this.tabs.of(page);
    if (!tab) throw new DomainError("browser_unavailable", "the new tab could not be attached; retry");
    this.tabs.activate(tab);
    return tab;
  }

  /** Makes a tab the active one and brings it to the front. */
  async switchTab(tabId: string): Promise<Tab> {
    const tab = this.requireTab(tabId);
    this.tabs.activate(tab);
    await withTimeout(tab.page.bringToFront(), TITLE_TIMEOUT_MS * 4, "bringing the tab to the front").catch(
      () => undefined,
    );
    return tab;
  }

  /** Closes a tab (its pending dialogs go with it); the last tab stays: navigate it instead. */
  async closeTab(tabId: string): Promise<void> {
    const tab = this.requireTab(tabId);
    if (this.tabs.size <= 1)
      throw new DomainError("validation_failed", `tab ${tabId} is the only tab; navigate it instead of closing it`);
    this.dialogs.closedRemotely((d) => d.frame_id !== null && tab.frames.get(d.frame_id) !== undefined);
    this.forgetTab(tab.page);
    await withTimeout(tab.page.close(), STOP_TIMEOUT_MS, "closing the tab").catch(() => undefined);
  }

  private requireTab(tabId: string): Tab {
    const tab = this.tabs.byId(tabId);
    if (!tab)
      throw new DomainError(
        "validation_failed",
        `no tab has id ${tabId}; the tabs are ${this.tabs
          .all()
          .map((t) => t.id)
          .join(", ")}`,
      );
    return tab;
  }

  console(): ConsoleEntry[] {
    return this.consoleLog.list();
  }

  clearConsole(): void {
    this.consoleLog.clear();
  }

  topSession(): TargetSession {
    if (!this.active || !this.pageSession)
      throw new DomainError("browser_unavailable", "the browser is not running; navigate to start it");
    return this.pageSession;
  }

  /** Waits (bounded) until the out-of-process iframes found so far have their CDP sessions. */
  async settleFrames(): Promise<void> {
    const deadline = Date.now() + FRAME_SETTLE_TIMEOUT_MS;
    while (this.attaching.size > 0 && Date.now() < deadline) {
      await withTimeout(
        Promise.allSettled([...this.attaching]),
        Math.max(1, deadline - Date.now()),
        "frame attach",
      ).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const wasActive = this.active;
    this.active = false;
    // Unblock pages before letting go: a browser we connected to lives on after we leave.
    await withTimeout(this.dialogs.closeAll(), STOP_TIMEOUT_MS, "closing dialogs").catch(() => undefined);
    await this.source.close();
    if (wasActive) this.tabs.clear();
  }

  pendingDialogs(): PendingDialogView[] {
    return this.dialogs.pending();
  }

  private async open(): Promise<void> {
    const settings = this.deps.settings();
    const { browser, context } = await this.source.open(settings);
    this.context = context;
    // Listening keeps playwright-core from dismissing dialogs itself; the supervisor answers them over CDP.
    context.on("dialog", (dialog) => this.dialogSources.playwrightDialog(dialog));
    if (this.bridge) await context.addInitScript({ content: BRIDGE_SCRIPT });
    // The shared Chromium tells each of its sessions itself when it goes away (shared-chromium).
    if (this.kind !== "shared") browser.on("disconnected", () => this.lost("browser_disconnected"));
    context.on(
      "page",
      (page) =>
        void this.watchPage(page).catch((error) =>
          this.deps.logger.debug({ err: error }, "watching a new page failed"),
        ),
    );
    this.active = true;
    // A browser we connect to may have several pages open already: each is a tab, the first one active.
    const existing = context.pages();
    for (const page of existing) await this.watchPage(page);
    if (existing.length === 0) await this.watchPage(await context.newPage());
    if (!this.pageSession) {
      const page = await context.newPage();
      await this.watchPage(page);
      const tab = this.tabs.of(page);
      if (tab) this.tabs.activate(tab);
    }
    if (this.source.lease)
      await this.guard.guardSharedContext(this.source.lease, this.pageSession, {
        ownsFrame: (frameId) => this.tabs.all().some((tab) => tab.frames.get(frameId) !== undefined),
        lost: () => this.lost("browser_disconnected"),
      });
    else await this.guard.guardBrowser(browser, this.pageSession, settings.cdp_url !== null);
  }

  private handlers(tab: Tab): TargetHandlers {
    const guard = (session: TargetSession, frameId: string, url: string) =>
      this.guard.guardDocument(tab, tab !== this.tabs.active, session, frameId, url);
    return {
      frameAttached: (session, frameId, parent) => tab.frames.attached(frameId, parent, session),
      navigationStarting: guard,
      frameNavigated: (session, frame, newDocument) => {
        guard(session, frame.id, frame.url + (frame.urlFragment ?? ""));
        tab.frames.navigated(frame, session, newDocument);
      },
      frameDetached: (session, frameId, reason) => tab.frames.detached(frameId, reason, session),
      requestPaused: (session, params) => this.dialogSources.requestPaused(session, params),
      console: (level, text, url) => this.consoleLog.push(level, text, url, tab.id),
    };
  }

  /** Registers the page once, however many times it is announced (the `page` event and newPage() both do). */
  private watchPage(page: Page): Promise<void> {
    let watching = this.watchedPages.get(page);
    if (!watching) {
      watching = this.attachPage(page);
      this.watchedPages.set(page, watching);
    }
    return watching;
  }

  private async attachPage(page: Page): Promise<void> {
    if (!this.context || this.stopping) return;
    const tab = this.tabs.add(page);
    const session = await attachTarget(
      this.context,
      page,
      null,
      { bridge: this.bridge },
      {
        ...this.handlers(tab),
        dialogOpening: (s, p) => this.dialogSources.nativeOpened(page, s, p),
        dialogClosed: (_s, p) => this.dialogSources.nativeClosed(p.frameId),
      },
    );
    if (!session || page.isClosed()) {
      this.tabs.remove(page);
      return;
    }
    tab.session = session;
    page.on("framenavigated", (frame) => this.watchFrame(tab, frame));
    page.on("frameattached", (frame) => this.watchFrame(tab, frame));
    page.on("framedetached", (frame) => this.unwatchFrame(tab, frame));
    page.on("crash", () => {
      if (this.tabs.active === tab) this.lost("page_crashed");
      else this.forgetTab(page);
    });
    page.on("load", () => void this.currentTitle(tab));
    page.on("close", () => {
      if (this.tabs.active !== tab || this.tabs.size > 1) {
        this.forgetTab(page);
        return;
      }
      // A dying browser closes its pages first; give its disconnect a moment to be the reason given.
      setTimeout(
        () => this.lost(this.browser?.isConnected() ? "page_closed" : "browser_disconnected"),
        PAGE_CLOSE_GRACE_MS,
      ).unref();
    });
    for (const frame of page.frames()) this.watchFrame(tab, frame);
  }

  /** A tab that closed: its iframe sessions and its held bridge requests go with it. */
  private forgetTab(page: Page): void {
    const removed = this.tabs.remove(page);
    if (!removed) return;
    for (const session of removed.tab.oopifs.values()) void session.cdp.detach().catch(() => undefined);
    removed.tab.oopifs.clear();
    removed.tab.frames.clear();
  }

  /** Gives a frame its own CDP session when it renders out of process (an OOPIF). */
  private watchFrame(tab: Tab, frame: Frame, attempt = 1): void {
    if (!this.context || frame === tab.page.mainFrame() || tab.oopifs.has(frame)) return;
    const attach = attachTarget(this.context, frame, "oopif", { bridge: this.bridge }, this.handlers(tab))
      .then((session) => {
        if (!session) return;
        session.label = `oopif-${++this.oopifSequence}`;
        if (tab.oopifs.has(frame) || frame.isDetached()) {
          void session.cdp.detach().catch(() => undefined);
          return;
        }
        tab.oopifs.set(frame, session);
        tab.frames.adopt(session);
      })
      .catch((error) => {
        this.deps.logger.debug({ err: error, attempt }, "attaching to an out-of-process iframe failed");
        // Otherwise the frame would stay unwatched (its dialogs, frame tree entry and evaluation) until it navigates.
        if (attempt < OOPIF_ATTACH_ATTEMPTS && !this.stopping && !frame.isDetached())
          setTimeout(() => this.watchFrame(tab, frame, attempt + 1), OOPIF_RETRY_MS).unref();
      })
      .finally(() => this.attaching.delete(attach));
    this.attaching.add(attach);
  }

  private unwatchFrame(tab: Tab, frame: Frame): void {
    const session = tab.oopifs.get(frame);
    if (!session) return;
    tab.oopifs.delete(frame);
    tab.frames.dropSession(session);
    void session.cdp.detach().catch(() => undefined);
  }

  private onFrameChange(tab: Tab, change: FrameChange): void {
    // Frame events describe the active tab, whose frame tree clients read; the others are kept quietly.
    if (tab === this.tabs.active)
      this.deps.publish(`frame.${change.kind}`, {
        frame_id: change.frame_id,
        parent_frame_id: change.parent_frame_id,
        url: change.url,
      });
    // A held bridge request dies with its document.
    if (change.kind !== "attached")
      this.dialogs.closedRemotely((d) => d.via === "bridge" && d.frame_id === change.frame_id);
  }

  /**
   * Closed for being unused (the registry's idle sweep): stopped like any stop, and reported as `idle_closed` so a
   * client sees why the browser is no longer active.
   */
  async closeIdle(): Promise<void> {
    if (this.stopping || !this.active) return;
    this.deps.publish("browser.disconnected", { reason: "idle_closed" });
    this.deps.logger.info({ session_id: this.deps.sessionId }, LOSS_LOG_MESSAGES.idle_closed);
    await this.stop();
  }

  /** The browser or the page went away without being asked to: report it once; the next action starts afresh. */
  private lost(reason: BrowserLossReason): void {
    if (this.stopping || !this.active) return;
    this.active = false;
    this.dialogs.closedRemotely(() => true);
    this.tabs.clear();
    this.deps.publish("browser.disconnected", { reason });
    this.deps.logger.warn({ session_id: this.deps.sessionId, reason }, LOSS_LOG_MESSAGES[reason]);
    this.source.abandon();
  }
}
