/**
 * @module session-settings
 * The settings a session runs with: the server's configuration with the keys the session may own laid over it,
 * and the context window, compression threshold and vision of the model it uses.
 */
import type { ApprovalsConfig, BrowserConfig, CompressionConfig, Config } from "../../config/schema.js";
import type { GuardMode } from "../../config/guard-schema.js";
import type { FunctionTool } from "../../kernel/chat.js";
import { contextLengthFor } from "./context-windows.js";
import { modelAcceptsImages } from "./vision-models.js";
import { computeThresholdTokens, thresholdWithinSummaryWindow } from "./budgets.js";
import { ownedSessionConfig } from "./config-policy.js";
import type { SessionRecord } from "../../db/records.js";

/** The configuration a session runs with: server defaults overlaid with the session's own overrides. */
export type SessionSettings = {
  model: string | null;
  context_length: number;
  threshold_tokens: number;
  /** Whether the model is shown the images tools returned (else only their text). */
  vision: boolean;
  compression: CompressionConfig;
  /** The operator's browser section with only the keys a session may own laid over it. */
  browser: BrowserConfig;
  engine: string;
  agent: {
    max_iterations: number;
    approvals: ApprovalPolicy;
    /** The client's own tools every run of the session offers the model. */
    client_tools: FunctionTool[];
    /** The prompt-injection guard: the stricter of the operator's and the session's modes, the operator's origins. */
    guard: { mode: GuardMode; trusted_origins: string[] };
  };
  /** The operator's MCP servers whose tools the session's runs are offered, by name. */
  mcp: { servers: string[] };
  /** Whether the session carries the owner's memory: on unless the server or the session turns it off. */
  memory: { enabled: boolean };
};

/**
 * The approval policy a session's runs follow: the operator's and the session's own, both applied, the stricter
 * winning for each tool (deny over ask over allow), so a session can ask for more approvals but never lift one the
 * operator requires. A session may shorten or lengthen the wait; a timeout answers deny if either says so.
 */
export type ApprovalPolicy = {
  operator: Pick<ApprovalsConfig, "default" | "tools">;
  session: Pick<ApprovalsConfig, "default" | "tools">;
  timeout_s: number;
  on_timeout: ApprovalsConfig["on_timeout"];
};

const GUARD_STRICTNESS: Record<GuardMode, number> = { off: 0, ask: 1, block: 2 };

/** The guard mode in force: a session may make the operator's stricter (ask → block, off → ask), never looser. */
function guardModeOf(operator: GuardMode, session: GuardMode | undefined): GuardMode {
  return session !== undefined && GUARD_STRICTNESS[session] > GUARD_STRICTNESS[operator] ? session : operator;
}

function approvalPolicy(operator: ApprovalsConfig, session: Partial<ApprovalsConfig>): ApprovalPolicy {
  return {
    operator: { default: operator.default, tools: operator.tools },
    session: { default: session.default ?? "allow", tools: session.tools ?? {} },
    timeout_s: session.timeout_s ?? operator.timeout_s,
    on_timeout: operator.on_timeout === "deny" || session.on_timeout === "deny" ? "deny" : "allow",
  };
}

/**
 * Whether `model` is shown the images tools return (`model.vision`): `off` never; `on` for the configured model
 * (`model.name`) — a session that picks another model is judged by the table, as its context window is; `auto` by
 * the table of vision families.
 */
export function visionFor(config: Config, model: string | null): boolean {
  const setting = config.model.vision;
  if (setting === "off") return false;
  if (setting === "on" && model === config.model.name) return true;
  return modelAcceptsImages(model);
}

/**
 * The MCP servers a session is offered: those it names that the server still configures, else every configured
 * server that is `enabled_by_default`.
 */
function mcpServers(config: Config, own: string[] | null | undefined): string[] {
  const configured = config.mcp.servers;
  if (own) return own.filter((name) => Object.hasOwn(configured, name));
  return Object.entries(configured)
    .filter(([, server]) => server.enabled_by_default)
    .map(([name]) => name);
}

export function resolveSessionSettings(
  config: Config,
  session: Pick<SessionRecord, "model" | "config">,
): SessionSettings {
  const model = session.model ?? config.model.name;
  const contextLength = contextLengthFor(
    model,
    session.model && session.model !== config.model.name ? null : config.model.context_length,
  );
  // Whatever the row holds, only what a session may own is read from it (SPEC §3): an older row with
  // executable_path or allow_file_urls in its JSON changes nothing.
  const own = ownedSessionConfig(session.config, config);
  const compression = { ...config.compression, ...(own.compression ?? {}) };
  return {
    model,
    context_length: contextLength,
    vision: visionFor(config, model),
    threshold_tokens: thresholdWithinSummaryWindow(computeThresholdTokens(contextLength, compression), config),
    compression,
    browser: { ...config.browser, ...(own.browser ?? {}) },
    engine: own.engine ?? config.context.engine,
    agent: {
      max_iterations: own.agent?.max_iterations ?? config.agent.max_iterations,
      approvals: approvalPolicy(config.agent.approvals, own.agent?.approvals ?? {}),
      client_tools: own.agent?.client_tools ?? [],
      guard: {
        mode: guardModeOf(config.agent.guard.mode, own.agent?.guard?.mode),
        trusted_origins: config.agent.guard.trusted_origins,
      },
    },
    mcp: { servers: mcpServers(config, own.mcp?.servers) },
    memory: { enabled: config.memory.enabled && own.memory?.enabled !== false },
  };
}
