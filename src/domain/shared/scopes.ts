/**
 * @module scopes
 * What an API key may do, as scopes: reading sessions and what hangs off them, changing them and running the agent,
 * the browser, the browser's raw CDP and evaluate (apart: it is the most powerful), MCP servers, and `admin` (keys,
 * the audit log, every owner's resources — and every other scope). Each operation of the API names the one it needs
 * in its OpenAPI `security`.
 */

export const SCOPES = ["sessions:read", "sessions:write", "browser", "browser:cdp", "mcp", "admin"] as const;

export type Scope = (typeof SCOPES)[number];

/** What each scope lets a key do, as the API documents it. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "sessions:read":
    "Read sessions and what hangs off them: messages, context, summaries, anchors, search, runs, events, interrupts, usage",
  "sessions:write":
    "Create, change and delete sessions, post messages, start runs, responses and chat completions, answer interrupts",
  browser: "Drive the session's browser: navigate, snapshot, dialogs, screenshots, screencast, input, storage state",
  "browser:cdp": "Send raw CDP commands and evaluate scripts in the session's browser",
  mcp: "Manage the MCP servers",
  admin: "Every scope, API keys, the audit log and every owner's resources",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
