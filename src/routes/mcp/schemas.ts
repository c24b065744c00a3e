/**
 * @module schemas
 * The MCP servers as GET /v1/mcp/servers answers them: each server's name, how it is reached (stdio or HTTP, never
 * its command line, URL, environment or headers), its state, its last error and the tools it offers.
 */
import { z } from "@hono/zod-openapi";

const McpToolSchema = z
  .object({
    name: z.string().openapi({
      description: "The name the model is offered: mcp__<server>__<tool>, OpenAI-safe (at most 64 characters)",
      example: "mcp__github__create_issue",
    }),
    original_name: z
      .string()
      .openapi({ description: "The tool's own name on its MCP server", example: "create_issue" }),
    description: z
      .string()
      .openapi({ description: "What the tool does, as its server describes it", example: "Opens an issue" }),
  })
  .openapi("McpTool", { description: "A tool of an MCP server, as the model is offered it" });

export const McpServerSchema = z
  .object({
    name: z.string().openapi({ description: "The server's name in mcp.servers", example: "github" }),
    transport: z.enum(["stdio", "http"]).openapi({
      description: "stdio: a process the server starts; http: a streamable HTTP endpoint",
      example: "stdio",
    }),
    enabled_by_default: z.boolean().openapi({
      description: "Offered to sessions that do not choose their servers (config.mcp.servers)",
      example: true,
    }),
    state: z.enum(["idle", "starting", "ready", "failed", "restarting"]).openapi({
      description:
        "idle: no session has needed it yet; starting: its first start; ready; restarting: it stopped (or failed) " +
        "and starts again; failed: its last start failed, and it is tried again when a session needs it",
      example: "ready",
    }),
    last_error: z.string().nullable().openapi({
      description: "Why it last failed or stopped, secrets and its configured command, URL and values masked",
      example: null,
    }),
    restarts: z
      .number()
      .int()
      .openapi({ description: "Times it was started again after it stopped or failed", example: 0 }),
    tools: z.array(McpToolSchema).openapi({
      description: "Its tools as last listed (none until it is ready, none once its start failed)",
    }),
  })
  .openapi("McpServer", { description: "A configured MCP server and how it stands" });

export const McpServerListSchema = z
  .object({
    data: z.array(McpServerSchema).openapi({ description: "Every configured server, in configuration order" }),
  })
  .openapi("McpServerList", { description: "The MCP servers of the server configuration" });

/** GET /v1/mcp/servers. */
export type ListMcpServersResponse = z.infer<typeof McpServerListSchema>;
