/**
 * @module document-guard
 * The browser's guards that only the supervisor can set: downloads denied (or kept to the session's folder), `file:`
 * loads failed in every target, and top-level navigations the navigation gate refuses failed (download-policy,
 * target-guard, on the browser's own CDP session), and a frame
 * that starts loading or shows a document the URL policy forbids sent to about:blank — a popup showing one stopped and
 * closed. Each block is told to the agent (console) and the operator (log) once.
 */
import type { Browser } from "playwright-core";
import type { Logger } from "../../logger.js";
import { DomainError } from "../../kernel/errors.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { headOf } from "../../kernel/text.js";
import type { ConsoleLog } from "./console-log.js";
import { applyDownloadPolicy } from "./download-policy.js";
import type { TargetSession } from "./frames.js";
import type { Tab } from "./tabs.js";
import type { ContextLease } from "./shared-chromium.js";
import type { NavigationGate } from "./navigation-gate.js";
import { guardTargets } from "./target-guard.js";
import { withTimeout } from "./targets.js";
import { isDocumentUrlAllowed, schemeOf } from "./url-policy.js";

const GUARD_SETUP_TIMEOUT_MS = 5_000;
/** Reports of the same blocked URL within this window are one block seen from several places. */
const BLOCKED_NOTE_DEDUPE_MS = 2_000;
/** How much of a blocked URL the console and the log show. */
const BLOCKED_URL_SHOWN_CHARS = 200;

export type DocumentGuardDeps = {
  sessionId: string;
  logger: Logger;
  console: ConsoleLog;
  /** `browser.allow_file_urls` of the server config (never a session's): file: documents may load. */
  allowFileUrls: boolean;
  /** The session's download folder when the server config allows downloads; null denies them. */
  downloadsDir: string | null;
  /** Where the session's pages may go next, as the guard has armed it (navigation-gate.ts). */
  navigationGate: NavigationGate;
};

export class DocumentGuard {
  /** The last forbidden document reported, so the several places that catch the same one note it once. */
  private lastBlocked = { url: "", at: 0 };

  constructor(private readonly deps: DocumentGuardDeps) {}

  /**
   * Sets the guards only the browser as a whole can enforce, on its own CDP session. In a browser we connect to,
   * only our context's pages are ours.
   */
  async guardBrowser(browser: Browser, page: TargetSession | null, connected: boolean): Promise<void> {
    if (!page)
      throw new DomainError(
        "browser_unavailable",
        "could not attach to the browser's page; retry to start a fresh one",
      );
    const { targetInfo } = await withTimeout(
      page.cdp.send("Target.getTargetInfo"),
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
        allowFileUrls: this.deps.allowFileUrls,
        onlyContextId: connected ? (ownContextId ?? null) : null,
        isMain: (targetId) => targetId === targetInfo.targetId,
        mainForbidden: (_place, url) => this.leaveForbidden(page, page.rootFrameId, url),
        blocked: (url, what) => this.noteBlocked(url, what),
        navigationAllowed: (url) => this.deps.navigationGate.admits(url),
      }),
      GUARD_SETUP_TIMEOUT_MS,
      "target discovery",
    );
  }

  /**
   * Joins a context of the shared Chromium, whose browser-wide guards are set already: the shared browser hands this
   * context's forbidden documents and blocks to this guard, and downloads go to the session's folder or nowhere.
   * Returns the context's id.
   */
  async guardSharedContext(
    lease: ContextLease,
    page: TargetSession | null,
    hooks: { ownsFrame(frameId: string): boolean; lost(): void },
  ): Promise<string> {
    if (!page)
      throw new DomainError("browser_unavailable", "could not attach to the context's page; retry to start afresh");
    const { targetInfo } = await withTimeout(
      page.cdp.send("Target.getTargetInfo"),
      GUARD_SETUP_TIMEOUT_MS,
      "Target.getTargetInfo",
    );
    const contextId = targetInfo.browserContextId;
    if (!contextId) throw new DomainError("browser_unavailable", "the shared browser gave no context id; retry");
    await withTimeout(
      lease.adopt(contextId, {
        sessionId: this.deps.sessionId,
        downloadsDir: this.deps.downloadsDir,
        isMain: (targetId) => targetId === targetInfo.targetId,
        ownsFrame: (frameId) => frameId === targetInfo.targetId || hooks.ownsFrame(frameId),
        mainForbidden: (url) => this.leaveForbidden(page, page.rootFrameId, url),
        blocked: (url, what) => this.noteBlocked(url, what),
        navigationAllowed: (url) => this.deps.navigationGate.admits(url),
        lost: () => hooks.lost(),
      }),
      GUARD_SETUP_TIMEOUT_MS,
      "the context's guards",
    );
    return contextId;
  }

  /**
   * A frame that starts loading, or shows, a forbidden document (url-policy) is sent to about:blank; a popup (a tab
   * other than the active one) whose own document is forbidden is stopped, then closed. `file:` loads never get this
   * far (target-guard fails them in the browser before the file is read); this is for the browser's own schemes,
   * which no interception sees. It reacts when the navigation starts, but that is a race, not a guarantee: Chromium
   * does not cancel a navigation that is ready to commit, so the page may show the document until the close lands
   * (target-guard has the figures).
   */
  guardDocument(tab: Tab, isPopup: boolean, session: TargetSession, frameId: string, url: string): void {
    if (isDocumentUrlAllowed(url, this.deps.allowFileUrls)) return;
    if (isPopup && session.label === null && frameId === session.rootFrameId) {
      this.noteBlocked(url, "stopped and closed the popup that showed it");
      // The stop first, on the popup's own session, then the close (which waits on the page's unload). No
      // about:blank in between: a navigation still pending cancels a close.
      void session.cdp.send("Page.stopLoading").catch(() => undefined);
      void tab.page.close().catch(() => undefined);
      return;
    }
    this.leaveForbidden(session, frameId, url);
  }

  private leaveForbidden(session: TargetSession, frameId: string, url: string): void {
    this.noteBlocked(url, "sent its frame to about:blank");
    void session.cdp.send("Page.navigate", { url: "about:blank", frameId }).catch(() => undefined);
  }

  /**
   * Tells the agent (console) and the operator (log) once per document that it was stopped. The URL is masked before
   * it is cut, so a secret in it is never left half shown, and the log gets only the masked form.
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
    this.deps.console.push(
      "warning",
      `Caduceus blocked ${shown}: ${schemeOf(url)} documents are not allowed in this browser; ${what}`,
      null,
    );
  }
}
