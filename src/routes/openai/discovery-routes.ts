/**
 * @module discovery-routes
 * What the agent can do, listed without asking the model: `GET /v1/toolsets` (each group of tools, Hermes Agent's
 * toolset shape) and `GET /v1/skills` (the same groups as Hermes lists skills: name, description, category).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { openAiErrorResponses } from "./schemas.js";
import { ANY_KEY } from "../../http/route-access.js";

const ToolsetSchema = z
  .object({
    name: z
      .string()
      .openapi({ description: "The toolset: browser, session_search, or mcp-<server>", example: "browser" }),
    label: z.string().openapi({ description: "Its display name", example: "Browser" }),
    description: z.string().openapi({ description: "What its tools do", example: "A supervised headless Chromium…" }),
    enabled: z.boolean().openapi({
      description: "Offered to a session that does not choose otherwise (an MCP server's enabled_by_default)",
      example: true,
    }),
    configured: z.boolean().openapi({
      description: "What it needs is there (a Chromium or browser.cdp_url for the browser)",
      example: true,
    }),
    tools: z.array(z.string()).openapi({
      description: "The tool names the model calls (an MCP server's once it has listed them)",
      example: ["browser_click", "browser_navigate"],
    }),
    source: z
      .enum(["builtin", "mcp"])
      .openapi({ description: "Built in, or an operator's MCP server", example: "builtin" }),
    state: z.string().nullable().openapi({
      description: "An MCP server's connection state (idle until a session uses it); null for built-in toolsets",
      example: null,
    }),
  })
  .openapi("HermesToolset");

const ToolsetListSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    platform: z
      .literal("api_server")
      .openapi({ description: "Always api_server, as Hermes says", example: "api_server" }),
    data: z.array(ToolsetSchema).openapi({ description: "Built-in toolsets first, then each MCP server" }),
  })
  .openapi("HermesToolsetList");

const SkillSchema = z
  .object({
    name: z.string().openapi({ description: "The skill (a toolset's name)", example: "browser" }),
    description: z.string().openapi({ description: "What it does", example: "A supervised headless Chromium…" }),
    category: z.enum(["builtin", "mcp"]).openapi({ description: "Built in, or an MCP server's", example: "builtin" }),
    enabled: z.boolean().openapi({ description: "Offered to sessions by default", example: true }),
  })
  .openapi("HermesSkill");

const SkillListSchema = z
  .object({
    object: z.literal("list").openapi({ description: "Always list", example: "list" }),
    data: z.array(SkillSchema).openapi({ description: "Every skill, disabled ones included" }),
  })
  .openapi("HermesSkillList");

const listToolsetsRoute = createRoute({
  method: "get",
  path: "/v1/toolsets",
  operationId: "listToolsets",
  security: ANY_KEY,
  tags: ["compatibility"],
  summary: "The agent's toolsets, as Hermes lists them",
  description:
    "Each group of tools the agent may be offered: `browser` (when a Chromium or `browser.cdp_url` is there), " +
    "`session_search` (the transcript's recovery tools) and `mcp-<server>` for each configured MCP server (its tools " +
    "once it has listed them; a server starts when a session first uses it).",
  responses: { 200: jsonAnswer("The toolsets", ToolsetListSchema), ...openAiErrorResponses({}) },
});

const listSkillsRoute = createRoute({
  method: "get",
  path: "/v1/skills",
  operationId: "listSkills",
  security: ANY_KEY,
  tags: ["compatibility"],
  summary: "The agent's skills, as Hermes lists them",
  description:
    "What the agent knows how to do, one entry per toolset of GET /v1/toolsets (name, description, category), disabled " +
    "ones included as Hermes includes them.",
  responses: { 200: jsonAnswer("The skills", SkillListSchema), ...openAiErrorResponses({}) },
});

export function discoveryRoutes() {
  const router = createRouter();
  router.openapi(listToolsetsRoute, async (c) => {
    const data = await c.get("services").useCases.listToolsets();
    return c.json({ object: "list" as const, platform: "api_server" as const, data }, 200);
  });
  router.openapi(listSkillsRoute, async (c) => {
    const toolsets = await c.get("services").useCases.listToolsets();
    const data = toolsets.map((toolset) => ({
      name: toolset.name,
      description: toolset.description,
      category: toolset.source,
      enabled: toolset.enabled,
    }));
    return c.json({ object: "list" as const, data }, 200);
  });
  return router;
}
