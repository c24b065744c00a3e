import { describe, expect, it } from "vitest";
import {
  isAutoBlocked,
  readEngineState,
  recordCompression,
  recordRealPromptCount,
  recordSummaryFailure,
  recordSummarySuccess,
} from "../../src/domain/context/engine-state.js";
import { toFtsQuery } from "../../src/db/repositories/transcript-search.js";

const S = 1000;

describe("anti-thrashing", () => {
  it("blocks automatic compression for 300 s after two strikes, then allows one more attempt", () => {
    let state = recordCompression(readEngineState({}), false, 0);
    state = recordRealPromptCount(state, 9_000, 8_000, 1 * S);
    expect(state.strikes).toBe(1);
    expect(isAutoBlocked(state, 1 * S)).toBe(false);
    state = recordCompression(state, false, 2 * S);
    state = recordRealPromptCount(state, 9_000, 8_000, 3 * S);
    expect(isAutoBlocked(state, 3 * S)).toBe(true);
    expect(isAutoBlocked(state, 3 * S + 299 * S)).toBe(true);
    expect(isAutoBlocked(state, 3 * S + 300 * S)).toBe(false);
    // the one attempt after the block strikes again: blocked again straight away
    state = recordCompression(state, false, 400 * S);
    state = recordRealPromptCount(state, 9_000, 8_000, 401 * S);
    expect(isAutoBlocked(state, 401 * S)).toBe(true);
  });

  it("a compression that brings the count under the threshold clears the strikes; only the first count after it counts", () => {
    let state = recordCompression(readEngineState({ strikes: 1 }), false, 0);
    state = recordRealPromptCount(state, 100, 8_000, 1);
    expect(state.strikes).toBe(0);
    state = recordRealPromptCount(state, 9_000, 8_000, 2);
    expect(state.strikes).toBe(0);
  });

  it("two fallback summaries in a row block automatic compression", () => {
    let state = recordCompression(readEngineState({}), true, 0);
    expect(isAutoBlocked(state, 0)).toBe(false);
    state = recordCompression(state, true, 10 * S);
    expect(isAutoBlocked(state, 10 * S)).toBe(true);
    expect(state.auto_blocked_until).toBe(310 * S);
  });

  it("cools the summary model down 60/300/900 s on repeated timeouts and 30 s on malformed output", () => {
    let state = readEngineState({});
    state = recordSummaryFailure(state, "timeout", "t", 0);
    expect(state.summary_cooldown_until).toBe(60 * S);
    state = recordSummaryFailure(state, "timeout", "t", 0);
    expect(state.summary_cooldown_until).toBe(300 * S);
    state = recordSummaryFailure(state, "timeout", "t", 0);
    state = recordSummaryFailure(state, "timeout", "t", 0);
    expect(state.summary_cooldown_until).toBe(900 * S);
    state = recordSummarySuccess(state);
    expect(state.timeout_streak).toBe(0);
    expect(recordSummaryFailure(state, "malformed", "m", 5 * S).summary_cooldown_until).toBe(35 * S);
  });

  it("survives a JSON round trip (it lives in sessions.engine_state_json)", () => {
    const state = recordSummaryFailure(recordCompression(readEngineState({}), true, 7), "timeout", "slow", 9);
    expect(readEngineState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

describe("toFtsQuery", () => {
  it("quotes every term so identifiers are searched as written", () => {
    expect(toFtsQuery("src/app.ts")).toBe('"src/app.ts"');
    expect(toFtsQuery('#1234 ENOSPC say "hi"')).toBe('"#1234" "ENOSPC" "say" """hi"""');
    expect(toFtsQuery("  ***  ")).toBeNull();
    expect(toFtsQuery("NEAR( a OR b )")).toBe('"NEAR(" "a" "OR" "b"');
  });
});
