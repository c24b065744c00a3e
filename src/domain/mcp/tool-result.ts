/**
 * @module tool-result
 * An MCP tool's result as the agent's tool output: its text parts joined, its PNG and JPEG images handed back as
 * images (with a line of text saying what they are, for a model that reads no images), every other part summarized in
 * a line of text, and `isError` kept as the output's error flag.
 */
import type { CallToolResult, CompatibilityCallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import type { ToolImage, ToolOutput } from "../shared/tools.js";

/** The image types a tool output may carry; another image type is described in text instead. */
const PASSED_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg"]);

/** Bytes of base64 data, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function isPassedImageType(mime: string): mime is ToolImage["mime_type"] {
  return PASSED_IMAGE_TYPES.has(mime);
}

/** One content part as text, adding the images it carries to `images`. */
function partText(part: ContentBlock, images: ToolImage[]): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image": {
      const mime = part.mimeType.toLowerCase();
      if (!isPassedImageType(mime)) {
        const size = base64Bytes(part.data);
        return `[an ${part.mimeType} image of ${size} bytes, not shown: only PNG and JPEG images are passed on]`;
      }
      images.push({ mime_type: mime, data: Buffer.from(part.data, "base64") });
      return `[image ${images.length}: ${mime}, ${base64Bytes(part.data)} bytes]`;
    }
    case "audio":
      return `[${part.mimeType} audio of ${base64Bytes(part.data)} bytes, not shown]`;
    case "resource_link":
      return `[resource link: ${part.name} ${part.uri}${part.description ? ` — ${part.description}` : ""}]`;
    case "resource": {
      const { resource } = part;
      if ("text" in resource) return resource.text;
      const type = resource.mimeType ? ` (${resource.mimeType})` : "";
      return `[resource ${resource.uri}${type}: ${base64Bytes(resource.blob)} bytes of binary data, not shown]`;
    }
  }
}

/** The agent's output for an MCP tool's result. */
export function toolOutputOf(result: CallToolResult | CompatibilityCallToolResult): ToolOutput {
  if (!("content" in result) || !Array.isArray(result.content)) {
    // A server of the protocol's first version answers `{toolResult}`.
    const legacy = "toolResult" in result ? result.toolResult : result;
    const content = typeof legacy === "string" ? legacy : JSON.stringify(legacy ?? null);
    return { content: content === "" ? "(the tool returned no content)" : content };
  }
  const images: ToolImage[] = [];
  const parts = (result.content as ContentBlock[]).map((part) => partText(part, images));
  let content = parts.join("\n");
  if (content === "" && result.structuredContent !== undefined) content = JSON.stringify(result.structuredContent);
  if (content === "") content = "(the tool returned no content)";
  const output: ToolOutput = { content };
  if (result.isError === true) output.is_error = true;
  if (images.length > 0) output.images = images;
  return output;
}
