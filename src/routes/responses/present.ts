/**
 * @module present
 * A response as the Responses API shows it, read from its run and the run's rows: a reasoning model's reasoning as a
 * reasoning item, each assistant text as a message item, each tool call the agent made as a function_call item followed by its function_call_output, usage in input
 * and output tokens, the run's status in the Responses vocabulary. Item ids are derived (the k-th message item of a
 * run, the call id of a tool call), so a streamed response and the same response read back name their items alike.
 */
import type { ResponseRecord, RunRecord, StoredMessage } from "../shared/records.js";
import type { RunStatus } from "../../kernel/chat.js";
import { contentText } from "../../kernel/text.js";
import type { ResponseObject, ResponseOutputItem } from "./schemas.js";

export const messageItemId = (runId: string, index: number) => `msg_${runId.replace(/^run_/, "")}_${index}`;
export const reasoningItemId = (runId: string, index: number) => `rs_${runId.replace(/^run_/, "")}_${index}`;
export const functionCallItemId = (callId: string) => `fc_${callId}`;
export const functionOutputItemId = (callId: string) => `fco_${callId}`;

export function messageItem(id: string, text: string, status: "in_progress" | "completed"): ResponseOutputItem {
  return {
    type: "message",
    id,
    status,
    role: "assistant",
    content: status === "completed" ? [{ type: "output_text", text, annotations: [] }] : [],
  };
}

export function reasoningItem(id: string, text: string): ResponseOutputItem {
  return { type: "reasoning", id, status: "completed", summary: [{ type: "summary_text", text }] };
}

export function functionCallItem(call: { id: string; name: string; arguments: string }): ResponseOutputItem {
  return {
    type: "function_call",
    id: functionCallItemId(call.id),
    call_id: call.id,
    name: call.name,
    arguments: call.arguments,
    status: "completed",
  };
}

export function functionOutputItem(callId: string, output: string): ResponseOutputItem {
  return {
    type: "function_call_output",
    id: functionOutputItemId(callId),
    call_id: callId,
    output,
    status: "completed",
  };
}

/** The output items of a run's rows, in the order the agent produced them. */
export function outputItemsOf(runId: string, rows: StoredMessage[]): ResponseOutputItem[] {
  const results = new Map<string, StoredMessage>();
  for (const row of rows) if (row.role === "tool" && row.tool_call_id) results.set(row.tool_call_id, row);
  const items: ResponseOutputItem[] = [];
  let messages = 0;
  let thoughts = 0;
  for (const row of rows) {
    if (row.role !== "assistant" || row.kind !== "message") continue;
    if (row.reasoning) items.push(reasoningItem(reasoningItemId(runId, thoughts++), row.reasoning));
    const text = contentText(row.content);
    if (text !== "") items.push(messageItem(messageItemId(runId, messages++), text, "completed"));
    for (const call of row.tool_calls ?? []) {
      items.push(functionCallItem({ id: call.id, name: call.function.name, arguments: call.function.arguments }));
      const result = results.get(call.id);
      if (result) items.push(functionOutputItem(call.id, contentText(result.content)));
    }
  }
  return items;
}

function statusOf(status: RunStatus): ResponseObject["status"] {
  switch (status) {
    case "completed":
      return "completed";
    case "incomplete":
      return "incomplete";
    case "failed":
    case "interrupted":
      return "failed";
    case "cancelled":
      return "cancelled";
    default:
      return "in_progress";
  }
}

export function presentResponse(
  view: { response: ResponseRecord; run: RunRecord; messages: StoredMessage[] },
  model: string,
): ResponseObject {
  const { response, run } = view;
  const status = statusOf(run.status);
  const ended = status !== "in_progress";
  return {
    id: response.id,
    object: "response",
    created_at: Math.floor(response.created_at / 1000),
    status,
    background: run.background,
    error:
      status === "failed"
        ? { code: "server_error", message: run.error ?? "the run failed" }
        : status === "cancelled"
          ? { code: "cancelled", message: run.error ?? "the run was cancelled" }
          : null,
    incomplete_details: status === "incomplete" ? { reason: "max_iterations" } : null,
    instructions: response.instructions,
    max_output_tokens: null,
    model: run.model ?? model,
    output: outputItemsOf(run.id, view.messages),
    parallel_tool_calls: true,
    previous_response_id: response.previous_response_id,
    conversation: response.conversation ? { id: response.conversation } : null,
    store: response.stored,
    temperature: null,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: null,
    truncation: "disabled",
    usage: ended
      ? {
          input_tokens: run.usage.prompt_tokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: run.usage.completion_tokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: run.usage.total_tokens,
        }
      : null,
    user: null,
    metadata: response.metadata,
    session_id: response.session_id,
    run_id: run.id,
  };
}
