/**
 * @module browser-executable
 * Which Chromium a launched browser runs: the one `browser.executable_path` names, or with `auto` the
 * first system Chromium installed. Never a browser build of its own.
 */
import { existsSync } from "node:fs";

/** Where Debian and the usual packages put Chromium, in the order `auto` tries them. */
const BROWSER_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/** The executable `browser.executable_path` names, resolving `auto` to the first one installed. */
export function findBrowserExecutable(configured: string): string | null {
  if (configured !== "auto") return existsSync(configured) ? configured : null;
  return BROWSER_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Whether browser settings give a session a browser: a CDP endpoint to attach to, or a Chromium to launch. */
export function browserAvailable(settings: { cdp_url: string | null; executable_path: string }): boolean {
  return Boolean(settings.cdp_url || findBrowserExecutable(settings.executable_path));
}
