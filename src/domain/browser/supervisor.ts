/**
 * @module supervisor
 * One session's browser, launched or connected to over CDP, and everything that watches it: CDP sessions on the
 * page and on each out-of-process iframe, dialogs (native or through the bridge), frames, console output, documents
 * the URL policy forbids, and the browser or the page going away.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Dialog,
  type Frame,
  type Page,
} from "playwright-core";
import type { BrowserConfig } from "../../config.js";
import type { Logger } from "../../logger.js";
import type { BrowserLossReason, EventPayload, SessionEventType } from "../events/event-types.js";
import { DomainError } from "../../kernel/errors.js";
import { findBrowserExecutable } from "./executable.js";
import { bridgeAnswerBody, BRIDGE_SCRIPT, parseBridgeRequest } from "./bridge.js";
import { DialogQueue } from "./dialogs.js";
import { applyDownloadPolicy } from "./download-policy.js";
import { FrameTracker, type FrameChange, type TargetSession } from "./frames.js";
import { TabList, type Tab, type TabView } from "./tabs.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { headOf } from "../../kernel/text.js";
import { launchProfileBrowser, type ProfileBrowser } from "./profiles.js";
import { guardTargets } from "./target-guard.js";
import { attachTarget, withTimeout, type TargetHandlers } from "./targets.js";
import {
  CONSOLE_HISTORY_MAX,
  type ClosedDialogView,
  type ConsoleEntry,
  type DialogType,
  type PendingDialogView,
} from "./types.js";
import { isDocumentUrlAllowed, schemeOf } from "./url-policy.js";

/**
 * Flags for a launched Chromium: site isolation on, nothing that phones home, and `.invalid` names
 * failing at once (RFC 6761) so a bridge request that is not intercepted falls back without delay.
 */
export const LAUNCH_ARGS = [
  "--site-per-process",
  "--host-resolver-rules=MAP *.invalid ~NOTFOUND",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
  "--disable-quic",
];

const LAUNCH_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
const TITLE_TIMEOUT_MS = 500;
const TITLE_REFRESH_INTERVAL_MS = 1_000;
const FRAME_SETTLE_TIMEOUT_MS = 3_000;
const PAGE_CLOSE_GRACE_MS = 100;
const TAB_OPEN_TIMEOUT_MS = 10_000;
const PLAYWRIGHT_DIALOG_GRACE_MS = 250;
const NATIVE_DIALOG_MATCH_WINDOW_MS = 10_000;
const NATIVE_DIALOGS_REMEMBERED = 50;
const GUARD_SETUP_TIMEOUT_MS = 5_000;
/** Reports of the same blocked URL within this window are one block seen from several places. */
const BLOCKED_NOTE_DEDUPE_MS = 2_000;
/** How much of a blocked URL the console and the log show. */
const BLOCKED_URL_SHOWN_CHARS = 200;

/** Every context we create: CSP bypassed for the dialog bridge, downloads denied (download-policy may allow them). */
const CONTEXT_OPTIONS: BrowserContextOptions = { bypassCSP: true, acceptDownloads: false };

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
};

/** What a CDP URL reaches, for events and logs that must not show the URL itself (it can carry a token). */
function cdpEndpointKind(cdpUrl: string): "cdp_http" | "cdp_websocket" {
  return /^wss?:/i.test(cdpUrl) ? "cdp_websocket" : "cdp_http";
}

const LOSS_LOG_MESSAGES: Record<BrowserLossReason, string> = {
  browser_disconnected: "browser disconnected",
  page_crashed: "browser page crashed",
  page_closed: "browser page closed",
};

/** Where a supervisor's browser comes from; a different endpoint means a different supervisor. */
export function endpointOf(settings: BrowserConfig): string {
  if (settings.cdp_url) return `cdp:${settings.cdp_url}`;
  return `launch:${settings.executable_path}:${settings.headless}:${settings.profile ?? ""}`;
}

/** `auto` turns the bridge on for a browser we connect to (another client may close native dialogs) and off for one we launch. */
export function bridgeEnabled(settings: BrowserConfig): boolean {
  return settings.bridge === "on" || (settings.bridge === "auto" && settings.cdp_url !== null);
}

