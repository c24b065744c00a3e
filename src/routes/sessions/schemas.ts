/**
 * @module schemas
 * The session's wire shapes: the create and update bodies (with the per-session overrides a client may set, built
 * from the server's config schema), the session as it is answered, and the success body of each session operation.
 */
import { z } from "@hono/zod-openapi";
import { pageOf } from "../shared/pagination.js";
import {
  approvalsConfigSchema,
  browserConfigSchema,
  compressionConfigSchema,
  MAX_NAME_CHARS,
  MAX_URL_CHARS,
  MCP_SERVER_NAME,
  type ApprovalsConfig,
  type CompressionConfig,
} from "../../config/schema.js";
import { ClientToolSchema, ClientToolsField } from "../shared/run-schemas.js";
import { ENGINE_NAME_PATTERN } from "../../domain/context/engine.js";
import {
  CDP_URL_SCHEMES,
  MAX_SESSION_MCP_SERVERS,
  isServerOnlyBrowserKey,
  SESSION_BROWSER_KEYS,
  serverOnlyBrowserKeyMessage,
  type SessionBrowserOverrides,
  type SessionGuardMode,
  type SessionMcpOverrides,
} from "../../domain/shared/config-policy.js";

const MAX_TITLE_CHARS = 500;
const MAX_SYSTEM_PROMPT_CHARS = 200_000;
const MAX_ENGINE_NAME_CHARS = 64;

type FieldSchemas = Record<string, z.ZodTypeAny>;

/** `keys` of a config section's fields (all of them by default). */
function fieldsOf(
  section: z.ZodObject<z.ZodRawShape>,
  keys: readonly string[] = Object.keys(section.shape),
): FieldSchemas {
  const fields: FieldSchemas = {};
  for (const key of keys) fields[key] = section.shape[key] as z.ZodTypeAny;
  return fields;
}

/** The named fields of a config section with their own types, for a response schema generated clients read. */
function typedFieldsOf<S extends z.ZodRawShape, K extends keyof S & string>(
  section: z.ZodObject<S>,
  keys: readonly K[],
): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, section.shape[key]])) as Pick<S, K>;
}

/**
 * The same fields, each optional and without its default: a session stores only what the client set,
 * so later changes of the server defaults still reach it and a PATCH of one field keeps the others.
 */
function overridesOf(fields: FieldSchemas): FieldSchemas {
  const shape: FieldSchemas = {};
  for (const [key, field] of Object.entries(fields)) {
    const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodTypeAny) : field;
    shape[key] = bare.meta(field.meta() ?? {}).optional();
  }
  return shape;
}

// Built from loosely typed fields, so the objects are given their types here.
const CompressionOverrides = z
  .object(overridesOf(fieldsOf(compressionConfigSchema)))
  .strict()
  .openapi("CompressionSettings", {
    description: "Context compression settings; any field left out keeps the server default",
    example: { threshold: 0.5, tail_mode: "lean", protect_last_n: 20 },
  }) as unknown as z.ZodType<Partial<CompressionConfig>>;

const SERVER_ONLY_BROWSER_KEYS = Object.keys(browserConfigSchema.shape).filter(isServerOnlyBrowserKey);

function hasCdpScheme(url: string): boolean {
  try {
    return CDP_URL_SCHEMES.has(new URL(url).protocol);
  } catch {
    // Not a URL at all: `.url()` reports that, once.
    return true;
  }
}

const SessionCdpUrl = z
  .string()
  .max(MAX_URL_CHARS, { abort: true })
  .url()
  .refine(hasCdpScheme, { message: "must be an http(s) or ws(s) URL of a DevTools endpoint" })
  .nullable()
  .optional()
  .openapi({
    description:
      "Attach the session's browser to this DevTools endpoint instead of the server's browser; its host must be in the " +
      "server's browser.allowed_cdp_hosts. null drops the session's own endpoint (the server's setting applies again)",
    example: "http://127.0.0.1:9222",
  });

/**
 * Keys beyond the documented ones. Validation still sees them so that a server-only key is refused by
 * name, with a message saying who sets it, instead of as an unknown field; every other key is unknown.
 * zod builds an issue's message once the issue carries its full path, so the key is its last element
 * (the tests pin the message, so a change of that order in zod shows up there).
 */
