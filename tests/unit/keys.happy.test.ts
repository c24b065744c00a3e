/**
 * The pure parts of API keys: a secret's shape and hash, what a call costs from the price table, whose resources a
 * caller sees and lists, a key's requests of the minute, and what `caduceus keys …` asks for.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { callerOfKey } from "../../src/domain/shared/owner-scope.js";
import { hashSecret, newKeySecret, secretMatches, startOf } from "../../src/domain/keys/key-secrets.js";
import { RequestRate } from "../../src/domain/keys/request-rate.js";
import { ownerFilter, ownOnly, SERVER_CALLER, visibleTo } from "../../src/domain/shared/owner-scope.js";
import { costOf } from "../../src/domain/usage/prices.js";
import { startOfUtcDay } from "../../src/domain/usage/usage-meter.js";
import { durationMs, parseKeysCommand } from "../../src/keys-command.js";
import { redactSecrets } from "../../src/kernel/redaction.js";
import type { ApiKeyRecord } from "../../src/db/records.js";

const record = (overrides: Partial<ApiKeyRecord>): ApiKeyRecord => ({
  id: "key_1",
  name: "k",
  owner: "alice",
  scopes: ["sessions:read"],
  secret_hash: "",
  start: "",
  limits: {},
  created_at: 0,
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
  created_by: null,
  ...overrides,
});

describe("key secrets", () => {
  it("are cad_ and 32 base64url characters, never the same twice, stored as their SHA-256", () => {
    const secrets = new Set(Array.from({ length: 200 }, newKeySecret));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) expect(secret).toMatch(/^cad_[A-Za-z0-9_-]{32}$/);
    const [secret] = secrets;
    expect(hashSecret(secret)).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(secretMatches(secret, hashSecret(secret))).toBe(true);
    expect(secretMatches(`${secret}x`, hashSecret(secret))).toBe(false);
    expect(startOf(secret)).toBe(secret.slice(0, 8));
    // The logs mask them like any other key.
    expect(redactSecrets(`Authorization uses ${secret} here`)).not.toContain(secret.slice(8));
  });
});

describe("prices", () => {
  const prices = {
    big: { input_per_million: 3, cached_input_per_million: 0.3, output_per_million: 15 },
    plain: { input_per_million: 1, output_per_million: 2 },
  };

  it("prices uncached input, cached input and output, cached input at the input price when none is given", () => {
    expect(costOf(prices, "big", { input: 1_000_000, cached_input: 400_000, output: 100_000 })).toBeCloseTo(
      0.6 * 3 + 0.4 * 0.3 + 0.1 * 15,
      12,
    );
    expect(costOf(prices, "plain", { input: 500_000, cached_input: 500_000, output: 0 })).toBeCloseTo(0.5, 12);
  });

  it("answers null, not 0, for a model without a price", () => {
    expect(costOf(prices, "unknown", { input: 10, cached_input: 0, output: 10 })).toBeNull();
    expect(costOf(prices, "toString", { input: 10, cached_input: 0, output: 10 })).toBeNull();
  });
});

describe("owners", () => {
  const alice = callerOfKey(record({ owner: "alice" }), { note: () => undefined });
  const admin = callerOfKey(record({ owner: "ops", scopes: ["admin"] }), { note: () => undefined });

  it("lets a caller see its own owner's, an admin everyone's", () => {
    expect(visibleTo(alice, "alice")).toBe(true);
    expect(visibleTo(alice, "bob")).toBe(false);
    expect(visibleTo(alice, null)).toBe(false);
    expect(visibleTo(admin, "bob")).toBe(true);
    expect(visibleTo(SERVER_CALLER, "bob")).toBe(true);
  });

  it("lists a caller's own; an admin every owner's or the one it names; conversations are always one's own", () => {
    expect(ownerFilter(alice)).toEqual({ owner: "alice" });
    expect(ownerFilter(alice, "alice")).toEqual({ owner: "alice" });
    expect(ownerFilter(admin)).toBeNull();
    expect(ownerFilter(admin, "bob")).toEqual({ owner: "bob" });
    expect(ownOnly(admin)).toEqual({ owner: "ops" });
    expect(ownOnly(SERVER_CALLER)).toEqual({ owner: null });
    expect(admin.admin && admin.scopes.has("admin")).toBe(true);
  });
});

describe("requests of the minute", () => {
  it("counts each key in a window of a minute from its first request", () => {
    const rate = new RequestRate();
    const t0 = 1_000_000;
    rate.take("a", 2, t0);
    rate.take("a", 2, t0 + 10);
    expect(() => rate.take("a", 2, t0 + 20_000)).toThrow(/retry in 40 s/);
    rate.take("b", 2, t0 + 20_000);
    rate.take("a", 2, t0 + 60_000);
  });

  it("resets a key's tokens at the start of the UTC day", () => {
    expect(startOfUtcDay(Date.parse("2026-12-01T23:59:59.999Z"))).toBe(Date.parse("2026-12-01T00:00:00.000Z"));
  });
});

describe("caduceus keys", () => {
  it("reads create, list and revoke with their options", () => {
    expect(
      parseKeysCommand([
        "create",
        "--name",
        "bot",
        "--scopes",
        "sessions:read, mcp",
        "--owner",
        "team",
        "--expires",
        "12h",
        "--requests-per-minute",
        "60",
        "--db",
        "x.db",
      ]),
    ).toEqual({
      kind: "keys",
      configPath: undefined,
      flags: [{ path: ["database", "path"], flag: "--db", value: "x.db" }],
      action: {
        verb: "create",
        name: "bot",
        scopes: ["sessions:read", "mcp"],
        owner: "team",
        expiresInMs: 12 * 3_600_000,
        limits: { requests_per_minute: 60 },
        json: false,
      },
    });
    expect(parseKeysCommand(["list", "--all", "--json"])).toMatchObject({
      action: { verb: "list", all: true, json: true },
    });
    expect(parseKeysCommand(["revoke", "key_1"])).toMatchObject({ action: { verb: "revoke", id: "key_1" } });
    expect(durationMs("30d")).toBe(30 * 86_400_000);
    expect(durationMs("2w")).toBe(14 * 86_400_000);
  });
});
