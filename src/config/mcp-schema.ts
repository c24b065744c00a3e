/**
 * @module mcp-schema
 * The `mcp` section of the configuration: the MCP servers the operator runs for the agent, each a stdio command or a
 * streamable HTTP endpoint, with its limits and defaults (part of the configuration schema, re-exported by ./schema.ts).
 */
import { z } from "zod";
import { MAX_LIST_ENTRIES, MAX_PATH_CHARS, MAX_SECRET_CHARS, MAX_URL_CHARS } from "./limits.js";

/** A configured MCP server's name: the `<server>` of the `mcp__<server>__<tool>` names its tools are offered under. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_MCP_SERVERS = 64;
/** An environment variable's name, as POSIX shells accept one. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An HTTP header's name (an RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const MAX_MCP_TIMEOUT_MS = 60 * 60 * 1000;

const STDIO_KEYS = ["command", "args", "env", "cwd"] as const;
const HTTP_KEYS = ["url", "headers"] as const;

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    // Not a URL at all: `.url()` reports that, once.
    return true;
  }
}

/**
 * One MCP server the operator runs for the agent: a command started as a child process that speaks MCP over its
 * stdin and stdout (`command`, `args`, `env`, `cwd`), or a streamable HTTP endpoint (`url`, `headers`). Written as
 * one object with either set of keys, so a mistake is reported on the key at fault; read as a tagged union.
 */
export const mcpServerConfigSchema = z
  .object({
    command: z.string().min(1).max(MAX_PATH_CHARS).optional().meta({
      description: "Executable of a stdio server (looked up on PATH), started without a shell",
      example: "npx",
    }),
    args: z
      .array(z.string().max(MAX_SECRET_CHARS))
      .max(MAX_LIST_ENTRIES)
      .optional()
      .meta({ description: "Arguments of the command", example: ["-y", "@modelcontextprotocol/server-filesystem"] }),
    env: z
      .record(z.string().regex(ENV_NAME, "an environment variable name"), z.string().max(MAX_SECRET_CHARS))
      .refine((env) => Object.keys(env).length <= MAX_LIST_ENTRIES, `at most ${MAX_LIST_ENTRIES} variables`)
      .optional()
      .meta({
        description: "Environment of the process, on top of HOME, LOGNAME, PATH, SHELL, TERM and USER",
        example: { GITHUB_TOKEN: "ghp_…" },
      }),
    cwd: z
      .string()
      .min(1)
      .max(MAX_PATH_CHARS)
      .optional()
      .meta({ description: "Working directory of the process", example: "/srv/tools" }),
    url: z
      .string()
      .max(MAX_URL_CHARS)
      .url()
      .refine(isHttpUrl, "must be an http(s) URL")
      .optional()
      .meta({ description: "Endpoint of a streamable HTTP server", example: "https://mcp.example.com/mcp" }),
    headers: z
      .record(z.string().regex(HEADER_NAME, "an HTTP header name"), z.string().max(MAX_SECRET_CHARS))
      .refine((headers) => Object.keys(headers).length <= MAX_LIST_ENTRIES, `at most ${MAX_LIST_ENTRIES} headers`)
      .optional()
      .meta({ description: "Headers sent with every request", example: { Authorization: "Bearer …" } }),
    timeout_ms: z
      .number()
      .int()
      .min(1)
      .max(MAX_MCP_TIMEOUT_MS)
      .default(60_000)
      .meta({ description: "Milliseconds a tool call may take before it fails", example: 60_000 }),
    start_timeout_ms: z.number().int().min(1).max(MAX_MCP_TIMEOUT_MS).default(30_000).meta({
      description: "Milliseconds starting the server (connecting, initializing, listing its tools) may take",
      example: 30_000,
    }),
    enabled_by_default: z.boolean().default(true).meta({
      description: "Offered to sessions whose config.mcp.servers does not name their servers",
      example: true,
    }),
  })
  .strict()
  .superRefine((server, ctx) => {
    const stdio = server.command !== undefined;
    if (stdio === (server.url !== undefined)) {
      ctx.addIssue({
        code: "custom",
        message: "set either command (a stdio server) or url (a streamable HTTP server), not both",
      });
      return;
    }
    for (const key of stdio ? HTTP_KEYS : STDIO_KEYS) {
      if (server[key] === undefined) continue;
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: stdio
          ? `${key} belongs to an HTTP server (url); this one has a command`
          : `${key} belongs to a stdio server (command); this one has a url`,
      });
    }
  })
  .transform((server): McpServerConfig => {
    const { timeout_ms, start_timeout_ms, enabled_by_default } = server;
    const common = { timeout_ms, start_timeout_ms, enabled_by_default };
    if (server.url !== undefined)
      return { transport: "http", url: server.url, headers: server.headers ?? {}, ...common };
    return {
      transport: "stdio",
      command: server.command ?? "",
      args: server.args ?? [],
      env: server.env ?? {},
      cwd: server.cwd ?? null,
      ...common,
    };
  });

type McpServerCommon = { timeout_ms: number; start_timeout_ms: number; enabled_by_default: boolean };
/** A configured MCP server as the server reads it: how it is reached, and its limits. */
export type McpServerConfig =
  | ({
      transport: "stdio";
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string | null;
    } & McpServerCommon)
  | ({ transport: "http"; url: string; headers: Record<string, string> } & McpServerCommon);

export const mcpConfigSchema = z
  .object({
    servers: z
      .record(
        z.string().regex(MCP_SERVER_NAME, "a server name: 1 to 32 letters, digits, _ or -"),
        mcpServerConfigSchema,
      )
      .refine((servers) => Object.keys(servers).length <= MAX_MCP_SERVERS, `at most ${MAX_MCP_SERVERS} servers`)
      .default({})
      .meta({ description: "MCP servers whose tools the agent may call, by name (server config only)", example: {} }),
  })
  .strict();
