/**
 * @module actions
 * What the agent and the API do in a session's browser: navigate, click and type by outline ref, the outline
 * itself, evaluate in any frame, and raw CDP. None of them waits on a page a dialog blocks (an action that opens
 * one returns at once, naming it), and none reads a document the URL policy forbids.
 */
import type { Locator } from "playwright-core";
import { DomainError } from "../../kernel/errors.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { BrowserTimeoutError, withTimeout } from "./targets.js";
import type { TargetSession } from "./frames.js";
import type { PendingDialogView } from "../shared/browser-views.js";
import { isDocumentUrlAllowed, schemeOf } from "./url-policy.js";

export const NAVIGATION_TIMEOUT_MS = 30_000;
export const ACTION_TIMEOUT_MS = 10_000;
const EVALUATE_TIMEOUT_MS = 30_000;
/** With a dialog already pending, a frame that does not answer by then is taken as blocked by it. */
const BLOCKED_EVALUATE_TIMEOUT_MS = 1_500;
const OUTLINE_TIMEOUT_MS = 10_000;

export type ActionResult = {
  ok: boolean;
  url: string | null;
  title: string | null;
  pending_dialogs: PendingDialogView[];
  /** Set when the action opened a dialog and returned without waiting for the page. */
  dialog_opened?: PendingDialogView;
  error?: string;
};

export type EvaluateResult =
  | { ok: true; result: unknown; result_type: string }
  | { ok: false; error: string; pending_dialogs?: PendingDialogView[] };

export type Raced<T> =
  { done: true; value: T } | { done: true; error: Error } | { done: false; dialog: PendingDialogView };

/**
 * Runs a browser action but returns as soon as it opens a dialog that must be answered: the page
 * is blocked until then, so waiting would hang the caller. The action finishes in the background.
 */
export async function raceDialog<T>(supervisor: BrowserSupervisor, action: Promise<T>): Promise<Raced<T>> {
  let stopListening = () => {};
  const dialogOpened = new Promise<Raced<T>>((resolve) => {
    stopListening = supervisor.dialogs.onOpened((dialog) => {
      if (supervisor.dialogs.pending().some((d) => d.id === dialog.id)) resolve({ done: false, dialog });
    });
  });
  action.catch(() => undefined);
  const finished = action.then(
    (value): Raced<T> => ({ done: true, value }),
    (error: unknown): Raced<T> => ({ done: true, error: error instanceof Error ? error : new Error(String(error)) }),
  );
  try {
    return await Promise.race([finished, dialogOpened]);
  } finally {
    stopListening();
  }
}

/**
 * Nothing reads a document the browser must not show (url-policy): the supervisor is already sending
 * its frame away, and in the moment before that lands an evaluate must not be the one that reads it.
 */
function assertReadable(supervisor: BrowserSupervisor, frame: { frame_id: string; url: string } | undefined): void {
  if (!frame || isDocumentUrlAllowed(frame.url, supervisor.allowFileUrls)) return;
  throw new DomainError(
    "url_not_allowed",
    `frame ${frame.frame_id} shows a ${schemeOf(frame.url)} document, which this browser does not allow; ` +
      `it is being replaced by about:blank — navigate to an http(s) page`,
  );
}

export async function result(supervisor: BrowserSupervisor, raced: Raced<unknown>): Promise<ActionResult> {
  const base = {
    url: supervisor.url(),
    title: await supervisor.currentTitle(),
    pending_dialogs: supervisor.pendingDialogs(),
  };
  if (!raced.done) return { ok: true, ...base, dialog_opened: raced.dialog };
  if ("error" in raced) return { ok: false, ...base, error: raced.error.message.split("\n")[0] };
  return { ok: true, ...base };
}

export async function navigate(supervisor: BrowserSupervisor, url: string): Promise<ActionResult> {
  const page = supervisor.page;
  if (!page) throw new DomainError("browser_unavailable", "the browser has no page; retry to start a fresh one");
  // The page is about to go away: whatever it was blocked on goes with it.
  await supervisor.dialogs.closeAll();
  const raced = await raceDialog(supervisor, page.goto(url, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS }));
  if (raced.done) await supervisor.settleFrames();
  return result(supervisor, raced);
}