/**
 * One session's supervised browser: launched (or connected to over CDP) through playwright-core,
 * with a CDP session on the page and on every out-of-process iframe. Dialogs, frames and console
 * output are kept from events, so reading them never waits on a page a dialog is blocking.
 */
export class BrowserSupervisor {
  readonly dialogs: DialogQueue;
  readonly endpoint: string;
  readonly bridge: boolean;
  readonly allowFileUrls: boolean;
  readonly tabs: TabList;
  browser: Browser | null = null;
  context: BrowserContext | null = null;
  /** The Chromium process of a named profile, which the supervisor started and must end. */
  private profileBrowser: ProfileBrowser | null = null;
  private readonly noFrames = new FrameTracker(() => undefined);
  private readonly watchedPages = new WeakMap<Page, Promise<void>>();
  private readonly attaching = new Set<Promise<unknown>>();
  private readonly consoleEntries: ConsoleEntry[] = [];
  private readonly nativeDialogsSeen: Array<{
    page: Page;
    type: string;
    message: string;
    at: number;
    matched: boolean;
  }> = [];
  private oopifSequence = 0;
  /** The last forbidden document reported, so the several places that catch the same one note it once. */
  private lastBlocked = { url: "", at: 0 };
  private active = false;
  private stopping = false;

  private constructor(private readonly deps: SupervisorDeps) {
    const settings = deps.settings();
    this.endpoint = endpointOf(settings);
    this.bridge = bridgeEnabled(settings);
    this.allowFileUrls = deps.allowFileUrls;
    this.tabs = new TabList((tab, change) => this.onFrameChange(tab, change));
    this.dialogs = new DialogQueue({
      settings: () => deps.settings(),
      opened: (dialog) => {
        deps.publish("dialog.opened", { dialog });
        deps.logger.info(
          {
            session_id: deps.sessionId,
            dialog_id: dialog.id,
            type: dialog.type,
            via: dialog.via,
            frame_id: dialog.frame_id,
          },
          "dialog opened",
        );
      },
      closed: (dialog, defaultPrompt) => {
        deps.recordDialog(dialog, defaultPrompt);
        deps.logger.info(
          {
            session_id: deps.sessionId,
            dialog_id: dialog.id,
            type: dialog.type,
            closed_by: dialog.closed_by,
            action: dialog.action,
          },
          "dialog closed",
        );
      },
      now: () => deps.now(),
      warn: (message, error) => deps.logger.debug({ err: error, session_id: deps.sessionId }, message),
    });
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
    return [...this.consoleEntries];
  }

  clearConsole(): void {
    this.consoleEntries.length = 0;
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
    await this.closeProfileBrowser();
    if (this.browser) await withTimeout(this.browser.close(), STOP_TIMEOUT_MS, "browser.close").catch(() => undefined);
    if (wasActive) this.tabs.clear();
  }

  /**
   * A profile's Chromium is asked to close over CDP first, so it writes its cookies and storage to the profile's
   * folder, then its process is ended.
   */
  private async closeProfileBrowser(): Promise<void> {
    const profile = this.profileBrowser;
    if (!profile) return;
    this.profileBrowser = null;
    const browser = this.browser;
    if (browser?.isConnected()) {
      const session = await withTimeout(browser.newBrowserCDPSession(), STOP_TIMEOUT_MS, "the browser session").catch(
        () => null,
      );
      // The answer may never come (the connection goes down with the browser): the process exiting is the answer.
      void session?.send("Browser.close").catch(() => undefined);
    }
    await profile.stop();
  }

  private executable(settings: BrowserConfig): string {
    const executablePath = findBrowserExecutable(settings.executable_path);
    if (executablePath) return executablePath;
    throw new DomainError(
      "browser_unavailable",
      settings.executable_path === "auto"
        ? "no Chromium found; install Debian's chromium or set browser.executable_path"
        : `browser.executable_path ${settings.executable_path} does not exist; point it at a Chromium or set it to auto`,
    );
  }

