import { describe, expect, it } from "vitest";
import { lineDiff } from "../../web/src/line-diff.js";

describe("the inspector's line diff", () => {
  it("keeps common lines and marks what one version removed and the next added, in order", () => {
    expect(
      lineDiff("## Goal\nShip it.\n## Files\nsrc/a.ts", "## Goal\nShip it today.\n## Files\nsrc/a.ts\nsrc/b.ts"),
    ).toEqual([
      { op: "same", text: "## Goal" },
      { op: "removed", text: "Ship it." },
      { op: "added", text: "Ship it today." },
      { op: "same", text: "## Files" },
      { op: "same", text: "src/a.ts" },
      { op: "added", text: "src/b.ts" },
    ]);
  });

  it("shows equal texts as all same, and an empty one as every line added", () => {
    expect(lineDiff("a\nb", "a\nb").every((line) => line.op === "same")).toBe(true);
    expect(lineDiff("", "x\ny").filter((line) => line.op !== "same")).toEqual([
      { op: "removed", text: "" },
      { op: "added", text: "x" },
      { op: "added", text: "y" },
    ]);
  });
});
