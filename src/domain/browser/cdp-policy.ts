/**
 * @module cdp-policy
 *
 * Which raw CDP methods `browser/cdp` and the `browser_cdp` tool may run. Raw CDP goes out on the
 * supervisor's own sessions, and a whole-browser protocol can do far more than look at a page: open
 * sessions on other targets (and so get around every check here), hand the server's files to the
 * page, write downloads anywhere on its disk, read streams and heaps. So it runs only the methods a
 * page agent needs, listed below by domain with why each group is safe; everything else is refused
 * before a browser is even started. An operator who needs more names it in `browser.cdp_allow`
 * (server config), as `Domain.method` or `Domain.*`.
 *
 * Some methods get around the browser's guards by themselves (see {@link GUARD_BREAKING_METHODS}):
 * a refusal of one never suggests allowing it, and a `browser.cdp_allow` that names one (or a
 * `Domain.*` covering one) is warned about at start-up, because on that server the guarantees below
 * no longer hold.
 *
 * What holds with the built-in list: no `file:` document ever loads in the browser (target-guard
 * fails every file request in the browser before it is read, whichever target makes it), and
 * downloads are denied or kept to the session's folder (download-policy). Pages of the browser's
 * own schemes (`chrome:`, `devtools:`) are no requests, so they are stopped and closed when they
 * show up instead: a race narrowed, not closed — such a page may exist for some milliseconds.
 *
 * What does not hold once `Target.*` messaging is allowed: protocol sent into a target through
 * `Target.sendMessageToTarget` (or handed to a page's script by `Target.exposeDevToolsProtocol`)
 * never passes through this allowlist. Loading a file by navigation still fails in the browser —
 * the reviewer's attack (a new tab, an init script that beacons its `innerText`, `Page.navigate
 * file:///etc/passwd`) is tested to deliver nothing — but reading one needs no navigation: a
 * `DOM.setFileInputFiles` message into an http tab hands `/etc/passwd` to that tab's script, which
 * posts it out, and a `Page.setDownloadBehavior` message into our own page saves downloads into any
 * folder (both reproduced with Chromium 150). Nothing inside the browser can tell those messages from
 * the supervisor's own, so with Target messaging allowed no file or download guarantee is claimed.
 */
import { DomainError } from "../../kernel/errors.js";

type CdpMethodGroup = { domain: string; methods: readonly string[] };

