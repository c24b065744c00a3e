/**
 * @module download-policy
 *
 * Where pages may save downloads: nowhere, unless the server config sets `browser.downloads`, and
 * then only into the session's own folder under the data directory. A browser we launch gets a
 * context that denies downloads from the start (playwright's `acceptDownloads: false`); a browser
 * we connect to may have been told anything by whoever set it up, so every context it has is told
 * to deny them over the browser's own CDP session, and ours to save into the session folder when
 * the operator allows downloads.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { CDPSession } from "playwright-core";

/** `<dir of the database>/downloads/<session id>/`: per session, so one session never sees another's files. */
export function sessionDownloadsDir(databasePath: string, sessionId: string): string {
  return resolve(join(dirname(databasePath), "downloads", sessionId));
}

export type DownloadPolicy = {
  /** The browser-wide CDP session (`browser.newBrowserCDPSession()`). */
  browserSession: CDPSession;
  /** Our context's id (from `Target.getTargetInfo` of our page). */
  ownContextId: string | undefined;
  /** The session's download folder; null denies downloads. */
  downloadsDir: string | null;
};

/** Denies downloads in every context of the browser, then lets ours save into its folder if allowed. */
export async function applyDownloadPolicy({
  browserSession,
  ownContextId,
  downloadsDir,
}: DownloadPolicy): Promise<void> {
  const { browserContextIds } = await browserSession.send("Target.getBrowserContexts");
  // No id is the default context, which getBrowserContexts does not list.
  const contexts: Array<string | undefined> = [undefined, ...browserContextIds];
  await Promise.all(
    contexts.map((browserContextId) =>
      browserSession.send("Browser.setDownloadBehavior", { behavior: "deny", browserContextId }),
    ),
  );
  if (!downloadsDir) return;
  mkdirSync(downloadsDir, { recursive: true });
  await browserSession.send("Browser.setDownloadBehavior", {
    behavior: "allow",
    downloadPath: downloadsDir,
    ...(ownContextId && browserContextIds.includes(ownContextId) ? { browserContextId: ownContextId } : {}),
  });
}
