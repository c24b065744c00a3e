/**
 * @module targets
 * CDP sessions on one target (the page or an out-of-process iframe): attaching, enabling the domains the supervisor
 * listens to and handing their events on to it; and the timeout every wait on the browser goes through.
 */
import type { BrowserContext, CDPSession, Frame, Page } from "playwright-core";
import { BRIDGE_SCRIPT, BRIDGE_URL_PATTERN } from "./bridge.js";
import type { CdpFrame, TargetSession } from "./frames.js";

/** What the supervisor does with the CDP events of one target (the page or an OOPIF). */
export type TargetHandlers = {
  frameAttached(session: TargetSession, frameId: string, parentFrameId: string | null): void;
  /** `newDocument`: a live navigation replaced the frame's document (its old subframes are gone). */
  frameNavigated(session: TargetSession, frame: CdpFrame, newDocument: boolean): void;
  frameDetached(session: TargetSession, frameId: string, reason: string): void;
  /** A frame is about to load `url` (nothing has committed yet): the moment to stop a forbidden document. */
  navigationStarting(session: TargetSession, frameId: string, url: string): void;
  /** Only the page's own session reports dialogs: Chromium raises them per page, for every frame. */
  dialogOpening?(session: TargetSession, params: DialogOpeningParams): void;
  dialogClosed?(session: TargetSession, params: { frameId?: string; result: boolean }): void;
  requestPaused(
    session: TargetSession,
    params: { requestId: string; frameId?: string; request: { url: string } },
  ): void;
  console(level: string, text: string, url: string | null): void;
};

export type DialogOpeningParams = {
  type: string;
  message: string;
  defaultPrompt?: string;
  frameId?: string;
  url: string;
};
type CdpFrameTree = { frame: CdpFrame; childFrames?: CdpFrameTree[] };
type RemoteObject = { type: string; value?: unknown; description?: string };

const SETUP_TIMEOUT_MS = 5_000;

/** The browser (or a page in it) did not answer within the time allowed; it may still answer later. */
export class BrowserTimeoutError extends Error {
  override name = "BrowserTimeoutError";
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BrowserTimeoutError(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(arg: RemoteObject): string {
  if (arg.value !== undefined) return typeof arg.value === "string" ? arg.value : JSON.stringify(arg.value);
  return arg.description ?? arg.type;
}

function wire(session: TargetSession, handlers: TargetHandlers): void {
  const { cdp } = session;
  cdp.on("Page.frameAttached", (p) => handlers.frameAttached(session, p.frameId, p.parentFrameId ?? null));
  cdp.on("Page.frameNavigated", (p) => handlers.frameNavigated(session, p.frame as CdpFrame, true));
  cdp.on("Page.frameStartedNavigating", (p) => handlers.navigationStarting(session, p.frameId, p.url));
  cdp.on("Page.frameDetached", (p) =>
    handlers.frameDetached(session, p.frameId, String((p as { reason?: string }).reason ?? "remove")),
  );
  if (handlers.dialogOpening)
    cdp.on("Page.javascriptDialogOpening", (p) => handlers.dialogOpening!(session, p as DialogOpeningParams));
  if (handlers.dialogClosed)
    cdp.on("Page.javascriptDialogClosed", (p) =>
      handlers.dialogClosed!(session, p as { frameId?: string; result: boolean }),
    );
  cdp.on("Fetch.requestPaused", (p) => handlers.requestPaused(session, p));
  cdp.on("Runtime.executionContextCreated", ({ context }) => {
    const aux = context.auxData as { frameId?: string; isDefault?: boolean } | undefined;
    if (aux?.frameId && aux.isDefault) session.contexts.set(aux.frameId, context.id);
  });
  cdp.on("Runtime.executionContextDestroyed", (p) => {
    for (const [frameId, id] of session.contexts) if (id === p.executionContextId) session.contexts.delete(frameId);
  });
  cdp.on("Runtime.executionContextsCleared", () => session.contexts.clear());
  cdp.on("Runtime.consoleAPICalled", (p) => {
    const level = p.type === "error" || p.type === "assert" ? "error" : p.type === "warning" ? "warning" : "log";
    handlers.console(
      level,
      p.args
        .slice(0, 4)
        .map((a) => describe(a as RemoteObject))
        .join(" "),
      p.stackTrace?.callFrames[0]?.url ?? null,
    );
  });
  cdp.on("Runtime.exceptionThrown", (p) => {
    const d = p.exceptionDetails;
    handlers.console("exception", d.exception?.description ?? d.text, d.url ?? null);
  });
}

function registerTree(session: TargetSession, tree: CdpFrameTree, handlers: TargetHandlers): void {
  handlers.frameNavigated(session, tree.frame, false);
  for (const child of tree.childFrames ?? []) registerTree(session, child, handlers);
}

export type AttachOptions = {
  /** Intercept the dialog bridge's requests and bypass CSP for them. */
  bridge: boolean;
};

/**
 * Opens a CDP session on a page or an OOPIF frame and enables the domains the supervisor listens
 * to. Request interception here holds the dialog bridge's requests (with CSP bypassed for them);
 * `file:` loads are failed browser-wide instead (target-guard), so pages the supervisor holds no
 * session on are covered too. Returns null when the frame has no target of its own (it renders in
 * its parent's process).
 */
export async function attachTarget(
  context: BrowserContext,
  target: Page | Frame,
  label: string | null,
  { bridge }: AttachOptions,
  handlers: TargetHandlers,
): Promise<TargetSession | null> {
  let cdp: CDPSession;
  try {
    cdp = await context.newCDPSession(target);
  } catch {
    return null;
  }
  const session: TargetSession = { cdp, rootFrameId: "", label, contexts: new Map() };
  wire(session, handlers);
  const send = (method: string, params?: object) =>
    withTimeout(cdp.send(method as "Page.enable", params as undefined), SETUP_TIMEOUT_MS, method);
  try {
    await send("Page.enable");
    if (bridge) await send("Page.setBypassCSP", { enabled: true });
    if (bridge) await send("Fetch.enable", { patterns: [{ urlPattern: BRIDGE_URL_PATTERN, requestStage: "Request" }] });
    const { frameTree } = (await send("Page.getFrameTree")) as unknown as { frameTree: CdpFrameTree };
    session.rootFrameId = frameTree.frame.id;
    registerTree(session, frameTree, handlers);
    await send("Runtime.enable");
  } catch (error) {
    // A session half set up is let go: whoever attaches again gets a whole one.
    void cdp.detach().catch(() => undefined);
    throw error;
  }
  if (bridge) {
    // The init script covers documents loaded from now on; this covers the one already shown.
    void cdp.send("Runtime.evaluate", { expression: BRIDGE_SCRIPT }).catch(() => undefined);
  }
  return session;
}
