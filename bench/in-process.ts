/**
 * @module in-process
 * A Caduceus in this process over a temporary SQLite file, with the model given, for the measurements that drive it
 * through `app.request` (bench/quality.bench.ts, scripts/eval-probes.ts): the app, a JSON call, and a close that
 * removes the file.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { openDatabase } from "../src/db/database.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import { createLogger } from "../src/logger.js";
import { tempDir } from "../tests/fixtures/test-app.js";

export type InProcess = {
  app: App;
  /** A request with a JSON body (when given), answered as parsed JSON. */
  call: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
};

export async function startInProcess(options: {
  name: string;
  model: Record<string, unknown>;
  overrides?: Record<string, unknown>;
}): Promise<InProcess> {
  const dir = tempDir(`caduceus-${options.name}-`);
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: options.model,
      ...options.overrides,
    },
  });
  const store = createSqliteStore(openDatabase(config.database.path));
  const app = createApp({ config, store, logger: createLogger(config) });
  await app.services.startup();
  return {
    app,
    call: async (method, path, body) => {
      const res = await app.request(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    close: async () => {
      await app.services.shutdown();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
