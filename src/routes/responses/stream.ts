/**
 * @module stream
 * A response streamed as the Responses API streams one: `response.created` and `response.in_progress`, then for each
 * assistant text a message item (`output_item.added`, `content_part.added`, `output_text.delta`…, `output_text.done`,
 * `content_part.done`, `output_item.done`) after the reasoning item of a reasoning model, for each tool the agent runs a function_call item and, when it returns,
 * its function_call_output item; then `response.completed` (or `response.incomplete` / `response.failed`) with the
 * response as read back from the store. Every frame names its type in `event:` and in `data.type`, with a
 * `sequence_number`.
 */
import type { FeedItem } from "../../domain/events/feed.js";
import type { SseFrame } from "../../http/sse.js";
import {
  functionCallItem,
  functionOutputItem,
  messageItem,
  messageItemId,
  reasoningItem,
  reasoningItemId,
} from "./present.js";
import type { ResponseObject, ResponseOutputItem } from "./schemas.js";

export type ResponseStreamContext = {
  runId: string;
  /** The response as it stands now (read from the store). */
  current: () => Promise<ResponseObject>;
};

type OpenMessage = { id: string; outputIndex: number; text: string };

export async function* responseEvents(
  feed: AsyncIterable<FeedItem>,
  ctx: ResponseStreamContext,
): AsyncGenerator<SseFrame> {
  let sequence = 0;
  let outputIndex = 0;
  let messages = 0;
  let thoughts = 0;
  let open: OpenMessage | null = null;
  const frame = (type: string, fields: Record<string, unknown>): SseFrame => ({
    event: type,
    data: JSON.stringify({ type, sequence_number: sequence++, ...fields }),
  });
  const itemFrames = function* (item: ResponseOutputItem): Generator<SseFrame> {
    const index = outputIndex++;
    yield frame("response.output_item.added", { output_index: index, item: { ...item, status: "in_progress" } });
    yield frame("response.output_item.done", { output_index: index, item });
  };
  const openMessage = function* (): Generator<SseFrame> {
    const message: OpenMessage = { id: messageItemId(ctx.runId, messages++), outputIndex: outputIndex++, text: "" };
    open = message;
    yield frame("response.output_item.added", {
      output_index: message.outputIndex,
      item: messageItem(message.id, "", "in_progress"),
    });
    yield frame("response.content_part.added", {
      item_id: message.id,
      output_index: message.outputIndex,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    });
  };
  const closeMessage = function* (): Generator<SseFrame> {
    const message = open;
    if (!message) return;
    open = null;
    const where = { item_id: message.id, output_index: message.outputIndex, content_index: 0 };
    yield frame("response.output_text.done", { ...where, text: message.text, logprobs: [] });
    yield frame("response.content_part.done", {
      ...where,
      part: { type: "output_text", text: message.text, annotations: [] },
    });
    yield frame("response.output_item.done", {
      output_index: message.outputIndex,
      item: messageItem(message.id, message.text, "completed"),
    });
  };

  const started = await ctx.current();
  yield frame("response.created", { response: started });
  yield frame("response.in_progress", { response: started });
  for await (const item of feed) {
    switch (item.type) {
      case "message.delta": {
        if (item.data.content === "") break;
        if (!open) yield* openMessage();
        const message = open as OpenMessage | null;
        if (!message) break;
        message.text += item.data.content;
        yield frame("response.output_text.delta", {
          item_id: message.id,
          output_index: message.outputIndex,
          content_index: 0,
          delta: item.data.content,
          logprobs: [],
        });
        break;
      }
      case "reasoning.available":
        yield* closeMessage();
        yield* itemFrames(reasoningItem(reasoningItemId(ctx.runId, thoughts++), item.data.text));
        break;
      case "tool.started":
        yield* closeMessage();
        yield* itemFrames(
          functionCallItem({ id: item.data.tool_call_id, name: item.data.name, arguments: item.data.arguments }),
        );
        break;
      case "tool.completed":
        yield* itemFrames(functionOutputItem(item.data.tool_call_id, item.data.content));
        break;
      case "message.created":
        // An assistant turn that is stored ends its text; tool calls of the same turn follow as their own items.
        if (item.data.message.role === "assistant") yield* closeMessage();
        break;
      case "done": {
        yield* closeMessage();
        const final = await ctx.current();
        const type =
          final.status === "completed"
            ? "response.completed"
            : final.status === "incomplete"
              ? "response.incomplete"
              : "response.failed";
        yield frame(type, { response: final });
        return;
      }
      default:
        break;
    }
  }
}
