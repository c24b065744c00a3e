import type { Response as OpenAIResponse } from "openai/resources/responses/responses";
import { describe, expect } from "vitest";
import { countMessageTokens, imageTokens } from "../../src/domain/shared/tokens.js";
import { append, filler, getJson, toolRound } from "../fixtures/context-transcript.js";
import type { FakeModelServer, SentMessage } from "../fixtures/fake-model.js";
import { shotTool, type ShotLog } from "../fixtures/images.js";
import {
  json,
  type ChatCompletionResponse,
  type CompressResponse,
  type GetContextResponse,
  type GetSessionResponse,
  type ListMessagesResponse,
  type MessageRow,
  type PostMessageRunResponse,
} from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

/**
 * Images a tool returns (screenshots), from the tool to the database, the transcript, the image route, the model's
 * request and compression: a real PNG, real SQLite, the real loop and the fake model over HTTP.
 */

const onShots: ShotLog = [];
const autoShots: ShotLog = [];
const offShots: ShotLog = [];
const compressShots: ShotLog = [];
const itOn = withApp({ tools: [shotTool(onShots)], overrides: { model: { vision: "on" } } });
const itAuto = withApp({ tools: [shotTool(autoShots)] });
const itOff = withApp({ tools: [shotTool(offShots)], overrides: { model: { vision: "off" } } });
const itCompress = withApp({
  model: "context",
  tools: [shotTool(compressShots)],
  overrides: { model: { vision: "on" } },
});

const TEXT = (label: string) => `Screenshot of ${label}: a 4x3 page, mostly blue`;

type ImagePart = { type: "image"; image_id: string; mime_type: string; width: number; height: number };

/** Runs the agent on `ask`: the model calls `shot` once per entry of `rounds` (one answer each), then answers. */
async function runShots(
  t: TestApp,
  fake: FakeModelServer,
  sessionId: string,
  rounds: Array<Array<{ label: string; count?: number }>>,
  ask = "Look at the page",
): Promise<PostMessageRunResponse> {
  for (const calls of rounds) fake.enqueue({ tool_calls: calls.map((args) => ({ name: "shot", arguments: args })) });
  fake.enqueue({ content: "It is blue." });
  const res = await t.call("POST", `/v1/sessions/${sessionId}/messages`, { content: ask });
  expect(res.status, await res.clone().text()).toBe(200);
  const run = await json<PostMessageRunResponse>(res);
  expect(run.run.status).toBe("completed");
  return run;
}

const imagePartsOf = (row: Pick<MessageRow, "content">): ImagePart[] =>
  Array.isArray(row.content) ? (row.content.filter((part) => part.type === "image") as ImagePart[]) : [];

/** Every image_url of a request, in order. */
const imageUrlsOf = (messages: SentMessage[]): string[] =>
  messages.flatMap((m) =>
    Array.isArray(m.content)
      ? m.content.filter((p) => p.type === "image_url").map((p) => (p.image_url as { url: string }).url)
      : [],
  );

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

function imageRows(t: TestApp, sessionId: string) {
  return t.query<{
    id: string;
    seq: number;
    ordinal: number;
    mime_type: string;
    bytes: Buffer;
    byte_length: number;
    width: number;
    height: number;
  }>(
    "select id, seq, ordinal, mime_type, bytes, byte_length, width, height from message_images where session_id = $1 order by seq, ordinal",
    [sessionId],
  );
}

