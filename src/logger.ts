import { createRequire } from "node:module";
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
