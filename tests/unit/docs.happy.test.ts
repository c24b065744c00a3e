import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { curlCalls } from "../fixtures/doc-shell.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)].filter((file) =>
  file.endsWith(".md"),
);
/** The most lines README's quick start may take, from its first command to the first section heading. */
const QUICK_START_MAX_LINES = 10;

/** The page's text outside fenced code blocks and inline code, where Markdown links live. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```[ \t]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as `-`, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```[ \t]*$/gm, "").matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link target of a page (`[text](target)`, `![alt](target)`), as written. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("the documentation's links", () => {
  it("reach a file of the repository for every relative link, and a heading of it where one is named", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of PAGES) {
      for (const target of relativeLinks(readFileSync(join(ROOT, page), "utf8"))) {
        checked += 1;
        const [path, anchor] = target.split("#", 2);
        const file = path ? join(ROOT, dirname(page), decodeURIComponent(path)) : join(ROOT, page);
        if (relative(ROOT, file).startsWith("..") || !existsSync(file)) {
          broken.push(`${page}: ${target} (no such file)`);
          continue;
        }
        if (anchor === undefined) continue;
        if (statSync(file).isDirectory() || !file.endsWith(".md")) broken.push(`${page}: ${target} (not a page)`);
        else if (!headingAnchors(readFileSync(file, "utf8")).has(anchor.toLowerCase()))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    // The README's table of contents alone links every page.
    expect(checked).toBeGreaterThanOrEqual(PAGES.length - 1);
  });

  it("links every page of docs/ from the README's table of contents", () => {
    const linked = new Set(relativeLinks(readFileSync(join(ROOT, "README.md"), "utf8")).map((t) => t.split("#")[0]));
    expect(PAGES.filter((page) => page !== "README.md" && !linked.has(page))).toEqual([]);
  });
});

describe("the README's quick start", () => {
  it(`installs, starts, opens the inspector, tries a page and names the API reference in at most ${QUICK_START_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
    const first = lines.findIndex((line) => line.startsWith("```"));
    const section = lines.findIndex((line) => line.startsWith("## "));
    expect(first, "a command block before the first section").toBeGreaterThan(0);
    expect(first).toBeLessThan(section);
    const quickStart = lines.slice(first, section).join("\n").trimEnd().split("\n");
    expect(quickStart.length, quickStart.join("\n")).toBeLessThanOrEqual(QUICK_START_MAX_LINES);
    const text = quickStart.join("\n");
    for (const step of ["npm ci && npm start", "http://127.0.0.1:8642/ui/", "open https://example.com", "/docs"])
      expect(text).toContain(step);
  });
});

describe("curl calls of a shell block, as the docs test reads them", () => {
  it("finds each call in the order bash makes it, across continued lines and quoted newlines", () => {
    const code = [
      "S=$(curl -s -X POST $B/v1/sessions \\",
      "      -d '{}' | node -pe 'x')",
      'curl -s -d \'{"a":',
      "  1}' $B/x > out.json   # 409: answered",
      "curl -s $B/a; curl -s $B/b   # 404 both",
      "echo 'curl in quotes' \"and curl here\" # 500 not a call",
      "# a comment line: 502 names nothing",
      "curl -s $B/c",
    ].join("\n");
    expect(curlCalls(code, 10)).toEqual([
      { line: 10, text: "S=$(curl -s -X POST $B/v1/sessions \\\n      -d '{}' | node -pe 'x')", documented: [] },
      { line: 12, text: "curl -s -d '{\"a\":\n  1}' $B/x > out.json   # 409: answered", documented: [409] },
      { line: 14, text: "curl -s $B/a; curl -s $B/b   # 404 both", documented: [404] },
      { line: 14, text: "curl -s $B/a; curl -s $B/b   # 404 both", documented: [404] },
      { line: 17, text: "curl -s $B/c", documented: [] },
    ]);
  });

  it("takes a # inside quotes or a word for text, not a comment", () => {
    expect(curlCalls(`curl -s "$B/x#frag" -d '{"q":"PR #12 400"}' a#b`)).toEqual([
      { line: 1, text: `curl -s "$B/x#frag" -d '{"q":"PR #12 400"}' a#b`, documented: [] },
    ]);
  });
});
