/**
 * @module load
 * Loading the configuration: the YAML file, the environment and the command-line flags merged (flags win over the
 * environment, which wins over the file), validated against ./schema.ts, and the rules a whole configuration must
 * keep (never listen beyond loopback without an API key). An error names the flag or environment variable a bad
 * value came from, else its YAML key.
 */
import { existsSync, readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { HermesConfigError, readHermesKeys } from "../hermes-config.js";
import { isLoopbackHost } from "../kernel/loopback.js";
import { setPath } from "../kernel/object-paths.js";
import {
  configSchema,
  ConfigError,
  DEFAULT_OPENAI_MODEL,
  DEMO_BASE_URL,
  DEMO_MODEL_NAME,
  OPENAI_API_HOST,
  type Config,
} from "./schema.js";

type EnvBinding = { path: string[]; names: string[]; kind: "string" | "int" | "list" };

/** Environment variables win over the YAML file. The first name listed that is set is used. */
const ENV_BINDINGS: EnvBinding[] = [
  { path: ["server", "host"], names: ["CADUCEUS_HOST", "API_SERVER_HOST"], kind: "string" },
  { path: ["server", "port"], names: ["CADUCEUS_PORT", "API_SERVER_PORT"], kind: "int" },
  { path: ["server", "api_key"], names: ["CADUCEUS_API_KEY", "API_SERVER_KEY"], kind: "string" },
  { path: ["server", "cors_origins"], names: ["CADUCEUS_CORS_ORIGINS", "API_SERVER_CORS_ORIGINS"], kind: "list" },
  { path: ["server", "model_name"], names: ["CADUCEUS_SERVED_MODEL_NAME", "API_SERVER_MODEL_NAME"], kind: "string" },
  { path: ["server", "max_body_bytes"], names: ["CADUCEUS_MAX_BODY_BYTES"], kind: "int" },
  { path: ["server", "max_concurrent_runs"], names: ["CADUCEUS_MAX_CONCURRENT_RUNS"], kind: "int" },
  { path: ["database", "path"], names: ["CADUCEUS_DB"], kind: "string" },
  { path: ["database", "url"], names: ["CADUCEUS_DATABASE_URL", "DATABASE_URL"], kind: "string" },
  { path: ["server", "replica_id"], names: ["CADUCEUS_REPLICA_ID"], kind: "string" },
  { path: ["server", "internal_url"], names: ["CADUCEUS_INTERNAL_URL"], kind: "string" },
  { path: ["server", "internal_key"], names: ["CADUCEUS_INTERNAL_KEY"], kind: "string" },
  { path: ["server", "lease_ttl_ms"], names: ["CADUCEUS_LEASE_TTL_MS"], kind: "int" },
  { path: ["server", "public_url"], names: ["CADUCEUS_PUBLIC_URL"], kind: "string" },
  { path: ["model", "provider"], names: ["CADUCEUS_MODEL_PROVIDER"], kind: "string" },
  { path: ["model", "base_url"], names: ["OPENAI_BASE_URL"], kind: "string" },
  { path: ["model", "api_key"], names: ["OPENAI_API_KEY"], kind: "string" },
  { path: ["model", "name"], names: ["CADUCEUS_MODEL"], kind: "string" },
  { path: ["model", "context_length"], names: ["CADUCEUS_CONTEXT_LENGTH"], kind: "int" },
  { path: ["telemetry", "otlp_endpoint"], names: ["CADUCEUS_OTLP_ENDPOINT"], kind: "string" },
  { path: ["telemetry", "service_name"], names: ["OTEL_SERVICE_NAME"], kind: "string" },
  { path: ["context", "engine"], names: ["CADUCEUS_CONTEXT_ENGINE"], kind: "string" },
  { path: ["browser", "executable_path"], names: ["CADUCEUS_BROWSER_EXECUTABLE"], kind: "string" },
  { path: ["browser", "cdp_url"], names: ["CADUCEUS_BROWSER_CDP_URL", "BROWSER_CDP_URL"], kind: "string" },
  { path: ["browser", "dialog_policy"], names: ["CADUCEUS_DIALOG_POLICY"], kind: "string" },
  { path: ["browser", "isolation"], names: ["CADUCEUS_BROWSER_ISOLATION"], kind: "string" },
  { path: ["browser", "pool", "size"], names: ["CADUCEUS_BROWSER_POOL_SIZE"], kind: "int" },
  { path: ["hermes", "identity"], names: ["CADUCEUS_HERMES_IDENTITY"], kind: "string" },
  { path: ["logging", "level"], names: ["CADUCEUS_LOG_LEVEL", "LOG_LEVEL"], kind: "string" },
  { path: ["logging", "format"], names: ["CADUCEUS_LOG_FORMAT"], kind: "string" },
];

function convertEnv(raw: string, kind: EnvBinding["kind"]): unknown {
  switch (kind) {
    case "int":
      return /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    case "list":
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

/** Where a value that did not come from the YAML file came from (a flag or an environment variable), by dotted key. */
type ValueSources = Map<string, string>;

/** `CADUCEUS_PORT (server.port)` for a value from the environment, `--port (server.port)` from a flag, else the key. */
function describeKey(path: PropertyKey[], sources: ValueSources): string {
  const keys = path.map(String);
  const key = keys.length ? keys.join(".") : "(root)";
  // An issue can sit below the key a source set (server.cors_origins.1), so the longest prefix with a source names it.
  for (let length = keys.length; length > 0; length--) {
    const source = sources.get(keys.slice(0, length).join("."));
    if (source) return `${source} (${key})`;
  }
  return key;
}

/** An issue's message; a record key's issue says what the key must be (zod's own says only that it is invalid). */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_key" && issue.issues.length > 0)
    return `invalid key: ${issue.issues.map((inner) => inner.message).join("; ")}`;
  return issue.message;
}

function formatZodIssues(error: z.ZodError, sources: ValueSources): string {
  return error.issues.map((issue) => `${describeKey(issue.path, sources)}: ${issueMessage(issue)}`).join("; ");
}

/** A setting given on the command line: the key it sets, in the YAML shape, and the flag, for error messages. */
export type FlagSetting = { path: string[]; flag: string; value: unknown };

export type LoadConfigOptions = {
  /** A file to read; `undefined` looks at CADUCEUS_CONFIG, then ./caduceus.yaml; `null` reads no file. */
  configPath?: string | null;
  env?: NodeJS.ProcessEnv;
  overrides?: Record<string, unknown>;
  /** Command-line settings; they win over the environment and the file. */
  flags?: FlagSetting[];
};

/** Reads YAML (if any), the environment and the flags, validates, and returns a complete configuration. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const explicitPath = options.configPath === undefined ? env.CADUCEUS_CONFIG || null : options.configPath;
  let fileValues: Record<string, unknown> = {};
  const path =
    options.configPath === null ? null : (explicitPath ?? (existsSync("./caduceus.yaml") ? "./caduceus.yaml" : null));
  if (path) {
    if (!existsSync(path)) throw new ConfigError(`config file ${path} does not exist`);
    let parsed: unknown;
    try {
      parsed = parseYaml(readFileSync(path, "utf8"));
    } catch (err) {
      throw new ConfigError(`config file ${path} is not valid YAML: ${(err as Error).message}`);
    }
    if (parsed !== null && parsed !== undefined) {
      if (typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new ConfigError(`config file ${path} must hold a mapping of sections (server, model, …)`);
      }
      fileValues = parsed as Record<string, unknown>;
    }
  }
  const fromFile = structuredClone(fileValues);
  let hermesSources: Map<string, string>;
  try {
    hermesSources = readHermesKeys(fromFile);
  } catch (err) {
    if (err instanceof HermesConfigError) throw new ConfigError(`invalid configuration: ${err.message}`);
    throw err;
  }
  const merged = structuredClone({ ...fromFile, ...(options.overrides ?? {}) }) as Record<string, unknown>;
  const sources: ValueSources = new Map(hermesSources);
  for (const binding of ENV_BINDINGS) {
    const name = binding.names.find((n) => env[n] !== undefined && env[n] !== "");
    if (!name) continue;
    setPath(merged, binding.path, convertEnv(env[name] as string, binding.kind));
    sources.set(binding.path.join("."), name);
  }
  for (const setting of options.flags ?? []) {
    setPath(merged, setting.path, setting.value);
    sources.set(setting.path.join("."), setting.flag);
  }
  const result = configSchema.safeParse(merged);
  if (!result.success) throw new ConfigError(`invalid configuration: ${formatZodIssues(result.error, sources)}`);
  assertSafeBinding(result.data, sources);
  return withDefaultModel(withProvider(result.data));
}

/**
 * `auto` decided: the demo model when nothing names a model (no name, endpoint or key), else the endpoint. The demo
 * model is reached at its own address under its own name, whatever else is set, so every reader of `model.*` (runs,
 * compression, readiness, the model list) sees the model that answers.
 */
function withProvider(config: Config): Config {
  const { provider, name, api_key, base_url } = config.model;
  const demo = provider === "demo" || (provider === "auto" && !name && !api_key && !base_url);
  if (!demo) return { ...config, model: { ...config.model, provider: "openai" } };
  return {
    ...config,
    model: { ...config.model, provider: "demo", base_url: DEMO_BASE_URL, api_key: null, name: DEMO_MODEL_NAME },
  };
}

/**
 * With an OpenAI key and no model name, the official API is meant: the default model stands in for the name, so
 * every reader of `model.name` (sessions, compression, readiness) sees the model runs will use.
 */
function withDefaultModel(config: Config): Config {
  const { name, api_key, base_url } = config.model;
  if (name || !api_key || (base_url && new URL(base_url).hostname !== OPENAI_API_HOST)) return config;
  return { ...config, model: { ...config.model, name: DEFAULT_OPENAI_MODEL } };
}

function assertSafeBinding(config: Config, sources: ValueSources): void {
  if (config.server.internal_url && !config.server.internal_key) {
    throw new ConfigError(
      `${describeKey(["server", "internal_url"], sources)}: a replica reachable by others needs server.internal_key ` +
        `(CADUCEUS_INTERNAL_KEY), the same on every replica, to authenticate what they forward`,
    );
  }
  if (!isLoopbackHost(config.server.host) && !config.server.api_key) {
    throw new ConfigError(
      `${describeKey(["server", "host"], sources)}: refusing to listen on ${config.server.host} without an API key; ` +
        `set server.api_key (or CADUCEUS_API_KEY) or bind to 127.0.0.1`,
    );
  }
}
