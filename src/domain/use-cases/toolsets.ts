/**
 * @module toolsets
 * The tools the agent may be offered, grouped as Hermes Agent groups them into toolsets (`GET /v1/toolsets`): the
 * browser, the transcript's recovery tools, and one `mcp-<server>` per configured MCP server. The same groups are the
 * server's skills (`GET /v1/skills`): what the agent knows how to do, named and described.
 */
import { sessionAnchorsTool, sessionReadTool } from "../context/session-recovery.js";
import { sessionSearchTool } from "../context/session-search.js";
import type { Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import { createBrowserTools, type BrowserOperations } from "../browser/tools.js";
import type { McpService } from "../mcp/mcp-service.js";
import { browserAvailable } from "../shared/browser-executable.js";

export type Toolset = {
  name: string;
  label: string;
  description: string;
  /** Offered to a session that does not choose otherwise. */
  enabled: boolean;
  /** What it needs is there: a Chromium or a CDP endpoint for the browser, a configuration for an MCP server. */
  configured: boolean;
  /** The names the model calls its tools by; an MCP server's once it has listed them. */
  tools: string[];
  /** `builtin`, or `mcp` for an operator's MCP server. */
  source: "builtin" | "mcp";
  /** An MCP server's connection state (idle until a session uses it); null for the built-in toolsets. */
  state: string | null;
};

export type ToolsetDeps = { config: Config; store: Store; browsers: BrowserOperations; mcp: McpService };

export async function listToolsets(deps: ToolsetDeps): Promise<Toolset[]> {
  const browserReady = browserAvailable(deps.config.browser);
  const recovery = [sessionSearchTool(deps.store), sessionReadTool(deps.store), sessionAnchorsTool(deps.store, noop)];
  const builtin: Toolset[] = [
    {
      name: "browser",
      label: "Browser",
      description:
        "A supervised headless Chromium per session: navigate, read, click, type, answer dialogs, run code in any " +
        "frame, screenshots.",
      enabled: browserReady,
      configured: browserReady,
      tools: createBrowserTools(deps.browsers)
        .map((tool) => tool.name)
        .sort(),
      source: "builtin",
      state: null,
    },
    {
      name: "session_search",
      label: "Session recall",
      description:
        "The session's whole stored transcript, compressed turns included: full-text search, rows by seq, the " +
        "index of exact identifiers.",
      enabled: true,
      configured: true,
      tools: recovery.map((tool) => tool.name).sort(),
      source: "builtin",
      state: null,
    },
  ];
  const servers: Toolset[] = deps.mcp.servers().map((server) => ({
    name: `mcp-${server.name}`,
    label: server.name,
    description: `The tools of the MCP server ${server.name} (${server.transport}).`,
    enabled: server.enabled_by_default,
    configured: true,
    tools: server.tools.map((tool) => tool.name).sort(),
    source: "mcp",
    state: server.state,
  }));
  return [...builtin, ...servers];
}

const noop = async () => {};
