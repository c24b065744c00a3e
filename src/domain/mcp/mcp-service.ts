/**
 * @module mcp-service
 * The operator's MCP servers as a source of the agent's tools. Each configured server has one connection shared by
 * every session; a session is offered the tools of the servers its settings choose (`config.mcp.servers`, else every
 * server that is `enabled_by_default`). A server starts when a session first needs it; before each model call the
 * turn waits for a first start or a new listing to end, so the model sees a server's tools from its first turn.
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Logger } from "../../logger.js";
import type { ToolDefinition, ToolProvider } from "../shared/tools.js";
import { provenanceOf } from "../../kernel/provenance.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import { McpConnection, type McpServerStatus, type McpTool } from "./mcp-connection.js";

export type McpServiceDeps = { config: Config; logger: Logger };

export class McpService implements ToolProvider {
  private readonly connections = new Map<string, McpConnection>();

  constructor(private readonly deps: McpServiceDeps) {
    for (const [name, config] of Object.entries(deps.config.mcp.servers))
      this.connections.set(name, new McpConnection({ name, config, logger: deps.logger }));
  }

  /** The tools of the session's servers that are listed now; a server not started yet is started. */
  toolsFor(session: SessionRecord): ToolDefinition[] {
    return this.connectionsFor(session).flatMap((connection) => {
      connection.demand();
      return connection.offeredTools().map((tool) => definition(connection, tool));
    });
  }

  /** Waits until the session's servers have started (or failed to) and no new listing of their tools is pending. */
  async prepare(session: SessionRecord, signal?: AbortSignal): Promise<void> {
    const connections = this.connectionsFor(session);
    for (const connection of connections) connection.demand();
    await Promise.all(connections.map((connection) => connection.settled(signal)));
  }

  /** Every configured server as it stands, in configuration order. */
  servers(): McpServerStatus[] {
    return [...this.connections.values()].map((connection) => connection.status());
  }

  /** Stops every server (their processes end); called once, as the app shuts down. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.connections.values()].map((connection) => connection.close()));
  }

  private connectionsFor(session: SessionRecord): McpConnection[] {
    if (this.connections.size === 0) return [];
    const names = resolveSessionSettings(this.deps.config, session).mcp.servers;
    return names.flatMap((name) => {
      const connection = this.connections.get(name);
      return connection ? [connection] : [];
    });
  }
}

/** An MCP tool as the agent calls it: what it answers is the server's, untrusted content. */
function definition(connection: McpConnection, tool: McpTool): ToolDefinition {
  const provenance = provenanceOf([{ kind: "mcp", source: `mcp:${connection.name}/${tool.original}`, origin: null }]);
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    readOnly: tool.readOnly,
    execute: async (args, context) => ({ ...(await connection.call(tool.original, args, context.signal)), provenance }),
  };
}
