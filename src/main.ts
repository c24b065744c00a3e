import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { isLoopbackHost } from "./kernel/loopback.js";
import { openDatabase, type DatabaseHandle } from "./db/database.js";
import { createStore } from "./db/store.js";
import { createHttpServer } from "./http/node-adapter.js";
import { createLogger } from "./logger.js";

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

function configPathFromArgs(argv: string[]): string | null {
  const index = argv.indexOf("--config");
  if (index >= 0) {
    const path = argv[index + 1];
    if (!path) throw new ConfigError("--config needs a path");
    return path;
  }
  const inline = argv.find((arg) => arg.startsWith("--config="));
  return inline ? inline.slice("--config=".length) : null;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig({ configPath: configPathFromArgs(process.argv.slice(2)) ?? undefined });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`caduceus: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config);
  let database: DatabaseHandle;
  try {
    database = openDatabase(config.database.path);
  } catch (err) {
    process.stderr.write(
      `caduceus: database.path ${config.database.path}: cannot open the database (${(err as Error).message}); ` +
        `point database.path (CADUCEUS_DB) at a writable location\n`,
    );
    process.exit(2);
  }
  const store = createStore(database);
  const app = createApp({ config, store, logger });
  try {
    await app.services.startup();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`caduceus: ${err.message}\n`);
      database.close();
      process.exit(2);
    }
    throw err;
  }

  if (!config.server.api_key && isLoopbackHost(config.server.host)) {
    logger.warn("no API key set (server.api_key / CADUCEUS_API_KEY): any local process can use this server");
  }

  // Not node-server's serve(): its adapter answers odd Host values and malformed requests with an
  // empty 400, and ours answers them as problem+json (http/node-adapter.ts).
  const server = createHttpServer(app.fetch, { hostname: config.server.host, logger });
  server.listen(config.server.port, config.server.host, () => {
    const info = server.address() as AddressInfo;
    // A machine-readable line so supervisors (and tests using port 0) learn the bound port.
    logger.info({ host: info.address, port: info.port, database: database.path }, "listening");
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
    database.close();
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
