/**
 * @module present
 * The MCP servers as the API shows them: the status each connection keeps, with its tools' names and descriptions
 * (their parameter schemas are the model's business).
 */
import type { McpServerStatus } from "../../domain/mcp/mcp-connection.js";
import type { ListMcpServersResponse } from "./schemas.js";

export function presentMcpServers(servers: McpServerStatus[]): ListMcpServersResponse {
  return {
    data: servers.map((server) => ({
      name: server.name,
      transport: server.transport,
      enabled_by_default: server.enabled_by_default,
      state: server.state,
      last_error: server.last_error,
      restarts: server.restarts,
      tools: server.tools.map((tool) => ({
        name: tool.name,
        original_name: tool.original,
        description: tool.description,
      })),
    })),
  };
}