export function blockedResult(supervisor: BrowserSupervisor): ActionResult | null {
  const pending = supervisor.pendingDialogs();
  if (pending.length === 0) return null;
  return {
    ok: false,
    url: supervisor.url(),
    title: null,
    pending_dialogs: pending,
    error: `the page is blocked by dialog ${pending.map((d) => d.id).join(", ")}; answer it with browser_dialog first`,
  };
}

/**
 * The element behind a ref of the latest outline; an unknown ref fails at once instead of waiting.
 * Null when a dialog opened while looking: the page cannot answer until it is closed.
 */
export async function locate(supervisor: BrowserSupervisor, ref: string): Promise<Locator | null> {
  const page = supervisor.page;
  if (!page) throw new DomainError("browser_unavailable", "the browser has no page; navigate first");
  const locator = page.getByRef(ref);
  const raced = await raceDialog(supervisor, withTimeout(locator.count(), ACTION_TIMEOUT_MS, "finding the element"));
  if (!raced.done) return null;
  const count = "value" in raced ? raced.value : 0;
  if (count === 0)
    throw new DomainError(
      "validation_failed",
      `no element has ref ${ref}; take a new browser_snapshot and use a ref from it`,
    );
  return locator;
}

export async function click(supervisor: BrowserSupervisor, ref: string): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  const locator = await locate(supervisor, ref);
  if (!locator) return blockedResult(supervisor)!;
  return result(supervisor, await raceDialog(supervisor, locator.click({ timeout: ACTION_TIMEOUT_MS })));
}

export async function type(
  supervisor: BrowserSupervisor,
  ref: string,
  text: string,
  submit: boolean,
): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  const locator = await locate(supervisor, ref);
  if (!locator) return blockedResult(supervisor)!;
  const action = (async () => {
    await locator.fill(text, { timeout: ACTION_TIMEOUT_MS });
    if (submit) await locator.press("Enter", { timeout: ACTION_TIMEOUT_MS });
  })();
  return result(supervisor, await raceDialog(supervisor, action));
}

/**
 * The accessibility outline with element refs (`e3`, `f2e5` inside iframes) for click/type; none
 * while the page shows a forbidden document.
 */
export async function outline(supervisor: BrowserSupervisor): Promise<string | null> {
  if (supervisor.dialogs.hasPending() || !supervisor.page) return null;
  const top = supervisor.frames.top();
  if (top && !isDocumentUrlAllowed(top.url, supervisor.allowFileUrls)) return null;
  const raced = await raceDialog(supervisor, supervisor.page.ariaSnapshot({ mode: "ai", timeout: OUTLINE_TIMEOUT_MS }));
  return raced.done && "value" in raced ? raced.value : null;
}

type RemoteObject = {
  type: string;
  subtype?: string;
  value?: unknown;
  description?: string;
  unserializableValue?: string;
  objectId?: string;
};
type RuntimeEvaluateResponse = {
  result: RemoteObject;
  exceptionDetails?: { text: string; exception?: { description?: string } };
};

const CONTEXT_WAIT_MS = 3_000;

