/**
 * @module cli
 * The `caduceus` command line: what the arguments ask for (help, the version, or serving with a config file and
 * settings given as flags), and the usage text. It checks the arguments' shape and the port's range; every other
 * value is checked by the config schema, whose errors name the flag (config/schema.ts).
 */
import { parseArgs } from "node:util";
import { type FlagSetting } from "./config/load.js";
import { configSchema, portSchema } from "./config/schema.js";
import { parseKeysCommand, type KeysCommand } from "./keys-command.js";

export type CliCommand =
  | { kind: "help" }
  | { kind: "version" }
  /** Serve; `configPath` undefined leaves the choice of file to loadConfig (CADUCEUS_CONFIG, ./caduceus.yaml). */
  | { kind: "serve"; configPath: string | undefined; flags: FlagSetting[] }
  /** `caduceus keys …`: API keys on the configured database. */
  | Exclude<KeysCommand, { kind: "invalid" }>
  /** The arguments cannot be used; `message` is one line saying why. */
  | { kind: "invalid"; message: string };

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  config: { type: "string" },
  host: { type: "string" },
  port: { type: "string" },
  db: { type: "string" },
  demo: { type: "boolean" },
  "log-format": { type: "string" },
} as const;

type OptionName = keyof typeof OPTIONS;

/** The flags that set a config key, and the key each sets. */
const SETTING_FLAGS: Partial<Record<OptionName, string[]>> = {
  host: ["server", "host"],
  port: ["server", "port"],
  db: ["database", "path"],
  "log-format": ["logging", "format"],
};

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/** The usage text; the defaults it shows are the config schema's own. */
export function usageText(): string {
  const defaults = configSchema.parse({});
  return `Usage: caduceus [options]
       caduceus keys <create|list|revoke> [options]   (API keys; see caduceus keys --help)

Starts the Caduceus agent API server.

Options:
  --config <path>  YAML config file (default: $CADUCEUS_CONFIG, else ./caduceus.yaml if present)
  --host <host>    address to listen on: server.host, CADUCEUS_HOST (default: ${defaults.server.host})
  --port <n>       port to listen on, 0 for any free one: server.port, CADUCEUS_PORT (default: ${defaults.server.port})
  --db <path>      SQLite database file: database.path, CADUCEUS_DB (default: ${defaults.database.path})
  --demo           answer with the built-in demo model (scripted, not an LLM): model.provider demo,
                   CADUCEUS_MODEL_PROVIDER (also used when no model is configured at all)
  --log-format <f> json | pretty | auto: logging.format, CADUCEUS_LOG_FORMAT (default: ${defaults.logging.format};
                   readable lines on a terminal, JSON lines otherwise)
  -h, --help       print this help and exit
  -v, --version    print the version and exit

Flags win over environment variables, which win over the config file. A .env file in the working
directory is read at start; variables already set in the environment win over it.
See caduceus.example.yaml for every setting.
`;
}

/** What the arguments (without `node` and the script) ask for. The last of a repeated flag wins. */
export function parseCommandLine(argv: string[]): CliCommand {
  if (argv[0] === "keys") return parseKeysCommand(argv.slice(1));
  // Not strict: Node's own messages for unknown options are long; the tokens let each refusal be one plain line.
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<OptionName, string | true>();
  for (const token of tokens) {
    if (token.kind === "positional") return { kind: "invalid", message: `unexpected argument "${token.value}"` };
    if (token.kind === "option-terminator") return { kind: "invalid", message: `unexpected argument "--"` };
    if (!isOptionName(token.name)) return { kind: "invalid", message: `unknown option ${token.rawName}` };
    const option = OPTIONS[token.name];
    if (option.type === "boolean") {
      if (token.value !== undefined) return { kind: "invalid", message: `${token.rawName} takes no value` };
      values.set(token.name, true);
    } else {
      // `--port --db x` would take "--db" as the port; like strict parsing, a value that looks like a flag must be
      // given inline (`--db=-x`).
      const missing =
        token.value === undefined || token.value === "" || (!token.inlineValue && token.value.startsWith("-"));
      if (missing) return { kind: "invalid", message: `${token.rawName} needs a value` };
      values.set(token.name, token.value);
    }
  }
  if (values.has("help")) return { kind: "help" };
  if (values.has("version")) return { kind: "version" };

  const flags: FlagSetting[] = [];
  for (const [name, path] of Object.entries(SETTING_FLAGS) as Array<[OptionName, string[]]>) {
    const raw = values.get(name);
    if (typeof raw !== "string") continue;
    if (name === "port") {
      const port = /^\d+$/.test(raw) ? portSchema.safeParse(Number(raw)) : null;
      if (!port?.success) {
        const range = `${portSchema.minValue} to ${portSchema.maxValue}`;
        return { kind: "invalid", message: `--port must be a whole number from ${range}, not "${raw}"` };
      }
      flags.push({ path, flag: "--port", value: port.data });
    } else {
      flags.push({ path, flag: `--${name}`, value: raw });
    }
  }
  if (values.has("demo")) flags.push({ path: ["model", "provider"], flag: "--demo", value: "demo" });
  const configPath = values.get("config");
  return { kind: "serve", configPath: typeof configPath === "string" ? configPath : undefined, flags };
}
