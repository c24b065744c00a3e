import { describe, expect, it } from "vitest";
import { buildAnchorIndex } from "../../src/domain/shared/anchors.js";
import { keyArgumentOf, truncateArguments } from "../../src/domain/context/compressor/pruning.js";
import { buildFallbackSummary } from "../../src/domain/context/compressor/summary-message.js";
import type { ContextItem } from "../../src/domain/context/engine.js";
import { maskToken } from "../../src/kernel/redaction-patterns.js";
import { redactDeep, redactSecrets } from "../../src/kernel/redaction.js";
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

  it("leaves a URL without credentials alone under any name, and masks only the credentials inside one", () => {
    for (const text of [
      "TOKEN_URL=https://oauth2.googleapis.com/token",
      'export SECRET_MANAGER_URL="https://vault.example.com:8200"',
      '{"token_url": "https://oauth2.example.com/token", "auth_endpoint": "https://auth.example.com"}',
      "password_reset_url: https://example.com/reset",
      "see https://github.com/NousResearch/hermes-agent/pull/4127 and postgres://db.internal:5432/app",
    ])
      expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets("token_url: https://user:pa55word@example.com/t")).toBe(
      "token_url: https://user:***@example.com/t",
    );
    expect(redactSecrets("CALLBACK_TOKEN=https://example.com/cb?token=tok_abcdef0123456789")).not.toContain(
      "tok_abcdef0123456789",
    );
    // In a summary, the fallback (deterministic) one included, the URL stays readable.
    const span: ContextItem[] = [
      { seq: 1, role: "user", content: "Fetch the OAuth token from TOKEN_URL=https://oauth2.googleapis.com/token" },
    ];
    const summary = buildFallbackSummary(span, [], null, "the summary model timed out");
    expect(summary).toContain("TOKEN_URL=https://oauth2.googleapis.com/token");
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
      "token_count=12",
      "num_tokens: 3",
      "max_output_tokens: 8192",
      "maxTokens = 128000",
      "context_window_tokens: 200000",
      '{"usage": {"prompt_tokens": 1234, "completion_tokens": 56, "total_tokens": 1290}}',
      "x-ratelimit-remaining-tokens: 89000",
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

  it("exempts a name only by its last word: a count word elsewhere in it says nothing", () => {
    expect(redactSecrets('{"api_key_max": 12345678901}')).toBe('{"api_key_max": "***"}');
    expect(redactSecrets("API_KEY_MAX=12345678901")).toBe("API_KEY_MAX=***");
    expect(redactSecrets("token_limit_id: 98765432109")).toBe("token_limit_id: ***");
    expect(redactSecrets("max_token: 4096")).toBe("max_token: ***");
  });

  it("never exempts a quoted number: a string of digits may be any secret", () => {
    expect(redactSecrets('"token_limit":"98765432109"')).toBe('"token_limit":"***"');
    expect(redactSecrets('{"max_tokens": "4096"}')).toBe('{"max_tokens": "***"}');
    expect(redactSecrets("MAX_TOKENS='4096'")).toBe("MAX_TOKENS='***'");
    expect(redactSecrets("token_limit: 98765432109")).toBe("token_limit: 98765432109");
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
      token_limit: "98765432109",
      api_key: "${API_KEY}",
      note: "the token expired",
    });
    expect(out).toEqual({
      password: "***",
      nested: { client_secret: "***" },
      // A string is a quoted value: the numeric rule is for bare numbers only.
      max_tokens: "***",
      token_limit: "***",
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

describe("quoted values run to the quote that opened them, escapes included", () => {
  it.each([
    ['{"password":"pa\\\\ss-Secret-99"}', '{"password":"***"}'],
    ['export DB_PASSWORD="pa\\ss-Secret-99"', 'export DB_PASSWORD="***"'],
    ['"password":"SECRET\\nTAIL"', '"password":"***"'],
    [`DB_PASSWORD="p@ss'word-X"`, 'DB_PASSWORD="***"'],
    [`{"password":"it's-Secret-99"}`, '{"password":"***"}'],
    ['{"password":"a\\"b-Secret"}', '{"password":"***"}'],
    ["{'password': 'it\\'s-Secret-99'}", "{'password': '***'}"],
    [`API_KEY='say "hi"-Secret-99'`, "API_KEY='***'"],
  ])("masks all of %s", (text, masked) => {
    expect(redactSecrets(text)).toBe(masked);
  });

  it("stops at the closing quote: what follows it stays", () => {
    expect(redactSecrets(`API_KEY='abc123def' && echo "it's done"`)).toBe(`API_KEY='***' && echo "it's done"`);
    expect(redactSecrets('{"password":"x1y2z3","user":"alice"}')).toBe('{"password":"***","user":"alice"}');
  });

  it("keeps JSON valid and leaks no part of a long value full of escapes, one and two levels deep", () => {
    const password = `it's a "very" long\\secret\nvalue-Tail-42`;
    const flat = parseObject(redactSecrets(JSON.stringify({ password, note: "kept" })));
    const nested = redactSecrets(JSON.stringify({ body: JSON.stringify({ password, note: "kept" }) }));
    const command = 'export DB_PASSWORD="it\'s a \\"very\\" long\\secret value-Tail-42"; echo ok';
    const shell = parseObject(redactSecrets(JSON.stringify({ command })));
    expect(shell.command).toMatch(/^export DB_PASSWORD="[^"]+"; echo ok$/);
    for (const out of [flat.password, parseObject(parseObject(nested).body).password, shell.command]) {
      for (const part of ["very", "long", "secret", "value-Tail"]) expect(out).not.toContain(part);
    }
    expect(flat.note).toBe("kept");
  });
});

describe("name/value pairs: cookies and header arrays", () => {
  /** What CDP `Network.getCookies` returns, partition key (a nested object) included. */
  const getCookies = {
    cookies: [
      {
        name: "_ga",
        value: "GA1.1.Ga7Value1234567",
        domain: ".example.com",
        path: "/",
        expires: 1767225600.5,
        size: 23,
        httpOnly: false,
        secure: true,
        session: false,
        sameSite: "Lax",
        priority: "Medium",
        sourceScheme: "Secure",
        sourcePort: 443,
        partitionKey: { topLevelSite: "https://example.com", hasCrossSiteAncestor: false },
      },
      { name: "theme", value: "dark-Theme-Pref", domain: "app.example.com", path: "/", expires: -1, session: true },
    ],
  };
  type Cookies = typeof getCookies;
  const withoutValues = (result: Cookies) => result.cookies.map((cookie) => ({ ...cookie, value: null }));

  it("masks every cookie value of a Network.getCookies result, whatever the cookie's name, and keeps the rest", () => {
    for (const text of [JSON.stringify(getCookies), JSON.stringify(getCookies, null, 2)]) {
      const out = redactSecrets(text);
      expect(out).not.toContain("Ga7Value123");
      expect(out).not.toContain("Theme-Pref");
      expect(withoutValues(JSON.parse(out) as Cookies)).toEqual(withoutValues(getCookies));
    }
  });

  it("masks cookies carried in a tool result, and as a JS object or a Python dict prints them", () => {
    const toolResult = JSON.stringify({ role: "tool", content: JSON.stringify(getCookies) });
    expect(redactSecrets(toolResult)).not.toContain("Ga7Value123");
    expect(redactSecrets("[ { name: 'sid', value: 'js-Sid-Value', domain: 'example.com', path: '/' } ]")).toBe(
      "[ { name: 'sid', value: '***', domain: 'example.com', path: '/' } ]",
    );
    expect(redactSecrets("{'name': 'csrftoken', 'value': 'py-Csrf-1', 'domain': 'example.com'}")).toBe(
      "{'name': 'csrftoken', 'value': '***', 'domain': 'example.com'}",
    );
  });

  it("masks the value of a header or parameter pair under a secret-like name", () => {
    const headers =
      '[{"name":"Authorization","value":"Bearer abcDEF123456ghiJKL789mno"},{"name":"Accept","value":"application/json"},{"name":"X-Api-Key","value":"hdrkey-0123"}]';
    expect(redactSecrets(headers)).toBe(
      '[{"name":"Authorization","value":"Bearer…9mno"},{"name":"Accept","value":"application/json"},{"name":"X-Api-Key","value":"***"}]',
    );
    expect(redactSecrets('{"name":"session_id","value":"s3ss-9f8e7d"}')).toBe('{"name":"session_id","value":"***"}');
    expect(redactSecrets('{"value": "qk-123", "name": "api_key"}')).toBe('{"value": "***", "name": "api_key"}');
  });

  it("leaves pairs that are neither secret-named nor cookies alone", () => {
    for (const text of [
      '[{"name":"q","value":"hello world"},{"name":"color","value":"red"}]',
      '{"name": "build", "value": 3, "path": "/src"}',
      '{"name":"sid","value":"${SID}","domain":"example.com"}',
      '{"name": "Content-Type", "value": "text/html"}',
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("masks pair values in logged objects too", () => {
    const out = redactDeep({
      ...getCookies,
      headers: [
        { name: "Authorization", value: "Basic dXNlcjpwYXNzd29yZA==" },
        { name: "Accept", value: "*/*" },
      ],
    });
    expect(JSON.stringify(out)).not.toContain("Ga7Value123");
    expect(JSON.stringify(out)).not.toContain("Theme-Pref");
    expect(JSON.stringify(out)).not.toContain("dXNlcjpwYXNz");
    expect(withoutValues(out)).toEqual(withoutValues(getCookies));
    expect(out.headers[1]).toEqual({ name: "Accept", value: "*/*" });
  });
});

describe("cookie headers: every cookie's value", () => {
  it("masks each pair of a Cookie header and keeps the cookie names", () => {
    expect(redactSecrets("Cookie: a=1; session=abc123def")).toBe("Cookie: a=***; session=***");
    expect(redactSecrets(`curl -H 'Cookie: theme=dark; sid=Zq8Wv4Tt2Rr' https://example.com`)).toBe(
      `curl -H 'Cookie: theme=***; sid=***' https://example.com`,
    );
    const raw = JSON.stringify({ headers: "Cookie: theme=dark; session=Zq8Wv4Tt2Rr\nAccept: */*" });
    expect(parseObject(redactSecrets(raw)).headers).toBe("Cookie: theme=***; session=***\nAccept: */*");
  });

  it("masks the cookie of a Set-Cookie header, and every cookie of a joined one, but not its attributes", () => {
    expect(
      redactSecrets(
        "Set-Cookie: sid=Sid-4471; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly, b=Bee-2; Path=/",
      ),
    ).toBe("Set-Cookie: sid=***; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly, b=***; Path=/");
  });

  it("leaves prose about cookie headers alone, and is idempotent", () => {
    const prose = "cookies are name=value pairs; the server sends them in a Set-Cookie header";
    expect(redactSecrets(prose)).toBe(prose);
    const once = redactSecrets("Cookie: a=1; session=abc123def");
    expect(redactSecrets(once)).toBe(once);
  });
});

describe("yaml block scalars, curl credentials and exponent numbers", () => {
  it("masks the indented lines under `password: |` and keeps the block a block", () => {
    const yaml =
      "db:\n  host: db.internal\n  password: |\n    first-Line-Secret\n\n    second-Line-Secret\n  port: 5432\n";
    expect(redactSecrets(yaml)).toBe("db:\n  host: db.internal\n  password: |\n    ***\n  port: 5432\n");
    expect(redactSecrets("- client_secret: >-\r\n    folded-Secret\r\n    more\r\nnext: 1")).toBe(
      "- client_secret: >-\r\n    ***\r\nnext: 1",
    );
    const hereDoc = JSON.stringify({ command: "cat <<EOF > values.yaml\napi_key: |2\n  block-Api-Key-77\nEOF" });
    expect(parseObject(redactSecrets(hereDoc)).command).toBe("cat <<EOF > values.yaml\napi_key: |2\n  ***\nEOF");
  });

  it("masks a private key block under `private_key: |` as a private key", () => {
    const yaml =
      "private_key: |\n  -----BEGIN PRIVATE KEY-----\n  MIIEvQIBADANBgkqhkiG9w0B\n  -----END PRIVATE KEY-----\nx: 1";
    expect(redactSecrets(yaml)).toBe("private_key: |\n  [private key redacted]\nx: 1");
  });

  it("leaves a block indicator with nothing under it, and blocks under other names, alone", () => {
    for (const text of ["password: |", "password: |\nnext: 1", "note: |\n  some text\n  more text"]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it.each([
    ["curl -u deploy:Curl-Pw-3141 https://api.example.com", "curl -u deploy:*** https://api.example.com"],
    ["curl --user admin:hunter2 https://x", "curl --user admin:*** https://x"],
    ["curl --user=admin:hunter2 https://x", "curl --user=admin:*** https://x"],
    ["curl -uadmin:hunter2 https://x", "curl -uadmin:*** https://x"],
    [
      `curl -s -H "Cookie: a=1; b=2" -u 'admin:p w;x' https://x`,
      `curl -s -H "Cookie: a=***; b=***" -u 'admin:***' https://x`,
    ],
    ["curl -sS \\\n  -u :tok3n-only \\\n  https://x", "curl -sS \\\n  -u :*** \\\n  https://x"],
  ])("masks the password of %s", (text, masked) => {
    expect(redactSecrets(text)).toBe(masked);
  });

  it("masks a curl password inside tool-call arguments, and leaves other tools' -u alone", () => {
    const args = JSON.stringify({ command: 'curl -H "Accept: */*" -u "ci:Curl-Pw-3141" https://x' });
    expect(parseObject(redactSecrets(args)).command).toBe('curl -H "Accept: */*" -u "ci:***" https://x');
    for (const text of [
      "docker run -u 1000:1000 node:20 npm test",
      "sudo -u postgres psql",
      "git push -u origin main:main",
      'curl -u "$USER:$PASS" https://x',
      "curl -u alice https://x",
      JSON.stringify({ command: "curl -s https://x\nsudo -u root:wheel ls" }),
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("masks a JSON number in exponent form under a secret name", () => {
    expect(redactSecrets('{"password": 1e10}')).toBe('{"password": "***"}');
    expect(parseObject(redactSecrets('{"pin_password": -1.5E+3, "n": 2}'))).toEqual({ pin_password: "***", n: 2 });
  });
});

describe("redaction stays linear on adversarial input", () => {
  // A guard against catastrophic backtracking only (each case takes well under a second, a blowup
  // takes minutes): timing figures belong in bench/.
  const BLOWUP_GUARD_MS = 5_000;
  const ADVERSARIAL_CHARS = 1_000_000;
  const repeated = (head: string, unit: string) => head + unit.repeat(Math.ceil(ADVERSARIAL_CHARS / unit.length));

  it.each([
    ["an unclosed password value of escaped backslashes", repeated('"password":"', "\\\\")],
    ["an unclosed password value of backslashes", repeated('"password":"', "\\")],
    ["a cookie header of many pairs", repeated("Cookie: ", "a=b; ")],
    ["one long secret-like name with no value", repeated(" ", "token")],
    ["a curl command of many words", repeated("curl", " -H")],
    ["many unclosed name/value objects", repeated("", '{"name":"')],
    ["many yaml block headers", repeated("", "password: |\n")],
  ])("finishes on %s", (_shape, text) => {
    const startedMs = performance.now();
    const out = redactSecrets(text);
    expect(performance.now() - startedMs).toBeLessThan(BLOWUP_GUARD_MS);
    expect(out.length).toBeGreaterThan(0);
  });
});
