/**
 * @module config-policy
 * Which settings a session may own (SPEC §3). A session belongs to a client: it may tune compression,
 * pick its context engine and shape how its browser behaves, but it never chooses what the server
 * executes, which files it opens, which hosts it reaches or which CDP methods it allows — those are the
 * operator's. One list serves the three places that need it: the request schema (refuse), the session
 * service (refuse), and the settings resolution (ignore what a row stored before this rule still holds).
 */
import {
  approvalsConfigSchema,
  browserConfigSchema,
  compressionConfigSchema,
  type ApprovalsConfig,
  type BrowserConfig,
  type CompressionConfig,
  type Config,
  MCP_SERVER_NAME,
} from "../../config/schema.js";
import type { FunctionTool } from "../../kernel/chat.js";

/** An engine's name, also a plugin's folder name: no separator and no leading dot, so a name can never leave the plugins folder. */
export const ENGINE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The browser keys a session may set. An allowlist, not a denylist: a key added to the server's
 * browser section later is server-only until someone decides a session may own it.
 */
export const SESSION_BROWSER_KEYS = [
  "cdp_url",
  "headless",
  "dialog_policy",
  "dialog_timeout_s",
  "bridge",
  "profile",
] as const;
export type SessionBrowserKey = (typeof SESSION_BROWSER_KEYS)[number];

export type SessionBrowserOverrides = Partial<Pick<BrowserConfig, SessionBrowserKey>>;

/** The guard modes a session may ask for: it may tighten the operator's, never turn the guard off. */
export const SESSION_GUARD_MODES = ["ask", "block"] as const;
export type SessionGuardMode = (typeof SESSION_GUARD_MODES)[number];

/**
 * The agent settings a session may own: its iteration budget, its approval policy, the client's own tools, and a
 * stricter guard mode.
 */
export type SessionAgentOverrides = {
  max_iterations?: number;
  approvals?: Partial<ApprovalsConfig>;
  client_tools?: FunctionTool[];
  guard?: { mode?: SessionGuardMode };
};

/**
 * The MCP settings a session may own: which of the operator's servers it is offered, by name. The servers themselves
 * (command, URL, environment, headers) are the operator's; `servers: null` goes back to the server's default.
 */
export type SessionMcpOverrides = { servers?: string[] | null };

/** What a session may store as its own configuration; everything else comes from the server. */
export type SessionOwnedConfig = {
  compression?: Partial<CompressionConfig>;
  browser?: SessionBrowserOverrides;
  engine?: string;
  agent?: SessionAgentOverrides;
  mcp?: SessionMcpOverrides;
  /** `enabled: false`: no memory block in the session's system prompt and no `memory` tool. */
  memory?: { enabled?: boolean };
};

/** The most MCP server names a session may list (the server configures at most as many). */
export const MAX_SESSION_MCP_SERVERS = 64;

/** A client tool's name, as OpenAI accepts function names. */
export const CLIENT_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_CLIENT_TOOLS = 128;
const MAX_ITERATIONS_LIMIT = 500;

/** A client tool as stored: an OpenAI function tool with a plain name and, if any, an object schema. */
export function isFunctionTool(value: unknown): value is FunctionTool {
  if (!isRecord(value) || value.type !== "function" || !isRecord(value.function)) return false;
  const fn = value.function;
  return (
    typeof fn.name === "string" &&
    CLIENT_TOOL_NAME.test(fn.name) &&
    (fn.description === undefined || typeof fn.description === "string") &&
    (fn.parameters === undefined || isRecord(fn.parameters))
  );
}

function ownedAgentConfig(value: unknown): SessionAgentOverrides | null {
  if (!isRecord(value)) return null;
  const agent: SessionAgentOverrides = {};
  const max = value.max_iterations;
  if (typeof max === "number" && Number.isInteger(max) && max >= 1 && max <= MAX_ITERATIONS_LIMIT)
    agent.max_iterations = max;
  const approvals = validEntries(
    value.approvals,
    approvalsConfigSchema.shape,
    Object.keys(approvalsConfigSchema.shape),
  ) as Partial<ApprovalsConfig>;
  if (Object.keys(approvals).length) agent.approvals = approvals;
  if (Array.isArray(value.client_tools)) {
    const tools = value.client_tools.filter(isFunctionTool).slice(0, MAX_CLIENT_TOOLS);
    if (tools.length) agent.client_tools = tools;
  }
  // Only a mode a session may ask for is read: a row that holds `off` (or anything else) loosens nothing.
  const guardMode = isRecord(value.guard) ? value.guard.mode : undefined;
  if ((SESSION_GUARD_MODES as readonly unknown[]).includes(guardMode))
    agent.guard = { mode: guardMode as SessionGuardMode };
  return Object.keys(agent).length ? agent : null;
}

/** The server names a stored `mcp.servers` lists, each once, if it is a list of names at all. */
function ownedMcpConfig(value: unknown): SessionMcpOverrides | null {
  if (!isRecord(value) || !Array.isArray(value.servers)) return null;
  const names = value.servers.filter((name): name is string => typeof name === "string" && MCP_SERVER_NAME.test(name));
  return { servers: [...new Set(names)].slice(0, MAX_SESSION_MCP_SERVERS) };
}

/** Schemes a DevTools endpoint is reached over (playwright's connectOverCDP takes http(s) and ws(s)). */
export const CDP_URL_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:", "ws:", "wss:"]);

const SESSION_BROWSER_KEY_SET: ReadonlySet<string> = new Set(SESSION_BROWSER_KEYS);