export const CDP_ALLOWLIST: readonly CdpMethodGroup[] = [
  // Running code in the page's own JS world and reading its objects: what browser/evaluate does
  // already. Not enable/disable (the supervisor lives on this domain's events), not
  // runIfWaitingForDebugger (target lifecycle) and not addBinding (a binding outlives navigations
  // and gives every later page a channel into the supervisor's session).
  {
    domain: "Runtime",
    methods: [
      "evaluate",
      "callFunctionOn",
      "getProperties",
      "releaseObject",
      "releaseObjectGroup",
      "awaitPromise",
      "compileScript",
      "runScript",
      "getExceptionDetails",
      "globalLexicalScopeNames",
      "getHeapUsage",
    ],
  },
  // Reading the document, and edits the page's own script could make anyway. Not setFileInputFiles
  // (it hands files from the server's disk to the page) nor getFileInfo (it tells where a File lives
  // on that disk).
  {
    domain: "DOM",
    methods: [
      "enable",
      "disable",
      "getDocument",
      "getFlattenedDocument",
      "requestChildNodes",
      "querySelector",
      "querySelectorAll",
      "describeNode",
      "resolveNode",
      "requestNode",
      "pushNodesByBackendIdsToFrontend",
      "pushNodeByPathToFrontend",
      "getAttributes",
      "getOuterHTML",
      "getBoxModel",
      "getContentQuads",
      "getNodeForLocation",
      "getFrameOwner",
      "getContainerForNode",
      "getTopLayerElements",
      "collectClassNamesFromSubtree",
      "performSearch",
      "getSearchResults",
      "discardSearchResults",
      "scrollIntoViewIfNeeded",
      "focus",
      "setAttributeValue",
      "setAttributesAsText",
      "removeAttribute",
      "setNodeValue",
      "setNodeName",
      "setOuterHTML",
      "removeNode",
      "copyTo",
      "moveTo",
      "markUndoableState",
      "undo",
      "redo",
    ],
  },
  // Computed and matched styles, and style edits: the page's presentation only.
  {
    domain: "CSS",
    methods: [
      "enable",
      "disable",
      "getComputedStyleForNode",
      "getMatchedStylesForNode",
      "getInlineStylesForNode",
      "getBackgroundColors",
      "getPlatformFontsForNode",
      "getMediaQueries",
      "getLayersForNode",
      "getAnimatedStylesForNode",
      "getStyleSheetText",
      "collectClassNames",
      "resolveValues",
      "forcePseudoState",
      "setStyleTexts",
      "setStyleSheetText",
      "addRule",
      "createStyleSheet",
    ],
  },
  // The accessibility tree and layout snapshots: read-only views of the page.
  {
    domain: "Accessibility",
    methods: [
      "enable",
      "disable",
      "getFullAXTree",
      "getPartialAXTree",
      "getRootAXNode",
      "getAXNodeAndAncestors",
      "getChildAXNodes",
      "queryAXTree",
    ],
  },
  { domain: "DOMSnapshot", methods: ["enable", "disable", "captureSnapshot", "getSnapshot"] },
  // Moving this page around and looking at it. Page.navigate keeps the scheme rule of
  // browser/navigate (url-policy). Not setDownloadBehavior (writes to the server's disk),
  // handleJavaScriptDialog (the dialog queue answers dialogs), close/crash or enable/disable.
  {
    domain: "Page",
    methods: [
      "navigate",
      "reload",
      "stopLoading",
      "getNavigationHistory",
      "getFrameTree",
      "getResourceTree",
      "getResourceContent",
      "getLayoutMetrics",
      "captureScreenshot",
      "bringToFront",
    ],
  },
  // Cookies and headers of this browser context, and bodies of responses the page already got.
  // Not loadNetworkResource (it loads any URL, file:// included, outside any page).
  {
    domain: "Network",
    methods: [
      "enable",
      "disable",
      "getCookies",
      "setCookie",
      "setCookies",
      "deleteCookies",
      "setExtraHTTPHeaders",
      "setUserAgentOverride",
      "getResponseBody",
      "getRequestPostData",
    ],
  },
  // What the page believes about its device: viewport, media, place, time, language.
  {
    domain: "Emulation",
    methods: [
      "canEmulate",
      "setDeviceMetricsOverride",
      "clearDeviceMetricsOverride",
      "setEmulatedMedia",
      "setEmulatedVisionDeficiency",
      "setGeolocationOverride",
      "clearGeolocationOverride",
      "setTimezoneOverride",
      "setLocaleOverride",
      "setUserAgentOverride",
      "setTouchEmulationEnabled",
      "setEmitTouchEventsForMouse",
      "setPageScaleFactor",
      "resetPageScaleFactor",
      "setScrollbarsHidden",
      "setDefaultBackgroundColorOverride",
      "setFocusEmulationEnabled",
      "setIdleOverride",
      "clearIdleOverride",
      "setCPUThrottlingRate",
    ],
  },
  // Keys, mouse, touch and text, as a user would give them. Not dispatchDragEvent: its drag data
  // can drop files from the server's disk into the page.
  {
    domain: "Input",
    methods: [
      "dispatchKeyEvent",
      "dispatchMouseEvent",
      "dispatchTouchEvent",
      "insertText",
      "imeSetComposition",
      "synthesizeScrollGesture",
      "synthesizeTapGesture",
      "synthesizePinchGesture",
    ],
  },
  // The page's log and performance counters: read-only.
  { domain: "Log", methods: ["enable", "disable", "clear", "startViolationsReport", "stopViolationsReport"] },
  { domain: "Performance", methods: ["enable", "disable", "getMetrics"] },
];

