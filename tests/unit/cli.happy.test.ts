import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseCommandLine, usageText } from "../../src/cli.js";
import { loadConfig, type FlagSetting } from "../../src/config/load.js";
import { DEFAULT_OPENAI_MODEL } from "../../src/config/schema.js";
import { contextLengthFor } from "../../src/domain/shared/context-windows.js";
import { prettyLogs } from "../../src/logger.js";
import { tempDir } from "../fixtures/test-app.js";

const EXAMPLE = fileURLToPath(new URL("../../caduceus.example.yaml", import.meta.url));

const dir = tempDir("caduceus-cli-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function flagsOf(argv: string[]): FlagSetting[] {
  const command = parseCommandLine(argv);
  if (command.kind !== "serve") throw new Error(`expected serve, got ${JSON.stringify(command)}`);
  return command.flags;
}

/** Every dotted key path of a mapping, down to its leaves (lists are leaves). */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe("command line", () => {
  it("serves with no arguments, leaving the config file to CADUCEUS_CONFIG or ./caduceus.yaml", () => {
    expect(parseCommandLine([])).toEqual({ kind: "serve", configPath: undefined, flags: [] });
  });

  it("turns --host, --port and --db into the config keys they set, and takes --config as the file", () => {
    expect(
      parseCommandLine(["--config", "c.yaml", "--host", "localhost", "--port", "9001", "--db", "/tmp/x.db"]),
    ).toEqual({
      kind: "serve",
      configPath: "c.yaml",
      flags: [
        { path: ["server", "host"], flag: "--host", value: "localhost" },
        { path: ["server", "port"], flag: "--port", value: 9001 },
        { path: ["database", "path"], flag: "--db", value: "/tmp/x.db" },
      ],
    });
    expect(flagsOf(["--port=0"])).toEqual([{ path: ["server", "port"], flag: "--port", value: 0 }]);
    expect(flagsOf(["--port", "65535"])[0].value).toBe(65_535);
    // The last of a repeated flag wins, as in most commands.
    expect(flagsOf(["--port", "1", "--port", "2"])[0].value).toBe(2);
    expect(parseCommandLine(["--config=a.yaml", "--config", "b.yaml"])).toMatchObject({ configPath: "b.yaml" });
  });

  it("answers --help and --version, long or short, before anything else", () => {
    for (const argv of [["--help"], ["-h"], ["--port", "1", "-h"], ["-hv"]])
      expect(parseCommandLine(argv), argv.join(" ")).toEqual({ kind: "help" });
    for (const argv of [["--version"], ["-v"], ["--db", "x", "-v"]])
      expect(parseCommandLine(argv), argv.join(" ")).toEqual({ kind: "version" });
  });

  it("shows every flag in the usage text, with the schema's defaults", () => {
    const usage = usageText();
    for (const flag of [
      "--config <path>",
      "--host <host>",
      "--port <n>",
      "--db <path>",
      "--demo",
      "--log-format <f>",
      "-h, --help",
      "-v, --version",
    ])
      expect(usage).toContain(flag);
    for (const fact of ["127.0.0.1", "8642", "./data/caduceus.db", ".env", "caduceus.example.yaml"])
      expect(usage).toContain(fact);
    expect(usage.startsWith("Usage: caduceus [options]\n")).toBe(true);
  });
});

describe("the demo and log-format flags", () => {
  it("set model.provider and logging.format, over the environment, and a bad format names the flag", () => {
    const load = (env: Record<string, string>, argv: string[]) =>
      loadConfig({ configPath: null, env, flags: flagsOf(argv) });
    const demo = load({ OPENAI_API_KEY: "sk-test", CADUCEUS_LOG_FORMAT: "json" }, ["--demo", "--log-format", "pretty"]);
    expect(demo.model).toMatchObject({ provider: "demo", name: "caduceus-demo", api_key: null });
    expect(demo.logging.format).toBe("pretty");
    expect(load({ CADUCEUS_LOG_FORMAT: "json" }, []).logging.format).toBe("json");
    expect(() => load({}, ["--log-format", "xml"])).toThrow(/--log-format \(logging\.format\)/);
    expect(parseCommandLine(["--demo=yes"])).toEqual({ kind: "invalid", message: "--demo takes no value" });
  });

  it("writes readable lines on a terminal only, unless a format is asked for", () => {
    const logging = (format: "auto" | "json" | "pretty", pretty = false) => ({
      level: "info" as const,
      format,
      pretty,
    });
    expect(prettyLogs(logging("auto"), true)).toBe(true);
    expect(prettyLogs(logging("auto"), false)).toBe(false);
    expect(prettyLogs(logging("json"), true)).toBe(false);
    expect(prettyLogs(logging("pretty"), false)).toBe(true);
    expect(prettyLogs(logging("json", true), false)).toBe(true);
  });
});