/** The frame's main-world context; a document that just committed gets one a moment later. */
async function contextFor(supervisor: BrowserSupervisor, frameId?: string) {
  const deadline = Date.now() + CONTEXT_WAIT_MS;
  for (;;) {
    const frame = frameId ? supervisor.frames.get(frameId) : supervisor.frames.top();
    if (frameId && !frame)
      throw new DomainError(
        "frame_not_found",
        `frame ${frameId} is not in the frame tree; read frame_tree in GET /snapshot`,
      );
    const contextId = frame ? frame.owner.contexts.get(frame.frame_id) : undefined;
    if (frame && contextId !== undefined) return { frame, contextId };
    if (Date.now() > deadline || supervisor.dialogs.hasPending()) {
      if (!frame) throw new DomainError("browser_unavailable", "the page has no frame yet; navigate first");
      return { frame, contextId: undefined };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Evaluates in the main world of any frame (OOPIF or not); JS exceptions come back as results. The
 * expression runs exactly once: an object result is serialized afterwards through its handle, so one
 * that cannot be (a window, a cycle, a symbol) comes back as its description without running the
 * code again.
 */
export async function evaluate(
  supervisor: BrowserSupervisor,
  expression: string,
  frameId?: string,
  retried = false,
): Promise<EvaluateResult> {
  const { frame, contextId } = await contextFor(supervisor, frameId);
  assertReadable(supervisor, frame);
  if (contextId === undefined)
    return { ok: false, error: `frame ${frame.frame_id} has no JavaScript context (yet); retry once it has loaded` };
  const session = frame.owner;
  const timeoutMs = supervisor.dialogs.hasPending() ? BLOCKED_EVALUATE_TIMEOUT_MS : EVALUATE_TIMEOUT_MS;
  const call = session.cdp.send("Runtime.evaluate", {
    expression,
    contextId,
    returnByValue: false,
    awaitPromise: true,
    userGesture: true,
  }) as Promise<RuntimeEvaluateResponse>;
  const raced = await raceDialog(supervisor, withTimeout(call, timeoutMs, "the frame"));
  if (!raced.done) {
    return {
      ok: false,
      error: `the expression opened dialog ${raced.dialog.id}; answer it with dialogs/respond`,
      pending_dialogs: supervisor.pendingDialogs(),
    };
  }
  // Frames the expression added (a cross-site iframe) are in the frame tree when the answer comes, as after a click.
  await supervisor.settleFrames();
  if ("error" in raced) {
    // The document was replaced between looking up its context and running in it: the expression never ran.
    if (!retried && /Cannot find context/i.test(raced.error.message)) {
      session.contexts.delete(frame.frame_id);
      return evaluate(supervisor, expression, frameId, true);
    }
    const pending = supervisor.pendingDialogs();
    const hint = pending.length > 0 ? `; dialog ${pending.map((d) => d.id).join(", ")} may be blocking the frame` : "";
    return {
      ok: false,
      error: `${raced.error.message.split("\n")[0]}${hint}`,
      ...(pending.length > 0 ? { pending_dialogs: pending } : {}),
    };
  }
  const response = raced.value;
  if (response.exceptionDetails) {
    const details = response.exceptionDetails;
    return { ok: false, error: details.exception?.description ?? details.text };
  }
  const remote = response.result;
  return {
    ok: true,
    result: await valueOf(session, remote, timeoutMs),
    result_type: remote.subtype ? `${remote.type}:${remote.subtype}` : remote.type,
  };
}

/** A result's JSON value when it has one, else its description; the page's handle on it is released. */
async function valueOf(session: TargetSession, remote: RemoteObject, timeoutMs: number): Promise<unknown> {
  if (!remote.objectId)
    return "value" in remote
      ? remote.value
      : remote.type === "undefined"
        ? null
        : (remote.unserializableValue ?? remote.description ?? null);
  if (remote.type !== "object") {
    // Symbols and functions have no JSON form; their description is what there is to show.
    void session.cdp.send("Runtime.releaseObject", { objectId: remote.objectId }).catch(() => undefined);
    return remote.description ?? null;
  }
  try {
    const serialized = (await withTimeout(
      session.cdp.send("Runtime.callFunctionOn", {
        objectId: remote.objectId,
        functionDeclaration: "function () { return this; }",
        returnByValue: true,
      }),
      timeoutMs,
      "serializing the result",
    )) as RuntimeEvaluateResponse;
    if (!serialized.exceptionDetails && "value" in serialized.result) return serialized.result.value;
  } catch {
    /* not serializable (a window, a cycle): its description stands for it */
  } finally {
    void session.cdp.send("Runtime.releaseObject", { objectId: remote.objectId }).catch(() => undefined);
  }
  return remote.description ?? null;
}

export type CdpResult = { method: string; frame_id: string | null; session_id: string | null; result: unknown };

export const CDP_TIMEOUT_MS = 30_000;

/** What still runs in a frame that shows a forbidden document: moving away from it, and seeing where it is. */
const LEAVING_CDP_METHODS = new Set([
  "Page.navigate",
  "Page.stopLoading",
  "Page.getFrameTree",
  "Page.getNavigationHistory",
]);

const firstLine = (error: Error) => (error.message.split("\n")[0] ?? "").replace(/^cdpSession\.send: /, "");

function blockedByDialog(supervisor: BrowserSupervisor, what: string): DomainError {
  const pending = supervisor.pendingDialogs();
  const ids = pending.map((d) => d.id).join(", ");
  return new DomainError(
    "page_blocked_by_dialog",
    `${what}: the page is blocked by dialog ${ids} until it is answered; answer it with POST /v1/sessions/{id}/dialogs/respond ` +
      `(or the browser_dialog tool), then send the command again`,
    { details: { pending_dialogs: pending } },
  );
}

/** A failed CDP command as the error a client can act on: blocked by a dialog, timed out, browser gone, or refused by CDP. */
function cdpFailure(supervisor: BrowserSupervisor, method: string, error: Error, timeoutMs: number): DomainError {
  const message = firstLine(error);
  if (error instanceof BrowserTimeoutError) {
    if (supervisor.dialogs.hasPending()) return blockedByDialog(supervisor, `CDP ${method} got no answer`);
    return new DomainError(
      "browser_timeout",
      `CDP ${method} got no answer within ${timeoutMs} ms; the page may be busy — retry, or raise timeout_ms`,
    );
  }
  if (!supervisor.isActive() || /has been closed|Target closed|Session closed|crashed/i.test(message)) {
    return new DomainError(
      "browser_unavailable",
      `CDP ${method} failed because the browser or page went away (${message}); the next browser action starts a fresh one`,
    );
  }
  // The stack overflowed on our side, serializing the params: the request's fault, and CDP never saw it.
  if (error instanceof RangeError) {
    return new DomainError(
      "validation_failed",
      `CDP ${method} was not sent: its params could not be serialized (${message})`,
      { fields: [{ path: ["params"], message }] },
    );
  }
  const path = /wasn't found/i.test(message) ? ["method"] : ["params"];
  return new DomainError("cdp_command_failed", `CDP ${method} failed: ${message}`, { fields: [{ path, message }] });
}

/**
 * Raw CDP: on the page's session, or with `frame_id` on that out-of-process iframe's own session.
 * A command that opens a dialog, or that a pending dialog blocks, returns at once naming the dialog.
 */
export async function cdp(
  supervisor: BrowserSupervisor,
  method: string,
  params: Record<string, unknown>,
  options: { frameId?: string; timeoutMs?: number } = {},
): Promise<CdpResult> {
  const { frameId } = options;
  let session = supervisor.topSession();
  if (frameId && frameId !== supervisor.frames.top()?.frame_id) {
    const frame = supervisor.frames.get(frameId);
    if (!frame)
      throw new DomainError(
        "frame_not_found",
        `frame ${frameId} is not in the frame tree; read frame_tree in GET /snapshot`,
      );
    if (!supervisor.frames.isOopif(frame)) {
      const host = frame.owner.label === null ? null : frame.owner.rootFrameId;
      // A frame inside an OOPIF shares that OOPIF's process: the top frame cannot reach into it, its OOPIF can.
      const reach = host
        ? `Call browser/cdp with frame_id ${host} (the out-of-process iframe it runs in) or browser/evaluate with this frame_id, ` +
          `or reach it from that iframe through document.querySelector('iframe').contentDocument`
        : `Call browser/cdp without frame_id (or browser/evaluate with this frame_id), or reach it from the top frame through ` +
          `document.querySelector('iframe').contentDocument`;
      throw new DomainError(
        "frame_not_oopif",
        `frame ${frameId} is not an out-of-process iframe: it runs in its parent's process and has no CDP session of its own. ${reach}`,
      );
    }
    session = frame.owner;
  }
  if (!LEAVING_CDP_METHODS.has(method))
    assertReadable(supervisor, frameId ? supervisor.frames.get(frameId) : supervisor.frames.top());
  const timeoutMs = supervisor.dialogs.hasPending()
    ? Math.min(BLOCKED_EVALUATE_TIMEOUT_MS, options.timeoutMs ?? CDP_TIMEOUT_MS)
    : (options.timeoutMs ?? CDP_TIMEOUT_MS);
  const command = withTimeout(
    session.cdp.send(method as "Runtime.evaluate", params as never),
    timeoutMs,
    `CDP ${method}`,
  );
  const raced = await raceDialog(supervisor, command);
  if (!raced.done) throw blockedByDialog(supervisor, `CDP ${method} opened dialog ${raced.dialog.id}`);
  if ("error" in raced) throw cdpFailure(supervisor, method, raced.error, timeoutMs);
  return { method, frame_id: frameId ?? null, session_id: frameId ? session.label : null, result: raced.value };
}
