import { describe, expect } from "vitest";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "none" });

describe("a Hermes-style run on a server with no model", () => {
  it("is refused with 503 in the OpenAI envelope before any session is stored", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/runs", {
      input: "hello",
      session_id: "webui-chat-1",
      instructions: "Be brief.",
    });
    expect(res.status).toBe(503);
    expect((await json<OpenAIErrorResponse>(res)).error).toMatchObject({ code: "model_not_configured" });
    expect(await t.app.services.store.sessions.get("webui-chat-1")).toBeNull();
    expect(await t.app.services.store.sessions.list(10, null)).toEqual([]);
  });
});
