import { describe, expect, it } from "vitest";
import { buildAnchorIndex } from "../../src/domain/context/anchors.js";
import { keyArgumentOf, truncateArguments } from "../../src/domain/context/compressor/pruning.js";
import { buildFallbackSummary } from "../../src/domain/context/compressor/summary-message.js";
import type { ContextItem } from "../../src/domain/context/engine.js";
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
    const text =
      "PR #1234 fixed src/app.ts (ENOSPC) on fix/disk-full at 3f9a1c2b7; see https://example.com/docs and compression.tail_mode";
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
    for (const text of [
      "TokenExpiredError: jwt expired",
      "JsonWebTokenError: invalid signature",
      "at PasswordPolicyException: too short",
    ]) {
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

/** Parses JSON a test built itself, typed as the object it holds. */
const parseObject = (json: string) => JSON.parse(json) as Record<string, string>;

describe("redactSecrets on JSON-escaped text", () => {
  const hereDoc = (text: string) => JSON.stringify({ command: `cat <<EOF > .env\n${text}\nEOF` });

  it.each(PLANTED_SECRETS)(
    "masks a $kind that starts a line inside tool-call arguments, and keeps the JSON valid",
    ({ text, needle }) => {
      const args = hereDoc(text);
      const out = redactSecrets(args);
      expect(out).not.toContain(needle);
      expect(() => parseObject(out)).not.toThrow();
      expect(redactSecrets(out)).toBe(out);
    },
  );

  it.each(PLANTED_SECRETS)(
    "masks a $kind in JSON inside a JSON string, and in cut (invalid) JSON",
    ({ text, needle }) => {
      const nested = JSON.stringify({ body: JSON.stringify({ command: `printf '%s\\n' start\n${text}\nend` }) });
      const nestedOut = redactSecrets(nested);
      expect(nestedOut).not.toContain(needle);
      expect(parseObject(parseObject(nestedOut).body).command).toContain("start");
      const cut = hereDoc(text).slice(0, -6);
      expect(redactSecrets(cut)).not.toContain(needle);
    },
  );

  it("re-encodes what it masks: escaped quotes around a value stay escaped", () => {
    const args = JSON.stringify({ command: 'export API_TOKEN="tok-abcdefghijklmnopqrstuvwxyz"\necho ok' });
    const out = redactSecrets(args);
    expect(parseObject(out).command).toBe('export API_TOKEN="tok-ab…wxyz"\necho ok');
  });

  it("leaves JSON without secrets byte for byte, escapes included", () => {
    const args = JSON.stringify({
      command: 'git log -1 3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345\ncurl "https://example.com/a?b=1"\tdone',
      path: "C:\\work\\new",
    });
    expect(redactSecrets(args)).toBe(args);
  });

  it("masks a JSON number under a secret name as a string, so the JSON stays valid", () => {
    expect(redactSecrets('{"password": 86753091}')).toBe('{"password": "***"}');
    const nested = JSON.stringify({ body: '{"pin_password": 1234, "max_tokens": 4096}' });
    expect(parseObject(parseObject(redactSecrets(nested)).body)).toEqual({ pin_password: "***", max_tokens: 4096 });
  });
});

describe("masks are recognised exactly, not by a `…` somewhere", () => {
  it("masks the visible part of a secret cut with `…`", () => {
    for (const [text, needle] of [
      ["API_KEY=hunter2-very-sec…", "hunter2-very"],
      ['{"truncated_arguments": "echo DB_PASSWORD=quoted-env-hunt…[truncated]"}', "quoted-env-hunt"],
      ["GH=ghp_ABCDEFGHIJKLMNOPQRSTUVWX…", "GHIJKLMNOPQRSTUV"],
      ["Authorization: Bearer abcDEF123456ghiJKL…", "123456ghiJKL"],
      ["PASSWORD=…cut-from-the-left-secret", "cut-from-the-left"],
    ]) {
      const out = redactSecrets(text);
      expect(out, text).not.toContain(needle);
      expect(out, text).toContain("…");
    }
  });

  it("keeps its own masks as they are", () => {
    for (const text of [
      "API_KEY=***",
      "DATABASE_PASSWORD=hunter…cret",
      "private_key: [private key redacted]",
      'password: "***"',
      'password: "ab cde…stuv"',
      "API_KEY=…[truncated]",
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("does not let a mask in front of a value hide the value", () => {
    expect(redactSecrets("TOKEN=[redacted]hunter2-real-secret")).not.toContain("hunter2-real");
  });
});

describe("the numeric rule: counts and limits under secret-like names stay", () => {
  it("keeps numbers under names about amounts", () => {
    for (const text of [
      "max_tokens: 4096",
      "MAX_TOKENS=4096",
      '"max_tokens": 4096',
      '{"max_tokens": "4096"}',
      "token_count=12",
      "num_tokens: 3",
      "maxTokens = 128000",
      "context_window_tokens: 200000",
      JSON.stringify({ command: "export MAX_TOKENS=4096\nexport TOKEN_LIMIT=2.5" }),
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("still masks numbers under other secret-like names, and long numbers anywhere", () => {
    expect(redactSecrets("API_TOKEN=12345678901234")).toBe("API_TOKEN=***");
    expect(redactSecrets("password: 123456")).toBe("password: ***");
    expect(redactSecrets("max_tokens: 1234567890123")).toBe("max_tokens: ***");
    expect(redactSecrets("max_tokens: sk-abcdefghijklmnopqrstuvwxyz")).toBe("max_tokens: sk-abc…wxyz");
  });
});

describe("identifiers that are not secrets", () => {
  it("keeps SHAs, UUIDs and credential-free URLs intact, in text and in JSON", () => {
    const text =
      "commit 3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345 request 123e4567-e89b-12d3-a456-426614174000 docs https://docs.example.com/guide/setup?lang=en#install";
    expect(redactSecrets(text)).toBe(text);
    const args = JSON.stringify({ command: `cat <<EOF\n${text.replaceAll(" ", "\n")}\nEOF` });
    expect(redactSecrets(args)).toBe(args);
  });
});

describe("redactDeep by key", () => {
  it("masks one-word strings under secret-like keys, leaves counts and references", () => {
    const out = redactDeep({
      password: "hunter2",
      nested: { client_secret: "abc" },
      max_tokens: "4096",
      api_key: "${API_KEY}",
      note: "the token expired",
    });
    expect(out).toEqual({
      password: "***",
      nested: { client_secret: "***" },
      max_tokens: "4096",
      api_key: "${API_KEY}",
      note: "the token expired",
    });
  });
});

describe("cuts happen after masking", () => {
  // `head` + the first VISIBLE_CHARS of `value` end exactly where the cut falls (80 chars for a key
  // argument, 200 for an argument string or a command anchor): cut first, the visible part of the
  // secret would be too short for any pattern, or would end in `…` and pass for masked.
  const VISIBLE_CHARS = 12;
  const across = (cutAt: number, head: string, value: string) =>
    `${"x".repeat(cutAt - head.length - VISIBLE_CHARS - 1)} ${head}${value} && echo ${"done ".repeat(12)}`;
  const visible = (value: string) => value.slice(0, VISIBLE_CHARS - 2);

  it("masks a key argument before cutting it to a label", () => {
    const value = "hunter2-very-secret-value";
    const key = keyArgumentOf(JSON.stringify({ command: across(80, "API_KEY=", value) })) ?? "";
    expect(key).not.toContain(visible(value));
    expect(key.endsWith("…")).toBe(true);
  });

  it("masks a long argument string before cutting it, valid JSON or not", () => {
    const value = "correct-horse-battery-staple";
    const args = JSON.stringify({ command: across(200, "export GPG_PASSPHRASE=", value) });
    expect(truncateArguments(args)).not.toContain(visible(value));
    expect(parseObject(truncateArguments(args)).command).toMatch(/…\[truncated\]$/);
    const invalid = `{"command": "${across(200, "export GPG_PASSPHRASE=", value).slice(10)}`;
    expect(truncateArguments(invalid)).not.toContain(visible(value));
  });

  it("masks a command before cutting it into an anchor, and the whole text before cutting an error detail", () => {
    const command = across(200, "DB_PASSWORD=", "hunter2-very-secret");
    const detail = `ConfigError: ${across(160, " token=", "abcdefghijklmnopqrstuvwxyz").slice(2)}`;
    const items: ContextItem[] = [
      {
        seq: 1,
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "a", type: "function", function: { name: "terminal", arguments: JSON.stringify({ command }) } },
        ],
      },
      { seq: 2, role: "tool", tool_call_id: "a", content: detail },
    ];
    const anchors = JSON.stringify(buildAnchorIndex(items, undefined, redactSecrets));
    expect(anchors).toContain("ConfigError");
    expect(anchors).not.toContain(visible("hunter2-very-secret"));
    expect(anchors).not.toContain(visible("abcdefghijklmnopqrstuvwxyz"));
  });

  it("keeps a cut secret out of the fallback summary's tool calls and reason", () => {
    const token = "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const span: ContextItem[] = [
      { seq: 1, role: "user", content: "write it" },
      {
        seq: 2,
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "a",
            type: "function",
            function: { name: "terminal", arguments: JSON.stringify({ command: across(80, "", token) }) },
          },
        ],
      },
      { seq: 3, role: "tool", tool_call_id: "a", content: "exit code 0" },
    ];
    const body = buildFallbackSummary(
      span,
      [],
      null,
      "the provider said: Authorization: Bearer abcDEF123456ghiJKL789mno",
    );
    expect(body).toContain("terminal(");
    expect(body).not.toContain(visible(token).slice(4));
    expect(body).not.toContain("123456ghiJKL");
  });
});