/**
 * Why the methods most often asked for are refused, so the refusal says more than "not listed".
 * Exact names are looked up first, then `Domain.*`.
 */
const REFUSAL_REASONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "Target.*": "it opens sessions on other targets of the browser, where none of these rules apply",
    "Browser.*": "it acts on the whole browser (downloads, permissions, windows), not on this page",
    "DOM.setFileInputFiles": "it hands files from the server's disk to the page",
    "DOM.getFileInfo": "it reveals where a File lives on the server's disk",
    "Input.dispatchDragEvent": "its drag data can drop files from the server's disk into the page",
    "Page.setDownloadBehavior": "it lets pages write files anywhere on the server's disk",
    "Page.setInterceptFileChooserDialog": "it is the first step to handing server files to a file chooser",
    "Network.loadNetworkResource": "it loads any URL, file:// included, outside any page",
    "Runtime.addBinding":
      "a binding outlives navigations and gives every later page a channel into the supervisor's session",
    "Runtime.disable": "the supervisor relies on this domain's events",
    "Page.disable": "the supervisor relies on this domain's events",
    "Page.handleJavaScriptDialog": "dialogs are answered through POST /dialogs/respond or the browser_dialog tool",
    "IO.*": "it reads streams and blobs, which is how files and traces leave the browser",
    "Storage.*": "it reads and clears the storage of every origin in the browser",
    "SystemInfo.*": "it describes the server's hardware and processes",
    "Fetch.*": "it intercepts and rewrites requests, the supervisor's own included",
    "Tracing.*": "it records traces to streams or files",
    "HeapProfiler.*": "it dumps and samples the page's heap into streams",
  }),
);

/**
 * Methods that get around the guards themselves: a session on another target or on the whole
 * browser (`Target.attachToTarget`, `Target.attachToBrowserTarget`, `Target.setAutoAttach`) and the
 * messaging that drives it (`Target.sendMessageToTarget`) or hands it to the page's script
 * (`Target.exposeDevToolsProtocol`), where none of these rules apply; and the direct routes around
 * the file and download rules.
 */
const GUARD_BREAKING_METHODS: ReadonlySet<string> = new Set([
  "Target.attachToTarget",
  "Target.sendMessageToTarget",
  "Target.attachToBrowserTarget",
  "Target.exposeDevToolsProtocol",
  "Target.setAutoAttach",
  "Browser.setDownloadBehavior",
  "Page.setDownloadBehavior",
  "DOM.setFileInputFiles",
  "Input.dispatchDragEvent",
  "Network.loadNetworkResource",
]);

/** Domains with a guard-breaking method: their `Domain.*` breaks the guards just the same. */
const GUARD_BREAKING_DOMAINS: ReadonlySet<string> = new Set(
  [...GUARD_BREAKING_METHODS].map((method) => method.slice(0, method.indexOf("."))),
);

/**
 * Domains whose methods act beyond the page's own browser context — on other targets, on every context's storage, on
 * the browser process — even from a page session. In a Chromium shared by several sessions, one of them would reach
 * other sessions' pages or data; a server that allows any of them gives every session a Chromium of its own.
 */
const BEYOND_CONTEXT_DOMAINS: ReadonlySet<string> = new Set([
  "Target",
  "Browser",
  "Storage",
  "SystemInfo",
  "Tracing",
  "IO",
  "Memory",
  "ServiceWorker",
  "BackgroundService",
  "Cast",
  "DeviceAccess",
  "Extensions",
  "PWA",
]);

/** Whether allowing this entry would let a session reach beyond its own browser context (or void the guards). */
export function reachesBeyondContext(entry: string): boolean {
  return breaksGuards(entry) || BEYOND_CONTEXT_DOMAINS.has(entry.slice(0, Math.max(0, entry.indexOf("."))));
}

