/**
 * What `caduceus keys …` refuses before opening anything: a missing verb, name or scopes, a bad duration or limit,
 * an unknown option, a revoke without one id.
 */
import { describe, expect, it } from "vitest";
import { durationMs, parseKeysCommand } from "../../src/keys-command.js";

const refusal = (argv: string[]) => {
  const command = parseKeysCommand(argv);
  return command.kind === "invalid" ? command.message : null;
};

describe("caduceus keys refusals", () => {
  it("names what is missing or wrong, in one line", () => {
    expect(refusal([])).toBe("keys needs create, list or revoke");
    expect(refusal(["remove", "x"])).toBe('keys needs create, list or revoke, not "remove"');
    expect(refusal(["create", "--scopes", "mcp"])).toBe("keys create needs --name");
    expect(refusal(["create", "--name", "x"])).toBe("keys create needs --scopes (comma-separated)");
    expect(refusal(["create", "--name", "x", "--scopes", "mcp", "--expires", "0d"])).toContain("--expires");
    expect(refusal(["create", "--name", "x", "--scopes", "mcp", "--concurrent-runs", "-1"])).toContain(
      "--concurrent-runs",
    );
    expect(refusal(["create", "--name", "x", "--scopes", "mcp", "--tokens-per-day", "1.5"])).toContain(
      "--tokens-per-day must be a whole number above 0",
    );
    expect(refusal(["revoke"])).toBe("keys revoke needs one key id");
    expect(refusal(["revoke", "a", "b"])).toBe("keys revoke needs one key id");
    expect(refusal(["list", "extra"])).toBe('unexpected argument "extra"');
    expect(refusal(["list", "--colour"])).toMatch(/colour/);
    expect(durationMs("soon")).toBeNull();
    expect(durationMs("5y")).toBeNull();
  });
});
