import { describe, expect } from "vitest";
import { json, type ListModelsResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ overrides: { server: { model_name: "hermes-agent" } } });

describe("server.model_name", () => {
  it("is the model id the OpenAI-compatible routes show, while runs still call the configured model", async ({
    app: t,
    fake,
  }) => {
    fake.reset();
    const models = await json<ListModelsResponse>(await t.call("GET", "/v1/models"));
    expect(models.data.map((m) => m.id)).toEqual(["hermes-agent"]);
    fake.enqueue({ content: "Hi." });
    const res = await t.call("POST", "/v1/chat/completions", { messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(200);
    expect((await json<{ model: string }>(res)).model).toBe("hermes-agent");
    expect(fake.completions[0].body.model).toBe("fake-model");
  });
});