const RefusedBrowserKey = z.unknown().refine(() => false, {
  error: (issue) => {
    const key = String(issue.path?.at(-1) ?? "");
    return isServerOnlyBrowserKey(key) ? serverOnlyBrowserKeyMessage(key) : `unknown field ${key}`;
  },
});

const BrowserOverrides = z
  .object({ ...overridesOf(fieldsOf(browserConfigSchema, SESSION_BROWSER_KEYS)), cdp_url: SessionCdpUrl })
  .catchall(RefusedBrowserKey)
  .openapi("BrowserSettings", {
    description:
      "Browser supervisor settings a session may set; any field left out keeps the server default. " +
      `The server-only settings (${SERVER_ONLY_BROWSER_KEYS.join(", ")}) are the operator's: naming one is a 400 naming the key`,
    example: { dialog_policy: "must_respond", dialog_timeout_s: 300 },
    // The catchall above exists only to name refused keys; no extra key is ever accepted.
    additionalProperties: false,
  }) as unknown as z.ZodType<SessionBrowserOverrides>;

const ApprovalOverrides = z
  .object(overridesOf(fieldsOf(approvalsConfigSchema)))
  .strict()
  .openapi("ApprovalSettings", {
    description:
      "The session's own approval policy, applied with the server's: for each tool the stricter answer wins (deny " +
      "over ask over allow), so a session can ask for approvals but never lift one the server requires",
    example: { default: "allow", tools: { browser_cdp: "ask", "browser_*": "allow" }, timeout_s: 300 },
  }) as unknown as z.ZodType<Partial<ApprovalsConfig>>;

/** What a session is told when it names a guard setting it may not set. */
const GUARD_SERVER_ONLY = "is a server-only setting: the operator sets it in the server configuration";

/** Any key but `mode` under a session's `agent.guard`: refused by name. */
const RefusedGuardKey = z.unknown().refine(() => false, {
  error: (issue) => `agent.guard.${String(issue.path?.at(-1) ?? "")} ${GUARD_SERVER_ONLY}`,
});

const GuardOverrides = z
  .object({
    mode: z
      .enum(["ask", "block", "off"])
      .refine((mode) => mode !== "off", {
        message:
          "agent.guard.mode off is server config only: a session may make the guard stricter (ask, block), never turn it off",
      })
      .optional()
      .openapi({
        description:
          "ask (hold a risky action that follows untrusted content for a person) or block (refuse it at once); " +
          "the stricter of this and the server's mode applies. off is refused: only the operator turns the guard off",
        example: "block",
      }),
  })
  .catchall(RefusedGuardKey)
  .openapi("GuardSettings", {
    description: "The session's guard mode; trusted_origins is the operator's",
    example: { mode: "block" },
    // The catchall above exists only to name refused keys; no extra key is ever accepted.
    additionalProperties: false,
  }) as unknown as z.ZodType<{ mode?: SessionGuardMode }>;

const AgentOverrides = z
  .object({
    max_iterations: z
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .openapi({ description: "Model calls a run may make before it ends incomplete", example: 30 }),
    approvals: ApprovalOverrides.optional(),
    client_tools: ClientToolsField.optional().openapi({
      description: "The client's own tools every run of the session offers the model (besides a request's `tools`)",
    }),
    guard: GuardOverrides.optional(),
  })
  .strict()
  .openapi("AgentSettings", {
    description: "Agent settings of the session; any field left out keeps the server default",
  });

/** What a session is told when it tries to define an MCP server instead of naming one. */
const MCP_SERVER_ONLY =
  "MCP servers (their command, args, env, cwd, url and headers) are server-only settings: the operator configures " +
  "them in the server configuration, and a session only picks among them by name with mcp.servers";

/** Any key but `servers` under a session's `mcp`: refused with a message saying who configures servers. */
const RefusedMcpKey = z.unknown().refine(() => false, {
  error: (issue) => `mcp.${String(issue.path?.at(-1) ?? "")} is not a session setting: ${MCP_SERVER_ONLY}`,
});

