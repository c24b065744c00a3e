import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { parse } from "yaml";
import { json } from "../fixtures/responses.js";
import { CLIENT_TYPES_PATH, WEB_CLIENT_TYPES_PATH, generateClientTypes } from "../../scripts/client-types.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

/** The parts of an OpenAPI 3.1 schema object these checks read. */
type Schema = {
  description?: string;
  $ref?: string;
  type?: string;
  example?: unknown;
  examples?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
/** GET /openapi.json, as far as these checks read it. */
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
};

/** Every property of every component schema, with a path for the failure message. */
function properties(schemas: Record<string, Schema>): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  const walk = (schema: Schema | undefined, path: string) => {
    if (!schema || typeof schema !== "object" || schema.$ref) return;
    for (const [key, property] of Object.entries<Schema>(schema.properties ?? {})) {
      out.push([`${path}.${key}`, property]);
      walk(property, `${path}.${key}`);
    }
    walk(schema.items, `${path}[]`);
    for (const key of ["anyOf", "oneOf", "allOf"] as const)
      for (const [i, part] of (schema[key] ?? []).entries()) walk(part, `${path}<${i}>`);
  };
  for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
  return out;
}

const described = (p: Schema) => Boolean(p.description || p.$ref || p.allOf?.some((part: Schema) => part.description));

const OPENAI_COMPAT_PATHS = new Set([
  "/v1/models",
  "/v1/chat/completions",
  "/v1/capabilities",
  "/v1/skills",
  "/v1/toolsets",
  "/v1/runs",
  "/v1/responses",
  "/v1/responses/{response_id}",
]);

describe("OpenAPI document and API reference", () => {
  let doc: OpenApiDocument;
  it.beforeAll(async ({ app }) => {
    doc = await json<OpenApiDocument>(await app.app.request("/openapi.json"));
  });

  it("serves OpenAPI 3.1 equal to the checked-in openapi.yaml (run `npm run openapi` after changing routes)", () => {
    expect(doc.openapi).toBe("3.1.0");
    const checkedIn = parse(readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"));
    expect(doc).toEqual(checkedIn);
  });

  it("types the generated client and the inspector from the checked-in openapi.yaml (run `npm run openapi`)", async () => {
    const types = await generateClientTypes();
    expect(readFileSync(CLIENT_TYPES_PATH, "utf8")).toBe(types);
    expect(readFileSync(WEB_CLIENT_TYPES_PATH, "utf8")).toBe(types);
  });

  it("describes every schema field and gives every scalar field an example", () => {
    const all = properties(doc.components.schemas);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter(([, p]) => !described(p)).map(([path]) => path)).toEqual([]);
    const scalar = (p: Schema) => !p.$ref && !p.allOf && !p.anyOf && p.type !== "object" && p.type !== "array";
    expect(
      all.filter(([, p]) => scalar(p) && p.example === undefined && p.examples === undefined).map(([path]) => path),
    ).toEqual([]);
  });

  it("documents every operation with a summary, responses and problem schemas for errors", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toMatch(/\S/);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, `${method} ${path} ${status}`).toMatch(/\S/);
          // Readiness answers 503 with its report, not a problem: the checks are the useful part.
          if (Number(status) >= 400 && response.content && path !== "/health/ready") {
            // The OpenAI-compatible routes answer errors in the OpenAI envelope, as OpenAI clients expect.
            const compat = OPENAI_COMPAT_PATHS.has(path) || path.startsWith("/v1/runs/");
            const expected = compat ? "application/json" : "application/problem+json";
            expect(Object.keys(response.content), `${method} ${path} ${status}`).toContain(expected);
          }
        }
      }
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/health"].get.security).toEqual([]);
    for (const path of ["/v1/sessions", "/v1/sessions/{id}/messages"]) {
      expect((doc.paths[path].post.parameters ?? []).map((p) => `${p.in}:${p.name}`)).toContain(
        "header:idempotency-key",
      );
    }
  });

  it("serves /docs from local assets only, and each asset answers", async ({ app: t }) => {
    const res = await t.app.request("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url).not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.request(url);
      expect(asset.status, url).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
    }
    const script = await (await t.app.request("/docs/assets/swagger-ui-bundle.js")).text();
    expect(script).toContain("SwaggerUIBundle");
    expect(await (await t.app.request("/docs/assets/init.js")).text()).toContain("/openapi.json");
    expect((await t.app.request("/docs/assets/package.json")).status).toBe(404);
    expect((await t.app.request("/docs/assets/..%2Fpackage.json")).status).toBe(404);
  });
});
