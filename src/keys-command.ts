/**
 * @module keys-command
 * `caduceus keys create|list|revoke`: what the arguments ask for, and the usage text. The command works on the
 * configured database (the config file, the environment, `--db`) without a running server.
 */
import { parseArgs } from "node:util";
import type { FlagSetting } from "./config/load.js";

export type KeysAction =
  | {
      verb: "create";
      name: string;
      scopes: string[];
      owner: string | null;
      /** How long from now it works, in ms; null: it never expires. */
      expiresInMs: number | null;
      limits: { requests_per_minute?: number; concurrent_runs?: number; tokens_per_day?: number };
      json: boolean;
    }
  | { verb: "list"; all: boolean; json: boolean }
  | { verb: "revoke"; id: string };

export type KeysCommand =
  | { kind: "keys"; configPath: string | undefined; flags: FlagSetting[]; action: KeysAction }
  | { kind: "keys-help" }
  | { kind: "invalid"; message: string };

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  config: { type: "string" },
  db: { type: "string" },
  name: { type: "string" },
  scopes: { type: "string" },
  owner: { type: "string" },
  expires: { type: "string" },
  "requests-per-minute": { type: "string" },
  "concurrent-runs": { type: "string" },
  "tokens-per-day": { type: "string" },
  all: { type: "boolean" },
  json: { type: "boolean" },
} as const;

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d`, `12h`, `45m`, `90s`, `2w` as milliseconds; null when it is none of those. */
export function durationMs(text: string): number | null {
  const match = /^(\d{1,6})([smhdw])$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * UNIT_MS[match[2]];
}

export function keysUsageText(): string {
  return `Usage: caduceus keys <create|list|revoke> [options]

Manages API keys on the configured database (the config file, the environment, --db); no server needs to run.

  caduceus keys create --name <name> --scopes <a,b> [--owner <owner>] [--expires <30d>]
                       [--requests-per-minute <n>] [--concurrent-runs <n>] [--tokens-per-day <n>] [--json]
      prints the new key once (it is stored as a hash only)
  caduceus keys list [--all] [--json]      the keys (never their secrets); --all: revoked ones too
  caduceus keys revoke <key id>            refused from its next request on, on every replica

Scopes: sessions:read, sessions:write, browser, browser:cdp, mcp, admin.
Options: --config <path>, --db <path> (as the server's), -h, --help.
`;
}

function positiveInt(flag: string, raw: string | undefined): number | undefined | string {
  if (raw === undefined) return undefined;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0
    ? Number(raw)
    : `${flag} must be a whole number above 0, not "${raw}"`;
}

/** What `caduceus keys …` asks for (argv without `keys`). */
export function parseKeysCommand(argv: string[]): KeysCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (err) {
    return { kind: "invalid", message: (err as Error).message.split("\n")[0] };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "keys-help" };
  const [verb, ...rest] = positionals;
  const flags: FlagSetting[] = values.db ? [{ path: ["database", "path"], flag: "--db", value: values.db }] : [];
  const base = { kind: "keys" as const, configPath: values.config, flags };
  if (verb === "list") {
    if (rest.length) return { kind: "invalid", message: `unexpected argument "${rest[0]}"` };
    return { ...base, action: { verb: "list", all: values.all ?? false, json: values.json ?? false } };
  }
  if (verb === "revoke") {
    if (rest.length !== 1) return { kind: "invalid", message: "keys revoke needs one key id" };
    return { ...base, action: { verb: "revoke", id: rest[0] } };
  }
  if (verb !== "create")
    return { kind: "invalid", message: `keys needs create, list or revoke${verb ? `, not "${verb}"` : ""}` };
  if (rest.length) return { kind: "invalid", message: `unexpected argument "${rest[0]}"` };
  if (!values.name) return { kind: "invalid", message: "keys create needs --name" };
  if (!values.scopes) return { kind: "invalid", message: "keys create needs --scopes (comma-separated)" };
  const expiresInMs = values.expires === undefined ? null : durationMs(values.expires);
  if (values.expires !== undefined && expiresInMs === null)
    return {
      kind: "invalid",
      message: `--expires must be a number and s, m, h, d or w (30d), not "${values.expires}"`,
    };
  const limits: Record<string, number> = {};
  for (const [flag, field] of [
    ["requests-per-minute", "requests_per_minute"],
    ["concurrent-runs", "concurrent_runs"],
    ["tokens-per-day", "tokens_per_day"],
  ] as const) {
    const value = positiveInt(`--${flag}`, values[flag]);
    if (typeof value === "string") return { kind: "invalid", message: value };
    if (value !== undefined) limits[field] = value;
  }
  return {
    ...base,
    action: {
      verb: "create",
      name: values.name,
      scopes: values.scopes
        .split(",")
        .map((scope) => scope.trim())
        .filter(Boolean),
      owner: values.owner ?? null,
      expiresInMs,
      limits,
      json: values.json ?? false,
    },
  };
}
