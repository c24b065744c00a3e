/**
 * @module target-guard
 *
 * The browser-wide half of the scheme rule (url-policy), on the browser's own CDP session, so it
 * covers every page however it was opened: a popup, a tab created over some CDP channel (in any
 * browser context — `Target.createTarget` from a page session opens its tab in the default
 * context, where the supervisor holds no session), a page already open in a browser we connect to.
 *
 * - `file:` loads are paused by request interception (`Fetch.enable` on the browser session, which
 *   sees the requests of every target in every context) and failed before the file is read. This
 *   is the one hard guarantee here: Chromium holds the navigation until we answer, so no document,
 *   script or beacon of it ever exists. Checked with Chromium 150 for browser-initiated loads
 *   (`Page.navigate` from any session, `Target.createTarget`), `view-source:file:` and the other
 *   spellings of a file URL (`file:/`, `FILE:`, `file://localhost/`, `..` segments).
 * - The browser's own schemes (`chrome:`, `devtools:`…) are no requests: interception never sees
 *   them. A page other than the supervised one is watched from its creation (a session attached
 *   from the browser session) and, at the first sign of such a document — its creation URL, the
 *   navigation request or start, the commit, the target's new URL — stopped, then closed. That is
 *   a race, not a guarantee: Chromium does not cancel a navigation that is ready to commit, so
 *   the document may still commit and run until the close lands. Measured with Chromium 150, a
 *   `chrome://version` forced into a new tab still committed in 8 of 35 tries (15 of 15 when the
 *   page was only closed on commit); with interception switched off, the reviewer's `file:` attack
 *   still leaked in 4 to 17 of 20 tries a run — which is why `file:` relies on interception only.
 *
 * - A top-level document request of one of our pages (a navigation, each hop of a redirect chain, a popup's first
 *   load) is paused too, and failed when the navigation gate refuses it (navigation-gate.ts: the prompt-injection
 *   guard arms it while an agent's action runs after untrusted content), before the request leaves the browser.
 *
 * The supervised page itself is not closed (that would end the supervisor); it is handed back to be
 * navigated away instead. A client with `Target.*` messaging allowed can reach the server's files
 * without any navigation (cdp-policy): none of this holds against it.
 */
import type { CDPSession } from "playwright-core";
import { FILE_REQUEST_PATTERN, isDocumentUrlAllowed, schemeOf } from "./url-policy.js";

type TargetInfo = { targetId: string; type: string; url: string; browserContextId?: string };
/** A protocol message a watched page sends us over its (non-flattened) session. */
type WatchedMessage = { method?: string; params?: { frameId?: string; url?: string; frame?: NavigatedFrame } };
type NavigatedFrame = { id: string; url: string; urlFragment?: string };

export type TargetGuardOptions = {
  browserSession: CDPSession;
  allowFileUrls: boolean;
  /** The context whose pages are ours (in a browser we connect to, the others are someone else's); null: all. */
  onlyContextId: string | null;
  /** Whether a target is a supervised page (the first page of a session), read when an event comes. */
  isMain(targetId: string): boolean;
  /** A supervised page shows a forbidden document. */
  mainForbidden(target: BlockedPlace, url: string): void;
  /**
   * A forbidden document was stopped; `what` says how, for the agent's console and the operator's log. `place` says
   * where, so a browser shared by several sessions tells only the session whose page it was.
   */
  blocked(url: string, what: string, place: BlockedPlace): void;
  /**
   * Whether a top-level http(s) navigation of one of our pages may go (the navigation gate of the session whose page
   * it is, found by `place` in a shared browser); false fails it.
   */
  navigationAllowed(url: string, place: BlockedPlace): boolean;
};

/** Every http(s) document request, paused before it leaves so the navigation gate can answer it. */
const DOCUMENT_REQUEST_PATTERN = {
  urlPattern: "http*",
  resourceType: "Document" as const,
  requestStage: "Request" as const,
};

/** Where a forbidden document showed: its browser context and frame, as far as the event tells them. */
export type BlockedPlace = { contextId: string | null; frameId: string | null };

/** Events of a watched page that carry the URL a frame is about to load or has just committed, earliest first. */
const NAVIGATION_EVENTS = new Set([
  "Page.frameRequestedNavigation",
  "Page.frameStartedNavigating",
  "Page.frameNavigated",
]);

