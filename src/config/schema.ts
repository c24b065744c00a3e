/**
 * @module schema
 * The server's configuration as a zod schema of the YAML file's shape: every default of the server lives here and
 * nothing else invents one (the `mcp` section's schema is ./mcp-schema.ts, the `model` section's ./model-schema.ts, the `agent.guard` section's
 * ./guard-schema.ts, the sections of keys, prices and the audit log ./access-schema.ts, the limits on strings
 * ./limits.ts, all built in here). The per-section schemas the routes reuse (browser, approvals, MCP servers), the
 * types read off them, and the one value derived from a whole configuration (the replica id). Reading the file, the
 * environment and the flags is ./load.ts.
 */
import { hostname } from "node:os";
import { z } from "zod";
import { accessConfigSchemas } from "./access-schema.js";
import { memoryConfigSchema } from "./memory-schema.js";
import { guardConfigSchema } from "./guard-schema.js";
import { jobsConfigSchemas } from "./jobs-schema.js";
import { MAX_LIST_ENTRIES, MAX_NAME_CHARS, MAX_PATH_CHARS, MAX_SECRET_CHARS, MAX_URL_CHARS } from "./limits.js";
import { mcpConfigSchema } from "./mcp-schema.js";
import { fallbacksSchema, modelEndpointSchema } from "./model-schema.js";

export { MAX_NAME_CHARS, MAX_PATH_CHARS, MAX_SECRET_CHARS, MAX_URL_CHARS } from "./limits.js";
export type { FallbackModelConfig } from "./model-schema.js";
export { MCP_SERVER_NAME, mcpConfigSchema, mcpServerConfigSchema, type McpServerConfig } from "./mcp-schema.js";

const MB = 1024 * 1024;

/**
 * The model used when only an OpenAI API key is given (no model name, no endpoint other than OpenAI's): a current,
 * inexpensive model every OpenAI account can call, with tools and streaming, whose 128K window the context-window
 * table knows.
 */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const OPENAI_API_HOST = "api.openai.com";

/**
 * The built-in demo model (`model.provider: demo`, also chosen when no model is configured at all): served
 * in-process under this address, which no network resolves (`.invalid` is reserved), so a request never leaves.
 */
export const DEMO_BASE_URL = "http://demo.invalid/v1";
export const DEMO_MODEL_NAME = "caduceus-demo";

/** A TCP port; 0 asks the system for any free one. The command line checks `--port` against it too. */
export const portSchema = z.number().int().min(0).max(65_535);

export const compressionConfigSchema = z
  .object({
    enabled: z
      .boolean()
      .default(true)
      .meta({ description: "Compress when the context crosses the threshold", example: true }),
    threshold: z.number().gt(0).lte(1).default(0.5).meta({
      description: "Share of the context window at which compression starts (windows under 512K use at least 0.75)",
      example: 0.5,
    }),
    target_ratio: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.2)
      .meta({ description: "Tail kept verbatim as a share of the threshold (legacy tail mode)", example: 0.2 }),
    tail_mode: z
      .enum(["lean", "legacy"])
      .default("lean")
      .meta({ description: "How the verbatim tail is budgeted", example: "lean" }),
    protect_first_n: z
      .number()
      .int()
      .min(0)
      .max(50)
      .default(3)
      .meta({ description: "First messages kept verbatim until a summary exists", example: 3 }),
    protect_last_n: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(20)
      .meta({ description: "Most recent messages the tail tries to keep", example: 20 }),
    hygiene_threshold: z
      .number()
      .gt(0)
      .lte(1)
      .default(0.85)
      .meta({ description: "Share of the window at which a pre-flight compression is forced", example: 0.85 }),
    threshold_tokens_cap: z
      .number()
      .int()
      .positive()
      .nullable()
      .default(null)
      .meta({ description: "Absolute cap on the threshold in tokens, null for none", example: null }),
  })
  .strict();

