import type { Locator } from "playwright-core";
import { AppError } from "../errors.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";
import type { PendingDialogView } from "./types.js";

const NAVIGATION_TIMEOUT_MS = 30_000;
const ACTION_TIMEOUT_MS = 10_000;
const EVALUATE_TIMEOUT_MS = 30_000;
/** With a dialog already pending, a frame that does not answer by then is taken as blocked by it. */
const BLOCKED_EVALUATE_TIMEOUT_MS = 1_500;
const OUTLINE_TIMEOUT_MS = 10_000;
const ALLOWED_SCHEMES = new Set(["http:", "https:"]);

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

type Raced<T> = { done: true; value: T } | { done: true; error: Error } | { done: false; dialog: PendingDialogView };

/**
 * Runs a browser action but returns as soon as it opens a dialog that must be answered: the page
 * is blocked until then, so waiting would hang the caller. The action finishes in the background.
 */
async function raceDialog<T>(supervisor: BrowserSupervisor, action: Promise<T>): Promise<Raced<T>> {
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

export function assertUrlAllowed(url: string, allowFileUrls: boolean): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError("validation_failed", `"${url}" is not an absolute URL`, { errors: [{ location: "body.url", message: "must be an absolute http(s) URL" }] });
  }
  if (ALLOWED_SCHEMES.has(parsed.protocol) || url === "about:blank") return;
  if (parsed.protocol === "file:" && allowFileUrls) return;
  throw new AppError("url_not_allowed", `${parsed.protocol} URLs are not allowed; use http(s)${parsed.protocol === "file:" ? " or set browser.allow_file_urls" : ""}`);
}

async function result(supervisor: BrowserSupervisor, raced: Raced<unknown>): Promise<ActionResult> {
  const base = { url: supervisor.url(), title: await supervisor.currentTitle(), pending_dialogs: supervisor.pendingDialogs() };
  if (!raced.done) return { ok: true, ...base, dialog_opened: raced.dialog };
  if ("error" in raced) return { ok: false, ...base, error: raced.error.message.split("\n")[0] };
  return { ok: true, ...base };
}

export async function navigate(supervisor: BrowserSupervisor, url: string): Promise<ActionResult> {
  const page = supervisor.page;
  if (!page) throw new AppError("browser_unavailable", "the browser has no page; retry to start a fresh one");
  // The page is about to go away: whatever it was blocked on goes with it.
  await supervisor.dialogs.closeAll();
  const raced = await raceDialog(supervisor, page.goto(url, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS }));
  if (raced.done) await supervisor.settleFrames();
  return result(supervisor, raced);
}

function blockedResult(supervisor: BrowserSupervisor): ActionResult | null {
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

/** The element behind a ref of the latest outline; an unknown ref fails at once instead of waiting. */
async function locate(supervisor: BrowserSupervisor, ref: string): Promise<Locator> {
  const page = supervisor.page;
  if (!page) throw new AppError("browser_unavailable", "the browser has no page; navigate first");
  const locator = page.getByRef(ref);
  const count = await withTimeout(locator.count(), ACTION_TIMEOUT_MS, "finding the element").catch(() => 0);
  if (count === 0) throw new AppError("validation_failed", `no element has ref ${ref}; take a new browser_snapshot and use a ref from it`);
  return locator;
}

export async function click(supervisor: BrowserSupervisor, ref: string): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  const locator = await locate(supervisor, ref);
  return result(supervisor, await raceDialog(supervisor, locator.click({ timeout: ACTION_TIMEOUT_MS })));
}

export async function type(supervisor: BrowserSupervisor, ref: string, text: string, submit: boolean): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  const locator = await locate(supervisor, ref);
  const action = (async () => {
    await locator.fill(text, { timeout: ACTION_TIMEOUT_MS });
    if (submit) await locator.press("Enter", { timeout: ACTION_TIMEOUT_MS });
  })();
  return result(supervisor, await raceDialog(supervisor, action));
}

/** The accessibility outline with element refs (`e3`, `f2e5` inside iframes) for click/type. */
export async function outline(supervisor: BrowserSupervisor): Promise<string | null> {
  if (supervisor.dialogs.hasPending() || !supervisor.page) return null;
  const raced = await raceDialog(supervisor, supervisor.page.ariaSnapshot({ mode: "ai", timeout: OUTLINE_TIMEOUT_MS }));
  return raced.done && "value" in raced ? raced.value : null;
}

type RuntimeEvaluateResponse = {
  result: { type: string; subtype?: string; value?: unknown; description?: string; unserializableValue?: string };
  exceptionDetails?: { text: string; exception?: { description?: string } };
};

const CONTEXT_WAIT_MS = 3_000;

