import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The size limits of ARCHITECTURE.md's house style, read from the sources: a file of src/ stays within 500 lines and
 * a class within 30 methods and 400 lines. A module that grows past them holds more than one concept.
 */

const SRC = resolve("src");
const MAX_FILE_LINES = 500;
const MAX_CLASS_METHODS = 30;
const MAX_CLASS_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

type ClassShape = { name: string; methods: number; lines: number };

function classesOf(file: string, text: string): ClassShape[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: ClassShape[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      found.push({
        name: `${relative(SRC, file)}: ${node.name?.text ?? "(anonymous class)"}`,
        methods: node.members.filter(
          (member) => ts.isMethodDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member),
        ).length,
        lines: line(node.end) - line(node.getStart(source)) + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the size of src/", () => {
  const files = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, "utf8") }));

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map(({ file, text }) => ({ file: relative(SRC, file), lines: text.split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`has no class over ${MAX_CLASS_METHODS} methods or ${MAX_CLASS_LINES} lines`, () => {
    const classes = files.flatMap(({ file, text }) => classesOf(file, text));
    expect(classes.length).toBeGreaterThan(20);
    expect(classes.filter((c) => c.methods > MAX_CLASS_METHODS || c.lines > MAX_CLASS_LINES)).toEqual([]);
  });

  it("wires the app in services.ts within 200 lines: use cases are bound by bindUseCases", () => {
    const services = files.find(({ file }) => relative(SRC, file) === "services.ts");
    expect(services?.text.split("\n").length).toBeLessThanOrEqual(201);
    expect(services?.text).toContain("bindUseCases(");
  });

  it("names every test file <area>.(happy|error|security).test.ts", () => {
    const tests = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return tests(path);
        return name.endsWith(".test.ts") ? [relative(resolve("tests"), path)] : [];
      });
    const all = tests(resolve("tests"));
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((file) => !/(^|\/)[a-z0-9-]+\.(happy|error|security)\.test\.ts$/.test(file))).toEqual([]);
  });

  it("asks the store's topology, never its dialect, outside src/db", () => {
    const asking = files
      .filter(({ file }) => !relative(SRC, file).startsWith("db/"))
      .filter(({ text }) => /\.dialect\s*[!=]==/.test(text))
      .map(({ file }) => relative(SRC, file));
    expect(asking).toEqual([]);
  });

  it("measures what it limits: a class's methods and lines, a file's lines", () => {
    const body = Array.from({ length: 31 }, (_, i) => `  m${i}() {}\n`).join("");
    expect(classesOf(join(SRC, "x.ts"), `export class Wide {\n${body}}\n`)).toEqual([
      { name: "x.ts: Wide", methods: 31, lines: 33 },
    ]);
  });
});
