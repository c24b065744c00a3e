/**
 * @module side-by-side
 * What the agent and soak benchmarks both stand up: the fake model, Caduceus over real HTTP on 127.0.0.1 and the
 * thin proxy served the same way, in one process against that model — and takes down again.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config/load.js";
import { type Config } from "../src/config/schema.js";
import { openDatabase } from "../src/db/database.js";
import { createSqliteStore } from "../src/db/sqlite-store.js";
import type { ToolProvider } from "../src/domain/shared/tools.js";
import { createLogger } from "../src/logger.js";
import { FakeModelServer, type Responder } from "../tests/fixtures/fake-model.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { tempDir } from "../tests/fixtures/test-app.js";
import { createThinProxy, type ProxyTool, type ThinProxy } from "./thin-proxy.js";

const MODEL_NAME = "fake-model";
const MODEL_API_KEY = "bench";

export type SideBySide = {
  fake: FakeModelServer;
  config: Config;
  app: App;
  /** Caduceus's base URL. */
  baseUrl: string;
  proxy: ThinProxy;
  proxyBaseUrl: string;
  /** A JSON POST to any of them. */
  post: (url: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startSideBySide(options: {
  /** Names the temp folder both servers keep their SQLite files in. */
  name: string;
  answer: Responder;
  maxIterations: number;
  /** Extra tools Caduceus offers (the proxy gets the same as `proxyTools`). */
  toolProviders?: ToolProvider[];
  proxyTools?: ProxyTool[];
}): Promise<SideBySide> {
  const fake = await new FakeModelServer().start();
  fake.respondWith(options.answer);
  const dir = tempDir(`caduceus-bench-${options.name}-`);
  const config = loadConfig({
    env: {},
    configPath: null,
    overrides: {
      logging: { level: "silent" },
      database: { path: join(dir, "caduceus.db") },
      model: {
        name: MODEL_NAME,
        base_url: fake.baseUrl,
        api_key: MODEL_API_KEY,
        max_retries: 0,
        context_length: 1_000_000,
      },
      agent: { max_iterations: options.maxIterations },
    },
  });
  const store = createSqliteStore(openDatabase(config.database.path));
  const app = createApp({ config, store, logger: createLogger(config) });
  app.services.toolProviders.push(...(options.toolProviders ?? []));
  await app.services.startup();
  const server = await serveOnLoopback(app.fetch);
  const proxy = createThinProxy({
    dir,
    modelBaseUrl: fake.baseUrl,
    modelName: MODEL_NAME,
    apiKey: MODEL_API_KEY,
    tools: options.proxyTools ?? [],
    maxIterations: options.maxIterations,
  });
  const proxyServer = await serveOnLoopback(proxy.fetch);
  return {
    fake,
    config,
    app,
    baseUrl: server.baseUrl,
    proxy,
    proxyBaseUrl: proxyServer.baseUrl,
    post: (url, body, headers = {}) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    close: async () => {
      await server.close();
      await proxyServer.close();
      await app.services.shutdown();
      await store.close();
      proxy.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
