import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/domain/events/event-types.js";
import { json } from "../fixtures/responses.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

type Schema = {
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
};
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
};

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await makeTestApp();
  doc = await json<OpenApiDocument>(await t.app.request("/openapi.json"));
});
afterAll(() => t.close());

/** The `event` names of a stream's frame schema (a union of one object per event type). */
function eventNames(schema: Schema): string[] {
  const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split("/").pop()!] : s);
  const union = resolve(schema);
  return (union.oneOf ?? union.anyOf ?? []).flatMap(
    (frame) => (resolve(frame).properties?.event?.enum ?? []) as string[],
  );
}

const streamSchema = (path: string, method: string) =>
  doc.paths[path][method].responses["200"].content!["text/event-stream"].schema;

describe("the event streams as documented", () => {
  it("document one frame schema per event type the server publishes, on both streams", () => {
    const stored = EVENT_TYPES.filter((type) => type !== "done");
    expect(eventNames(streamSchema("/v1/sessions/{id}/events", "get")).sort()).toEqual([...stored].sort());
    expect(eventNames(streamSchema("/v1/sessions/{id}/messages", "post")).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it("name every event type in the README or the docs", () => {
    const docs = new URL("../../docs/", import.meta.url);
    const readme = [
      readFileSync(new URL("../../README.md", import.meta.url), "utf8"),
      ...readdirSync(docs)
        .filter((name) => name.endsWith(".md"))
        .map((name) => readFileSync(new URL(name, docs), "utf8")),
    ].join("\n");
    const missing = EVENT_TYPES.filter(
      (type) => !readme.includes(`\`${type}\``) && !readme.includes(`\`${type.split(".")[0]}.*\``),
    );
    expect(missing).toEqual([]);
  });
});
