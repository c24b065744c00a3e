import { pino, type Logger } from "pino";
import type { Config } from "./config.js";

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
  };
  if (config.logging.pretty && !destination) {
    // pino-pretty is optional: pretty output is a convenience for a developer's terminal.
    return pino({ ...options, transport: { target: "pino-pretty" } });
  }
  return destination ? pino(options, destination as never) : pino(options);
}
