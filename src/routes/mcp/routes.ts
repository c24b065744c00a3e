/**
 * @module routes
 * The MCP servers the operator configured, as they stand: GET /v1/mcp/servers.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { presentMcpServers } from "./present.js";
import { McpServerListSchema } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const listMcpServers = createRoute({
  method: "get",
  path: "/v1/mcp/servers",
  operationId: "listMcpServers",
  security: requires("mcp"),
  tags: ["mcp"],
  summary: "List the MCP servers and their tools",
  description:
    "Every server of the server configuration's `mcp.servers`: how it is reached (stdio or http — never its " +
    "command line, URL, environment or headers), its state, its last error (redacted), how often it was restarted, " +
    "and the tools it offers the model as `mcp__<server>__<tool>`. A server starts when a session first needs it, " +
    "so an unused one stays idle. Sessions pick among these by name with `config.mcp.servers`.",
  responses: {
    200: jsonAnswer("The configured MCP servers", McpServerListSchema),
    ...problemResponses({}),
  },
});

export function mcpRoutes() {
  const router = createRouter();
  router.openapi(listMcpServers, (c) => c.json(presentMcpServers(c.get("services").mcp.servers()), 200));
  return router;
}
