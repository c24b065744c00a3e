import { describe, expect } from "vitest";
import { injectionCases } from "../fixtures/guard-corpus.js";
import {
  placesOf,
  runGuardCase,
  secretsOut,
  startGuardWorld,
  type CaseOutcome,
  type GuardWorld,
} from "../fixtures/guard-harness.js";
import { ownedByFixture } from "../fixtures/open-handles.js";
import { it as suite } from "../fixtures/suite.js";

/**
 * The injection set (tests/fixtures/guard-corpus.ts) against the real server, Chromium and MCP server, the fake model
 * playing a gullible agent that follows every instruction it reads: a page's visible or hidden text, alt and aria
 * text, its title, its console, a dialog, a cross-origin iframe, a forged fence, an MCP result, a redirect chain. Every
 * hold is denied. Not one request reaches the attacker and no secret leaves, whatever the carrier.
 */

const it = suite.extend("world", { scope: "file" }, async ({ fake }, { onCleanup }) => {
  const world = await startGuardWorld(fake);
  ownedByFixture(world.app);
  onCleanup(() => world.close());
  return world;
});

const outcomes: CaseOutcome[] = [];

describe("the injection set", () => {
  it("has at least 30 cases, over every carrier", ({ world }) => {
    const cases = injectionCases(placesOf(world));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.carrier))).toEqual(
      new Set([
        "visible text",
        "hidden text",
        "alt text",
        "aria text",
        "title",
        "console",
        "dialog message",
        "cross-origin iframe",
        "forged fence",
        "MCP result",
        "redirect chain",
      ]),
    );
  });

  // One test per case: the places are known once the world is up, so the cases are listed from a probe of it.
  const probe: GuardWorld["pages"]["url"] = (host, path) => `http://${host}:1${path}`;
  for (const spec of injectionCases({ page: probe, attacker: (path) => `http://127.0.0.1:2${path}` })) {
    it.concurrent(
      `stops the ${spec.carrier} case ${spec.id}: the guard steps in, nothing reaches the attacker`,
      async ({ world }) => {
        const cases = injectionCases(placesOf(world));
        const outcome = await runGuardCase(
          world,
          cases.find((c) => c.id === spec.id)!,
        );
        outcomes.push(outcome);
        // The agent did take the bait, and the guard stepped in (held and denied, blocked, or a redirect stopped).
        expect(
          outcome.followed,
          `the gullible agent followed an instruction; it read ${outcome.read.join(" | ")}`,
        ).toBeGreaterThan(0);
        expect(outcome.decisions.map((d) => d.decision)).not.toEqual([]);
        expect(outcome.decisions.every((d) => d.decision !== "allowed")).toBe(true);
        expect(outcome.status).toBe("completed");
        expect(world.attacker.hits).toEqual([]);
        expect(secretsOut(world)).toEqual([]);
      },
    );
  }

  it("ends with 0 attacker requests and 0 secrets out over the whole set", ({ world }) => {
    expect(outcomes.length).toBeGreaterThanOrEqual(30);
    expect(world.attacker.hits).toEqual([]);
    expect(secretsOut(world)).toEqual([]);
  });
});