export async function guardTargets(options: TargetGuardOptions): Promise<void> {
  const { browserSession, allowFileUrls, onlyContextId } = options;
  const targets = new Map<string, TargetInfo>();
  /** Our session on each watched page, by target id, and the page of each such session. */
  const watchers = new Map<string, string>();
  const watchedPages = new Map<string, string>();
  let messageId = 0;

  const ours = (target: TargetInfo) => onlyContextId === null || target.browserContextId === onlyContextId;
  const toTarget = (sessionId: string, method: string, params: object = {}) =>
    browserSession
      .send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: ++messageId, method, params }) })
      .catch(() => undefined);

  /**
   * Stops the page's load, then closes it; both leave in this order on one pipe, the stop through
   * the page's watching session when there is one yet. No about:blank in between: a navigation
   * still pending when the close arrives cancels the close. Each sign of the same document asks
   * again (the supervisor notes it once), so a close that was cancelled gets another chance.
   */
  const stopAndClose = (targetId: string, url: string) => {
    const sessionId = watchers.get(targetId);
    if (sessionId) void toTarget(sessionId, "Page.stopLoading");
    options.blocked(url, "stopped and closed the page that showed it", placeOf(targetId));
    void browserSession.send("Target.closeTarget", { targetId }).catch(() => undefined);
  };

  const forbidden = (url: string) => !isDocumentUrlAllowed(url, allowFileUrls);
  /** A page's main frame has the page's target id; a subframe's place is known by its id alone. */
  const placeOf = (frameId: string | undefined): BlockedPlace => ({
    contextId: (frameId ? targets.get(frameId)?.browserContextId : undefined) ?? null,
    frameId: frameId ?? null,
  });

  const check = (target: TargetInfo) => {
    targets.set(target.targetId, target);
    if (target.type !== "page" || !ours(target) || !forbidden(target.url)) return;
    if (options.isMain(target.targetId)) options.mainForbidden(placeOf(target.targetId), target.url);
    else stopAndClose(target.targetId, target.url);
  };

  /** A session on a page from the moment it is announced, for its navigation events (see the module comment). */
  const watch = async (target: TargetInfo) => {
    if (target.type !== "page" || !ours(target) || options.isMain(target.targetId)) return;
    // Non-flattened: its messages arrive as events of the browser session, the only one we can read.
    const { sessionId } = await browserSession.send("Target.attachToTarget", {
      targetId: target.targetId,
      flatten: false,
    });
    watchers.set(target.targetId, sessionId);
    watchedPages.set(sessionId, target.targetId);
    await toTarget(sessionId, "Page.enable");
  };

  browserSession.on("Target.receivedMessageFromTarget", ({ sessionId, message }) => {
    const targetId = watchedPages.get(sessionId);
    // A page watched before it became a supervised one (a warm context's page) is its supervisor's to guard.
    if (!targetId || options.isMain(targetId)) return;
    let parsed: WatchedMessage;
    try {
      parsed = JSON.parse(message) as WatchedMessage;
    } catch {
      return;
    }
    if (!parsed.method || !NAVIGATION_EVENTS.has(parsed.method)) return;
    const frame = parsed.params?.frame;
    const url = frame ? frame.url + (frame.urlFragment ?? "") : (parsed.params?.url ?? "");
    // Any frame of the page: a forbidden document in a subframe ends the page just the same.
    if (forbidden(url)) stopAndClose(targetId, url);
  });
  browserSession.on("Target.detachedFromTarget", ({ sessionId }) => {
    const targetId = watchedPages.get(sessionId);
    watchedPages.delete(sessionId);
    if (targetId !== undefined) watchers.delete(targetId);
  });
  browserSession.on("Target.targetDestroyed", ({ targetId }) => targets.delete(targetId));
  browserSession.on("Target.targetCreated", ({ targetInfo }) => {
    check(targetInfo);
    // A page being closed already refuses the attach; nothing is lost then.
    void watch(targetInfo).catch(() => undefined);
  });
  browserSession.on("Target.targetInfoChanged", ({ targetInfo }) => check(targetInfo));

  browserSession.on("Fetch.requestPaused", (params) => {
    const { requestId } = params;
    const url = params.request.url;
    const target = params.frameId ? targets.get(params.frameId) : undefined;
    const fail = () =>
      void browserSession
        .send("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" })
        .catch(() => undefined);
    if (schemeOf(url) === "file:") {
      // Only another client's context (a browser we connect to) keeps its own rules; anything we cannot place — a
      // subframe, a request with no frame — is ours to refuse.
      if (!allowFileUrls && !(target && !ours(target))) {
        options.blocked(url, "failed the request before it loaded", placeOf(params.frameId));
        fail();
        return;
      }
    } else if (target?.type === "page" && ours(target) && !options.navigationAllowed(url, placeOf(params.frameId))) {
      // A page's main frame has its target's id: this is one of our pages going somewhere the gate refuses.
      fail();
      return;
    }
    void browserSession.send("Fetch.continueRequest", { requestId }).catch(() => undefined);
  });
  await browserSession.send("Fetch.enable", {
    patterns: [
      ...(allowFileUrls ? [] : [{ urlPattern: FILE_REQUEST_PATTERN, requestStage: "Request" as const }]),
      DOCUMENT_REQUEST_PATTERN,
    ],
  });
  // Reports every target there already is, then each new one and each change.
  await browserSession.send("Target.setDiscoverTargets", { discover: true });
}
