import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { ImageRecord } from "../../src/db/records.js";
import { demoteOldToolOutputs, stubOldImages, toolCallIndex } from "../../src/domain/context/compressor/pruning.js";
import type { ContextItem } from "../../src/domain/context/engine.js";
import { imageTokens, countMessageTokens } from "../../src/domain/shared/tokens.js";
import { showToolImages, type ImageShowing } from "../../src/domain/context/tool-images-view.js";
import { modelAcceptsImages } from "../../src/domain/shared/vision-models.js";
import { resolveSessionSettings, visionFor } from "../../src/domain/shared/session-settings.js";
import { readImageHeader } from "../../src/domain/transcript/image-header.js";
import type { ChatMessage } from "../../src/kernel/chat.js";
import type { ImageRefPart } from "../../src/kernel/image-refs.js";
import { jpegHeader, png } from "../fixtures/images.js";

describe("which models are shown images (model.vision: auto)", () => {
  it.each([
    "gpt-4o",
    "gpt-4o-mini",
    "chatgpt-4o-latest",
    "gpt-4.1-nano",
    "gpt-4-turbo",
    "gpt-5",
    "gpt-5-mini",
    "o1",
    "o3",
    "o3-pro",
    "o4-mini",
    "openai/o4-mini",
    "claude-3-5-sonnet-20241022",
    "claude-3-haiku-20240307",
    "claude-sonnet-4-20250514",
    "anthropic/claude-opus-4",
    "gemini-2.5-pro",
    "google/gemini-2.0-flash-001",
    "gemma-3-27b-it",
    "Qwen/Qwen2.5-VL-7B-Instruct",
    "qwen-vl-max",
    "qwen3-vl-30b-a3b",
    "llava:13b",
    "pixtral-12b-2409",
    "llama-3.2-11b-vision-instruct",
    "meta-llama/llama-4-scout",
  ])("%s accepts images", (model) => expect(modelAcceptsImages(model)).toBe(true));

  it.each([
    "gpt-3.5-turbo",
    "gpt-4o-audio-preview",
    "gpt-4o-mini-tts",
    "gpt-4o-realtime-preview",
    "text-embedding-3-small",
    "o1-mini",
    "o3-mini",
    "claude-2.1",
    "claude-instant-1.2",
    "qwen2.5-7b-instruct",
    "deepseek-chat",
    "llama-3.1-8b-instruct",
    "mistral-large-latest",
    "fake-model",
  ])("%s reads text only", (model) => expect(modelAcceptsImages(model)).toBe(false));

  it("knows nothing of a missing name", () => expect(modelAcceptsImages(null)).toBe(false));
});

describe("model.vision", () => {
  const config = (vision: string, name = "my-local-model") =>
    loadConfig({
      env: {},
      configPath: null,
      overrides: { model: { name, base_url: "http://127.0.0.1:1/v1", vision } },
    });

  it("defaults to auto: by the model's name", () => {
    const auto = loadConfig({ env: {}, configPath: null, overrides: { model: { name: "gpt-4o" } } });
    expect(auto.model.vision).toBe("auto");
    expect(visionFor(auto, "gpt-4o")).toBe(true);
    expect(visionFor(auto, "qwen2.5-coder")).toBe(false);
  });

  it("on: the configured model sees images though the table does not know it; another model is judged by the table", () => {
    const on = config("on");
    expect(visionFor(on, "my-local-model")).toBe(true);
    expect(visionFor(on, "deepseek-chat")).toBe(false);
    expect(visionFor(on, "gpt-4o")).toBe(true);
    expect(resolveSessionSettings(on, { model: null, config: {} }).vision).toBe(true);
    expect(resolveSessionSettings(on, { model: "deepseek-chat", config: {} }).vision).toBe(false);
  });

  it("off: no model sees images, whatever its name", () => {
    const off = config("off", "gpt-4o");
    expect(visionFor(off, "gpt-4o")).toBe(false);
    expect(resolveSessionSettings(off, { model: "claude-sonnet-4", config: {} }).vision).toBe(false);
  });

  it("refuses any other value, naming the key", () => {
    expect(() => config("yes")).toThrow(/model\.vision/);
  });
});

describe("the token estimate of an image", () => {
  it.each([
    [4, 3, 85 + 170],
    [512, 512, 85 + 170],
    [1024, 1024, 85 + 170 * 4],
    // 1280×720 keeps its size (shortest side under 768): 3×2 tiles.
    [1280, 720, 85 + 170 * 6],
    // 2048×4096 fits in 2048 (1024×2048), then a shortest side of 768 (768×1536): 2×3 tiles.
    [2048, 4096, 85 + 170 * 6],
    // Unknown sizes count as 1024×1024.
    [null, null, 85 + 170 * 4],
  ])("%s×%s costs %s", (width, height, tokens) => expect(imageTokens(width, height)).toBe(tokens));

  it("is counted into the tool row that references the image", () => {
    const ref: ImageRefPart = {
      type: "image",
      image_id: "img_a",
      mime_type: "image/png",
      width: 1280,
      height: 720,
      byte_length: 9,
    };
    const text = countMessageTokens({ role: "tool", content: "shot", tool_call_id: "c1" });
    const withImage = countMessageTokens({
      role: "tool",
      content: [{ type: "text", text: "shot" }, ref],
      tool_call_id: "c1",
    });
    expect(withImage).toBe(text + 1105);
  });
});

