/**
 * @module dialog-sources
 * Where a session's dialogs come from, each queued once: the page's CDP session (`Page.javascriptDialogOpening`),
 * playwright-core's own `dialog` event (the only one that sees a dialog a popup raises before its CDP session is
 * attached), and the bridge's intercepted requests. The queue is made here with the supervisor's event and log
 * lines, so the supervisor only hands over what it sees.
 */
import type { Dialog, Page } from "playwright-core";
import type { Logger } from "../../logger.js";
import type { BrowserConfig } from "../../config/schema.js";
import type { EventPayload, SessionEventType } from "../events/event-types.js";
import { bridgeAnswerBody, parseBridgeRequest } from "./bridge.js";
import { DialogQueue } from "./dialogs.js";
import type { TargetSession } from "./frames.js";
import type { DialogOpeningParams } from "./targets.js";
import type { ClosedDialogView, DialogType } from "../shared/browser-views.js";

const PLAYWRIGHT_DIALOG_GRACE_MS = 250;
const NATIVE_DIALOG_MATCH_WINDOW_MS = 10_000;
const NATIVE_DIALOGS_REMEMBERED = 50;

export type DialogSourcesDeps = {
  sessionId: string;
  settings(): BrowserConfig;
  publish<T extends SessionEventType>(type: T, data: EventPayload<T>): void;
  recordDialog(dialog: ClosedDialogView, defaultPrompt: string): void;
  logger: Logger;
  now(): number;
  /** Whether the supervisor still watches its browser: a late playwright report after it stopped is dropped. */
  isActive(): boolean;
};

/** The session's dialog queue, fed by every place a dialog can be seen. */
export class DialogSources {
  readonly queue: DialogQueue;
  private readonly nativeSeen: Array<{ page: Page; type: string; message: string; at: number; matched: boolean }> = [];

  constructor(private readonly deps: DialogSourcesDeps) {
    const { sessionId, logger } = deps;
    this.queue = new DialogQueue({
      settings: () => deps.settings(),
      opened: (dialog) => {
        deps.publish("dialog.opened", { dialog });
        logger.info(
          {
            session_id: sessionId,
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
        logger.info(
          {
            session_id: sessionId,
            dialog_id: dialog.id,
            type: dialog.type,
            closed_by: dialog.closed_by,
            action: dialog.action,
          },
          "dialog closed",
        );
      },
      now: () => deps.now(),
      warn: (message, error) => logger.debug({ err: error, session_id: sessionId }, message),
    });
  }

  /** A native dialog the page's CDP session reports: queued, answered over that session. */
  nativeOpened(page: Page, session: TargetSession, params: DialogOpeningParams): void {
    this.nativeSeen.push({ page, type: params.type, message: params.message, at: Date.now(), matched: false });
    if (this.nativeSeen.length > NATIVE_DIALOGS_REMEMBERED) this.nativeSeen.shift();
    this.queue.open({
      type: params.type as DialogType,
      message: params.message,
      default_prompt: params.defaultPrompt ?? "",
      frame_id: params.frameId ?? session.rootFrameId,
      via: "native",
      answer: async (accept, promptText) => {
        await session.cdp.send("Page.handleJavaScriptDialog", { accept, promptText });
      },
    });
  }

  /** The page closed a native dialog itself (or the browser did): it is retired as closed remotely. */
  nativeClosed(frameId: string | undefined): void {
    this.queue.closedRemotely((d) => d.via === "native" && (!frameId || d.frame_id === frameId), 1);
  }

  /**
   * playwright-core reports every native dialog too. Normally the CDP session saw it first and this is a duplicate;
   * but a popup can raise one before its CDP session is attached, and such a dialog must not go unseen: after a short
   * grace it is queued and answered through playwright-core.
   */
  playwrightDialog(dialog: Dialog): void {
    const page = dialog.page();
    setTimeout(() => {
      if (!this.deps.isActive()) return;
      const twin = this.nativeSeen.find(
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
      this.queue.open({
        type: dialog.type() as DialogType,
        message: dialog.message(),
        default_prompt: dialog.defaultValue(),
        frame_id: null,
        via: "native",
        answer: (accept, promptText) => (accept ? dialog.accept(promptText) : dialog.dismiss()),
      });
    }, PLAYWRIGHT_DIALOG_GRACE_MS).unref();
  }

  /** A paused request: the bridge's dialog is held until answered; any other request goes on. */
  requestPaused(
    session: TargetSession,
    params: { requestId: string; frameId?: string; request: { url: string } },
  ): void {
    const request = parseBridgeRequest(params.request.url);
    if (!request) {
      void session.cdp.send("Fetch.continueRequest", { requestId: params.requestId }).catch(() => undefined);
      return;
    }
    this.queue.open({
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
}
