/**
 * @module model
 * The built-in demo model, served in-process as an OpenAI-compatible endpoint: the OpenAI client of a demo endpoint
 * is given `demoFetch` instead of the network, so every request takes the same path a real model's does (the agent
 * loop, streaming, usage, compression) without a key or a socket. `GET /models` lists it; `POST /chat/completions`
 * answers with replies.ts (a command's next tool call or plain words) or, for a compression's summary request, an
 * extractive summary (summary.ts); streamed or not, with usage counted by tiktoken.
 */
import { randomBytes } from "node:crypto";
import { DEMO_MODEL_NAME } from "../../../config/schema.js";
import { countTextTokens } from "../../shared/tokens.js";
import { demoReply, type DemoMessage, type DemoReply } from "./replies.js";
import { demoSummary, isSummaryRequest } from "./summary.js";
import { unfence } from "../../shared/fence.js";

/** Per streamed chunk, so a person watching sees the answer arrive. */
const CHUNK_DELAY_MS = 6;
const WORDS_PER_CHUNK = 3;

type WireMessage = {
  role?: unknown;
  content?: unknown;
  tool_calls?: Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } }>;
  tool_call_id?: unknown;
};
type WireRequest = {
  model?: unknown;
  messages?: WireMessage[];
  tools?: Array<{ function?: { name?: unknown } }>;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
};

/** A string field as sent, or the fallback when the client sent something else. */
const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: unknown) => (part && typeof part === "object" ? str((part as { text?: unknown }).text) : ""))
    .join("");
};

function readMessages(messages: WireMessage[]): DemoMessage[] {
  return messages.map((m) => ({
    role: str(m.role, "user"),
    // A tool's result is read as the tool gave it, inside the guard's fence.
    text: m.role === "tool" ? unfence(textOf(m.content)) : textOf(m.content),
    tool_calls: (m.tool_calls ?? []).map((c) => ({
      id: str(c.id),
      name: str(c.function?.name),
      arguments: str(c.function?.arguments, "{}"),
    })),
    tool_call_id: typeof m.tool_call_id === "string" ? m.tool_call_id : null,
  }));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const problem = (status: number, message: string) =>
  json({ error: { message, type: "invalid_request_error", code: null } }, status);

/** The answer to one chat-completion request: a reply, and the usage it cost. */
function answer(request: WireRequest): { reply: DemoReply; promptTokens: number } {
  const messages = readMessages(request.messages ?? []);
  const promptTokens = messages.reduce(
    (sum, m) => sum + 4 + countTextTokens(m.text) + m.tool_calls.reduce((s, c) => s + countTextTokens(c.arguments), 0),
    3,
  );
  const system = messages.find((m) => m.role === "system")?.text ?? "";
  const lastUser = messages.findLast((m) => m.role === "user")?.text ?? "";
  if (isSummaryRequest(lastUser)) return { reply: { kind: "say", text: demoSummary(system, lastUser) }, promptTokens };
  const offered = new Set((request.tools ?? []).map((t) => str(t.function?.name)));
  return { reply: demoReply(messages, offered), promptTokens };
}

/** A tool call's id: unique across runs and restarts, as a provider's are. */
const callId = () => `call_${randomBytes(9).toString("base64url")}`;

function completionTokens(reply: DemoReply): number {
  return reply.kind === "say"
    ? countTextTokens(reply.text)
    : countTextTokens(reply.name) + countTextTokens(JSON.stringify(reply.arguments));
}

function completion(model: string, id: string, reply: DemoReply, promptTokens: number) {
  const output = completionTokens(reply);
  const message =
    reply.kind === "say"
      ? { role: "assistant", content: reply.text }
      : {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: callId(),
              type: "function",
              function: { name: reply.name, arguments: JSON.stringify(reply.arguments) },
            },
          ],
        };
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: reply.kind === "say" ? "stop" : "tool_calls", logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: output, total_tokens: promptTokens + output },
  };
}

const sleep = (ms: number, signal: AbortSignal | null | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** The reply as OpenAI streams it: a role chunk, the words a few at a time (or the tool call), the end, the usage. */
function stream(
  model: string,
  id: string,
  reply: DemoReply,
  promptTokens: number,
  includeUsage: boolean,
  signal: AbortSignal | null | undefined,
): Response {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (data: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
      try {
        send(chunk({ role: "assistant", content: "" }));
        if (reply.kind === "say") {
          const words = reply.text.split(/(?<=\s)/);
          for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
            await sleep(CHUNK_DELAY_MS, signal);
            send(chunk({ content: words.slice(i, i + WORDS_PER_CHUNK).join("") }));
          }
        } else {
          const args = JSON.stringify(reply.arguments);
          send(
            chunk({
              tool_calls: [
                { index: 0, id: callId(), type: "function", function: { name: reply.name, arguments: args } },
              ],
            }),
          );
        }
        send(chunk({}, reply.kind === "say" ? "stop" : "tool_calls"));
        if (includeUsage) {
          const output = completionTokens(reply);
          send({
            id,
            object: "chat.completion.chunk",
            created,
            model,
            choices: [],
            usage: { prompt_tokens: promptTokens, completion_tokens: output, total_tokens: promptTokens + output },
          });
        }
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

/** The demo endpoint, as a `fetch` the OpenAI client calls instead of the network. */
export async function demoFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (method === "GET" && url.pathname.endsWith("/models")) {
    return json({
      object: "list",
      data: [{ id: DEMO_MODEL_NAME, object: "model", created: 0, owned_by: "caduceus" }],
    });
  }
  if (method !== "POST" || !url.pathname.endsWith("/chat/completions"))
    return problem(404, `the demo model serves GET /models and POST /chat/completions, not ${method} ${url.pathname}`);
  let request: WireRequest;
  try {
    const raw = typeof init?.body === "string" ? init.body : await new Response(init?.body ?? null).text();
    request = JSON.parse(raw) as WireRequest;
  } catch {
    return problem(400, "the request body is not JSON");
  }
  if (!Array.isArray(request.messages)) return problem(400, "messages must be an array");
  const model = typeof request.model === "string" ? request.model : DEMO_MODEL_NAME;
  const id = `chatcmpl-${randomBytes(12).toString("base64url")}`;
  let answered: ReturnType<typeof answer>;
  try {
    answered = answer(request);
  } catch (err) {
    // A defect here reaches the run as the model's 500, with its reason, not as a lost connection.
    return json({ error: { message: `the demo model failed: ${(err as Error).message}`, type: "server_error" } }, 500);
  }
  const { reply, promptTokens } = answered;
  if (request.stream === true)
    return stream(model, id, reply, promptTokens, request.stream_options?.include_usage === true, init?.signal);
  return json(completion(model, id, reply, promptTokens));
}
