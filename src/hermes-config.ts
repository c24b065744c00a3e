/**
 * @module hermes-config
 * The keys a Hermes Agent `config.yaml` shares with this server, read in their Hermes places: a Hermes user points
 * the server at the file they have. Each is moved to its own key before validation (and named by its Hermes path in
 * errors); every other unknown key still fails, naming it.
 */

import { deletePath, getPath, setPath } from "./kernel/object-paths.js";

type Mapping = { from: string[]; to: string[]; convert?: (value: unknown) => unknown };

/** `cors_origins` may be a YAML list or Hermes's comma-separated string. */
function originList(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** Providers whose OpenAI-compatible base URL is known; any other is the operator's to set in model.base_url. */
const PROVIDER_BASE_URLS: Record<string, string | null> = {
  openai: null,
  openrouter: "https://openrouter.ai/api/v1",
};

/** `model.provider` values of this server's own schema, kept as they are. */
const OWN_PROVIDERS = new Set(["auto", "openai", "demo"]);

/** The API server's settings, which Hermes reads from `platforms.api_server` or its `extra` block. */
const API_SERVER_KEYS: Array<[string, string[], Mapping["convert"]?]> = [
  ["host", ["server", "host"]],
  ["port", ["server", "port"]],
  ["key", ["server", "api_key"]],
  ["api_key", ["server", "api_key"]],
  ["cors_origins", ["server", "cors_origins"], originList],
  ["model_name", ["server", "model_name"]],
  ["tool_progress_events", ["server", "tool_progress_events"]],
];

const MAPPINGS: Mapping[] = [
  ...API_SERVER_KEYS.flatMap(([key, to, convert]) => [
    { from: ["platforms", "api_server", key], to, convert },
    { from: ["platforms", "api_server", "extra", key], to, convert },
  ]),
  { from: ["model", "default"], to: ["model", "name"] },
  { from: ["agent", "max_turns"], to: ["agent", "max_iterations"] },
  { from: ["compression", "summary_model"], to: ["auxiliary", "compression", "model"] },
];

/** Hermes keys that say nothing this server needs: read and dropped (this server is always the API server). */
const IGNORED: string[][] = [["platforms", "api_server", "enabled"]];

export class HermesConfigError extends Error {}

/**
 * Moves the Hermes keys of `values` (a parsed YAML file, changed in place) to this server's keys; answers where each
 * moved value came from (`ours dotted key → Hermes dotted key`), for error messages. A key set in both places, or a
 * provider whose base URL is not known, is an error naming the keys.
 */
export function readHermesKeys(values: Record<string, unknown>): Map<string, string> {
  const sources = new Map<string, string>();
  for (const { from, to, convert } of MAPPINGS) {
    const value = getPath(values, from);
    if (value === undefined) continue;
    if (getPath(values, to) !== undefined) {
      throw new HermesConfigError(`set ${to.join(".")} or its Hermes form ${from.join(".")}, not both`);
    }
    deletePath(values, from);
    setPath(values, to, convert ? convert(value) : value);
    sources.set(to.join("."), from.join("."));
  }
  for (const path of IGNORED) deletePath(values, path);
  const provider = getPath(values, ["model", "provider"]);
  // This server's own values (auto, openai, demo) stay for the schema; a Hermes provider name means an endpoint.
  if (typeof provider === "string" && OWN_PROVIDERS.has(provider.toLowerCase())) {
    setPath(values, ["model", "provider"], provider.toLowerCase());
  } else if (provider !== undefined) {
    setPath(values, ["model", "provider"], "openai");
    const name = typeof provider === "string" ? provider.toLowerCase() : "";
    if (!Object.hasOwn(PROVIDER_BASE_URLS, name)) {
      if (getPath(values, ["model", "base_url"]) === undefined) {
        throw new HermesConfigError(
          `model.provider: ${JSON.stringify(provider)} has no known OpenAI-compatible endpoint here; set model.base_url ` +
            `(known providers: ${Object.keys(PROVIDER_BASE_URLS).join(", ")})`,
        );
      }
    } else if (getPath(values, ["model", "base_url"]) === undefined && PROVIDER_BASE_URLS[name] !== null) {
      setPath(values, ["model", "base_url"], PROVIDER_BASE_URLS[name]);
      sources.set("model.base_url", "model.provider");
    }
  }
  return sources;
}