export const browserConfigSchema = z
  .object({
    executable_path: z
      .string()
      .min(1)
      .max(MAX_PATH_CHARS)
      .default("auto")
      .meta({ description: "Chromium executable, or auto to use the first one installed", example: "auto" }),
    cdp_url: z
      .string()
      .max(MAX_URL_CHARS)
      .url()
      .nullable()
      .default(null)
      .meta({ description: "Attach to a running browser over CDP instead of launching one", example: null }),
    headless: z.boolean().default(true).meta({ description: "Launch the browser without a window", example: true }),
    dialog_policy: z.enum(["must_respond", "auto_dismiss", "auto_accept"]).default("must_respond").meta({
      description: "How JS dialogs are answered: by a client or the agent, or automatically",
      example: "must_respond",
    }),
    dialog_timeout_s: z
      .number()
      .positive()
      .max(86_400)
      .default(300)
      .meta({ description: "Seconds an unanswered dialog waits before it is dismissed", example: 300 }),
    bridge: z
      .enum(["auto", "on", "off"])
      .default("auto")
      .meta({ description: "Page-side bridge for dialogs in frames", example: "auto" }),
    allow_file_urls: z
      .boolean()
      .default(false)
      .meta({ description: "Allow navigating to file:// URLs (server config only)", example: false }),
    allowed_cdp_hosts: z
      .array(z.string().min(1).max(MAX_NAME_CHARS))
      .max(MAX_LIST_ENTRIES)
      .default([])
      .meta({ description: "Hosts a session's own browser.cdp_url may name (server config only)", example: [] }),
    cdp_allow: z.array(z.string().min(1).max(MAX_NAME_CHARS)).max(MAX_LIST_ENTRIES).default([]).meta({
      description:
        "CDP methods (`Domain.method` or `Domain.*`) allowed on top of the built-in list (server config only)",
      example: [],
    }),
    profile: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
        "letters, digits, _ and - only (at most 64), starting with a letter or digit",
      )
      .nullable()
      .default(null)
      .meta({
        description:
          "Keep this named Chromium profile (cookies, local storage) under the profiles folder, so logins survive " +
          "browser and server restarts; one browser per profile at a time",
        example: null,
      }),
    profiles_dir: z.string().min(1).max(MAX_PATH_CHARS).nullable().default(null).meta({
      description: "Folder of the named browser profiles; default <dir of database.path>/profiles (server config only)",
      example: null,
    }),
    downloads: z.boolean().default(false).meta({
      description: "Let pages download files, into a per-session folder under the data directory (server config only)",
      example: false,
    }),
    isolation: z
      .enum(["context", "process"])
      .default("context")
      .meta({
        description:
          "context: a session without a profile or its own cdp_url gets an isolated browser context in one shared, " +
          "supervised Chromium; process: every session launches a Chromium of its own (server config only)",
        example: "context",
      }),
    pool: z
      .object({
        size: z.number().int().min(0).max(32).default(2).meta({
          description:
            "Browser contexts kept warm in the shared Chromium, refilled in the background; 0 turns the pool off",
          example: 2,
        }),
      })
      .strict()
      .prefault({})
      .meta({ description: "The pool of warm contexts of the shared Chromium (server config only)" }),
    idle_close_s: z
      .number()
      .int()
      .min(0)
      .max(604_800)
      .default(900)
      .meta({
        description:
          "Seconds without a browser action after which a session's browser is closed (reopened on the next " +
          "action); 0 never closes it (server config only)",
        example: 900,
      }),
    idle_keep_state: z
      .boolean()
      .default(true)
      .meta({
        description:
          "When an idle browser closes, keep its cookies, local storage and page, and give them back when it " +
          "reopens (a profile keeps them in its folder anyway) (server config only)",
        example: true,
      }),
  })
  .strict();

/** How a tool call is let through: run at once, wait for a person's approval, or refused. */
export const approvalModeSchema = z.enum(["allow", "ask", "deny"]);
export type ApprovalMode = z.infer<typeof approvalModeSchema>;

/** A tool name, or a glob over tool names where `*` stands for any run of characters (`browser_*`, `mcp__*`). */
const TOOL_PATTERN = /^[A-Za-z0-9_.*:-]{1,128}$/;
const MAX_TOOL_PATTERNS = 200;
const MAX_APPROVAL_TIMEOUT_S = 7 * 24 * 60 * 60;

export const approvalsConfigSchema = z
  .object({
    default: approvalModeSchema.default("allow").meta({
      description: "What a tool call no pattern of `tools` names gets: allow (run it), ask (wait for approval), deny",
      example: "allow",
    }),
    tools: z
      .record(
        z.string().regex(TOOL_PATTERN, "a tool name or a glob with *: letters, digits, _ . : - and *"),
        approvalModeSchema,
      )
      .refine((tools) => Object.keys(tools).length <= MAX_TOOL_PATTERNS, `at most ${MAX_TOOL_PATTERNS} patterns`)
      .default({})
      .meta({
        description:
          "Per tool name or glob (`browser_cdp`, `browser_*`, `mcp__github__*`): allow, ask or deny. An exact name wins over a " +
          "glob, a longer glob over a shorter one. A tool of an MCP server (`mcp__…`) that no pattern names asks (or " +
          "follows `default` when that is deny)",
        example: { browser_cdp: "ask" },
      }),
    timeout_s: z
      .number()
      .int()
      .min(1)
      .max(MAX_APPROVAL_TIMEOUT_S)
      .default(600)
      .meta({ description: "Seconds an approval waits for an answer before on_timeout applies", example: 600 }),
    on_timeout: z
      .enum(["allow", "deny"])
      .default("deny")
      .meta({ description: "The answer an approval nobody answered in time gets", example: "deny" }),
  })
  .strict();
export type ApprovalsConfig = z.infer<typeof approvalsConfigSchema>;

