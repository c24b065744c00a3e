/**
 * @module launch
 * Where a session's browser comes from: Chromium launched headless through playwright-core, Chromium started on a
 * named profile's folder and connected to over CDP, or a browser someone else runs at `browser.cdp_url`. playwright-
 * core is loaded on the first launch, not with the server: it is the largest module the server has, and most
 * requests never need a browser.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import type { BrowserConfig } from "../../config/schema.js";
import type { Logger } from "../../logger.js";
import { DomainError } from "../../kernel/errors.js";
import type { EventPayload } from "../events/event-types.js";
import { findBrowserExecutable } from "../shared/browser-executable.js";
import { launchProfileBrowser, type ProfileBrowser } from "./profiles.js";

/**
 * Flags for a launched Chromium: site isolation on, nothing that phones home, and `.invalid` names
 * failing at once (RFC 6761) so a bridge request that is not intercepted falls back without delay.
 */
export const LAUNCH_ARGS = [
  "--site-per-process",
  "--host-resolver-rules=MAP *.invalid ~NOTFOUND",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
  "--disable-quic",
];

const LAUNCH_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 15_000;

/** Every context we create: CSP bypassed for the dialog bridge, downloads denied (download-policy may allow them). */
export const CONTEXT_OPTIONS: BrowserContextOptions = { bypassCSP: true, acceptDownloads: false };

/** A browser opened for a session: the context its pages live in, and the profile's process when it started one. */
export type OpenedBrowser = { browser: Browser; context: BrowserContext; profileBrowser: ProfileBrowser | null };

export type LaunchDeps = {
  sessionId: string;
  logger: Logger;
  /** The user-data directory of the session's `browser.profile`; null runs a fresh profile that nothing keeps. */
  profileDir: string | null;
  starting(data: EventPayload<"browser.starting">): void;
};

/** Where a supervisor's browser comes from; a different endpoint means a different supervisor. */
export function endpointOf(settings: BrowserConfig): string {
  if (settings.cdp_url) return `cdp:${settings.cdp_url}`;
  return `launch:${settings.executable_path}:${settings.headless}:${settings.profile ?? ""}`;
}

/** What a CDP URL reaches, for events and logs that must not show the URL itself (it can carry a token). */
function cdpEndpointKind(cdpUrl: string): "cdp_http" | "cdp_websocket" {
  return /^wss?:/i.test(cdpUrl) ? "cdp_websocket" : "cdp_http";
}

async function chromium() {
  return (await import("playwright-core")).chromium;
}

export function executable(settings: BrowserConfig): string {
  const executablePath = findBrowserExecutable(settings.executable_path);
  if (executablePath) return executablePath;
  throw new DomainError(
    "browser_unavailable",
    settings.executable_path === "auto"
      ? "no Chromium found; install Debian's chromium or set browser.executable_path"
      : `browser.executable_path ${settings.executable_path} does not exist; point it at a Chromium or set it to auto`,
  );
}

/** A headless (or not) Chromium launched through playwright-core with the supervisor's flags. */
export async function launchChromium(executablePath: string, headless: boolean): Promise<Browser> {
  return (await chromium()).launch({ executablePath, headless, args: LAUNCH_ARGS, timeout: LAUNCH_TIMEOUT_MS });
}

/**
 * Opens the session's browser as its settings say. What it started is handed over in `started` as soon as it exists,
 * so a caller whose later step fails can still end it.
 */
export async function openBrowser(
  settings: BrowserConfig,
  deps: LaunchDeps,
  started: (part: Partial<OpenedBrowser>) => void,
): Promise<OpenedBrowser> {
  const startedAt = performance.now();
  const log = (fields: Record<string, unknown>, message: string) =>
    deps.logger.info(
      { session_id: deps.sessionId, ...fields, duration_ms: Math.round(performance.now() - startedAt) },
      message,
    );
  if (!settings.cdp_url && deps.profileDir) {
    const executablePath = executable(settings);
    deps.starting({ mode: "launch", endpoint_kind: "local_chromium" });
    const profileBrowser = await launchProfileBrowser({
      executablePath,
      userDataDir: deps.profileDir,
      headless: settings.headless,
      args: LAUNCH_ARGS,
      timeoutMs: LAUNCH_TIMEOUT_MS,
    });
    started({ profileBrowser });
    const browser = await (await chromium()).connectOverCDP(profileBrowser.wsEndpoint, { timeout: CONNECT_TIMEOUT_MS });
    started({ profileBrowser, browser });
    // The profile's own context: the one whose cookies and storage live in its folder.
    const context = browser.contexts()[0] ?? (await browser.newContext(CONTEXT_OPTIONS));
    log({ executable: executablePath, profile: settings.profile }, "browser launched with a profile");
    return { browser, context, profileBrowser };
  }
  if (settings.cdp_url) {
    const endpointKind = cdpEndpointKind(settings.cdp_url);
    deps.starting({ mode: "connect", endpoint_kind: endpointKind });
    const browser = await (await chromium()).connectOverCDP(settings.cdp_url, { timeout: CONNECT_TIMEOUT_MS });
    started({ browser });
    const context = browser.contexts()[0] ?? (await browser.newContext(CONTEXT_OPTIONS));
    log({ endpoint_kind: endpointKind }, "browser connected");
    return { browser, context, profileBrowser: null };
  }
  const executablePath = executable(settings);
  deps.starting({ mode: "launch", endpoint_kind: "local_chromium" });
  const browser = await launchChromium(executablePath, settings.headless);
  started({ browser });
  const context = await browser.newContext(CONTEXT_OPTIONS);
  log({ executable: executablePath, headless: settings.headless }, "browser launched");
  return { browser, context, profileBrowser: null };
}