  private async open(): Promise<void> {
    const settings = this.deps.settings();
    const startedAt = performance.now();
    if (!settings.cdp_url && this.deps.profileDir) {
      const executablePath = this.executable(settings);
      this.deps.publish("browser.starting", { mode: "launch", endpoint_kind: "local_chromium" });
      this.profileBrowser = await launchProfileBrowser({
        executablePath,
        userDataDir: this.deps.profileDir,
        headless: settings.headless,
        args: LAUNCH_ARGS,
        timeoutMs: LAUNCH_TIMEOUT_MS,
      });
      this.browser = await chromium.connectOverCDP(this.profileBrowser.wsEndpoint, { timeout: CONNECT_TIMEOUT_MS });
      // The profile's own context: the one whose cookies and storage live in its folder.
      this.context = this.browser.contexts()[0] ?? (await this.browser.newContext(CONTEXT_OPTIONS));
      this.deps.logger.info(
        {
          session_id: this.deps.sessionId,
          executable: executablePath,
          profile: settings.profile,
          duration_ms: Math.round(performance.now() - startedAt),
        },
        "browser launched with a profile",
      );
    } else if (settings.cdp_url) {
      const endpointKind = cdpEndpointKind(settings.cdp_url);
      this.deps.publish("browser.starting", { mode: "connect", endpoint_kind: endpointKind });
      this.browser = await chromium.connectOverCDP(settings.cdp_url, { timeout: CONNECT_TIMEOUT_MS });
      this.context = this.browser.contexts()[0] ?? (await this.browser.newContext(CONTEXT_OPTIONS));
      this.deps.logger.info(
        {
          session_id: this.deps.sessionId,
          endpoint_kind: endpointKind,
          duration_ms: Math.round(performance.now() - startedAt),
        },
        "browser connected",
      );
    } else {
      const executablePath = this.executable(settings);
      this.deps.publish("browser.starting", { mode: "launch", endpoint_kind: "local_chromium" });
      this.browser = await chromium.launch({
        executablePath,
        headless: settings.headless,
        args: LAUNCH_ARGS,
        timeout: LAUNCH_TIMEOUT_MS,
      });
      this.context = await this.browser.newContext(CONTEXT_OPTIONS);
      this.deps.logger.info(
        {
          session_id: this.deps.sessionId,
          executable: executablePath,
          headless: settings.headless,
          duration_ms: Math.round(performance.now() - startedAt),
        },
        "browser launched",
      );
    }
    const context = this.context;
    // Listening keeps playwright-core from dismissing dialogs itself; the supervisor answers them over CDP.
    context.on("dialog", (dialog) => this.onPlaywrightDialog(dialog));
    if (this.bridge) await context.addInitScript({ content: BRIDGE_SCRIPT });
    this.browser.on("disconnected", () => this.lost("browser_disconnected"));
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
    await this.guardBrowser(settings.cdp_url !== null);
  }

  /**
   * What only the browser as a whole can enforce, on its own CDP session: downloads denied (or kept
   * to the session's folder) in every context, `file:` loads failed in every target, and pages that
   * show a forbidden document stopped and closed, whichever channel opened them (target-guard). In
   * a browser we connect to, only our context's pages are ours.
   */
  private async guardBrowser(connected: boolean): Promise<void> {
    const browser = this.browser;
    const session = this.pageSession;
    if (!browser || !session)
      throw new DomainError(
        "browser_unavailable",
        "could not attach to the browser's page; retry to start a fresh one",
      );
    const { targetInfo } = await withTimeout(
      session.cdp.send("Target.getTargetInfo"),
      GUARD_SETUP_TIMEOUT_MS,
      "Target.getTargetInfo",
    );
    const browserSession = await withTimeout(
      browser.newBrowserCDPSession(),
      GUARD_SETUP_TIMEOUT_MS,
      "the browser session",
    );
    const ownContextId = targetInfo.browserContextId;
    await withTimeout(
      applyDownloadPolicy({ browserSession, ownContextId, downloadsDir: this.deps.downloadsDir }),
      GUARD_SETUP_TIMEOUT_MS,
      "the download policy",
    );
    await withTimeout(
      guardTargets({
        browserSession,
        allowFileUrls: this.allowFileUrls,
        onlyContextId: connected ? (ownContextId ?? null) : null,
        mainTargetId: targetInfo.targetId,
        mainForbidden: (url) => this.leaveForbidden(session, session.rootFrameId, url),
        blocked: (url, what) => this.noteBlocked(url, what),
      }),
      GUARD_SETUP_TIMEOUT_MS,
      "target discovery",
    );
  }

