import { describe, expect, it } from "vitest";
import { isMcpToolName, offeredToolNames } from "../../src/domain/shared/mcp-tool-names.js";
import { toolOutputOf } from "../../src/domain/mcp/tool-result.js";
import { RED_DOT_PNG_BASE64 } from "../fixtures/mcp-tools.js";

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe("the names MCP tools are offered under", () => {
  it("prefixes the server, cleans what OpenAI refuses, and keeps a plain name as it is", () => {
    const names = offeredToolNames("github", ["create_issue", "get.page", "list files", "é"]);
    expect([...names]).toEqual([
      ["create_issue", "mcp__github__create_issue"],
      ["get.page", "mcp__github__get_page"],
      ["list files", "mcp__github__list_files"],
      ["é", "mcp__github___"],
    ]);
    expect([...names.values()].every((name) => isMcpToolName(name) && OPENAI_NAME.test(name))).toBe(true);
  });

  it("cuts a long name to 64 characters with a hash of the real name, the same at every listing", () => {
    const long = `fetch_${"x".repeat(80)}`;
    const [name] = offeredToolNames("srv", [long]).values();
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^mcp__srv__fetch_x+_[0-9a-f]{8}$/);
    expect(offeredToolNames("srv", ["other", long]).get(long)).toBe(name);
    expect(offeredToolNames("srv", [`${long}y`]).get(`${long}y`)).not.toBe(name);
  });

  it("gives two tools that clean to one name each their own, whatever order they are listed in", () => {
    const a = offeredToolNames("s", ["a.b", "a_b"]);
    const b = offeredToolNames("s", ["a_b", "a.b"]);
    expect(a.get("a.b")).not.toBe(a.get("a_b"));
    expect(a.get("a.b")).toBe(b.get("a.b"));
    expect(a.get("a_b")).toBe(b.get("a_b"));
    expect(a.get("a.b")).toMatch(/^mcp__s__a_b_[0-9a-f]{8}$/);
  });
});

describe("an MCP tool's result as the agent's tool output", () => {
  it("joins text, hands back PNG and JPEG images with a line each, and describes every other part", () => {
    const output = toolOutputOf({
      content: [
        { type: "text", text: "two images:" },
        { type: "image", data: RED_DOT_PNG_BASE64, mimeType: "image/png" },
        { type: "image", data: "R0lGODlhAQABAAAAACw=", mimeType: "image/gif" },
        { type: "audio", data: "AAAA", mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///notes.md", name: "notes" },
        { type: "resource", resource: { uri: "mem://a", text: "embedded text" } },
        { type: "resource", resource: { uri: "mem://b", blob: "AAAA", mimeType: "application/zip" } },
      ],
    });
    expect(output.content.split("\n")).toEqual([
      "two images:",
      "[image 1: image/png, 70 bytes]",
      "[an image/gif image of 14 bytes, not shown: only PNG and JPEG images are passed on]",
      "[audio/wav audio of 3 bytes, not shown]",
      "[resource link: notes file:///notes.md]",
      "embedded text",
      "[resource mem://b (application/zip): 3 bytes of binary data, not shown]",
    ]);
    expect(output.images).toEqual([{ mime_type: "image/png", data: Buffer.from(RED_DOT_PNG_BASE64, "base64") }]);
    expect(output.is_error).toBeUndefined();
  });

  it("keeps isError, falls back to structured content, and says when there is nothing", () => {
    expect(toolOutputOf({ content: [{ type: "text", text: "no such file" }], isError: true })).toEqual({
      content: "no such file",
      is_error: true,
    });
    expect(toolOutputOf({ content: [], structuredContent: { sum: 5 } })).toEqual({ content: '{"sum":5}' });
    expect(toolOutputOf({ content: [] })).toEqual({ content: "(the tool returned no content)" });
    expect(toolOutputOf({ toolResult: { legacy: true } })).toEqual({ content: '{"legacy":true}' });
    expect(toolOutputOf({ content: [{ type: "text", text: "" }] })).toEqual({
      content: "(the tool returned no content)",
    });
    expect(toolOutputOf({ toolResult: "" })).toEqual({ content: "(the tool returned no content)" });
  });
});
