import { describe, expect, it } from "vitest";
import { buildAnchorIndex, extractAnchorsFromText, renderAnchorIndex } from "../../src/domain/context/anchors.js";
import type { ContextItem } from "../../src/domain/context/engine.js";

const has = (text: string, kind: string, value: string) =>
  expect(extractAnchorsFromText(text)).toContainEqual({ kind, value });

describe("anchor extraction", () => {
  it("finds every kind", () => {
    has("merged PR #1234 yesterday", "pr", "#1234");
    has("see issue #77 for details", "issue", "#77");
    has("reverted 3f9a1c2b7d4e in main", "commit", "3f9a1c2b7d4e");
    has("pushed fix/disk-full-retry upstream", "branch", "fix/disk-full-retry");
    has("edited src/app.ts and package.json", "path", "src/app.ts");
    has("edited src/app.ts and package.json", "path", "package.json");
    has("TypeError: Cannot read properties of undefined", "error", "TypeError: Cannot read properties of undefined");
    has("write failed with ENOSPC again", "error", "ENOSPC");
    has("Traceback (most recent call last):\n  File x", "error", "Traceback (most recent call last)");
    has("fatal: not a git repository", "error", "fatal: not a git repository");
    has("src/a.ts(3,1): error TS2741: Property 'x' is missing", "error", "error TS2741: Property 'x' is missing");
    has("ask @octocat to review", "handle", "@octocat");
    has("docs at https://example.com/guide?x=1.", "url", "https://example.com/guide?x=1");
    has("ran\n$ npm run build --workspace api\nok", "command", "npm run build --workspace api");
    has("set compression.tail_mode to lean", "config_key", "compression.tail_mode");
    has("ticket OPS-4821 is open", "id", "OPS-4821");
  });

  it("does not take paths, handles or keys out of URLs, nor plain words and numbers", () => {
    const found = extractAnchorsFromText(
      "visit https://github.com/org/repo/blob/main/src/app.ts and mail bob@example.com; 1234567890 is a number",
    );
    expect(found.filter((a) => a.kind === "path")).toEqual([]);
    expect(found.filter((a) => a.kind === "handle")).toEqual([]);
    expect(found.filter((a) => a.kind === "commit")).toEqual([]);
  });

  it("counts anchors over text, tool-call arguments and results, with first and last seq", () => {
    const items: ContextItem[] = [
      { seq: 3, role: "user", content: "fix src/app.ts please" },
      {
        seq: 4,
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "terminal", arguments: '{"command":"npm test"}' } },
        ],
      },
      { seq: 5, role: "tool", tool_call_id: "c1", content: "FAIL src/app.ts\nexit code 1" },
    ];
    const anchors = buildAnchorIndex(items);
    expect(anchors).toContainEqual({ kind: "path", value: "src/app.ts", count: 2, first_seq: 3, last_seq: 5 });
    expect(anchors).toContainEqual({
      kind: "command",
      value: "npm test [exit 1]",
      count: 1,
      first_seq: 4,
      last_seq: 4,
    });
  });

  it("renders by frequency within the character budget", () => {
    const anchors = Array.from({ length: 400 }, (_, i) => ({
      kind: "path" as const,
      value: `src/module${i}.ts`,
      count: i === 399 ? 50 : 1,
      first_seq: i,
      last_seq: i,
    }));
    const rendered = renderAnchorIndex(anchors, 500);
    expect(rendered.length).toBeLessThanOrEqual(500);
    expect(rendered.startsWith("path: src/module399.ts (x50)")).toBe(true);
  });
});