/** The frame's main-world context; a document that just committed gets one a moment later. */
async function contextFor(supervisor: BrowserSupervisor, frameId?: string) {
  const deadline = Date.now() + CONTEXT_WAIT_MS;
  for (;;) {
    const frame = frameId ? supervisor.frames.get(frameId) : supervisor.frames.top();
    if (frameId && !frame) throw new AppError("frame_not_found", `frame ${frameId} is not in the frame tree; read frame_tree in GET /snapshot`);
    const contextId = frame ? frame.owner.contexts.get(frame.frame_id) : undefined;
    if (frame && contextId !== undefined) return { frame, contextId };
    if (Date.now() > deadline || supervisor.dialogs.hasPending()) {
      if (!frame) throw new AppError("browser_unavailable", "the page has no frame yet; navigate first");
      return { frame, contextId: undefined };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Evaluates in the main world of any frame (OOPIF or not); JS exceptions come back as results. */
export async function evaluate(supervisor: BrowserSupervisor, expression: string, frameId?: string, retried = false): Promise<EvaluateResult> {
  const { frame, contextId } = await contextFor(supervisor, frameId);
  if (contextId === undefined) return { ok: false, error: `frame ${frame.frame_id} has no JavaScript context (yet); retry once it has loaded` };
  const session = frame.owner;
  const timeoutMs = supervisor.dialogs.hasPending() ? BLOCKED_EVALUATE_TIMEOUT_MS : EVALUATE_TIMEOUT_MS;
  const call = (byValue: boolean) =>
    session.cdp.send("Runtime.evaluate", { expression, contextId, returnByValue: byValue, awaitPromise: true, userGesture: true }) as Promise<RuntimeEvaluateResponse>;
  const raced = await raceDialog(supervisor, withTimeout(call(true), timeoutMs, "the frame"));
  if (!raced.done) {
    return { ok: false, error: `the expression opened dialog ${raced.dialog.id}; answer it with dialogs/respond`, pending_dialogs: supervisor.pendingDialogs() };
  }
  let response: RuntimeEvaluateResponse;
  if ("error" in raced) {
    // The document was replaced between looking up its context and running in it.
    if (!retried && /Cannot find context|Execution context was destroyed/i.test(raced.error.message)) {
      session.contexts.delete(frame.frame_id);
      return evaluate(supervisor, expression, frameId, true);
    }
    if (!/reference chain is too long|could not be cloned/i.test(raced.error.message)) {
      const pending = supervisor.pendingDialogs();
      const hint = pending.length > 0 ? `; dialog ${pending.map((d) => d.id).join(", ")} may be blocking the frame` : "";
      return { ok: false, error: `${raced.error.message.split("\n")[0]}${hint}`, ...(pending.length > 0 ? { pending_dialogs: pending } : {}) };
    }
    response = await call(false);
  } else {
    response = raced.value;
  }
  if (response.exceptionDetails) {
    const details = response.exceptionDetails;
    return { ok: false, error: details.exception?.description ?? details.text };
  }
  const value = response.result;
  return {
    ok: true,
    result: "value" in value ? value.value : value.type === "undefined" ? null : (value.unserializableValue ?? value.description ?? null),
    result_type: value.subtype ? `${value.type}:${value.subtype}` : value.type,
  };
}

export type CdpResult = { method: string; frame_id: string | null; session_id: string | null; result: unknown };

/** Raw CDP: on the page's session, or with `frame_id` on that out-of-process iframe's own session. */
export async function cdp(supervisor: BrowserSupervisor, method: string, params: Record<string, unknown>, frameId?: string): Promise<CdpResult> {
  let session = supervisor.topSession();
  if (frameId && frameId !== supervisor.frames.top()?.frame_id) {
    const frame = supervisor.frames.get(frameId);
    if (!frame) throw new AppError("frame_not_found", `frame ${frameId} is not in the frame tree; read frame_tree in GET /snapshot`);
    if (!supervisor.frames.isOopif(frame)) {
      throw new AppError(
        "frame_not_oopif",
        `frame ${frameId} is not an out-of-process iframe: it runs in its parent's process and has no CDP session of its own. ` +
          `Call browser/cdp without frame_id (or browser/evaluate with this frame_id), or reach it from the top frame through ` +
          `document.querySelector('iframe').contentDocument`,
      );
    }
    session = frame.owner;
  }
  const sent = session.cdp.send(method as "Runtime.evaluate", params as never) as Promise<unknown>;
  sent.catch(() => undefined);
  // Browser-side methods answer while a dialog blocks the page; calls into the page never do.
  const timeoutMs = supervisor.dialogs.hasPending() ? BLOCKED_EVALUATE_TIMEOUT_MS : EVALUATE_TIMEOUT_MS;
  let raced = await raceDialog(supervisor, withTimeout(sent, timeoutMs, method));
  if (!raced.done) {
    raced = await withTimeout(sent, BLOCKED_EVALUATE_TIMEOUT_MS, method).then(
      (value): Raced<unknown> => ({ done: true, value }),
      (error: Error): Raced<unknown> => ({ done: true, error }),
    );
  }
  if (raced.done && "value" in raced) return { method, frame_id: frameId ?? null, session_id: frameId ? session.label : null, result: raced.value };
  const message = raced.done && "error" in raced ? (raced.error.message.split("\n")[0] ?? "failed") : "no answer";
  const pending = supervisor.pendingDialogs();
  if (pending.length > 0 && message.includes("did not answer")) {
    throw new AppError(
      "page_blocked_by_dialog",
      `${method} cannot answer while dialog ${pending.map((d) => d.id).join(", ")} blocks the page; answer it with dialogs/respond, then retry`,
      { pending_dialogs: pending },
    );
  }
  if (message.includes("did not answer")) {
    throw new AppError("browser_unavailable", `CDP ${method}: ${message}; the page may be hung — DELETE /browser starts afresh on the next action`);
  }
  throw new AppError("validation_failed", `CDP ${method} failed: ${message}`, { errors: [{ location: "body.method", message }] });
}
