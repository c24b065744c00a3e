import { rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { replicaIdOf } from "../../src/config/schema.js";
import { contextLengthFor } from "../../src/domain/shared/context-windows.js";
import { tempDir as makeTempDir } from "../fixtures/test-app.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Reads only the given file (or none), never a caduceus.yaml that happens to be in the working directory. */
const load = (env: Record<string, string>, configPath: string | null = null) => loadConfig({ env, configPath });

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = load({});
    expect(config.server).toEqual({
      host: "127.0.0.1",
      port: 8642,
      api_key: null,
      cors_origins: [],
      max_body_bytes: 10 * 1024 * 1024,
      max_concurrent_runs: 10,
      tool_progress_events: true,
      model_name: null,
      // One replica per machine by default: named after the host (replicaIdOf).
      replica_id: null,
      internal_url: null,
      internal_key: null,
      lease_ttl_ms: 15_000,
      public_url: null,
    });
    expect(config.jobs).toEqual({ min_interval_s: 60, poll_interval_ms: 1_000, enabled: true });
    expect(config.webhooks).toEqual({
      allow_private: false,
      timeout_s: 10,
      retry_schedule_s: [5, 300, 1_800, 7_200, 18_000, 36_000],
    });
    expect(config.database).toEqual({ path: "./data/caduceus.db", url: null });
    expect(replicaIdOf(config)).toBe(
      hostname()
        .replace(/[^A-Za-z0-9._:-]/g, "-")
        .slice(0, 64) || "caduceus",
    );
    expect(config.compression).toEqual({
      enabled: true,
      threshold: 0.5,
      target_ratio: 0.2,
      tail_mode: "lean",
      protect_first_n: 3,
      protect_last_n: 20,
      hygiene_threshold: 0.85,
      threshold_tokens_cap: null,
    });
    expect(config.context).toEqual({ engine: "compressor", plugins_dir: "./plugins/context_engine" });
    expect(config.browser).toMatchObject({
      executable_path: "auto",
      cdp_url: null,
      headless: true,
      dialog_policy: "must_respond",
      dialog_timeout_s: 300,
      bridge: "auto",
      allow_file_urls: false,
    });
    expect(config.prompt_caching.cache_ttl).toBe("5m");
    expect(config.logging).toEqual({ level: "info", format: "auto", pretty: false });
    expect(config.agent.guard).toEqual({ mode: "ask", trusted_origins: [] });
  });

  it("reads the Hermes-compatible aliases, the first set name winning, and ignores empty values", () => {
    const config = load({
      API_SERVER_HOST: "0.0.0.0",
      API_SERVER_PORT: "9000",
      API_SERVER_KEY: "k1",
      CADUCEUS_PORT: "",
    });
    expect(config.server).toMatchObject({ host: "0.0.0.0", port: 9000, api_key: "k1" });
    expect(load({ CADUCEUS_PORT: "9100", API_SERVER_PORT: "9000" }).server.port).toBe(9100);
    const hermes = load({
      API_SERVER_CORS_ORIGINS: "https://webui.example",
      API_SERVER_MODEL_NAME: "hermes-agent",
      BROWSER_CDP_URL: "http://127.0.0.1:9222",
    });
    expect(hermes.server).toMatchObject({ cors_origins: ["https://webui.example"], model_name: "hermes-agent" });
    expect(hermes.browser.cdp_url).toBe("http://127.0.0.1:9222");
    expect(load({ CADUCEUS_CORS_ORIGINS: "https://a.example, https://b.example,," }).server.cors_origins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
    expect(
      load({
        OPENAI_BASE_URL: "http://127.0.0.1:1234/v1",
        OPENAI_API_KEY: "sk",
        CADUCEUS_MODEL: "m",
        CADUCEUS_CONTEXT_LENGTH: "32768",
      }).model,
    ).toMatchObject({
      base_url: "http://127.0.0.1:1234/v1",
      api_key: "sk",
      name: "m",
      context_length: 32768,
    });
  });

  it("reads ./caduceus.yaml when present unless told to read no file", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "caduceus.yaml"), "server:\n  port: 7100\n");
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(loadConfig({ env: {} }).server.port).toBe(7100);
      expect(loadConfig({ env: {}, configPath: null }).server.port).toBe(8642);
    } finally {
      process.chdir(cwd);
    }
  });

  it("lets the environment win over the YAML file", () => {
    const dir = tempDir();
    const file = join(dir, "c.yaml");
    writeFileSync(file, "server:\n  port: 7000\n  api_key: from-file\ncompression:\n  protect_first_n: 5\n");
    const config = load({ CADUCEUS_API_KEY: "from-env" }, file);
    expect(config.server).toMatchObject({ port: 7000, api_key: "from-env" });
    expect(config.compression.protect_first_n).toBe(5);
  });

  it("knows the context windows of common models", () => {
    expect(contextLengthFor("gpt-4o", null)).toBe(128_000);
    expect(contextLengthFor("claude-sonnet-4", null)).toBe(200_000);
    expect(contextLengthFor("some-local-model", null)).toBe(128_000);
    expect(contextLengthFor(null, null)).toBe(128_000);
    expect(contextLengthFor("gpt-4o", 32_000)).toBe(32_000);
  });

  it("reads MCP servers as stdio commands or streamable HTTP endpoints, with their defaults", () => {
    const config = loadConfig({
      env: {},
      configPath: null,
      overrides: {
        mcp: {
          servers: {
            files: { command: "npx", args: ["-y", "server-filesystem"], env: { ROOT: "/srv" } },
            search: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" }, timeout_ms: 5000 },
          },
        },
      },
    });
    expect(config.mcp.servers).toEqual({
      files: {
        transport: "stdio",
        command: "npx",
        args: ["-y", "server-filesystem"],
        env: { ROOT: "/srv" },
        cwd: null,
        timeout_ms: 60_000,
        start_timeout_ms: 30_000,
        enabled_by_default: true,
      },
      search: {
        transport: "http",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: "Bearer x" },
        timeout_ms: 5000,
        start_timeout_ms: 30_000,
        enabled_by_default: true,
      },
    });
    expect(load({}).mcp).toEqual({ servers: {} });
  });

  it("accepts examples/mcp.yaml", () => {
    const config = load({}, fileURLToPath(new URL("../../examples/mcp.yaml", import.meta.url)));
    expect(Object.keys(config.mcp.servers)).toEqual(["filesystem", "github", "search"]);
    expect(config.mcp.servers.search.transport).toBe("http");
  });
});
