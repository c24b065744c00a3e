import { describe, expect, it } from "vitest";
import { toFtsQuery } from "../../src/db/repositories/transcript-search.js";
import { jsonAsText } from "../../src/domain/shared/message-shape.js";

describe("toFtsQuery", () => {
  it("quotes every term so identifiers are searched as written", () => {
    expect(toFtsQuery("src/app.ts")).toBe('"src/app.ts"');
    expect(toFtsQuery('#1234 ENOSPC say "hi"')).toBe('"#1234" "ENOSPC" "say" """hi"""');
    expect(toFtsQuery("  ***  ")).toBeNull();
    expect(toFtsQuery("NEAR( a OR b )")).toBe('"NEAR(" "a" "OR" "b"');
  });

  it("makes a short hex term a prefix query, so a SHA cut to 7 finds the whole one", () => {
    expect(toFtsQuery("3f9a1c2 deploy")).toBe('"3f9a1c2"* "deploy"');
    expect(toFtsQuery("ABCDEF")).toBe('"ABCDEF"*');
    expect(toFtsQuery("abc12")).toBe('"abc12"');
    expect(toFtsQuery("3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345")).toBe('"3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345"');
  });
});

describe("jsonAsText", () => {
  it("indexes JSON tool output as the text in it, escapes decoded", () => {
    const output = JSON.stringify({
      log: "step 1 ok\nfatal: unable to access 'https://git.example.com/x.git/'",
      exit: 128,
    });
    const text = jsonAsText(output);
    expect(text.split("\n")).toContain("fatal: unable to access 'https://git.example.com/x.git/'");
    expect(text).not.toContain("\\n");
    expect(text).toContain("128");
    expect(jsonAsText("not json {")).toBe("not json {");
    expect(jsonAsText("{broken")).toBe("{broken");
    // Nesting deeper than the call stack goes is walked all the same.
    const deep = `${"[".repeat(50_000)}"bottom"${"]".repeat(50_000)}`;
    expect(jsonAsText(deep)).toBe("bottom");
    expect(jsonAsText('{"a":{"b":["x",1]},"c":true}').split("\n")).toEqual(["a", "b", "x", "1", "c", "true"]);
  });
});
