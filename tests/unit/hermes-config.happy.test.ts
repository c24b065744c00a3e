import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { ConfigError } from "../../src/config/schema.js";
import { tempDir } from "../fixtures/test-app.js";

const dir = tempDir("caduceus-hermes-config-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function loadFile(name: string, yaml: string) {
  const path = join(dir, name);
  writeFileSync(path, yaml);
  return () => loadConfig({ configPath: path, env: {} });
}

/** A Hermes Agent config.yaml, as Hermes users have it, read for the keys the two servers share. */
describe("a Hermes config.yaml", () => {
  it("is read for the keys it shares: the API server block (with or without extra), model, turns, summary model", () => {
    const config = loadFile(
      "hermes.yaml",
      `model:
  default: anthropic/claude-sonnet-4
  provider: openrouter
platforms:
  api_server:
    enabled: true
    extra:
      host: 127.0.0.1
      port: 8650
      key: a-long-enough-api-server-key
      cors_origins: "https://webui.example, https://studio.example"
      model_name: hermes-agent
agent:
  max_turns: 90
compression:
  summary_model: google/gemini-2.5-flash
`,
    )();
    expect(config.server).toMatchObject({
      host: "127.0.0.1",
      port: 8650,
      api_key: "a-long-enough-api-server-key",
      cors_origins: ["https://webui.example", "https://studio.example"],
      model_name: "hermes-agent",
    });
    expect(config.model).toMatchObject({ name: "anthropic/claude-sonnet-4", base_url: "https://openrouter.ai/api/v1" });
    expect(config.agent.max_iterations).toBe(90);
    expect(config.auxiliary.compression.model).toBe("google/gemini-2.5-flash");
  });

  it("takes a custom provider's base_url, and the API server keys directly under platforms.api_server", () => {
    const config = loadFile(
      "custom.yaml",
      `model:
  default: kimi-k2.6
  provider: custom
  base_url: https://api.kimi.com/coding/v1
platforms:
  api_server:
    port: 8700
    tool_progress_events: false
`,
    )();
    expect(config.model).toMatchObject({ name: "kimi-k2.6", base_url: "https://api.kimi.com/coding/v1" });
    expect(config.server).toMatchObject({ port: 8700, tool_progress_events: false });
  });

  it("still fails on keys it does not share, naming them, and on a key set in both places", () => {
    expect(loadFile("toolsets.yaml", "model:\n  default: m\ntoolsets:\n  - hermes-cli\n")).toThrow(/toolsets/);
    expect(loadFile("telegram.yaml", "platforms:\n  telegram:\n    enabled: true\n")).toThrow(/platforms/);
    expect(loadFile("both.yaml", "agent:\n  max_turns: 5\n  max_iterations: 6\n")).toThrow(
      /agent\.max_iterations or its Hermes form agent\.max_turns/,
    );
    expect(loadFile("provider.yaml", "model:\n  default: m\n  provider: custom:doubao\n")).toThrow(ConfigError);
    expect(loadFile("provider.yaml", "model:\n  default: m\n  provider: custom:doubao\n")).toThrow(/model\.base_url/);
    // A bad value is named by the Hermes key it was written under.
    expect(loadFile("port.yaml", "platforms:\n  api_server:\n    extra:\n      port: seventy\n")).toThrow(
      /platforms\.api_server\.extra\.port \(server\.port\)/,
    );
  });
});