/** Whether allowing this `Domain.method` or `Domain.*` entry would void the browser's guards. */
export function breaksGuards(entry: string): boolean {
  if (GUARD_BREAKING_METHODS.has(entry)) return true;
  return entry.endsWith(".*") && GUARD_BREAKING_DOMAINS.has(entry.slice(0, -2));
}

/** A method name from the model can be any string; the refusal quotes this much of it. */
const SHOWN_METHOD_MAX_CHARS = 200;

/** `Domain.method`, or `Domain.*` in an operator's list. */
const METHOD_PATTERN = /^[A-Za-z]+\.([A-Za-z]+|\*)$/;

/** The built-in allowlist plus what the operator added with `browser.cdp_allow`. */
export class CdpPolicy {
  private readonly methods = new Set<string>();
  private readonly domains = new Set<string>();
  /** Operator entries that name no method (and so allow nothing), for a warning at start-up. */
  readonly ignoredEntries: string[] = [];
  /** Operator entries that void the browser's guards ({@link breaksGuards}), for a warning at start-up. */
  readonly guardBreakingEntries: string[] = [];
  /**
   * Operator entries that reach beyond a session's own browser context ({@link reachesBeyondContext}): with any, no
   * two sessions may share a Chromium.
   */
  readonly beyondContextEntries: string[] = [];

  constructor(operatorAllowed: readonly string[]) {
    for (const group of CDP_ALLOWLIST)
      for (const method of group.methods) this.methods.add(`${group.domain}.${method}`);
    for (const entry of operatorAllowed) {
      if (!METHOD_PATTERN.test(entry)) {
        this.ignoredEntries.push(entry);
        continue;
      }
      if (breaksGuards(entry)) this.guardBreakingEntries.push(entry);
      if (reachesBeyondContext(entry)) this.beyondContextEntries.push(entry);
      if (entry.endsWith(".*")) this.domains.add(entry.slice(0, -2));
      else this.methods.add(entry);
    }
  }

  isAllowed(method: string): boolean {
    if (!METHOD_PATTERN.test(method) || method.endsWith(".*")) return false;
    return this.methods.has(method) || this.domains.has(method.slice(0, method.indexOf(".")));
  }

  /**
   * Throws `cdp_method_not_allowed` naming the method and why. The hint says how an operator would
   * allow it, except for a method that gets around the guards: allowing that is never suggested.
   */
  assertAllowed(method: string): void {
    if (this.isAllowed(method)) return;
    const shown = method.slice(0, SHOWN_METHOD_MAX_CHARS);
    const domain = METHOD_PATTERN.test(method) ? method.slice(0, method.indexOf(".")) : null;
    const reason =
      REFUSAL_REASONS.get(method) ??
      (domain ? REFUSAL_REASONS.get(`${domain}.*`) : undefined) ??
      "it is not one of the methods a page agent needs";
    const scope = "Raw CDP runs only Runtime, DOM, CSS, Accessibility, page, cookie, emulation and input methods. ";
    let hint: string;
    if (breaksGuards(method)) {
      hint =
        scope +
        `${shown} is refused because it would get around the browser's guards (no file:// documents, downloads only ` +
        `into the session's folder); allowing it in browser.cdp_allow voids them for every session of the server.`;
    } else {
      const wildcard = domain && !breaksGuards(`${domain}.*`) ? ` (or "${domain}.*")` : "";
      const entry = domain ? `"${shown}"${wildcard}` : "the method";
      hint = scope + `The server operator can allow more by adding ${entry} to browser.cdp_allow in the server config.`;
    }
    throw new DomainError("cdp_method_not_allowed", `CDP method ${shown} is not allowed: ${reason}`, {
      fields: [{ path: ["method"], message: `${shown} is not on the CDP allowlist` }],
      details: { hint },
    });
  }
}
