/**
 * @module mcp-tool-names
 * The names MCP tools are offered to the model under: `mcp__<server>__<tool>`, made what OpenAI accepts as a function
 * name (`^[a-zA-Z0-9_-]{1,64}$`). Characters outside that set become `_`; a name too long, or one that two tools of a
 * server would share once cleaned, is cut and given a short hash of the real name, so it stays the same from one
 * listing to the next. Pure; the approval policy reads the prefix too.
 */
import { createHash } from "node:crypto";

/** What every MCP tool's offered name starts with. */
export const MCP_TOOL_PREFIX = "mcp__";
const SEPARATOR = "__";
/** OpenAI's limit on a function name. */
const MAX_TOOL_NAME_CHARS = 64;
const HASH_CHARS = 8;
const UNSAFE_CHARS = /[^A-Za-z0-9_-]/g;

/** Whether a tool name is one an MCP server's tool is offered under. */
export function isMcpToolName(name: string): boolean {
  return name.startsWith(MCP_TOOL_PREFIX);
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, HASH_CHARS);
}

/** `mcp__<server>__<tool>`, unsafe characters replaced; `hashed` (or a long name) ends it with the real name's hash. */
function candidate(server: string, tool: string, hashed: boolean): string {
  const plain = `${MCP_TOOL_PREFIX}${server}${SEPARATOR}${tool.replace(UNSAFE_CHARS, "_")}`;
  if (!hashed && plain.length <= MAX_TOOL_NAME_CHARS) return plain;
  const suffix = `_${shortHash(`${server}/${tool}`)}`;
  return `${plain.slice(0, MAX_TOOL_NAME_CHARS - suffix.length)}${suffix}`;
}

/**
 * The offered name of each of a server's tools, by its real name. A name two tools would share (`a.b` and `a_b`
 * both clean to `a_b`) is hashed for both of them, so neither depends on the order the server lists them in.
 */
export function offeredToolNames(server: string, tools: readonly string[]): Map<string, string> {
  const plain = new Map(tools.map((tool) => [tool, candidate(server, tool, false)]));
  const uses = new Map<string, number>();
  for (const name of plain.values()) uses.set(name, (uses.get(name) ?? 0) + 1);
  const offered = new Map<string, string>();
  for (const [tool, name] of plain) offered.set(tool, (uses.get(name) ?? 0) > 1 ? candidate(server, tool, true) : name);
  return offered;
}
