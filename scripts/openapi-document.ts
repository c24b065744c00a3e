import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { openDatabase } from "../src/db/database.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import { createLogger } from "../src/logger.js";

/** The OpenAPI document exactly as GET /openapi.json serves it, built from an in-memory app. */
export async function fetchOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ env: {}, configPath: null, overrides: { logging: { level: "silent" } } });
  const store = createSqliteStore(openDatabase(":memory:"));
  try {
    const app = createApp({ config, store, logger: createLogger(config) });
    const res = await app.request("/openapi.json");
    if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as unknown;
  } finally {
    await store.close();
  }
}