describe("configuration precedence", () => {
  const file = join(dir, "precedence.yaml");
  writeFileSync(file, "server:\n  host: localhost\n  port: 7000\ndatabase:\n  path: ./from-yaml.db\n");
  const load = (env: Record<string, string>, argv: string[] = []) =>
    loadConfig({ configPath: file, env, flags: flagsOf(argv) });

  it("takes a flag over the environment, and the environment over the file", () => {
    expect(load({}).server).toMatchObject({ host: "localhost", port: 7000 });
    expect(load({ CADUCEUS_PORT: "7100" }).server.port).toBe(7100);
    expect(load({ CADUCEUS_PORT: "7100" }, ["--port", "7200"]).server.port).toBe(7200);
    expect(load({}, ["--port", "7200"]).server.port).toBe(7200);

    expect(load({}).database.path).toBe("./from-yaml.db");
    expect(load({ CADUCEUS_DB: "/env.db" }).database.path).toBe("/env.db");
    expect(load({ CADUCEUS_DB: "/env.db" }, ["--db", "/flag.db"]).database.path).toBe("/flag.db");

    expect(load({ CADUCEUS_HOST: "127.0.0.2" }).server.host).toBe("127.0.0.2");
    expect(load({ CADUCEUS_HOST: "127.0.0.2" }, ["--host", "::1"]).server.host).toBe("::1");
    // What no flag names keeps its own source.
    expect(load({ CADUCEUS_PORT: "7100" }, ["--db", "/flag.db"]).server).toMatchObject({
      host: "localhost",
      port: 7100,
    });
  });

  it("lets --host leave loopback when an API key is set", () => {
    expect(load({ CADUCEUS_API_KEY: "k" }, ["--host", "0.0.0.0"]).server.host).toBe("0.0.0.0");
  });
});

describe("the default model", () => {
  const load = (env: Record<string, string>) => loadConfig({ configPath: null, env }).model;

  it("is used on the OpenAI API when only OPENAI_API_KEY is set, and its window is known", () => {
    expect(DEFAULT_OPENAI_MODEL).toBe("gpt-4o-mini");
    expect(load({ OPENAI_API_KEY: "sk-test" })).toMatchObject({ name: "gpt-4o-mini", base_url: null });
    expect(load({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "https://api.openai.com/v1" }).name).toBe("gpt-4o-mini");
    expect(contextLengthFor(DEFAULT_OPENAI_MODEL, null)).toBe(128_000);
  });

  it("gives way to a model name, and is not guessed for another server or without a key", () => {
    expect(load({ OPENAI_API_KEY: "sk-test", CADUCEUS_MODEL: "gpt-4.1" }).name).toBe("gpt-4.1");
    expect(load({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }).name).toBeNull();
    expect(load({ OPENAI_BASE_URL: "https://api.openai.com/v1" }).name).toBeNull();
    expect(load({ CADUCEUS_MODEL_PROVIDER: "openai" }).name).toBeNull();
    // Nothing at all: the built-in demo model answers, under its own name.
    expect(load({}).name).toBe("caduceus-demo");
  });
});

describe("caduceus.example.yaml", () => {
  it("is a valid configuration that sets every key to its default", () => {
    const defaults = loadConfig({ configPath: null, env: {} });
    expect(loadConfig({ configPath: EXAMPLE, env: {} })).toEqual(defaults);
  });

  it("names every key of the schema", () => {
    const example = parseYaml(readFileSync(EXAMPLE, "utf8")) as unknown;
    const defaults = loadConfig({ configPath: null, env: {} });
    expect(keyPaths(example).sort()).toEqual(keyPaths(defaults).sort());
  });

  it("shows the OpenAI, local-server and OpenRouter set-ups", () => {
    const text = readFileSync(EXAMPLE, "utf8");
    for (const snippet of [
      "gpt-4o-mini",
      "http://127.0.0.1:8000/v1 # vLLM",
      "http://127.0.0.1:8080/v1 # llama.cpp",
      "http://127.0.0.1:11434/v1 # Ollama",
      "http://127.0.0.1:1234/v1 # LM Studio",
      "https://openrouter.ai/api/v1",
    ])
      expect(text).toContain(snippet);
  });
});
