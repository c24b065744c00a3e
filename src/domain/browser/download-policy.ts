/**
 * @module download-policy
 *
 * Where pages may save downloads: nowhere, unless the server config sets `browser.downloads`, and
 * then only into the session's own folder under the data directory. A browser we launch gets a
 * context that denies downloads from the start (playwright's `acceptDownloads: false`); a browser
 * we connect to may have been told anything by whoever set it up, so every context it has is told
 * to deny them over the browser's own CDP session, and ours to save into the session folder when
 * the operator allows downloads.
 *
 * What a page saves must never become code the server runs: the downloads folder may not overlap
 * the context-engine plugins folder, or a downloaded `index.js` could be imported as a plugin. That
 * is refused at start-up ({@link assertDownloadsApartFromPlugins}).
 */
import { mkdirSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { CDPSession } from "playwright-core";
import { ConfigError } from "../../config/schema.js";

/** `<dir of the database>/downloads/`: the folder every session's download folder lives in. */
export function downloadsRoot(databasePath: string): string {
  return resolve(join(dirname(databasePath), "downloads"));
}

/** `<dir of the database>/downloads/<session id>/`: per session, so one session never sees another's files. */
export function sessionDownloadsDir(databasePath: string, sessionId: string): string {
  return join(downloadsRoot(databasePath), sessionId);
}

/** Whether `inner` is `outer` or lies inside it (both resolved; no file system access). */
function within(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === "" || (path !== ".." && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

/**
 * Throws a ConfigError when downloads are on and their folder and `context.plugins_dir` are the
 * same folder or one holds the other. Paths are compared as resolved, not through symlinks.
 */
export function assertDownloadsApartFromPlugins(options: {
  downloads: boolean;
  databasePath: string;
  pluginsDir: string;
}): void {
  if (!options.downloads) return;
  const downloads = downloadsRoot(options.databasePath);
  const plugins = resolve(options.pluginsDir);
  if (!within(downloads, plugins) && !within(plugins, downloads)) return;
  throw new ConfigError(
    `browser.downloads saves pages' downloads into ${downloads}, which overlaps context.plugins_dir (${plugins}): ` +
      `a downloaded file could be loaded as a context-engine plugin. Move context.plugins_dir (or the database) ` +
      `so neither folder holds the other, or turn browser.downloads off.`,
  );
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

/**
 * One context of a browser shared by several sessions: its downloads go into its session's folder, or are denied.
 * The browser's other contexts keep their own behaviour (denied when they were created).
 */
export async function applyContextDownloadPolicy(
  browserSession: CDPSession,
  browserContextId: string,
  downloadsDir: string | null,
): Promise<void> {
  if (!downloadsDir) {
    await browserSession.send("Browser.setDownloadBehavior", { behavior: "deny", browserContextId });
    return;
  }
  mkdirSync(downloadsDir, { recursive: true });
  await browserSession.send("Browser.setDownloadBehavior", {
    behavior: "allow",
    downloadPath: downloadsDir,
    browserContextId,
  });
}