const McpOverrides = z
  .object({
    servers: z
      .array(
        z
          .string({
            error: (issue) =>
              issue.code === "invalid_type" ? `must be a server's name; ${MCP_SERVER_ONLY}` : undefined,
          })
          .max(MAX_NAME_CHARS, { abort: true })
          .regex(MCP_SERVER_NAME, { message: "an MCP server name: 1 to 32 letters, digits, _ or -" }),
        {
          error: (issue) =>
            issue.code === "invalid_type" ? `must be a list of server names; ${MCP_SERVER_ONLY}` : undefined,
        },
      )
      .max(MAX_SESSION_MCP_SERVERS)
      .nullable()
      .optional()
      .openapi({
        description:
          "The MCP servers (by the names the server configures, see GET /v1/mcp/servers) whose tools the session's " +
          "runs are offered; [] offers none, null goes back to the server's default (every server not set " +
          "enabled_by_default: false). A session never defines a server: command, url, env and headers are server-only",
        example: ["github"],
      }),
  })
  .catchall(RefusedMcpKey)
  .openapi("McpSettings", {
    description: "Which of the server's MCP servers the session uses",
    example: { servers: ["github"] },
    // The catchall above exists only to name refused keys; no extra key is ever accepted.
    additionalProperties: false,
  }) as unknown as z.ZodType<SessionMcpOverrides>;

export const SessionConfigInput = z
  .object({
    compression: CompressionOverrides.optional(),
    browser: BrowserOverrides.optional(),
    engine: z
      .string()
      .min(1)
      .max(MAX_ENGINE_NAME_CHARS, { abort: true })
      .regex(ENGINE_NAME_PATTERN, {
        message: "must be letters, digits, dots, dashes or underscores, starting with a letter or digit",
      })
      .optional()
      .openapi({
        description: "Context engine: compressor (built in) or the name of a plugin installed on the server",
        example: "compressor",
      }),
    agent: AgentOverrides.optional(),
    mcp: McpOverrides.optional(),
    memory: z
      .object({
        enabled: z.boolean().optional().openapi({
          description:
            "false: no memory block in the system prompt and no memory tool (the server's memory.enabled off wins)",
          example: false,
        }),
      })
      .strict()
      .optional()
      .openapi({ description: "The owner's memory in this session" }),
  })
  .strict()
  .openapi("SessionConfigInput", { description: "Per-session overrides of the server defaults" });

export const CreateSessionBody = z
  .object({
    title: z
      .string()
      .max(MAX_TITLE_CHARS)
      .nullable()
      .optional()
      .openapi({ description: "A label for the session", example: "Release checklist" }),
    model: z
      .string()
      .min(1)
      .max(MAX_NAME_CHARS)
      .nullable()
      .optional()
      .openapi({ description: "Model name; defaults to model.name", example: "gpt-4o" }),
    system_prompt: z.string().max(MAX_SYSTEM_PROMPT_CHARS).nullable().optional().openapi({
      description: "System prompt, fixed for the whole session",
      example: "You are a careful release engineer.",
    }),
    config: SessionConfigInput.optional(),
  })
  .strict()
  .openapi("CreateSession");

export const UpdateSessionBody = CreateSessionBody.openapi("UpdateSession", {
  description: "Fields to change; omitted fields stay as they are",
});

/**
 * The browser settings a session shows: what is in force for the session's own browser. The operator's lists
 * (allowed CDP hosts, extra CDP methods) and the downloads switch are left out — they are the server's policy, not
 * the session's state, and the host list maps the operator's network.
 */
const SESSION_VIEW_BROWSER_KEYS = [
  "executable_path",
  "cdp_url",
  "headless",
  "dialog_policy",
  "dialog_timeout_s",
  "bridge",
  "allow_file_urls",
] as const;

// Rebuilt from the fields with this module's `z`: config/schema.ts uses plain zod and may be loaded before
// the OpenAPI extension, so its own objects cannot be relied on to have `.openapi()`.
const ResolvedCompression = z.object(compressionConfigSchema.shape).strict().openapi("ResolvedCompressionSettings", {
  description: "Compression settings in force for the session",
});
const ResolvedBrowser = z
  .object({
    ...typedFieldsOf(browserConfigSchema, SESSION_VIEW_BROWSER_KEYS),
    cdp_url: z.string().nullable().openapi({
      description:
        "DevTools endpoint the browser attaches to (tokens and passwords masked), or null to launch Chromium",
      example: null,
    }),
  })
  .strict()
  .openapi("ResolvedBrowserSettings", {
    description: "Browser settings in force for the session (the operator's policy lists are not shown)",
  });