  private handlers(tab: Tab): TargetHandlers {
    return {
      frameAttached: (session, frameId, parent) => tab.frames.attached(frameId, parent, session),
      navigationStarting: (session, frameId, url) => this.guardDocument(tab, session, frameId, url),
      frameNavigated: (session, frame, newDocument) => {
        this.guardDocument(tab, session, frame.id, frame.url + (frame.urlFragment ?? ""));
        tab.frames.navigated(frame, session, newDocument);
      },
      frameDetached: (session, frameId, reason) => tab.frames.detached(frameId, reason, session),
      requestPaused: (session, params) => this.onRequestPaused(session, params),
      console: (level, text, url) => this.pushConsole(level, text, url, tab.id),
    };
  }

  private attachOptions() {
    return { bridge: this.bridge };
  }

  /**
   * A frame that starts loading, or shows, a forbidden document (url-policy) is sent to about:blank;
   * a popup whose own document is forbidden is stopped, then closed. `file:` loads never get this
   * far (target-guard fails them in the browser before the file is read); this is for the browser's
   * own schemes, which no interception sees. It reacts when the navigation starts, but that is a
   * race, not a guarantee: Chromium does not cancel a navigation that is ready to commit, so the
   * page may show the document until the close lands (target-guard has the figures).
   */
  private guardDocument(tab: Tab, session: TargetSession, frameId: string, url: string): void {
    if (isDocumentUrlAllowed(url, this.allowFileUrls)) return;
    const page = tab.page;
    if (tab !== this.tabs.active && session.label === null && frameId === session.rootFrameId) {
      this.noteBlocked(url, "stopped and closed the popup that showed it");
      // The stop first, on the popup's own session, then the close (which waits on the page's
      // unload). No about:blank in between: a navigation still pending cancels a close.
      void session.cdp.send("Page.stopLoading").catch(() => undefined);
      void page.close().catch(() => undefined);
      return;
    }
    this.leaveForbidden(session, frameId, url);
  }

  private leaveForbidden(session: TargetSession, frameId: string, url: string): void {
    this.noteBlocked(url, "sent its frame to about:blank");
    void session.cdp.send("Page.navigate", { url: "about:blank", frameId }).catch(() => undefined);
  }