describe("a tool's images with model.vision: on", () => {
  itOn.beforeEach(({ fake }) => {
    fake.reset();
    onShots.length = 0;
  });

  itOn("stores each image once, and the transcript shows a reference to it, never its bytes", async ({ app, fake }) => {
    const id = await app.createSession();
    const run = await runShots(app, fake, id, [[{ label: "home" }]]);
    const tool = run.messages.find((m) => m.role === "tool")!;
    const [bytes] = onShots[0];
    expect(tool.content).toEqual([
      { type: "text", text: TEXT("home") },
      {
        type: "image",
        image_id: expect.stringMatching(/^img_/),
        mime_type: "image/png",
        width: 4,
        height: 3,
        byte_length: bytes.length,
      },
    ]);
    const [part] = imagePartsOf(tool);
    const rows = await imageRows(app, id);
    expect(rows).toEqual([
      {
        id: part.image_id,
        seq: tool.seq,
        ordinal: 0,
        mime_type: "image/png",
        bytes: expect.any(Buffer),
        byte_length: bytes.length,
        width: 4,
        height: 3,
      },
    ]);
    expect(rows[0].bytes.equals(bytes)).toBe(true);

    const page = await getJson<ListMessagesResponse>(app, `/v1/sessions/${id}/messages`);
    expect(page.data.find((m) => m.seq === tool.seq)!.content).toEqual(tool.content);
    const transcript = JSON.stringify(page);
    expect(transcript).not.toContain(bytes.toString("base64"));
    expect(transcript).not.toContain("base64");
    // One image row however often the row is read, and the tool row's tokens count the image by its tiles.
    expect(await imageRows(app, id)).toHaveLength(1);
    const text = { role: "tool" as const, content: TEXT("home"), tool_call_id: tool.tool_call_id, name: "shot" };
    expect(tool.tokens).toBe(countMessageTokens(text, "fake-model") + imageTokens(4, 3));
    const session = await getJson<GetSessionResponse>(app, `/v1/sessions/${id}`);
    expect(session.stats.context_tokens).toBe(run.messages.reduce((sum, m) => sum + m.tokens, 0));
  });

  itOn("serves the image's bytes with its Content-Type at GET /images/{image_id}", async ({ app, fake }) => {
    const id = await app.createSession();
    const run = await runShots(app, fake, id, [[{ label: "home" }]]);
    const [part] = imagePartsOf(run.messages.find((m) => m.role === "tool")!);
    const res = await app.call("GET", `/v1/sessions/${id}/images/${part.image_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(onShots[0][0].length));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(onShots[0][0])).toBe(true);
  });

  itOn(
    "sends the image to the model as a user message of image_url parts right after the tool results",
    async ({ app, fake }) => {
      const id = await app.createSession();
      const run = await runShots(app, fake, id, [[{ label: "home" }]]);
      const tool = run.messages.find((m) => m.role === "tool")!;
      const [part] = imagePartsOf(tool);
      expect(imageUrlsOf(fake.completions[0].body.messages)).toEqual([]);
      const sent = fake.completions[1].body.messages;
      expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
      expect(sent[2]).toMatchObject({
        role: "tool",
        tool_call_id: tool.tool_call_id,
        content: `${TEXT("home")}\n[image ${part.image_id} (image/png 4x3): shown after the tool results]`,
      });
      expect(sent[3].content).toEqual([
        { type: "text", text: `Image ${part.image_id} returned by shot (seq ${tool.seq}, image/png 4x3):` },
        { type: "image_url", image_url: { url: dataUrl(onShots[0][0]) } },
      ]);
    },
  );

  itOn("shows GET /context the image at its route instead of its bytes", async ({ app, fake }) => {
    const id = await app.createSession();
    const run = await runShots(app, fake, id, [[{ label: "home" }]]);
    const [part] = imagePartsOf(run.messages.find((m) => m.role === "tool")!);
    const context = await getJson<GetContextResponse>(app, `/v1/sessions/${id}/context`);
    const urls = context.messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((p) => p.type === "image_url") : [],
    );
    expect(urls).toEqual([{ type: "image_url", image_url: { url: `/v1/sessions/${id}/images/${part.image_id}` } }]);
    expect(JSON.stringify(context)).not.toContain("base64");
  });

  itOn(
    "sends only the newest three images; older ones stand as one-line stubs naming their seq",
    async ({ app, fake }) => {
      const id = await app.createSession();
      const run = await runShots(app, fake, id, [[{ label: "home", count: 2 }], [{ label: "settings", count: 2 }]]);
      const tools = run.messages.filter((m) => m.role === "tool");
      const [a1, a2] = imagePartsOf(tools[0]);
      const [b1, b2] = imagePartsOf(tools[1]);
      expect(await imageRows(app, id)).toHaveLength(4);
      // After the first round its two images are both shown; after the second, the oldest of the four is a stub.
      expect(imageUrlsOf(fake.completions[1].body.messages)).toEqual(onShots[0].map(dataUrl));
      const sent = fake.completions[2].body.messages;
      expect(imageUrlsOf(sent)).toEqual([dataUrl(onShots[0][1]), ...onShots[1].map(dataUrl)]);
      expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant", "tool", "user"]);
      expect(sent[2].content).toBe(
        [
          TEXT("home"),
          `[image ${a1.image_id} of seq ${tools[0].seq} moved out of the context: image/png 4x3; GET …/images/${a1.image_id}]`,
          `[image ${a2.image_id} (image/png 4x3): shown after the tool results]`,
        ].join("\n"),
      );
      expect(JSON.stringify(sent[3])).not.toContain(a1.image_id);
      expect(JSON.stringify(sent[6])).toContain(b1.image_id);
      expect(JSON.stringify(sent[6])).toContain(b2.image_id);
    },
  );

  itOn("session_read names a row's images without sending them again", async ({ app, fake }) => {
    const id = await app.createSession();
    fake.enqueue(
      { tool_calls: [{ name: "shot", arguments: { label: "home" } }] },
      { tool_calls: [{ name: "session_read", arguments: { seq: 3 } }] },
      { content: "Read it." },
    );
    const res = await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Look, then read it back" });
    const run = await json<PostMessageRunResponse>(res);
    const [shot, read] = run.messages.filter((m) => m.role === "tool");
    const [part] = imagePartsOf(shot);
    expect(read.content).toContain(`[image ${part.image_id}: image/png 4x3]`);
    expect(imagePartsOf(read)).toEqual([]);
    expect(await imageRows(app, id)).toHaveLength(1);
  });

  itOn("deleting the session deletes its images", async ({ app, fake }) => {
    const id = await app.createSession();
    const run = await runShots(app, fake, id, [[{ label: "home", count: 2 }]]);
    const [part] = imagePartsOf(run.messages.find((m) => m.role === "tool")!);
    expect(await imageRows(app, id)).toHaveLength(2);
    expect((await app.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    expect(await imageRows(app, id)).toEqual([]);
    expect((await app.call("GET", `/v1/sessions/${id}/images/${part.image_id}`)).status).toBe(404);
  });

  itOn("a fork holds its own copy of the images its rows reference", async ({ app, fake }) => {
    const id = await app.createSession();
    const run = await runShots(app, fake, id, [[{ label: "home" }]]);
    const [part] = imagePartsOf(run.messages.find((m) => m.role === "tool")!);
    const forked = await app.call("POST", `/api/sessions/${id}/fork`, { id: "shots-fork" });
    expect(forked.status).toBe(201);
    const early = await app.call("POST", `/api/sessions/${id}/fork`, { id: "shots-fork-early", upto_seq: 2 });
    expect(early.status).toBe(201);
    expect(await imageRows(app, "shots-fork-early")).toEqual([]);
    expect((await app.call("DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    const res = await app.call("GET", `/v1/sessions/shots-fork/images/${part.image_id}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(onShots[0][0])).toBe(true);
    // The fork's next model call shows the copied image like its own.
    fake.enqueue({ content: "Still blue." });
    expect((await app.call("POST", "/v1/sessions/shots-fork/messages", { content: "And now?" })).status).toBe(200);
    expect(imageUrlsOf(fake.completions.at(-1)!.body.messages)).toEqual([dataUrl(onShots[0][0])]);
  });

  itOn("chat completions and Responses run the same way and answer with text", async ({ app, fake }) => {
    fake.enqueue({ tool_calls: [{ name: "shot", arguments: { label: "chat" } }] }, { content: "It is blue." });
    const chat = await app.call(
      "POST",
      "/v1/chat/completions",
      { model: "caduceus", messages: [{ role: "user", content: "Look at the page" }] },
      { "x-hermes-session-id": "shots-chat" },
    );
    expect(chat.status).toBe(200);
    expect((await json<ChatCompletionResponse>(chat)).choices[0].message.content).toBe("It is blue.");
    expect(imageUrlsOf(fake.completions[1].body.messages)).toEqual([dataUrl(onShots[0][0])]);

    fake.enqueue({ tool_calls: [{ name: "shot", arguments: { label: "responses" } }] }, { content: "Blue again." });
    const res = await app.call("POST", "/v1/responses", { model: "caduceus", input: "Look again" });
    expect(res.status).toBe(200);
    const response = await json<OpenAIResponse>(res);
    expect(response.output.map((item) => item.type)).toEqual(["function_call", "function_call_output", "message"]);
    expect(response.output[1]).toMatchObject({ type: "function_call_output", output: TEXT("responses") });
    expect(JSON.stringify(response)).not.toContain("base64");
    expect(imageUrlsOf(fake.completions[3].body.messages)).toEqual([dataUrl(onShots[1][0])]);
  });
});