export const configSchema = z
  .object({
    server: z
      .object({
        host: z.string().min(1).max(MAX_NAME_CHARS).default("127.0.0.1"),
        port: portSchema.default(8642),
        api_key: z.string().min(1).max(MAX_SECRET_CHARS).nullable().default(null),
        cors_origins: z.array(z.string().min(1).max(MAX_URL_CHARS)).max(MAX_LIST_ENTRIES).default([]),
        max_body_bytes: z
          .number()
          .int()
          .positive()
          .default(10 * MB),
        max_concurrent_runs: z.number().int().positive().default(10),
        /** Stream tool activity on chat completions as `hermes.tool.progress` frames (a request's header wins). */
        tool_progress_events: z.boolean().default(true),
        /** The model id the OpenAI-compatible routes advertise (GET /v1/models); null: model.name, else "caduceus". */
        model_name: z.string().min(1).max(MAX_NAME_CHARS).nullable().default(null),
        /**
         * This process's name among the replicas sharing one PostgreSQL database; the runs it executes and the
         * browsers it holds are recorded under it. Null: the host name (one replica per machine or container).
         */
        replica_id: z
          .string()
          .regex(/^[A-Za-z0-9._:-]{1,64}$/, "1 to 64 letters, digits, . _ : or -")
          .nullable()
          .default(null),
        /** Where the other replicas reach this one (browser and dialog requests are forwarded to the browser's owner). */
        internal_url: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
        /** The key replicas authenticate forwarded requests with; the same on every replica. */
        internal_key: z.string().min(16).max(MAX_SECRET_CHARS).nullable().default(null),
        /** How long a replica stays alive without a heartbeat; past it, its runs are interrupted and its browsers taken. */
        lease_ttl_ms: z.number().int().min(1_000).max(600_000).default(15_000),
        /** Where people reach this server (`https://agents.example.com`): the inspector links webhooks carry. */
        public_url: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
      })
      .strict()
      .prefault({}),
    database: z
      .object({
        path: z.string().min(1).max(MAX_PATH_CHARS).default("./data/caduceus.db"),
        /** `postgres://…`: the shared PostgreSQL store of several replicas; without it the SQLite file is used. */
        url: z
          .string()
          .max(MAX_URL_CHARS)
          .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
          .nullable()
          .default(null),
      })
      .strict()
      .prefault({}),
    model: modelEndpointSchema.prefault({}),
    auxiliary: z
      .object({
        compression: z
          .object({
            model: z.string().min(1).max(MAX_NAME_CHARS).nullable().default(null),
            base_url: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
            api_key: z.string().min(1).max(MAX_SECRET_CHARS).nullable().default(null),
            context_length: z.number().int().min(1024).nullable().default(null),
            /** Summary models tried in order when the summary model fails with a retryable failure. */
            fallbacks: fallbacksSchema,
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    compression: compressionConfigSchema.prefault({}),
    context: z
      .object({
        engine: z.string().min(1).max(64).default("compressor"),
        plugins_dir: z.string().min(1).max(MAX_PATH_CHARS).default("./plugins/context_engine"),
      })
      .strict()
      .prefault({}),
    browser: browserConfigSchema.prefault({}),
    agent: z
      .object({
        max_iterations: z.number().int().min(1).max(500).default(30),
        approvals: approvalsConfigSchema.prefault({}),
        guard: guardConfigSchema.prefault({}),
      })
      .strict()
      .prefault({}),
    mcp: mcpConfigSchema.prefault({}),
    hermes: z
      .object({
        /**
         * The platform, model owner and default model id `/health`, `/v1/models` and `/v1/capabilities` answer
         * with: this server's own (`caduceus`), or Hermes Agent's literal names (`hermes-agent`) for clients that
         * check them.
         */
        identity: z.enum(["caduceus", "hermes-agent"]).default("caduceus"),
      })
      .strict()
      .prefault({}),
    telemetry: z
      .object({
        /** Where spans are sent (OTLP over HTTP, e.g. http://collector:4318); null: OTEL_EXPORTER_OTLP_ENDPOINT, else off. */
        otlp_endpoint: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
        /** The `service.name` of the spans; OTEL_SERVICE_NAME wins. */
        service_name: z.string().min(1).max(MAX_NAME_CHARS).default("caduceus"),
        /** Put prompts, answers and tool arguments on spans (off: only sizes, names and ids). */
        capture_content: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    metrics: z
      .object({
        /** Serve GET /metrics without the admin key (for a scraper on a private network). */
        public: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    prompt_caching: z
      .object({ cache_ttl: z.enum(["5m", "1h"]).default("5m") })
      .strict()
      .prefault({}),
    ...accessConfigSchemas,
    memory: memoryConfigSchema.prefault({}),
    ...jobsConfigSchemas,
    logging: z
      .object({
        level: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
        /** `auto`: readable lines when stdout is a terminal, JSON lines otherwise (a file, a pipe, a collector). */
        format: z.enum(["auto", "json", "pretty"]).default("auto"),
        /** Readable lines whatever stdout is: the same as `format: pretty`. */
        pretty: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type CompressionConfig = z.infer<typeof compressionConfigSchema>;
export type BrowserConfig = z.infer<typeof browserConfigSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** This replica's id: `server.replica_id`, else the host name (one replica per machine or container). */
export function replicaIdOf(config: Config): string {
  return (
    config.server.replica_id ??
    (hostname()
      .replace(/[^A-Za-z0-9._:-]/g, "-")
      .slice(0, 64) ||
      "caduceus")
  );
}
