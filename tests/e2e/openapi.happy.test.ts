import { describe, expect } from "vitest";
import { evaluate, waitForPending } from "../fixtures/browser.js";
import { json, type CreateSessionResponse } from "../fixtures/responses.js";
import { it } from "../fixtures/suite.js";

/** The parts of an operation this check reads. */
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/**
 * The request examples of the document are what the API reference's "Try it out" sends: each must succeed as it
 * is, against a fresh server with a model (the fake one) and a browser, answered with a status the document lists.
 */
describe("the request examples of the OpenAPI document", () => {
  it("succeed when sent as they are, each with a documented success status", async ({ app: t, fake }) => {
    const doc = await json<OpenApiDocument>(await t.app.request("/openapi.json"));
    const withExamples = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody)
        .map(([method, op]) => ({ method, path, op, example: op.requestBody!.content["application/json"]?.example })),
    );
    expect(withExamples.length).toBeGreaterThanOrEqual(9);
    for (const { op, example } of withExamples) expect(example, `${op.operationId} has an example`).toBeDefined();

    // The session example first: the others run on the session it creates.
    const order = (path: string) => (path === "/v1/sessions" ? 0 : path.endsWith("/dialogs/respond") ? 2 : 1);
    withExamples.sort((a, b) => order(a.path) - order(b.path));
    let sessionId = "";
    for (const { method, path, op, example } of withExamples) {
      if (path.endsWith("/dialogs/respond")) {
        // Answering a dialog needs one open: the page raises it, as a page would.
        await evaluate(t, sessionId, "setTimeout(() => alert('Saved'), 0), true");
        await waitForPending(t, sessionId);
      }
      if (path === "/v1/chat/completions") fake.enqueue({ content: "Hello!" });
      const res = await t.call(method.toUpperCase(), path.replace("{id}", sessionId), example);
      const text = await res.clone().text();
      const successes = Object.keys(op.responses)
        .map(Number)
        .filter((status) => status < 300);
      expect(successes, `${op.operationId} answered ${res.status}: ${text}`).toContain(res.status);
      if (path === "/v1/sessions" && method === "post") sessionId = (await json<CreateSessionResponse>(res)).id;
    }
  });
});
