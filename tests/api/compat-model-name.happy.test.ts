import { describe, expect } from "vitest";
import { json, type ListModelsResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ overrides: { server: { model_name: "hermes-agent" }, hermes: { identity: "hermes-agent" } } });

describe("server.model_name and hermes.identity", () => {
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

  it("answers /health, /v1/models and capabilities with Hermes Agent's names under hermes.identity", async ({
    app: t,
  }) => {
    expect(await json<Record<string, unknown>>(await t.call("GET", "/health"))).toMatchObject({
      status: "ok",
      platform: "hermes-agent",
    });
    expect(await json<Record<string, unknown>>(await t.call("GET", "/health/detailed"))).toMatchObject({
      platform: "hermes-agent",
    });
    const models = await json<ListModelsResponse>(await t.call("GET", "/v1/models"));
    expect(models.data[0]).toMatchObject({ id: "hermes-agent", owned_by: "hermes", root: "hermes-agent" });
    expect(await json<Record<string, unknown>>(await t.call("GET", "/v1/capabilities"))).toMatchObject({
      object: "hermes.api_server.capabilities",
      platform: "hermes-agent",
      model: "hermes-agent",
    });
  });
});