describe("a model without vision gets the text alone", () => {
  itOff.beforeEach(({ fake }) => fake.reset());
  itAuto.beforeEach(({ fake }) => fake.reset());

  itOff(
    "model.vision: off sends only the tool's text, and the image is still stored and served",
    async ({ app, fake }) => {
      const id = await app.createSession({ model: "gpt-4o" });
      const run = await runShots(app, fake, id, [[{ label: "home" }]]);
      const tool = run.messages.find((m) => m.role === "tool")!;
      const sent = fake.completions[1].body.messages;
      expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
      expect(sent[2].content).toBe(TEXT("home"));
      const messagesSent = JSON.stringify(fake.completions.map((c) => c.body.messages));
      expect(messagesSent).not.toContain("image_url");
      expect(messagesSent).not.toContain("data:image");
      const [part] = imagePartsOf(tool);
      expect((await app.call("GET", `/v1/sessions/${id}/images/${part.image_id}`)).status).toBe(200);
      expect(await imageRows(app, id)).toHaveLength(1);
    },
  );

  itAuto("model.vision: auto shows images to a vision model by its name, and not to another", async ({ app, fake }) => {
    const vision = await app.createSession({ model: "gpt-4o-mini" });
    await runShots(app, fake, vision, [[{ label: "home" }]]);
    expect(fake.completions[1].body.model).toBe("gpt-4o-mini");
    expect(imageUrlsOf(fake.completions[1].body.messages)).toEqual([dataUrl(autoShots[0][0])]);

    fake.reset();
    const plain = await app.createSession();
    await runShots(app, fake, plain, [[{ label: "home" }]]);
    expect(fake.completions[1].body.model).toBe("fake-model");
    const sent = fake.completions[1].body.messages;
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(sent[2].content).toBe(TEXT("home"));
  });
});

