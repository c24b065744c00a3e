/**
 * @module main
 * The process entry behind `caduceus`: reads the command line, `.env` and the configuration, opens the database,
 * builds the app, serves it, and shuts it down on SIGTERM/SIGINT. Help, the version and bad arguments are answered
 * before anything is opened.
 */
import { existsSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseCommandLine, usageText } from "./cli.js";
import { keysUsageText } from "./keys-command.js";
import { loadConfig } from "./config/load.js";
import { ConfigError, type Config } from "./config/schema.js";
import type { Store } from "./db/store.js";
import { DEMO_MODEL_WARNING } from "./domain/shared/configured-model.js";
import { redactSecrets } from "./kernel/redaction.js";
import { isLoopbackHost } from "./kernel/loopback.js";
import { VERSION } from "./version.js";

/** The exit code of a start refused for bad arguments or configuration (a supervisor should not retry it). */
const EXIT_USAGE = 2;
/** Read from the working directory, as other tools of the ecosystem do. */
const DOTENV_PATH = ".env";

/** How long a stopping server lets open responses finish writing their last frames. */
const RESPONSE_DRAIN_TIMEOUT_MS = 3_000;

/** Closes keep-alive connections as their last response ends; cuts what is still open at the deadline. */
async function drainResponses(server: HttpServer, responsesDone: Promise<void>): Promise<void> {
  const deadline = Date.now() + RESPONSE_DRAIN_TIMEOUT_MS;
  let done = false;
  void responsesDone.then(() => (done = true));
  while (!done && Date.now() < deadline) {
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  server.closeAllConnections();
}

/** Puts `.env`'s variables into the environment; Node leaves any variable that is already set as it is. */
function loadDotEnv(): void {
  if (!existsSync(DOTENV_PATH)) return;
  try {
    process.loadEnvFile(DOTENV_PATH);
  } catch (err) {
    throw new ConfigError(`${DOTENV_PATH}: cannot be read (${(err as Error).message})`);
  }
}

async function main(): Promise<void> {
  const command = parseCommandLine(process.argv.slice(2));
  switch (command.kind) {
    case "help":
      process.stdout.write(usageText());
      return;
    case "version":
      process.stdout.write(`${VERSION}\n`);
      return;
    case "keys-help":
      process.stdout.write(keysUsageText());
      return;
    case "invalid":
      process.stderr.write(`caduceus: ${command.message}\n\n${usageText()}`);
      process.exitCode = EXIT_USAGE;
      return;
  }
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig({ configPath: command.configPath, flags: command.flags });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`caduceus: ${err.message}\n`);
      process.exit(EXIT_USAGE);
    }
    throw err;
  }
  if (command.kind === "keys") {
    const { runKeysCommand } = await import("./keys-cli.js");
    process.exitCode = await runKeysCommand(
      config,
      command.action,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
    return;
  }
  // Loaded only to serve: with SQLite, the browser driver and the tokenizer they take seconds on a busy machine,
  // and help, the version and a refused start answer without them.
  const [{ createApp }, { openStore }, { createHttpServer }, { createLogger }, { startTracing }] = await Promise.all([
    import("./app.js"),
    import("./db/open-store.js"),
    import("./http/node-adapter.js"),
    import("./logger.js"),
    import("./telemetry/tracing.js"),
  ]);
  const logger = createLogger(config);
  // Before anything makes a span: the tracer provider is global, read when a span starts.
  const tracing = startTracing(config);
  if (tracing) logger.info({ service: config.telemetry.service_name }, "tracing: spans are exported over OTLP");
  let store: Store;
  try {
    store = await openStore(config.database);
  } catch (err) {
    const message = (err as Error).message;
    process.stderr.write(
      config.database.url
        ? `caduceus: database.url: cannot open the PostgreSQL database (${redactSecrets(message)}); ` +
            `check DATABASE_URL and that the server is up\n`
        : `caduceus: database.path ${config.database.path}: cannot open the database (${message}); ` +
            `point database.path (CADUCEUS_DB, --db) at a writable location\n`,
    );
    process.exit(EXIT_USAGE);
  }
  const app = createApp({ config, store, logger });
  try {
    await app.services.startup();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`caduceus: ${err.message}\n`);
      await store.close();
      process.exit(EXIT_USAGE);
    }
    throw err;
  }

  if (config.model.provider === "demo") logger.warn(DEMO_MODEL_WARNING);
  if (!config.server.api_key && isLoopbackHost(config.server.host)) {
    logger.warn("no API key set (server.api_key / CADUCEUS_API_KEY): any local process can use this server");
  }

  // Not node-server's serve(): its adapter answers odd Host values and malformed requests with an
  // empty 400, and ours answers them as problem+json (http/node-adapter.ts).
  const server = createHttpServer(app.fetch, { hostname: config.server.host, logger });
  // An address that cannot be had is the operator's to fix, like a bad setting: one line, exit 2, nothing left open.
  server.once("error", (err: NodeJS.ErrnoException) => {
    const where = `${config.server.host}:${config.server.port}`;
    const why =
      err.code === "EADDRINUSE"
        ? `${where} is already in use; stop what listens there or choose another port (--port, CADUCEUS_PORT)`
        : err.code === "EACCES"
          ? `${where} needs privileges this process lacks; choose a port above 1023 (--port, CADUCEUS_PORT)`
          : err.code === "EADDRNOTAVAIL"
            ? `${config.server.host} is not an address of this machine; set server.host (--host, CADUCEUS_HOST)`
            : `cannot listen on ${where}: ${err.message}`;
    process.stderr.write(`caduceus: server.port: ${why}\n`);
    void app.services
      .shutdown()
      .catch(() => undefined)
      .then(() => store.close())
      .finally(() => process.exit(EXIT_USAGE));
  });
  server.listen(config.server.port, config.server.host, () => {
    const info = server.address() as AddressInfo;
    // A machine-readable line so supervisors (and tests using port 0) learn the bound port.
    // Where a person opens it: a wildcard address is reached on loopback from this machine.
    const host = /^(0\.0\.0\.0|::)$/.test(info.address) ? "127.0.0.1" : info.address;
    const url = `http://${info.family === "IPv6" && host.includes(":") ? `[${host}]` : host}:${info.port}`;
    logger.info(
      { host: info.address, port: info.port, url, database: store.location },
      `listening on ${url} · inspector ${url}/ui/ · API reference ${url}/docs`,
    );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop accepting; open responses (run streams, waiting run requests) still get their ending.
    const responsesDone = new Promise<void>((resolve) => server.close(() => resolve()));
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    try {
      await app.services.shutdown();
    } catch (err) {
      logger.error({ err }, "error while shutting down");
    }
    await drainResponses(server, responsesDone);
    await store.close();
    await tracing?.shutdown().catch((err: unknown) => logger.warn({ err }, "could not flush the last spans"));
    logger.flush?.();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  process.stderr.write(`caduceus: failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
