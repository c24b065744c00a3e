import { describe, expect } from "vitest";
import type { ToolDefinition, ToolImage } from "../../src/domain/shared/tools.js";
import { MAX_IMAGES_PER_RESULT } from "../../src/domain/transcript/tool-images.js";
import type { AgentApp } from "../fixtures/agent-harness.js";
import type { FakeModelServer } from "../fixtures/fake-model.js";
import { jpegHeader, png } from "../fixtures/images.js";
import { json, type PostMessageRunResponse, type ProblemResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

/** Images a tool gets wrong are left out with a note, never stored as something else; unknown ids are a 404. */

/** The images the next `images` call returns, as the test sets them (a tool may label its bytes wrongly). */
let nextImages: Array<{ mime_type: string; data: Buffer }> = [];
const imagesTool: ToolDefinition = {
  name: "images",
  description: "Returns the images the test gave it",
  parameters: { type: "object", properties: {} },
  execute: async () => ({ content: "Here are the images.", images: nextImages as ToolImage[] }),
};

const it = withApp({ tools: [imagesTool], overrides: { model: { vision: "on" } } });

type ImageRow = { id: string; mime_type: string; width: number | null; height: number | null };

describe("tool images that cannot be stored as given", () => {
  it.beforeEach(({ fake }) => fake.reset());

  async function runImages(t: AgentApp, fake: FakeModelServer, images: typeof nextImages) {
    nextImages = images;
    const id = await t.createSession();
    fake.enqueue({ tool_calls: [{ name: "images", arguments: {} }] }, { content: "Done." });
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "Show me" });
    expect(res.status).toBe(200);
    const run = await json<PostMessageRunResponse>(res);
    expect(run.run.status).toBe("completed");
    const rows = await t.query<ImageRow>(
      "select id, mime_type, width, height from message_images where session_id = $1 order by ordinal",
      [id],
    );
    return { id, tool: run.messages.find((m) => m.role === "tool")!, rows };
  }

  it("leaves out bytes that are no PNG or JPEG, says so in the text, and the run goes on", async ({ app, fake }) => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const { tool, rows } = await runImages(app, fake, [{ mime_type: "image/png", data: html }]);
    expect(rows).toEqual([]);
    expect(tool.content).toBe(
      "Here are the images.\n[image 1 of this result was not stored: its bytes are not a PNG or JPEG image]",
    );
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({ role: "tool", content: tool.content });
  });

  it("stores a JPEG labelled image/png as the JPEG it is, with its size, and serves it as one", async ({
    app,
    fake,
  }) => {
    const jpeg = jpegHeader(640, 480);
    const { id, rows } = await runImages(app, fake, [{ mime_type: "image/png", data: jpeg }]);
    expect(rows).toEqual([{ id: expect.stringMatching(/^img_/), mime_type: "image/jpeg", width: 640, height: 480 }]);
    const res = await app.call("GET", `/v1/sessions/${id}/images/${rows[0].id}`);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
    const sent = JSON.stringify(fake.completions[1].body.messages);
    expect(sent).toContain(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
  });

  it(`keeps at most ${MAX_IMAGES_PER_RESULT} images of one result and names the rest`, async ({ app, fake }) => {
    const many = Array.from({ length: MAX_IMAGES_PER_RESULT + 2 }, (_, i) => ({
      mime_type: "image/png",
      data: png(2, 2, i),
    }));
    const { tool, rows } = await runImages(app, fake, many);
    expect(rows).toHaveLength(MAX_IMAGES_PER_RESULT);
    const text = Array.isArray(tool.content) ? tool.content[0].text : "";
    expect(text).toContain(`[image ${MAX_IMAGES_PER_RESULT + 1} of this result was not stored`);
    expect(text).toContain(`[image ${MAX_IMAGES_PER_RESULT + 2} of this result was not stored`);
  });

  it("stores a result with an empty image list as plain text", async ({ app, fake }) => {
    const { tool, rows } = await runImages(app, fake, []);
    expect(rows).toEqual([]);
    expect(tool.content).toBe("Here are the images.");
  });

  it("answers 404 not_found for an image id the session does not hold, and for an unknown session", async ({ app }) => {
    const id = await app.createSession();
    const missing = await app.call("GET", `/v1/sessions/${id}/images/img_01JD5Z3Q8V6N2C4K7M9P0R1S2T`);
    expect(missing.status).toBe(404);
    const problem = await json<ProblemResponse>(missing);
    expect(problem).toMatchObject({ code: "not_found", status: 404 });
    expect(problem.detail).toContain("img_01JD5Z3Q8V6N2C4K7M9P0R1S2T");
    const noSession = await app.call("GET", "/v1/sessions/ses_missing/images/img_01JD5Z3Q8V6N2C4K7M9P0R1S2T");
    expect(noSession.status).toBe(404);
    expect((await json<ProblemResponse>(noSession)).detail).toContain("session ses_missing");
  });
});