const ApprovalLayer = z.object({
  default: z
    .enum(["allow", "ask", "deny"])
    .openapi({ description: "Mode of a tool no pattern names", example: "allow" }),
  tools: z
    .record(z.string(), z.enum(["allow", "ask", "deny"]))
    .openapi({ description: "Mode per tool name or glob", example: { browser_cdp: "ask" } }),
});
const ResolvedAgent = z
  .object({
    max_iterations: z.number().int().openapi({ description: "Model calls a run may make", example: 30 }),
    approvals: z
      .object({
        server: ApprovalLayer.openapi({ description: "The operator's policy (agent.approvals)" }),
        session: ApprovalLayer.openapi({ description: "The session's own policy" }),
        timeout_s: z.number().int().openapi({ description: "Seconds an approval waits", example: 600 }),
        on_timeout: z
          .enum(["allow", "deny"])
          .openapi({ description: "The answer when nobody answers", example: "deny" }),
      })
      .openapi({ description: "Both policies apply; for each tool the stricter answer wins" }),
    client_tools: z
      .array(ClientToolSchema)
      .openapi({ description: "The client's own tools every run offers the model" }),
    guard: z
      .object({
        mode: z.enum(["ask", "block", "off"]).openapi({
          description: "The guard mode in force: the stricter of the server's and the session's",
          example: "ask",
        }),
      })
      .openapi("ResolvedGuardSettings", {
        description: "The prompt-injection guard in force (the operator's trusted origins are not shown)",
      }),
  })
  .openapi("ResolvedAgentSettings", { description: "Agent settings in force for the session" });

export const SessionSchema = z
  .object({
    id: z.string().openapi({ description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    title: z.string().nullable().openapi({ description: "Label", example: "Release checklist" }),
    model: z.string().nullable().openapi({ description: "Model the session runs with", example: "gpt-4o" }),
    system_prompt: z
      .string()
      .nullable()
      .openapi({ description: "System prompt", example: "You are a careful release engineer." }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
    updated_at: z.string().openapi({ description: "Last change (ISO 8601)", example: "2026-11-30T07:05:00.000Z" }),
    config: z
      .object({
        compression: ResolvedCompression,
        browser: ResolvedBrowser,
        engine: z.string().openapi({ description: "Active context engine", example: "compressor" }),
        agent: ResolvedAgent,
        mcp: z
          .object({
            servers: z.array(z.string()).openapi({
              description: "The MCP servers whose tools the session's runs are offered",
              example: ["github"],
            }),
          })
          .openapi("ResolvedMcpSettings", { description: "MCP settings in force for the session" }),
      })
      .openapi({ description: "Settings in force: server defaults overlaid with the session's overrides" }),
    stats: z
      .object({
        message_count: z.number().int().openapi({ description: "Rows in the transcript", example: 42 }),
        context_tokens: z
          .number()
          .int()
          .openapi({ description: "Tokens of the active context, system prompt included", example: 18250 }),
        threshold_tokens: z
          .number()
          .int()
          .openapi({ description: "Tokens at which compression starts", example: 96000 }),
        context_length: z.number().int().openapi({ description: "The model's context window", example: 128000 }),
        usage_percent: z
          .number()
          .openapi({ description: "context_tokens as a percentage of context_length", example: 14.26 }),
        compression_count: z.number().int().openapi({ description: "Compressions so far", example: 0 }),
        last_prompt_tokens: z
          .number()
          .int()
          .openapi({ description: "Prompt tokens the model reported last", example: 0 }),
      })
      .openapi({ description: "Token statistics" }),
    browser: z
      .object({
        active: z
          .boolean()
          .openapi({ description: "Whether a browser supervisor runs for the session", example: false }),
        url: z.string().nullable().openapi({ description: "Current (or last) page URL", example: null }),
      })
      .openapi({ description: "Browser state" }),
  })
  .openapi("Session");

export const SessionPage = pageOf(SessionSchema, "SessionPage");

/** POST /v1/sessions (201). */
export type CreateSessionResponse = z.infer<typeof SessionSchema>;
/** GET /v1/sessions. */
export type ListSessionsResponse = z.infer<typeof SessionPage>;
/** GET /v1/sessions/{id}. */
export type GetSessionResponse = z.infer<typeof SessionSchema>;
/** PATCH /v1/sessions/{id}. */
export type UpdateSessionResponse = z.infer<typeof SessionSchema>;
