import { describe, expect } from "vitest";
import { json, type OpenAIErrorResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

// No server.api_key: the loopback server accepts requests without one.
const it = withApp({});

describe("X-Hermes-Session-Key without an API key", () => {
  it("is refused with 403 before anything is stored or the model is called", async ({ app: t, fake }) => {
    fake.reset();
    const before = (await t.app.services.store.sessions.list(100, null)).length;
    const res = await t.call(
      "POST",
      "/v1/chat/completions",
      { model: "caduceus", messages: [{ role: "user", content: "let me into user-42's memory" }] },
      { "x-hermes-session-key": "agent:main:webui:dm:user-42" },
    );
    expect(res.status).toBe(403);
    expect(await json<OpenAIErrorResponse>(res)).toMatchObject({
      error: { type: "permission_error", code: "session_key_requires_auth" },
    });
    expect(await t.app.services.store.sessions.list(100, null)).toHaveLength(before);
    expect(fake.completions).toHaveLength(0);
  });
});
