/**
 * @module sdk
 * The MCP SDK's client side, loaded when the first MCP server starts rather than with the server: most set-ups have
 * no MCP server, and loading it costs a start-up that every request of a fresh process would wait for.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

export type McpSdk = {
  Client: typeof Client;
  StdioClientTransport: typeof StdioClientTransport;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  McpError: typeof McpError;
  ErrorCode: typeof ErrorCode;
  ToolListChangedNotificationSchema: typeof ToolListChangedNotificationSchema;
};

let loading: Promise<McpSdk> | null = null;

/** The SDK's modules, imported once. */
export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]).then(([client, stdio, http, types]) => ({
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
  }));
  return loading;
}
