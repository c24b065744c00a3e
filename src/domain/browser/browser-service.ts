/**
 * @module browser-service
 * What clients and the agent do with a session's browser: read a snapshot, navigate, evaluate, click, type, answer
 * a dialog, send raw CDP. Each operation checks its request against the server's rules (URL schemes, the CDP
 * allowlist) before a browser is started for it, then runs on the session's supervisor.
 */
import type { Config } from "../../config.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { ToolDefinition, ToolProvider } from "../agent/tools.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import * as actions from "./actions.js";
import { assertCdpParamsSendable } from "./cdp-params.js";
import { CdpPolicy } from "./cdp-policy.js";
import type { DialogHistory } from "./dialog-history.js";
import { findBrowserExecutable } from "./executable.js";
import type { SupervisorRegistry } from "./supervisor-registry.js";
import { createBrowserTools, type BrowserOperations } from "./tools.js";
import type { BrowserSnapshot, DialogAction, PendingDialogView } from "./types.js";
import { assertCdpUrlAllowed, assertUrlAllowed } from "./url-policy.js";

export type BrowserServiceDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  supervisors: SupervisorRegistry;
  dialogHistory: DialogHistory;
};

export class BrowserService implements BrowserOperations, ToolProvider {
  private readonly cdpPolicy: CdpPolicy;

  constructor(private readonly deps: BrowserServiceDeps) {
    this.cdpPolicy = new CdpPolicy(deps.config.browser.cdp_allow);
    if (this.cdpPolicy.ignoredEntries.length > 0) {
      deps.logger.warn(
        { entries: this.cdpPolicy.ignoredEntries },
        'browser.cdp_allow entries that are neither "Domain.method" nor "Domain.*" allow nothing',
      );
    }
    if (this.cdpPolicy.guardBreakingEntries.length > 0) {
      deps.logger.warn(
        { entries: this.cdpPolicy.guardBreakingEntries },
        "browser.cdp_allow allows CDP methods that get around the browser's guards: on this server the file:// " +
          "and download guarantees no longer hold (raw CDP can read the server's files and write anywhere on its disk)",
      );
    }
  }

  /** file: URLs come from the server config only, never from a session's own settings. */
  private get allowFileUrls(): boolean {
    return this.deps.config.browser.allow_file_urls;
  }

  private requireSession(sessionId: string): SessionRecord {
    const session = this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    return session;
  }

  async snapshot(sessionId: string): Promise<BrowserSnapshot> {
    this.requireSession(sessionId);
    const recent = this.deps.dialogHistory.recent(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor) {
      return {
        active: false,
        url: null,
        title: null,
        pending_dialogs: [],
        recent_dialogs: recent,
        frame_tree: { top: null, children: [], truncated: false },
        console: [],
      };
    }
    return {
      active: true,
      url: supervisor.url(),
      title: supervisor.cachedTitle(),
      pending_dialogs: supervisor.pendingDialogs(),
      recent_dialogs: recent,
      frame_tree: supervisor.frames.tree(),
      console: supervisor.console(),
    };
  }

  async respond(
    sessionId: string,
    action: DialogAction,
    promptText?: string,
    dialogId?: string,
  ): Promise<{ ok: true; dialog: PendingDialogView }> {
    this.requireSession(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor) throw new DomainError("no_dialog_open", "no dialog is open: the session has no running browser");
    return { ok: true, dialog: await supervisor.dialogs.respond(action, promptText, dialogId) };
  }

  async navigate(sessionId: string, url: string): Promise<actions.ActionResult> {
    this.requireSession(sessionId);
    assertUrlAllowed(url, this.allowFileUrls);
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const result = await actions.navigate(supervisor, url);
    this.rememberUrl(sessionId, result.url);
    return result;
  }

  async evaluate(sessionId: string, expression: string, frameId?: string): Promise<actions.EvaluateResult> {
    return actions.evaluate(await this.deps.supervisors.ensure(sessionId), expression, frameId);
  }

  /**
   * Raw CDP, checked before a browser is started for it: the method is on the allowlist, the params
   * can be sent, and a URL it loads is allowed.
   */
  async cdp(
    sessionId: string,
    method: string,
    params: Record<string, unknown>,
    options: { frameId?: string; timeoutMs?: number } = {},
  ): Promise<actions.CdpResult> {
    this.requireSession(sessionId);
    this.cdpPolicy.assertAllowed(method);
    assertCdpParamsSendable(params);
    assertCdpUrlAllowed(method, params, this.allowFileUrls);
    return actions.cdp(await this.deps.supervisors.ensure(sessionId), method, params, options);
  }

  async click(sessionId: string, ref: string): Promise<actions.ActionResult> {
    return actions.click(await this.deps.supervisors.ensure(sessionId), ref);
  }

  async type(sessionId: string, ref: string, text: string, submit: boolean): Promise<actions.ActionResult> {
    return actions.type(await this.deps.supervisors.ensure(sessionId), ref, text, submit);
  }

  /** Stops the session's browser; nothing to do when none runs. */
  async stop(sessionId: string): Promise<void> {
    this.requireSession(sessionId);
    await this.deps.supervisors.stop(sessionId);
  }

  /** The snapshot plus the accessibility outline (null while a dialog blocks the page). */
  async snapshotWithOutline(sessionId: string): Promise<BrowserSnapshot & { outline: string | null }> {
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const outline = await actions.outline(supervisor);
    return { ...(await this.snapshot(sessionId)), outline };
  }

  /** Remembers the page the session last showed, so the session view keeps it after the browser stops. */
  private rememberUrl(sessionId: string, url: string | null): void {
    if (url) this.deps.store.sessions.update(sessionId, { browser_url: url }, this.deps.now());
  }

  /** The browser tools, offered when the session can have a browser: a CDP URL or a Chromium to launch. */
  toolsFor(session: SessionRecord): ToolDefinition[] {
    const settings = resolveSessionSettings(this.deps.config, session).browser;
    if (!settings.cdp_url && !findBrowserExecutable(settings.executable_path)) return [];
    return createBrowserTools(this);
  }
}
