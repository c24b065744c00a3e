import { describe, expect, it } from "vitest";
import { maskToken, redactDeep, redactSecrets } from "../../src/domain/context/redaction.js";
import { PLANTED_SECRETS } from "../fixtures/secrets.js";

describe("redactSecrets", () => {
  it.each(PLANTED_SECRETS)("masks a $kind", ({ text, needle }) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(needle);
    expect(out.length).toBeGreaterThan(0);
  });

  it("keeps a short prefix and suffix of long tokens", () => {
    expect(maskToken("sk-abcdefghijklmnopqrstuvwxyz")).toBe("sk-abc…wxyz");
    expect(maskToken("short")).toBe("***");
    expect(redactSecrets("use sk-abcdefghijklmnopqrstuvwxyz now")).toBe("use sk-abc…wxyz now");
  });

  it("keeps the user of a connection string and masks only its password", () => {
    expect(redactSecrets("postgres://admin:hunter22@db:5432/x")).toBe("postgres://admin:***@db:5432/x");
  });

  it("leaves ordinary text, identifiers and anchors alone", () => {
    const text = "PR #1234 fixed src/app.ts (ENOSPC) on fix/disk-full at 3f9a1c2b7; see https://example.com/docs and compression.tail_mode";
    expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets("token: ${{ secrets.NPM }}")).toBe("token: ${{ secrets.NPM }}");
  });

  it("leaves code that reads a secret from somewhere else alone", () => {
    for (const text of [
      "const apiKey = process.env.OPENAI_API_KEY;",
      'api_key = os.environ["OPENAI_API_KEY"]',
      'token = os.getenv("GH_TOKEN")',
      "password: {{ .Values.db.password }}",
      "API_KEY: ${API_KEY}",
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("leaves error classes whose names hold a secret-like word alone", () => {
    for (const text of ["TokenExpiredError: jwt expired", "JsonWebTokenError: invalid signature", "at PasswordPolicyException: too short"]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("is idempotent", () => {
    for (const { text } of PLANTED_SECRETS) expect(redactSecrets(redactSecrets(text))).toBe(redactSecrets(text));
  });

  it("redacts nested values for logs and snapshots", () => {
    const out = redactDeep({ a: ["Authorization: Bearer abcdefghijklmnopqrstuvwxyz"], b: { c: 3 } });
    expect(JSON.stringify(out)).not.toContain("ghijklmnopqrstu");
    expect(out.b.c).toBe(3);
  });
});

describe("redactSecrets on cut text", () => {
  it("masks a private key whose END line was cut off", () => {
    const out = redactSecrets("key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ");
    expect(out).not.toContain("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUA");
  });
});
