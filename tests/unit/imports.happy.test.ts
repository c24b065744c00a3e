import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of src/ (ARCHITECTURE.md): imports point down only. Read from the sources with the
 * TypeScript scanner, so type-only imports and re-exports count like any other import.
 */

const SRC = resolve("src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Each file of src/ (relative, `/`-separated) with the files of src/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const local = importedFiles
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => relative(SRC, resolve(dirname(file), spec.replace(/\.js$/, ".ts"))));
    graph.set(relative(SRC, file), local);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan), each a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const layerOf = (file: string) => file.split("/")[0];

/** `domain/<capability>/…` → the capability (`domain/readiness.ts` is one of its own). */
const capabilityOf = (file: string) => (file.startsWith("domain/") ? file.split("/")[1] : null);

/**
 * The domain's floor: `src/domain/shared/` holds the stateless modules every capability may call into (settings
 * resolution, token counting and budgets, model windows and vision, model-error classification, message shapes, anchor
 * extraction, where Chromium is, the names MCP tools are offered under). It sits below every capability: it imports
 * only itself, src/kernel, src/config and src/db's types. Anything else of another capability — its services and
 * repositories — is reached through a port: imported as a type only, save these values, each with its reason.
 */
const FLOOR = "domain/shared/";
const CROSSING_VALUES = new Map([
  [
    "domain/context/active-context.ts",
    "a run builds the model's context from the store exactly as the context view shows it, so both read one function",
  ],
  ["domain/events/feed.ts", "a run hands its caller the session's event stream as the events capability's own feed"],
]);

/** Each file of src/domain/ with the files it imports for their values (type-only imports left out). */
function valueImports(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(join(SRC, "domain"))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    const deps: string[] = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const spec = statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith(".")) continue;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const bindings = clause?.namedBindings;
        const typeOnly =
          clause !== undefined &&
          (clause.isTypeOnly ||
            (!clause.name &&
              bindings !== undefined &&
              ts.isNamedImports(bindings) &&
              bindings.elements.every((element) => element.isTypeOnly)));
        if (typeOnly) continue;
      } else if (statement.isTypeOnly) continue;
      deps.push(relative(SRC, resolve(dirname(file), spec.text.replace(/\.js$/, ".ts"))));
    }
    out.set(relative(SRC, file), deps);
  }
  return out;
}

/** Imports from files under `from` to files under a layer `to` allows it to use. */
function violations(graph: Map<string, string[]>, from: string, allowed: (target: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, deps] of graph) {
    if (!file.startsWith(`${from}/`)) continue;
    for (const dep of deps) if (!allowed(dep)) out.push(`${file} → ${dep}`);
  }
  return out;
}

describe("the import graph of src/", () => {
  const graph = importGraph();

  it("reads every source file", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("main.ts")).toContain("app.ts");
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps routes away from the database: routes never import src/db", () => {
    expect(violations(graph, "routes", (dep) => layerOf(dep) !== "db")).toEqual([]);
  });

  it("keeps the domain away from transport: the domain imports no route, HTTP module, app or wiring", () => {
    const transport = new Set(["routes", "http", "app.ts", "main.ts", "services.ts"]);
    expect(violations(graph, "domain", (dep) => !transport.has(layerOf(dep)))).toEqual([]);
  });

  it("lets only use cases span capabilities: across capabilities, services are imported as types (ports)", () => {
    const imports = valueImports();
    expect(imports.get("domain/use-cases/post-message.ts")?.length).toBeGreaterThan(0);
    const crossing: string[] = [];
    for (const [file, deps] of imports) {
      const own = capabilityOf(file);
      if (own === "use-cases") continue;
      for (const dep of deps) {
        const other = capabilityOf(dep);
        if (other === null || other === own || dep.startsWith(FLOOR) || CROSSING_VALUES.has(dep)) continue;
        crossing.push(`${file} → ${dep}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it("keeps the floor at the bottom: domain/shared imports only itself, src/kernel, src/config and src/db", () => {
    expect([...graph.keys()].filter((file) => file.startsWith(FLOOR)).length).toBeGreaterThan(5);
    expect(CROSSING_VALUES.size).toBeLessThanOrEqual(3);
    const below = (dep: string) => dep.startsWith(FLOOR) || ["kernel", "config", "db"].includes(layerOf(dep));
    expect(violations(graph, "domain/shared", below)).toEqual([]);
  });

  it("orders the domain's capabilities: no capability imports one that imports it back (types included)", () => {
    const capabilities = new Map<string, string[]>();
    for (const [file, deps] of graph) {
      const own = capabilityOf(file);
      if (own === null || !file.startsWith(`domain/${own}/`)) continue;
      const others = deps.map(capabilityOf).filter((other): other is string => other !== null && other !== own);
      capabilities.set(own, [...new Set([...(capabilities.get(own) ?? []), ...others])]);
    }
    expect(capabilities.get("agent")).toContain("context");
    expect(cycles(capabilities)).toEqual([]);
  });

  it("keeps use cases on top: nothing in the domain but a use case imports one", () => {
    const outside = [...graph].flatMap(([file, deps]) =>
      capabilityOf(file) === "use-cases"
        ? []
        : deps.filter((dep) => capabilityOf(dep) === "use-cases").map((dep) => `${file} → ${dep}`),
    );
    expect(outside.filter((edge) => edge.startsWith("domain/"))).toEqual([]);
  });

  it("keeps the database layer at the bottom: src/db imports only itself and src/kernel", () => {
    expect(violations(graph, "db", (dep) => layerOf(dep) === "db" || layerOf(dep) === "kernel")).toEqual([]);
  });

  it("keeps the stores apart: the PostgreSQL store never imports the SQLite repositories (both meet in rows/)", () => {
    expect([...graph.keys()].some((file) => file.startsWith("db/postgres/repositories/"))).toBe(true);
    expect(violations(graph, "db/postgres", (dep) => !dep.startsWith("db/repositories/"))).toEqual([]);
    expect(violations(graph, "db/repositories", (dep) => !dep.startsWith("db/postgres/"))).toEqual([]);
  });

  it("keeps the kernel the shared vocabulary: src/kernel imports nothing of ours but itself", () => {
    expect([...graph.keys()].some((file) => file.startsWith("kernel/"))).toBe(true);
    expect(violations(graph, "kernel", (dep) => layerOf(dep) === "kernel")).toEqual([]);
  });
});