describe("image headers", () => {
  it("reads a PNG's size from IHDR and a JPEG's from its start-of-frame segment", () => {
    expect(readImageHeader(png(7, 5))).toEqual({ mime_type: "image/png", width: 7, height: 5 });
    expect(readImageHeader(jpegHeader(1920, 1080))).toEqual({ mime_type: "image/jpeg", width: 1920, height: 1080 });
  });

  it("leaves the size unknown when the header is cut short, and refuses what is neither", () => {
    expect(readImageHeader(png(7, 5).subarray(0, 12))).toEqual({ mime_type: "image/png", width: null, height: null });
    expect(readImageHeader(jpegHeader(10, 10).subarray(0, 8))).toEqual({
      mime_type: "image/jpeg",
      width: null,
      height: null,
    });
    expect(readImageHeader(Buffer.from("GIF89a……"))).toBeNull();
    expect(readImageHeader(Buffer.from("<svg onload=alert(1)>"))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
  });
});

const record = (id: string, seq: number): ImageRecord => ({
  id,
  session_id: "ses_x",
  seq,
  ordinal: 0,
  mime_type: "image/png",
  byte_length: 10,
  width: 4,
  height: 3,
  created_at: 0,
});
const ref = (id: string): ImageRefPart => ({
  type: "image",
  image_id: id,
  mime_type: "image/png",
  width: 4,
  height: 3,
  byte_length: 10,
});
const call = (id: string) => ({ id, type: "function" as const, function: { name: "shot", arguments: "{}" } });
const toolResult = (callId: string, text: string, ...ids: string[]): ChatMessage => ({
  role: "tool",
  tool_call_id: callId,
  name: "shot",
  content: [{ type: "text", text }, ...ids.map(ref)],
});

function showing(records: ImageRecord[], vision = true, maxImages = 3): ImageShowing {
  const byId = new Map(records.map((r) => [r.id, r]));
  return {
    vision,
    maxImages,
    describe: (ids) => new Map(ids.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!])),
    urlOf: (image) => `data:image/png;base64,${image.id}`,
  };
}

describe("how a request shows tool images", () => {
  const turn: ChatMessage[] = [
    { role: "user", content: "look" },
    { role: "assistant", content: null, tool_calls: [call("c1"), call("c2")] },
    toolResult("c1", "first", "img_a"),
    toolResult("c2", "second", "img_b"),
  ];
  const records = [record("img_a", 3), record("img_b", 4)];

  it("puts the images after the whole group of tool results, in one user message", () => {
    const out = showToolImages(turn, showing(records));
    expect(out.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
    expect(out[2].content).toBe("first\n[image img_a (image/png 4x3): shown after the tool results]");
    expect(out[4].content).toEqual([
      { type: "text", text: "Image img_a returned by shot (seq 3, image/png 4x3):" },
      { type: "image_url", image_url: { url: "data:image/png;base64,img_a" } },
      { type: "text", text: "Image img_b returned by shot (seq 4, image/png 4x3):" },
      { type: "image_url", image_url: { url: "data:image/png;base64,img_b" } },
    ]);
  });

  it("merges them into a user message that follows, so two user messages never stand in a row", () => {
    const out = showToolImages([...turn, { role: "user", content: "and now?" }], showing(records));
    expect(out.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
    const last = out[4].content as Array<{ type: string; text?: string }>;
    expect(last.map((p) => p.type)).toEqual(["text", "image_url", "text", "image_url", "text"]);
    expect(last.at(-1)).toEqual({ type: "text", text: "and now?" });
    for (let i = 1; i < out.length; i++) expect(out[i].role === "user" && out[i - 1].role === "user").toBe(false);
  });

  it("shows only the newest images and stubs the rest; without vision, only the text", () => {
    const limited = showToolImages(turn, showing(records, true, 1));
    expect(limited[2].content).toBe(
      "first\n[image img_a of seq 3 moved out of the context: image/png 4x3; GET …/images/img_a]",
    );
    expect(JSON.stringify(limited[4])).not.toContain("img_a");
    const textOnly = showToolImages(turn, showing(records, false));
    expect(textOnly.map((m) => m.content)).toEqual(["look", null, "first", "second"]);
  });

  it("names an image the session does not hold instead of showing it, and leaves a context without images as it is", () => {
    const out = showToolImages(turn, showing([record("img_b", 4)]));
    expect(out[2].content).toBe("first\n[image img_a: not stored in this session]");
    expect(JSON.stringify(out[4])).not.toContain("img_a");
    const plain: ChatMessage[] = [{ role: "user", content: "hi" }];
    expect(showToolImages(plain, showing(records))).toBe(plain);
  });
});

describe("compression and images", () => {
  const items: ContextItem[] = [
    { role: "user", content: "look", seq: 1 },
    { role: "assistant", content: null, tool_calls: [call("c1")], seq: 2 },
    { ...toolResult("c1", "short text", "img_a"), seq: 3 },
    { role: "assistant", content: null, tool_calls: [call("c2")], seq: 4 },
    { ...toolResult("c2", "x".repeat(300), "img_b"), seq: 5 },
    { role: "assistant", content: null, tool_calls: [call("c3")], seq: 6 },
    { ...toolResult("c3", "newest", "img_c"), seq: 7 },
  ];

  it("stubs images outside the tail's newest rounds, keeping their row's text", () => {
    const out = stubOldImages(items, 5);
    expect(out[2].content).toBe(
      "short text\n[image img_a of seq 3 moved out of the context: image/png 4x3; GET …/images/img_a]",
    );
    expect(out[6]).toBe(items[6]);
  });

  it("names the images of an old output it turns into a one-liner", () => {
    const [demoted] = demoteOldToolOutputs(items.slice(3, 5), 2, toolCallIndex(items)).slice(1);
    expect(demoted.content).toMatch(
      /^\[old tool output: shot → 300 chars, image img_b image\/png 4x3; full output at seq 5/,
    );
  });
});
