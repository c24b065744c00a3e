import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli.js";
import { loadConfig } from "../../src/config/load.js";
import { ConfigError } from "../../src/config/schema.js";
import { tempDir } from "../fixtures/test-app.js";

const dir = tempDir("caduceus-cli-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusal(argv: string[]): string {
  const command = parseCommandLine(argv);
  if (command.kind !== "invalid") throw new Error(`expected a refusal of ${argv.join(" ")}, got ${command.kind}`);
  return command.message;
}

function configError(load: () => unknown): string {
  try {
    load();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("command line: refusals", () => {
  it("refuses an unknown flag, naming it", () => {
    expect(refusal(["--bogus"])).toBe("unknown option --bogus");
    expect(refusal(["-x"])).toBe("unknown option -x");
    expect(refusal(["--port", "1", "--prot", "2"])).toBe("unknown option --prot");
  });

  it("refuses a port that is not a whole number from 0 to 65535", () => {
    for (const raw of ["abc", "99999", "65536", "-1", "8080.5", "1e3", " 80", "0x50"])
      expect(refusal([`--port=${raw}`]), raw).toBe(`--port must be a whole number from 0 to 65535, not "${raw}"`);
    expect(refusal(["--port", "abc"])).toContain('"abc"');
  });

  it("refuses a flag without its value, and a value for a flag that takes none", () => {
    expect(refusal(["--port"])).toBe("--port needs a value");
    expect(refusal(["--db="])).toBe("--db needs a value");
    // The next flag is not taken as the value.
    expect(refusal(["--config", "--port", "1"])).toBe("--config needs a value");
    expect(refusal(["--help=yes"])).toBe("--help takes no value");
  });

  it("refuses arguments that are not flags", () => {
    expect(refusal(["serve"])).toBe('unexpected argument "serve"');
    expect(refusal(["--", "--port"])).toBe('unexpected argument "--"');
  });

  it("refuses bad arguments even next to --help, so a typo is never silently ignored", () => {
    expect(refusal(["--help", "--bogus"])).toBe("unknown option --bogus");
  });
});

describe("configuration errors name where the value came from", () => {
  const file = join(dir, "bad.yaml");

  it("names the environment variable, the flag, or the YAML key", () => {
    expect(configError(() => loadConfig({ configPath: null, env: { CADUCEUS_PORT: "abc" } }))).toMatch(
      /^invalid configuration: CADUCEUS_PORT \(server\.port\): /,
    );
    expect(configError(() => loadConfig({ configPath: null, env: { API_SERVER_PORT: "70000" } }))).toContain(
      "API_SERVER_PORT (server.port)",
    );
    expect(configError(() => loadConfig({ configPath: null, env: { CADUCEUS_LOG_LEVEL: "loud" } }))).toContain(
      "CADUCEUS_LOG_LEVEL (logging.level)",
    );
    const longPath = "x".repeat(5_000);
    expect(
      configError(() =>
        loadConfig({
          configPath: null,
          env: {},
          flags: [{ path: ["database", "path"], flag: "--db", value: longPath }],
        }),
      ),
    ).toContain("--db (database.path)");

    writeFileSync(file, "server:\n  port: abc\n");
    const fromFile = configError(() => loadConfig({ configPath: file, env: {} }));
    expect(fromFile).toContain("server.port");
    expect(fromFile).not.toContain("CADUCEUS_PORT");
  });

  it("names the entry of a list an environment variable set", () => {
    expect(
      configError(() => loadConfig({ configPath: null, env: { CADUCEUS_CORS_ORIGINS: `a,${"x".repeat(3_000)}` } })),
    ).toContain("CADUCEUS_CORS_ORIGINS (server.cors_origins.1)");
  });

  it("names the flag that overrode a good value with a bad one, not the variable it overrode", () => {
    writeFileSync(file, "server:\n  port: 7000\n");
    const message = configError(() =>
      loadConfig({
        configPath: file,
        env: { CADUCEUS_HOST: "127.0.0.1" },
        flags: [{ path: ["server", "host"], flag: "--host", value: "0.0.0.0" }],
      }),
    );
    expect(message).toMatch(/^--host \(server\.host\): refusing to listen on 0\.0\.0\.0 without an API key/);
    expect(configError(() => loadConfig({ configPath: null, env: { CADUCEUS_HOST: "0.0.0.0" } }))).toMatch(
      /^CADUCEUS_HOST \(server\.host\): refusing/,
    );
  });
});
