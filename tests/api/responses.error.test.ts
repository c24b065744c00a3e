import OpenAI from "openai";
import { describe, expect } from "vitest";
import { countRows } from "../fixtures/sessions-api.js";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { it, withApp } from "../fixtures/suite.js";

describe("Responses: refusals in the OpenAI envelope, with nothing stored", () => {
  it.beforeEach(({ fake }) => fake.reset());

  const refused = async (
    t: { call: (m: string, p: string, b?: unknown) => Promise<Response> },
    body: unknown,
    status: number,
    param: string | null,
  ) => {
    const res = await t.call("POST", "/v1/responses", body);
    expect(res.status, JSON.stringify(body)).toBe(status);
    const envelope = await json<OpenAIErrorResponse>(res);
    expect(envelope.error.param, JSON.stringify(body)).toBe(param);
    return envelope.error;
  };

  it("refuses input that does not end with the user's turn, an image without a URL, and bad ids", async ({
    app: t,
    fake,
  }) => {
    await refused(t, { input: [{ role: "assistant", content: "I spoke last." }] }, 400, "input");
    await refused(t, { input: "" }, 400, "input");
    await refused(
      t,
      { input: [{ role: "user", content: [{ type: "input_image", file_id: "file-1" }] }] },
      400,
      "input[0].content[0].image_url",
    );
    await refused(t, { input: "hi", conversation: "../etc/passwd" }, 400, "conversation");
    await refused(t, { input: "hi", conversation: "c-1", previous_response_id: "resp_x" }, 400, "conversation");
    const metadata = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]));
    await refused(t, { input: "hi", metadata }, 400, "metadata");
    const missing = await refused(t, { input: "hi", previous_response_id: "resp_nope" }, 404, "previous_response_id");
    expect(missing.message).toContain("resp_nope");
    expect(await countRows(t, "sessions")).toBe(0);
    expect(await countRows(t, "responses")).toBe(0);
    expect(fake.completions).toHaveLength(0);
  });

  it("answers 404 for a response that does not exist, to GET and DELETE alike", async ({ app: t }) => {
    for (const method of ["GET", "DELETE"]) {
      const res = await t.call(method, "/v1/responses/resp_missing");
      expect(res.status).toBe(404);
      expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
        error: { code: "not_found", type: "not_found_error" },
      });
    }
  });

  it("raises the openai client's own error types", async ({ app: t }) => {
    const { serveOnLoopback } = await import("../fixtures/loopback-server.js");
    const server = await serveOnLoopback(t.app.fetch);
    try {
      const client = new OpenAI({ baseURL: `${server.baseUrl}/v1`, apiKey: "unused", maxRetries: 0 });
      await expect(
        client.responses.create({ model: "caduceus", input: [{ role: "assistant", content: "no user turn" }] }),
      ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    } finally {
      await server.close();
    }
  });
});

const itWithoutModel = withApp({ model: "none" });

describe("Responses without a model", () => {
  itWithoutModel("stores nothing when no model is configured", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/responses", { input: "Is anyone there?", conversation: "conv-empty" });
    expect(res.status).toBe(503);
    expect(await json<OpenAIErrorResponse>(res)).toMatchObject({ error: { code: "model_not_configured" } });
    expect(await countRows(t, "sessions")).toBe(0);
  });
});
