/**
 * @module config-checks
 * What the running server refuses in a session's own config beyond its schema: a CDP host it does not allow, a
 * context engine it does not have or cannot use, an MCP server it does not configure. Every field at fault is listed; an installed plugin a valid config
 * names is imported here, and only after every other check passed, so a refused request runs no plugin code.
 */
import type { Config } from "../../config/schema.js";
import { DomainError, type FieldIssue } from "../../kernel/errors.js";
import { cdpUrlProblem, type SessionOwnedConfig } from "../shared/config-policy.js";

/** The context engines a session may name; the engine registry provides it. */
export type EngineNames = {
  /** Registered and ready to build. */
  has(name: string): boolean;
  /** A plugin of that name is installed but not imported yet: `load` would import it. */
  isInstalled(name: string): boolean;
  names(): string[];
  /** Imports the named plugin (once) if it is installed and not registered; throws what went wrong. */
  load(name: string): Promise<void>;
  problemWith?(name: string, config: Config): string | null;
};

const ENGINE_FIELD = ["config", "engine"];
const CDP_URL_FIELD = ["config", "browser", "cdp_url"];
const MCP_SERVERS_FIELD = ["config", "mcp", "servers"];

function invalidConfig(fields: FieldIssue[]): DomainError {
  return new DomainError(
    "validation_failed",
    `${fields.length} field(s) failed validation: ${fields.map((e) => e.path.join(".")).join(", ")}`,
    { fields },
  );
}

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export class SessionConfigChecks {
  constructor(
    private readonly config: Config,
    private readonly engines: EngineNames,
  ) {}

  /**
   * What in a client's session config this server's own configuration refuses, every field listed (paths from the
   * session body: `config.engine`). The request schema has already refused server-only keys; this takes any shape,
   * so a request that failed its schema can be told about these too in the same answer. Nothing is imported here.
   */
  problems(config: unknown): FieldIssue[] {
    const problems: FieldIssue[] = [];
    const cdpUrl = propertyOf(propertyOf(config, "browser"), "cdp_url");
    if (typeof cdpUrl === "string") {
      const problem = cdpUrlProblem(cdpUrl, this.config.browser.allowed_cdp_hosts);
      if (problem) problems.push({ path: CDP_URL_FIELD, message: problem });
    }
    const engine = propertyOf(config, "engine");
    if (typeof engine === "string" && !this.engines.has(engine) && !this.engines.isInstalled(engine)) {
      problems.push({ path: ENGINE_FIELD, message: `unknown engine; available: ${this.engines.names().join(", ")}` });
    }
    problems.push(...this.mcpProblems(propertyOf(propertyOf(config, "mcp"), "servers")));
    return problems;
  }

  /** Each name in a session's `mcp.servers` that names no server of this server's configuration. */
  private mcpProblems(servers: unknown): FieldIssue[] {
    if (!Array.isArray(servers)) return [];
    const configured = Object.keys(this.config.mcp.servers);
    const available = configured.length
      ? `the configured servers are ${configured.join(", ")}`
      : "this server configures none (mcp.servers in the server configuration)";
    return servers.flatMap((name: unknown, index) =>
      typeof name === "string" && !configured.includes(name)
        ? [{ path: [...MCP_SERVERS_FIELD, index], message: `unknown MCP server "${name}"; ${available}` }]
        : [],
    );
  }

  /** Imports the plugin a valid config names, if it is installed and not loaded; a failure is the client's 400. */
  async loadNamedEngine(config: SessionOwnedConfig | undefined): Promise<void> {
    const problems = this.problems(config);
    if (problems.length) throw invalidConfig(problems);
    const engine = config?.engine;
    if (engine === undefined || this.engines.has(engine)) return;
    try {
      await this.engines.load(engine);
    } catch (err) {
      throw new DomainError("validation_failed", `the context engine "${engine}" cannot be used`, {
        fields: [
          { path: ENGINE_FIELD, message: `${err instanceof Error ? err.message : String(err)}; name another engine` },
        ],
      });
    }
  }

  /** Throws unless the config can be stored as it is: every check passed and its engine is loaded and usable. */
  assertUsable(config: SessionOwnedConfig): void {
    const problems = this.problems(config);
    if (problems.length) throw invalidConfig(problems);
    const engine = config.engine;
    if (engine === undefined) return;
    if (!this.engines.has(engine)) {
      // Installed but not imported: only the async paths import (createFromClient, update).
      throw invalidConfig([
        {
          path: ENGINE_FIELD,
          message: `the ${engine} plugin is not loaded; available: ${this.engines.names().join(", ")}`,
        },
      ]);
    }
    const problem = this.engines.problemWith?.(engine, this.config);
    if (problem) {
      throw new DomainError("validation_failed", `the context engine "${engine}" cannot be used`, {
        fields: [{ path: ENGINE_FIELD, message: `${problem}; name another engine` }],
      });
    }
  }
}