describe("compression and images", () => {
  itCompress.beforeEach(({ fake }) => fake.reset());

  itCompress("turns an old image into a stub and never sends the summary model an image", async ({ app, fake }) => {
    const id = await app.createSession();
    const first = await runShots(app, fake, id, [[{ label: "home" }]], "Look at the home page");
    const second = await runShots(app, fake, id, [[{ label: "settings" }]], "Look at the settings page");
    const [home] = imagePartsOf(first.messages.find((m) => m.role === "tool")!);
    const settingsRow = second.messages.find((m) => m.role === "tool")!;
    const [settings] = imagePartsOf(settingsRow);
    for (let i = 0; i < 14; i++)
      await append(
        app,
        id,
        toolRound(`step ${i}: ${filler(i, 60)}`, "terminal", { command: `npm run step-${i}` }, filler(i, 250), "ok"),
      );

    fake.reset();
    fake.enqueue({ content: "## Goal\nLook at the pages.\n## Completed Actions\nTwo screenshots." });
    const out = await json<CompressResponse>(await app.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(out.compressed).toBe(true);
    const summaryRequest = JSON.stringify(fake.completions[0].body);
    for (const bytes of compressShots.flat()) expect(summaryRequest).not.toContain(bytes.toString("base64"));
    expect(summaryRequest).not.toContain("image_url");
    expect(summaryRequest).not.toContain("base64");
    expect(summaryRequest).toContain(
      `[image ${settings.image_id} of seq ${settingsRow.seq} moved out of the context: image/png 4x3; GET …/images/${settings.image_id}]`,
    );

    // The head's tool row stays, its image a stub; the span's is out of the context; the stored rows are as they were.
    const context = await getJson<GetContextResponse>(app, `/v1/sessions/${id}/context`);
    expect(JSON.stringify(context)).not.toContain("image_url");
    const stub = `[image ${home.image_id} of seq 3 moved out of the context: image/png 4x3; GET …/images/${home.image_id}]`;
    expect(context.messages.find((m) => m.role === "tool")!.content).toBe(`${TEXT("home")}\n${stub}`);
    const rows = await getJson<ListMessagesResponse>(app, `/v1/sessions/${id}/messages?limit=200`);
    expect(imagePartsOf(rows.data.find((m) => m.seq === 3)!)).toEqual([expect.objectContaining(home)]);
    expect(rows.data.find((m) => m.seq === settingsRow.seq)!.in_context).toBe(false);

    fake.enqueue({ content: "Noted." });
    expect((await app.call("POST", `/v1/sessions/${id}/messages`, { content: "Thanks" })).status).toBe(200);
    const next = fake.completions.at(-1)!.body.messages;
    expect(imageUrlsOf(next)).toEqual([]);
    expect(next.some((m) => typeof m.content === "string" && m.content.includes(stub))).toBe(true);
  });
});
