/**
 * @module owned-browser-tools
 * The browser tools a run calls, on whichever replica holds the session's browser. A run executes on one replica and
 * the session's browser may live on another: each call first takes the browser's lease (free, or its holder dead)
 * and runs here, or is sent to the holder's internal address, which runs the same tool in its own supervisor and
 * answers its output. Two Chromiums never serve one session.
 */
import type { ToolDefinition, ToolImage, ToolOutput, ToolProvider } from "../shared/tools.js";
import type { SessionRecord } from "../../db/records.js";
import type { BrowserOwnership } from "./browser-ownership.js";

/** The internal route a holder runs a forwarded browser tool call on. */
export const forwardedToolPath = (sessionId: string, tool: string) =>
  `/internal/v1/sessions/${encodeURIComponent(sessionId)}/browser-tools/${encodeURIComponent(tool)}`;

/** A forwarded call's body and answer, as JSON (image bytes in base64). */
export type ForwardedToolCall = { arguments: Record<string, unknown>; run_id: string | null };
export type ForwardedToolOutput = Omit<ToolOutput, "images"> & {
  images?: Array<{ mime_type: ToolImage["mime_type"]; data_base64: string }>;
};

export function encodeToolOutput(output: ToolOutput): ForwardedToolOutput {
  const { images, ...rest } = output;
  return images?.length
    ? {
        ...rest,
        images: images.map((image) => ({ mime_type: image.mime_type, data_base64: image.data.toString("base64") })),
      }
    : rest;
}

function decodeToolOutput(forwarded: ForwardedToolOutput): ToolOutput {
  const { images, ...rest } = forwarded;
  return images?.length
    ? {
        ...rest,
        images: images.map((image) => ({ mime_type: image.mime_type, data: Buffer.from(image.data_base64, "base64") })),
      }
    : rest;
}

export type OwnedBrowserToolsOptions = {
  ownership: BrowserOwnership;
  /** Sent with every forwarded call; null when this replica cannot forward (no other replica can be reached). */
  internalKey: string | null;
  /** The server's API key: the holder authenticates the call like any other request. */
  apiKey: string | null;
};

/** The headers a forwarded call carries (the same as a forwarded HTTP request's, src/http/middleware). */
export const INTERNAL_KEY_HEADER = "x-caduceus-internal-key";
export const FORWARDED_BY_HEADER = "x-caduceus-forwarded-by";

/** The browser's tools, each run on the replica that holds the session's browser. */
export function ownedBrowserTools(browser: ToolProvider, options: OwnedBrowserToolsOptions): ToolProvider {
  const { ownership } = options;
  return {
    toolsFor: async (session: SessionRecord) =>
      (await browser.toolsFor(session)).map((tool): ToolDefinition => ({
        ...tool,
        execute: async (args, context) => {
          const owner = await ownership.claim(session.id);
          if (owner.local) return tool.execute(args, context);
          if (!owner.internalUrl || !options.internalKey) {
            return {
              content:
                `the session's browser is held by replica ${owner.replicaId}, which cannot be reached; ` +
                `try again in ${ownership.retryAfterS(owner)} s`,
              is_error: true,
            };
          }
          const body: ForwardedToolCall = { arguments: args, run_id: context.runId };
          try {
            const answer = await fetch(new URL(forwardedToolPath(session.id, tool.name), owner.internalUrl), {
              method: "POST",
              headers: {
                "content-type": "application/json",
                [INTERNAL_KEY_HEADER]: options.internalKey,
                [FORWARDED_BY_HEADER]: ownership.replicaId,
                ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
              },
              body: JSON.stringify(body),
              signal: context.signal,
            });
            if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
            return decodeToolOutput((await answer.json()) as ForwardedToolOutput);
          } catch (err) {
            return {
              content:
                `the session's browser is held by replica ${owner.replicaId}, which did not answer ` +
                `(${err instanceof Error ? err.message : String(err)}); try again in ${ownership.retryAfterS(owner)} s`,
              is_error: true,
            };
          }
        },
      })),
    prepare: browser.prepare?.bind(browser),
  };
}
