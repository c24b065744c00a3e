import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { ConfigError } from "../../src/config/schema.js";
import { isLoopbackHost } from "../../src/kernel/loopback.js";
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
    for (const key of ["compression.threshold", "compression.protect_last_n", "prompt_caching.cache_ttl"])
      expect(message).toContain(key);
    writeFileSync(file, "- just\n- a list\n");
    expect(attempt({}, file)).toContain("mapping");
    writeFileSync(file, "server: [unclosed\n");
    expect(attempt({}, file)).toContain("not valid YAML");
    expect(() => loadConfig({ env: { CADUCEUS_CONFIG: join(dir, "missing.yaml") } })).toThrow(
      /missing\.yaml does not exist/,
    );
  });

  it("names the guard key at fault: a mode it does not have, a trusted origin that is none", () => {
    const fails = (guard: Record<string, unknown>) => () =>
      loadConfig({ env: {}, configPath: null, overrides: { agent: { guard } } });
    expect(fails({ mode: "sometimes" })).toThrow("agent.guard.mode");
    expect(fails({ trusted_origins: ["https://ok.example.com", "ftp://files.example.com"] })).toThrow(
      "agent.guard.trusted_origins.1: an origin (https://host[:port]), a host[:port], or *.host",
    );
    expect(
      loadConfig({ env: {}, configPath: null, overrides: { agent: { guard: { trusted_origins: ["*.example.com"] } } } })
        .agent.guard,
    ).toEqual({ mode: "ask", trusted_origins: ["*.example.com"] });
  });

  it("refuses a non-loopback host without a key and accepts it with one", () => {
    expect(() => load({ CADUCEUS_HOST: "0.0.0.0" })).toThrow(/server\.host.*api_key/);
    expect(() => load({ CADUCEUS_HOST: "192.168.1.5" })).toThrow(ConfigError);
    expect(load({ CADUCEUS_HOST: "0.0.0.0", CADUCEUS_API_KEY: "k" }).server.host).toBe("0.0.0.0");
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "128.0.0.1", "localhost.example", "::"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("names the MCP server key at fault: a bad name, both kinds at once, a key of the other kind, a non-HTTP URL", () => {
    const fails = (servers: Record<string, unknown>) => () =>
      loadConfig({ env: {}, configPath: null, overrides: { mcp: { servers } } });
    expect(fails({ "no spaces": { command: "x" } })).toThrow(
      "mcp.servers.no spaces: invalid key: a server name: 1 to 32 letters, digits, _ or -",
    );
    expect(fails({ ["x".repeat(33)]: { command: "x" } })).toThrow("invalid key");
    expect(fails({ both: { command: "x", url: "http://127.0.0.1/mcp" } })).toThrow(
      "mcp.servers.both: set either command (a stdio server) or url (a streamable HTTP server), not both",
    );
    expect(fails({ neither: {} })).toThrow("mcp.servers.neither: set either command");
    expect(fails({ mixed: { command: "x", headers: { A: "b" } } })).toThrow(
      "mcp.servers.mixed.headers: headers belongs to an HTTP server (url); this one has a command",
    );
    expect(fails({ mixed: { url: "http://127.0.0.1/mcp", env: { A: "b" } } })).toThrow(
      "mcp.servers.mixed.env: env belongs to a stdio server (command); this one has a url",
    );
    expect(fails({ local: { url: "file:///etc/passwd" } })).toThrow("mcp.servers.local.url: must be an http(s) URL");
    expect(fails({ typo: { command: "x", argz: [] } })).toThrow('mcp.servers.typo: Unrecognized key: "argz"');
    expect(fails({ slow: { command: "x", timeout_ms: 0 } })).toThrow("mcp.servers.slow.timeout_ms");
  });
});
