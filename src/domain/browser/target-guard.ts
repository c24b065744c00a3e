/**
 * @module target-guard
 *
 * Closes any page of the browser that shows a document it must not (url-policy), however it got
 * there: a popup, a tab created over some CDP channel, a page that was already open in a browser we
 * connect to. It watches target discovery on the browser-wide CDP session, which reports a new
 * target together with the URL it was created for and every URL it commits later, so it also sees
 * pages the supervisor holds no session on. The supervised page itself is not closed (that would
 * end the supervisor); it is handed back to be navigated away instead.
 */
import type { CDPSession } from "playwright-core";
import { isDocumentUrlAllowed } from "./url-policy.js";

type TargetInfo = { targetId: string; type: string; url: string; browserContextId?: string };

export type TargetGuardOptions = {
  browserSession: CDPSession;
  allowFileUrls: boolean;
  /** The context whose pages are ours (in a browser we connect to, the others are someone else's); null: all. */
  onlyContextId: string | null;
  /** The supervised page's target id. */
  mainTargetId: string;
  /** The supervised page shows a forbidden document. */
  mainForbidden(url: string): void;
  /** Another page showed one and is being closed. */
  closing(targetId: string, url: string): void;
};

export async function guardTargets(options: TargetGuardOptions): Promise<void> {
  const { browserSession, allowFileUrls, onlyContextId, mainTargetId } = options;
  const check = (target: TargetInfo) => {
    if (target.type !== "page" || isDocumentUrlAllowed(target.url, allowFileUrls)) return;
    if (onlyContextId !== null && target.browserContextId !== onlyContextId) return;
    if (target.targetId === mainTargetId) {
      options.mainForbidden(target.url);
      return;
    }
    options.closing(target.targetId, target.url);
    void browserSession.send("Target.closeTarget", { targetId: target.targetId }).catch(() => undefined);
  };
  browserSession.on("Target.targetCreated", ({ targetInfo }) => check(targetInfo));
  browserSession.on("Target.targetInfoChanged", ({ targetInfo }) => check(targetInfo));
  // Reports every target there already is, then each new one and each change.
  await browserSession.send("Target.setDiscoverTargets", { discover: true });
}
