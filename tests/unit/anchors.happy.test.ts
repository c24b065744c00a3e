import { describe, expect, it } from "vitest";
import {
  anchorIndexBudget,
  buildAnchorIndex,
  extractAnchorsFromText,
  packAnchorIndex,
  userNamedKeys,
  renderAnchorIndex,
} from "../../src/domain/shared/anchors.js";
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

const kinds = (text: string, kind: string) =>
  extractAnchorsFromText(text)
    .filter((a) => a.kind === kind)
    .map((a) => a.value);

describe("anchor extraction from real-looking output", () => {
  it("reads JSON tool output as its decoded text: SHAs and errors at line starts, whole paths", () => {
    const output = JSON.stringify({
      stdout: "a1b2c3d Fix the cache\nTypeError: x is not a function\npackages/api/src/server.ts:12:3",
      exit_code: 1,
    });
    const item: ContextItem = { seq: 9, role: "tool", tool_call_id: "c", content: output };
    const values = buildAnchorIndex([item]).map((a) => `${a.kind}:${a.value}`);
    expect(values).toContain("commit:a1b2c3d");
    expect(values).toContain("error:TypeError: x is not a function");
    expect(values).toContain("path:packages/api/src/server.ts");
    expect(values.some((v) => v.includes("npackages"))).toBe(false);
  });

  it("git log, tsc and pytest output", () => {
    const gitLog = "9fceb02 (HEAD -> fix/disk-30) Retry on ENOSPC\n4e1f0a7 Merge pull request #482 from org/feat/cache";
    expect(kinds(gitLog, "commit")).toEqual(["9fceb02", "4e1f0a7"]);
    expect(kinds(gitLog, "branch")).toContain("fix/disk-30");
    expect(kinds("pushed to fix/disk-30.", "branch")).toEqual(["fix/disk-30"]);
    const tsc = "src/run.ts(41,7): error TS18048: 'run.usage' is possibly 'undefined'.";
    expect(kinds(tsc, "error")).toEqual(["error TS18048: 'run.usage' is possibly 'undefined'."]);
    const pytest = "E       KeyError: 'user_id'\nFAILED tests/test_api.py::test_login - KeyError: 'user_id'";
    expect(kinds(pytest, "error")).toContain("KeyError: 'user_id'");
    expect(kinds(pytest, "path")).toContain("tests/test_api.py");
  });

  it("keeps the URL of a fatal: line, and does not let an error swallow the lines after it", () => {
    const text = "fatal: unable to access 'https://git.example.com/team/repo.git/': Could not resolve host";
    expect(kinds(text, "url")).toEqual(["https://git.example.com/team/repo.git/"]);
    expect(kinds(text, "error")[0]).toContain("https://git.example.com/team/repo.git/");
    const long = `Error: boom ${"x".repeat(400)}`;
    expect(kinds(long, "error")[0].length).toBeLessThanOrEqual(130);
  });

  it("docker build and k8s logs: files without extensions, executables, UUIDs; BuildKit steps are not issues", () => {
    const docker =
      '#0 building with "default" instance\n#5 [2/4] COPY Dockerfile bin/deploy ./\n#8 DONE 0.3s\n#9 ERROR: process "/bin/sh -c make" did not complete';
    expect(kinds(docker, "issue")).toEqual([]);
    expect(kinds(docker, "path")).toEqual(expect.arrayContaining(["Dockerfile", "bin/deploy"]));
    const k8s =
      "pod web-7d9f uid=550e8400-e29b-41d4-a716-446655440000 Back-off restarting failed container; see ./scripts/release and infra/Makefile";
    expect(kinds(k8s, "id")).toContain("550e8400-e29b-41d4-a716-446655440000");
    expect(kinds(k8s, "commit")).toEqual([]);
    expect(kinds(k8s, "path")).toEqual(expect.arrayContaining(["./scripts/release", "infra/Makefile"]));
  });

  it("camelCase and kebab config keys, not code property chains", () => {
    expect(kinds("set server.maxConcurrentRuns to 4", "config_key")).toEqual(["server.maxConcurrentRuns"]);
    expect(kinds("spring.datasource.max-pool-size=20", "config_key")).toEqual(["spring.datasource.max-pool-size"]);
    expect(kinds("const n = this.state.itemCount; req.body.userId", "config_key")).toEqual([]);
  });

  it("does not take npm scopes for people, nor error class names in code for errors", () => {
    expect(kinds("npm i @types/node @octocat", "handle")).toEqual(["@octocat"]);
    const code = "class AppError extends Error {}\nthrow new ValidationError(msg);\nif (e instanceof TypeError) {}";
    expect(kinds(code, "error")).toEqual([]);
    expect(kinds("the job died with a TypeError again", "error")).toEqual(["TypeError"]);
  });

  it("does not read hex colours, short words or UUID pieces as SHAs", () => {
    expect(kinds("color #a1b2c3d4 and word deface1", "commit")).toEqual(["deface1"]);
    expect(kinds("abc1234 is a commit, abc123 is too short", "commit")).toEqual(["abc1234"]);
  });
});