  /**
   * Tells the agent (console) and the operator (log) once per document that it was stopped. The URL
   * is masked before it is cut, so a secret in it is never left half shown, and the log gets only
   * the masked form.
   */
  private noteBlocked(url: string, what: string): void {
    const shown = headOf(redactSecrets(url), BLOCKED_URL_SHOWN_CHARS);
    const now = Date.now();
    if (this.lastBlocked.url === shown && now - this.lastBlocked.at < BLOCKED_NOTE_DEDUPE_MS) return;
    this.lastBlocked = { url: shown, at: now };
    this.deps.logger.info(
      { session_id: this.deps.sessionId, url: shown },
      "blocked a forbidden document in the browser",
    );
    this.pushConsole(
      "warning",
      `Caduceus blocked ${shown}: ${schemeOf(url)} documents are not allowed in this browser; ${what}`,
      null,
    );
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
    const session = await attachTarget(this.context, page, null, this.attachOptions(), {
      ...this.handlers(tab),
      dialogOpening: (s, p) => {
        this.rememberNativeDialog(page, p.type, p.message);
        this.dialogs.open({
          type: p.type as DialogType,
          message: p.message,
          default_prompt: p.defaultPrompt ?? "",
          frame_id: p.frameId ?? s.rootFrameId,
          via: "native",
          answer: async (accept, promptText) => {
            await s.cdp.send("Page.handleJavaScriptDialog", { accept, promptText });
          },
        });
      },
      dialogClosed: (_s, p) =>
        this.dialogs.closedRemotely((d) => d.via === "native" && (!p.frameId || d.frame_id === p.frameId), 1),
    });
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
  private watchFrame(tab: Tab, frame: Frame): void {
    if (!this.context || frame === tab.page.mainFrame() || tab.oopifs.has(frame)) return;
    const attach = attachTarget(this.context, frame, "oopif", this.attachOptions(), this.handlers(tab))
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
      .catch((error) => this.deps.logger.debug({ err: error }, "attaching to an out-of-process iframe failed"))
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

  private rememberNativeDialog(page: Page, type: string, message: string): void {
    this.nativeDialogsSeen.push({ page, type, message, at: Date.now(), matched: false });
    if (this.nativeDialogsSeen.length > NATIVE_DIALOGS_REMEMBERED) this.nativeDialogsSeen.shift();
  }

  /**
   * playwright-core reports every native dialog too. Normally the CDP session saw it first and this
   * is a duplicate; but a popup can raise one before its CDP session is attached, and such a dialog
   * must not go unseen: after a short grace it is queued and answered through playwright-core.
   */
  private onPlaywrightDialog(dialog: Dialog): void {
    const page = dialog.page();
    setTimeout(() => {
      if (!this.active) return;
      const twin = this.nativeDialogsSeen.find(
        (seen) =>
          !seen.matched &&
          seen.page === page &&
          seen.type === dialog.type() &&
          seen.message === dialog.message() &&
          Date.now() - seen.at < NATIVE_DIALOG_MATCH_WINDOW_MS,
      );
      if (twin) {
        twin.matched = true;
        return;
      }
      this.dialogs.open({
        type: dialog.type() as DialogType,
        message: dialog.message(),
        default_prompt: dialog.defaultValue(),
        frame_id: null,
        via: "native",
        answer: (accept, promptText) => (accept ? dialog.accept(promptText) : dialog.dismiss()),
      });
    }, PLAYWRIGHT_DIALOG_GRACE_MS).unref();
  }

  private onRequestPaused(
    session: TargetSession,
    params: { requestId: string; frameId?: string; request: { url: string } },
  ): void {
    const request = parseBridgeRequest(params.request.url);
    if (!request) {
      void session.cdp.send("Fetch.continueRequest", { requestId: params.requestId }).catch(() => undefined);
      return;
    }
    this.dialogs.open({
      ...request,
      frame_id: params.frameId ?? session.rootFrameId,
      via: "bridge",
      answer: async (accept, promptText) => {
        await session.cdp.send("Fetch.fulfillRequest", {
          requestId: params.requestId,
          responseCode: 200,
          responseHeaders: [
            { name: "Content-Type", value: "application/json" },
            { name: "Access-Control-Allow-Origin", value: "*" },
            { name: "Cache-Control", value: "no-store" },
          ],
          body: bridgeAnswerBody(accept, promptText),
        });
      },
    });
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

  private pushConsole(level: string, text: string, url: string | null, tabId: string | null = null): void {
    this.consoleEntries.push({
      level,
      text: redactSecrets(text).slice(0, 2_000),
      url,
      ts: new Date(this.deps.now()).toISOString(),
      ...(tabId ? { tab_id: tabId } : {}),
    });
    if (this.consoleEntries.length > CONSOLE_HISTORY_MAX)
      this.consoleEntries.splice(0, this.consoleEntries.length - CONSOLE_HISTORY_MAX);
  }

  /** The browser or the page went away without being asked to: report it once; the next action starts afresh. */
  private lost(reason: BrowserLossReason): void {
    if (this.stopping || !this.active) return;
    this.active = false;
    this.dialogs.closedRemotely(() => true);
    this.tabs.clear();
    this.deps.publish("browser.disconnected", { reason });
    this.deps.logger.warn({ session_id: this.deps.sessionId, reason }, LOSS_LOG_MESSAGES[reason]);
    void this.closeProfileBrowser().catch(() => undefined);
    if (this.browser?.isConnected())
      void withTimeout(this.browser.close(), STOP_TIMEOUT_MS, "browser.close").catch(() => undefined);
  }

  pendingDialogs(): PendingDialogView[] {
    return this.dialogs.pending();
  }
}
