/**
 * @module present
 * Sessions as the API answers them: the settings in force (the browser's with secrets masked and the operator's
 * policy lists left out), token statistics, the live browser state, ISO times; the page adds the opaque cursor.
 */
import type { BrowserConfig } from "../../config/schema.js";
import { contextTotalTokens, usagePercent } from "../../domain/shared/budgets.js";
import type { SessionSnapshot } from "../../domain/sessions/service.js";
import { encodeCursor } from "../../http/cursor.js";
import { redactSecrets } from "../../kernel/redaction.js";
import type { SessionCursor } from "./cursor.js";
import type { GetSessionResponse, ListSessionsResponse } from "./schemas.js";

function presentBrowserSettings(browser: BrowserConfig): GetSessionResponse["config"]["browser"] {
  return {
    executable_path: browser.executable_path,
    // An endpoint may carry a token or a password (wss://…?token=…); the view masks it like any secret.
    cdp_url: browser.cdp_url === null ? null : redactSecrets(browser.cdp_url),
    headless: browser.headless,
    dialog_policy: browser.dialog_policy,
    dialog_timeout_s: browser.dialog_timeout_s,
    bridge: browser.bridge,
    allow_file_urls: browser.allow_file_urls,
  };
}

export function presentSession({ session, settings, browser }: SessionSnapshot): GetSessionResponse {
  const total = contextTotalTokens(session);
  return {
    id: session.id,
    title: session.title,
    model: settings.model,
    system_prompt: session.system_prompt,
    created_at: new Date(session.created_at).toISOString(),
    updated_at: new Date(session.updated_at).toISOString(),
    config: {
      compression: settings.compression,
      browser: presentBrowserSettings(settings.browser),
      engine: settings.engine,
      agent: {
        max_iterations: settings.agent.max_iterations,
        approvals: {
          server: settings.agent.approvals.operator,
          session: settings.agent.approvals.session,
          timeout_s: settings.agent.approvals.timeout_s,
          on_timeout: settings.agent.approvals.on_timeout,
        },
        client_tools: settings.agent.client_tools,
        guard: { mode: settings.agent.guard.mode },
      },
      mcp: { servers: settings.mcp.servers },
    },
    stats: {
      message_count: session.message_count,
      context_tokens: total,
      threshold_tokens: settings.threshold_tokens,
      context_length: settings.context_length,
      usage_percent: usagePercent(total, settings.context_length),
      compression_count: session.compression_count,
      last_prompt_tokens: session.last_prompt_tokens,
    },
    browser,
  };
}

export function presentSessionPage(snapshots: SessionSnapshot[], next: SessionCursor | null): ListSessionsResponse {
  return { data: snapshots.map(presentSession), next_cursor: next ? encodeCursor(next) : null };
}