/** A key of the server's browser section that a session may not set. */
export function isServerOnlyBrowserKey(key: string): boolean {
  return Object.hasOwn(browserConfigSchema.shape, key) && !SESSION_BROWSER_KEY_SET.has(key);
}

export function serverOnlyBrowserKeyMessage(key: string): string {
  return (
    `browser.${key} is a server-only setting: the operator sets it in the server configuration, ` +
    `and a session cannot set or change it`
  );
}

/**
 * A host name in the one form two spellings of the same host share: lower case, no IPv6 brackets, no
 * trailing dot, and IPv4/IPv6/IDN forms normalised the way WHATWG URL parsing does (`127.1` and
 * `0x7f000001` are `127.0.0.1`). No DNS lookup: the name given is the name compared.
 */
export function canonicalHost(host: string): string {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  try {
    const parsed = new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`).hostname;
    return parsed.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  } catch {
    // Not a host at all (a "host:port" entry, say): it stays as written and matches no URL's host.
    return bare;
  }
}

/**
 * Why a session may not attach to `url`, or null when it may: the URL must parse, use a DevTools
 * scheme, and name a host of the server's `browser.allowed_cdp_hosts` — compared on the parsed host
 * name, so `user@`, a port, brackets, case or a trailing dot cannot smuggle another host in.
 */
export function cdpUrlProblem(url: string, allowedHosts: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute http(s) or ws(s) URL of a DevTools endpoint";
  }
  if (!CDP_URL_SCHEMES.has(parsed.protocol))
    return `the ${parsed.protocol} scheme is not a DevTools endpoint; use http(s) or ws(s)`;
  const host = canonicalHost(parsed.hostname);
  if (allowedHosts.some((allowed) => canonicalHost(allowed) === host)) return null;
  return (
    `the host ${host} is not in browser.allowed_cdp_hosts, the server's list of browsers a session may attach to; ` +
    `the operator adds hosts there in the server configuration`
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The entries of `value` under `keys` that the section's own field schema accepts; the rest are left out. */
function validEntries(
  value: unknown,
  shape: Record<string, { safeParse(input: unknown): { success: boolean } }>,
  keys: readonly string[],
) {
  const picked: Record<string, unknown> = {};
  if (!isRecord(value)) return picked;
  for (const key of keys) {
    if (Object.hasOwn(value, key) && shape[key]?.safeParse(value[key]).success) picked[key] = value[key];
  }
  return picked;
}

const COMPRESSION_KEYS = Object.keys(compressionConfigSchema.shape);

/**
 * Only what a session may own, from whatever a session row holds: server-only keys, malformed values,
 * a `cdp_url` whose host the server does not (or no longer) allow, and an engine name that is not a
 * plain plugin name are dropped, so a row written before these rules — or by hand — gives no privilege.
 * A `cdp_url` of null is dropped too: a session never turns an operator's CDP endpoint into a local launch.
 */
export function ownedSessionConfig(stored: unknown, config: Config): SessionOwnedConfig {
  const source = isRecord(stored) ? stored : {};
  const owned: SessionOwnedConfig = {};
  const compression = validEntries(source.compression, compressionConfigSchema.shape, COMPRESSION_KEYS);
  if (Object.keys(compression).length) owned.compression = compression;
  const browser = validEntries(source.browser, browserConfigSchema.shape, SESSION_BROWSER_KEYS);
  const cdpUrl = browser.cdp_url;
  if (typeof cdpUrl !== "string" || cdpUrlProblem(cdpUrl, config.browser.allowed_cdp_hosts) !== null)
    delete browser.cdp_url;
  if (Object.keys(browser).length) owned.browser = browser;
  if (typeof source.engine === "string" && ENGINE_NAME_PATTERN.test(source.engine)) owned.engine = source.engine;
  const agent = ownedAgentConfig(source.agent);
  if (agent) owned.agent = agent;
  const mcp = ownedMcpConfig(source.mcp);
  if (mcp) owned.mcp = mcp;
  if (isRecord(source.memory) && typeof source.memory.enabled === "boolean")
    owned.memory = { enabled: source.memory.enabled };
  return owned;
}

/**
 * A session's stored config with a client's change laid over it, section by section. A `cdp_url` of
 * null removes the session's own endpoint (the server's setting applies again).
 */
export function mergeSessionConfig(current: SessionOwnedConfig, change: SessionOwnedConfig): SessionOwnedConfig {
  const merged: SessionOwnedConfig = { ...current };
  if (change.compression !== undefined) merged.compression = { ...(current.compression ?? {}), ...change.compression };
  if (change.browser !== undefined) {
    const browser: SessionBrowserOverrides = { ...(current.browser ?? {}), ...change.browser };
    if (browser.cdp_url === null) delete browser.cdp_url;
    merged.browser = browser;
  }
  if (change.engine !== undefined) merged.engine = change.engine;
  if (change.agent !== undefined) {
    const agent: SessionAgentOverrides = { ...(current.agent ?? {}), ...change.agent };
    if (change.agent.approvals !== undefined)
      agent.approvals = { ...(current.agent?.approvals ?? {}), ...change.agent.approvals };
    if (change.agent.guard !== undefined) agent.guard = { ...(current.agent?.guard ?? {}), ...change.agent.guard };
    merged.agent = agent;
  }
  if (change.memory !== undefined) merged.memory = { ...(current.memory ?? {}), ...change.memory };
  if (change.mcp !== undefined) {
    // A list replaces the one stored; null drops it (the server's default applies again).
    if (change.mcp.servers === null) delete merged.mcp;
    else if (change.mcp.servers !== undefined) merged.mcp = { servers: change.mcp.servers };
  }
  return merged;
}
