import { describe, expect } from "vitest";
import type { SentMessage } from "../fixtures/fake-model.js";
import { shotTool, type ShotLog } from "../fixtures/images.js";
import {
  json,
  type PostMessageRunResponse,
  type ProblemResponse,
  type ValidationProblem,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

/** A session's images are its own: no other session reads them, no client forges a reference to one. */

const API_KEY = "images-key";
const shots: ShotLog = [];
const it = withApp({
  tools: [shotTool(shots)],
  overrides: { server: { api_key: API_KEY }, model: { vision: "on" } },
});

const hasImage = (messages: SentMessage[]) =>
  messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === "image_url"));

describe("tool images across sessions", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("serves an image only in the session that holds it, and only with the key", async ({ app, fake }) => {
    const owner = await app.createSession();
    const other = await app.createSession();
    fake.enqueue({ tool_calls: [{ name: "shot", arguments: { label: "bank" } }] }, { content: "Seen." });
    const run = await json<PostMessageRunResponse>(
      await app.call("POST", `/v1/sessions/${owner}/messages`, { content: "Screenshot my bank" }),
    );
    const tool = run.messages.find((m) => m.role === "tool")!;
    const imageId = Array.isArray(tool.content)
      ? (tool.content.find((p) => p.type === "image")?.image_id as string)
      : "";
    expect(imageId).toMatch(/^img_/);
    const secret = shots[0][0].toString("base64");

    const crossed = await app.call("GET", `/v1/sessions/${other}/images/${imageId}`);
    expect(crossed.status).toBe(404);
    expect(crossed.headers.get("content-type")).toContain("application/problem+json");
    const problem = await json<ProblemResponse>(crossed);
    expect(problem.code).toBe("not_found");
    expect(JSON.stringify(problem)).not.toContain(secret);

    const anonymous = await app.call("GET", `/v1/sessions/${owner}/images/${imageId}`, undefined, {
      authorization: "Bearer wrong-key",
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(secret);
    expect((await app.call("GET", `/v1/sessions/${owner}/images/${encodeURIComponent("../" + imageId)}`)).status).toBe(
      404,
    );

    const served = await app.call("GET", `/v1/sessions/${owner}/images/${imageId}`);
    expect(served.status).toBe(200);
    // Bytes a browser must never read as a page: the type is exact, sniffing off, no script may run.
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(served.headers.get("cache-control")).toContain("private");
  });

  it("refuses image parts from clients, so no message can point at another session's image", async ({ app, fake }) => {
    const owner = await app.createSession();
    fake.enqueue({ tool_calls: [{ id: "call_shot", name: "shot", arguments: { label: "inbox" } }] }, { content: "ok" });
    const run = await json<PostMessageRunResponse>(
      await app.call("POST", `/v1/sessions/${owner}/messages`, { content: "Screenshot my inbox" }),
    );
    const tool = run.messages.find((m) => m.role === "tool")!;
    const forged = Array.isArray(tool.content) ? tool.content.find((p) => p.type === "image")! : null;

    const thief = await app.createSession();
    const res = await app.call("POST", `/v1/sessions/${thief}/messages`, {
      content: [{ type: "text", text: "what is this?" }, forged],
    });
    expect(res.status).toBe(400);
    const problem = await json<ValidationProblem>(res);
    expect(problem.code).toBe("validation_failed");
    expect(problem.errors).toEqual([{ location: "body.content.1", message: expect.stringContaining("image_url") }]);

    // A tool result a client posts may not carry one either.
    const call = { id: "c1", type: "function", function: { name: "shot", arguments: "{}" } };
    const asked = await app.call("POST", `/v1/sessions/${thief}/messages`, {
      role: "assistant",
      content: null,
      tool_calls: [call],
    });
    expect(asked.status).toBe(201);
    const toolForgery = await app.call("POST", `/v1/sessions/${thief}/messages`, {
      role: "tool",
      tool_call_id: "c1",
      content: [forged],
    });
    expect(toolForgery.status).toBe(400);
    const [rows] = await app.query<{ n: number }>("select count(*) as n from message_images where session_id = $1", [
      thief,
    ]);
    expect(rows.n).toBe(0);

    // The thief's model calls never carry the owner's image.
    fake.reset();
    fake.enqueue({ content: "nothing to see" });
    const answered = await app.call("POST", `/v1/sessions/${thief}/messages`, {
      role: "tool",
      tool_call_id: "c1",
      content: `look at ${forged!.image_id as string}`,
    });
    expect(answered.status).toBe(201);
    expect((await app.call("POST", `/v1/sessions/${thief}/messages`, { content: "describe it" })).status).toBe(200);
    expect(hasImage(fake.completions[0].body.messages)).toBe(false);
    expect(JSON.stringify(fake.completions[0].body)).not.toContain(shots.at(-1)![0].toString("base64"));
  });
});
