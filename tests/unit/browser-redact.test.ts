import { describe, expect, it } from "vitest";
import { redactText } from "../../src/domain/browser/redact.js";

describe("dialog text redaction", () => {
  it("masks API keys, bearer tokens, secret assignments and URL passwords, keeping a short prefix and suffix", () => {
    const out = redactText(
      "key sk-proj-abcdefghijklmnopqrstuvwxyz0123 gh ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345 " +
        "Authorization: Bearer abcdefghijklmnopqrstuvwx password=hunter2hunter2 postgres://admin:s3cret@db:5432/app",
    );
    expect(out).toContain("sk-pro…0123");
    expect(out).not.toContain("abcdefghijklmnopqrstuvwxyz0123");
    expect(out).toContain("ghp_AB…2345");
    expect(out).toContain("Bearer abcdef…uvwx");
    expect(out).not.toContain("hunter2hunter2");
    expect(out).toContain("postgres://admin:***@db:5432/app");
  });

  it("leaves ordinary text alone", () => {
    expect(redactText("Delete 3 items from your cart?")).toBe("Delete 3 items from your cart?");
  });
});
