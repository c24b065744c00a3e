import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig } from "../../src/config.js";
import { contextLengthFor } from "../../src/domain/llm/context-windows.js";
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
    });
    expect(config.database.path).toBe("./data/caduceus.db");
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
    expect(config.browser).toMatchObject({ executable_path: "auto", cdp_url: null, headless: true, dialog_policy: "must_respond", dialog_timeout_s: 300, bridge: "auto", allow_file_urls: false });
    expect(config.prompt_caching.cache_ttl).toBe("5m");
    expect(config.logging).toEqual({ level: "info", pretty: false });
  });

  it("reads the Hermes-compatible aliases, the first set name winning, and ignores empty values", () => {
    const config = load({ API_SERVER_HOST: "0.0.0.0", API_SERVER_PORT: "9000", API_SERVER_KEY: "k1", CADUCEUS_PORT: "" });
    expect(config.server).toMatchObject({ host: "0.0.0.0", port: 9000, api_key: "k1" });
    expect(load({ CADUCEUS_PORT: "9100", API_SERVER_PORT: "9000" }).server.port).toBe(9100);
    expect(load({ CADUCEUS_CORS_ORIGINS: "https://a.example, https://b.example,," }).server.cors_origins).toEqual(["https://a.example", "https://b.example"]);
    expect(load({ OPENAI_BASE_URL: "http://127.0.0.1:1234/v1", OPENAI_API_KEY: "sk", CADUCEUS_MODEL: "m", CADUCEUS_CONTEXT_LENGTH: "32768" }).model).toMatchObject({
      base_url: "http://127.0.0.1:1234/v1",
      api_key: "sk",
      name: "m",
      context_length: 32768,
    });
  });

  it("names every bad key and the reason", () => {
    const attempt = (env: Record<string, string>, path: string | null = null) => {
      try {
        load(env, path);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    expect(attempt({ CADUCEUS_PORT: "80a" })).toContain("server.port");
    expect(attempt({ CADUCEUS_MAX_BODY_BYTES: "-1" })).toContain("server.max_body_bytes");
    expect(attempt({ CADUCEUS_DIALOG_POLICY: "sometimes" })).toContain("browser.dialog_policy");
    expect(attempt({ OPENAI_BASE_URL: "not a url" })).toContain("model.base_url");
    expect(attempt({ CADUCEUS_LOG_LEVEL: "loud" })).toContain("logging.level");

    const dir = tempDir();
    const file = join(dir, "c.yaml");
    writeFileSync(file, "compression:\n  threshold: 7\n  protect_last_n: 0\nprompt_caching:\n  cache_ttl: 2h\n");
    const message = attempt({}, file);
    for (const key of ["compression.threshold", "compression.protect_last_n", "prompt_caching.cache_ttl"]) expect(message).toContain(key);
    writeFileSync(file, "- just\n- a list\n");
    expect(attempt({}, file)).toContain("mapping");
    writeFileSync(file, "server: [unclosed\n");
    expect(attempt({}, file)).toContain("not valid YAML");
    expect(() => loadConfig({ env: { CADUCEUS_CONFIG: join(dir, "missing.yaml") } })).toThrow(/missing\.yaml does not exist/);
  });

  it("refuses a non-loopback host without a key and accepts it with one", () => {
    expect(() => load({ CADUCEUS_HOST: "0.0.0.0" })).toThrow(/server\.host.*api_key/);
    expect(() => load({ CADUCEUS_HOST: "192.168.1.5" })).toThrow(ConfigError);
    expect(load({ CADUCEUS_HOST: "0.0.0.0", CADUCEUS_API_KEY: "k" }).server.host).toBe("0.0.0.0");
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "128.0.0.1", "localhost.example", "::"]) expect(isLoopbackHost(host), host).toBe(false);
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
});
