/**
 * @module logger
 * The server's pino logger: JSON lines (readable lines through pino-pretty on a terminal, or with `logging.format:
 * pretty`), with known secret fields
 * censored and secrets inside messages and errors masked before anything is written.
 */
import { pino, type Logger } from "pino";
import type { Config } from "./config/schema.js";
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

/** Whether lines are written for a person: asked for, or `auto` on a terminal. */
export function prettyLogs(logging: Config["logging"], stdoutIsTty = Boolean(process.stdout.isTTY)): boolean {
  return logging.pretty || logging.format === "pretty" || (logging.format === "auto" && stdoutIsTty);
}

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
  // A given destination is a reader of JSON lines (a test, a collector): it gets them even when pretty is set.
  if (destination) return pino(options, destination as never);
  // Redaction and the masking hook run here, before a line reaches the transport's worker, so pretty output is as
  // clean as JSON; pino-pretty colours it only on a terminal.
  if (prettyLogs(config.logging)) return pino({ ...options, transport: { target: "pino-pretty" } });
  return pino(options);
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