describe("packing the anchor index", () => {
  const anchor = (kind: string, value: string, count = 1, seq = 1) =>
    ({ kind, value, count, first_seq: seq, last_seq: seq }) as Parameters<typeof packAnchorIndex>[0][number];

  it("takes one anchor per kind in turn, so a kind with hundreds cannot crowd the others out", () => {
    const paths = Array.from({ length: 500 }, (_, i) => anchor("path", `src/generated/module${i}.ts`, 50));
    const few = [anchor("error", "ENOSPC"), anchor("pr", "#1234"), anchor("url", "https://ci.example.com/build/991")];
    const index = packAnchorIndex([...paths, ...few], [], 1_000);
    for (const value of ["ENOSPC", "#1234", "https://ci.example.com/build/991"]) expect(index).toContain(value);
    expect(index).toContain("src/generated/module");
  });

  it("puts the newest span's anchors first and carries earlier ones in the room left", () => {
    const fresh = [anchor("path", "src/new.ts", 1, 90)];
    const carried = [anchor("path", "src/old.ts", 40, 3), anchor("error", "EACCES", 2, 4)];
    expect(packAnchorIndex(fresh, carried, 1_000)).toBe("path: src/new.ts (x1), src/old.ts (x40)\nerror: EACCES (x2)");
    // With room for one, the newest span's wins over a more frequent earlier one.
    expect(packAnchorIndex(fresh, carried, "path: src/new.ts (x1)".length)).toBe("path: src/new.ts (x1)");
  });

  it("accounts the size exactly: the rendered index is never over, and one character less drops the last anchor", () => {
    const anchors = [anchor("path", "a.ts"), anchor("path", "b.ts"), anchor("error", "ENOENT")];
    const full = packAnchorIndex(anchors, [], 10_000);
    expect(packAnchorIndex(anchors, [], full.length)).toBe(full);
    expect(packAnchorIndex(anchors, [], full.length - 1).length).toBeLessThan(full.length);
  });

  it("grows the budget with the window, within bounds", () => {
    expect(anchorIndexBudget(200_000)).toBe(14_000);
    expect(anchorIndexBudget(16_000)).toBe(2_000);
    expect(anchorIndexBudget(2_000_000)).toBe(40_000);
  });
});

describe("an anchor index over its budget", () => {
  const anchor = (kind: string, value: string, count = 1, seq = 1) =>
    ({ kind, value, count, first_seq: seq, last_seq: seq }) as Parameters<typeof packAnchorIndex>[0][number];

  it("keeps what the user named, errors and failing commands before the noise, whatever their counts", () => {
    const noise = Array.from({ length: 400 }, (_, i) =>
      anchor("path", `/app/node_modules/pkg${i}/lib/index.js`, 9, 50),
    );
    const named = anchor("path", "src/billing/invoice.ts", 1, 2);
    const failing = anchor("command", "npm test [exit 1]", 1, 3);
    const passing = anchor("command", "npm run lint [exit 0]", 5, 4);
    const error = anchor("error", "ECONNRESET", 1, 5);
    const index = packAnchorIndex(
      [...noise, named, failing, passing, error],
      [],
      600,
      new Set(["path\u0000src/billing/invoice.ts"]),
    );
    for (const value of ["src/billing/invoice.ts", "npm test [exit 1]", "ECONNRESET"]) expect(index).toContain(value);
    expect(index).toMatch(/^path: src\/billing\/invoice\.ts \(x1\), /);
    // Without the user's word the same path is noise among noise, behind the more frequent ones.
    expect(packAnchorIndex([...noise, named], [], 600)).toMatch(/^path: \/app\/node_modules\//);
  });

  it("finds the anchors the user's own messages name", () => {
    const keys = userNamedKeys(
      [
        { role: "user", content: "look at PR #4127 and src/app.ts" },
        { role: "tool", content: "src/other.ts", tool_call_id: "c1" },
      ],
      (text) => text,
    );
    expect(keys).toEqual(new Set(["pr\u0000#4127", "path\u0000src/app.ts"]));
  });
});
