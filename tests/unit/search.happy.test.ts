import { describe, expect, it } from "vitest";
import { toFtsQuery } from "../../src/db/repositories/transcript-search.js";

describe("toFtsQuery", () => {
  it("quotes every term so identifiers are searched as written", () => {
    expect(toFtsQuery("src/app.ts")).toBe('"src/app.ts"');
    expect(toFtsQuery('#1234 ENOSPC say "hi"')).toBe('"#1234" "ENOSPC" "say" """hi"""');
    expect(toFtsQuery("  ***  ")).toBeNull();
    expect(toFtsQuery("NEAR( a OR b )")).toBe('"NEAR(" "a" "OR" "b"');
  });
});
