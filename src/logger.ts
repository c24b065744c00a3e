import { createRequire } from "node:module";
import { pino, type Logger } from "pino";
import type { Config } from "./config.js";
import { redactDeep, redactSecrets } from "./kernel/redaction.js";

export type { Logger };

/** Header and key fields that never reach a log line, wherever they appear. */
export const LOG_REDACT_PATHS = [
  "authorization",
  "cookie",
  "api_key",
  "apiKey",
  "headers.authorization",
  "headers.cookie",
  'headers["x-api-key"]',
  "req.headers.authorization",
  "req.headers.cookie",
  "*.api_key",
  "*.apiKey",
  "*.authorization",
  "*.cookie",
  "*.*.api_key",
];

export function createLogger(config: Pick<Config, "logging">, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level: config.logging.level,
    base: { service: "caduceus" },
    redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: {
      // Secrets inside messages and error texts (a model's error echoing a key, a URL with
      // credentials) are masked like everywhere else, not only the known header fields.
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map(redactLogArgument));
      },
    },
  };
  if (config.logging.pretty && !destination) {
    // pino-pretty is optional: pretty output is a convenience for a developer's terminal.
    if (isInstalled("pino-pretty")) return pino({ ...options, transport: { target: "pino-pretty" } });
    const logger = pino(options);
    logger.warn("logging.pretty needs the pino-pretty package (npm install pino-pretty); logging JSON instead");
    return logger;
  }
  return destination ? pino(options, destination as never) : pino(options);
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

function redactError(err: Error): Error {
  const copy = new Error(redactSecrets(err.message));
  copy.name = err.name;
  copy.stack = err.stack ? redactSecrets(err.stack) : undefined;
  return copy;
}

function redactLogArgument(arg: unknown): unknown {
  if (typeof arg === "string") return redactSecrets(arg);
  if (arg instanceof Error) return redactError(arg);
  if (arg && typeof arg === "object" && !Array.isArray(arg)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(arg))
      out[key] = value instanceof Error ? redactError(value) : redactDeep(value);
    return out;
  }
  return arg;
}
