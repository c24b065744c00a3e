import { createRoute, z } from "@hono/zod-openapi";
import { startChatRun } from "../domain/compat/chat-runs.js";
import { AppError } from "../domain/errors.js";
import type { EventFeed } from "../domain/events/feed.js";
import type { RunResultSummary } from "../domain/agent/loop.js";
import { contentText } from "../domain/context/tokens.js";
import { sseResponse, type SseFrame } from "../http/sse.js";
import { openAiErrorBody } from "./openai-error.js";
import { createRouter } from "./router.js";
import { CapabilitiesSchema, ChatCompletionRequestSchema, ChatCompletionSchema, ModelListSchema, OpenAIErrorSchema } from "./schemas/openai.js";
import { VERSION } from "../version.js";
import { json } from "./schemas/common.js";

const SESSION_HEADER = "X-Hermes-Session-Id";
const PROGRESS_HEADER = "X-Hermes-Tool-Progress";
/** The model id listed when none is configured; requests may name any model, the session's answers. */
const FALLBACK_MODEL_ID = "caduceus";

const openAiErrors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, { description: "OpenAI error envelope", content: json(OpenAIErrorSchema) }]));

const listModels = createRoute({
  method: "get",
  path: "/v1/models",
  tags: ["compatibility"],
  summary: "Models, in the OpenAI list shape",
  responses: { 200: { description: "The configured model", content: json(ModelListSchema) }, ...openAiErrors(401) },
});

const capabilities = createRoute({
  method: "get",
  path: "/v1/capabilities",
  tags: ["compatibility"],
  summary: "Features and endpoints of this server, for clients that discover them",
  responses: { 200: { description: "Capabilities", content: json(CapabilitiesSchema) }, ...openAiErrors(401) },
});

const chatCompletions = createRoute({
  method: "post",
  path: "/v1/chat/completions",
  tags: ["compatibility"],
  summary: "OpenAI chat completions, answered by the agent",
  description:
    "Runs the agent on the last user message. The session is the one named by `X-Hermes-Session-Id` (its history comes " +
    "from the database) or, without the header, one derived from the system prompt and the first user message. The " +
    "response always carries `X-Hermes-Session-Id`. With `stream: true`: a role chunk, content chunks, a final chunk with " +
    "`finish_reason` and `usage`, then `data: [DONE]`; tool activity arrives as `event: hermes.tool.progress` frames " +
    "unless `X-Hermes-Tool-Progress: off` is sent.",
  request: {
    body: { required: true, content: json(ChatCompletionRequestSchema) },
    headers: z.object({
      "x-hermes-session-id": z.string().max(64).optional().openapi({ description: "Continue this session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
      "x-hermes-tool-progress": z.enum(["on", "off", "true", "false", "1", "0"]).optional().openapi({ description: "Send hermes.tool.progress frames (default on)", example: "off" }),
    }),
  },
  responses: {
    200: {
      description: "The answer (or, with stream: true, SSE chunks)",
      headers: { [SESSION_HEADER]: { description: "The session this conversation lives in", schema: { type: "string" } } },
      content: { ...json(ChatCompletionSchema), "text/event-stream": { schema: z.string().openapi({ description: "chat.completion.chunk frames, then [DONE]" }) } },
    },
    ...openAiErrors(400, 401, 404, 409, 413, 415, 429, 502, 503),
  },
});

type ChunkContext = { id: string; created: number; model: string };

function chunk(ctx: ChunkContext, delta: Record<string, unknown>, finishReason: string | null = null, usage?: RunResultSummary["usage"]) {
  return {
    id: ctx.id,
    object: "chat.completion.chunk",
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}

function finishReasonOf(run: RunResultSummary): "stop" | "length" {
  return run.status === "incomplete" ? "length" : "stop";
}

function runFailure(run: RunResultSummary, headers: Record<string, string> = {}): AppError {
  return new AppError("model_error", run.error ?? `the run ended ${run.status}`, { headers });
}

/** The agent's run events as OpenAI chunks; tool activity as hermes.tool.progress frames when wanted. */
async function* chatChunks(feed: EventFeed, ctx: ChunkContext, toolProgress: boolean): AsyncGenerator<SseFrame> {
  yield { data: JSON.stringify(chunk(ctx, { role: "assistant", content: "" })) };
  for await (const item of feed) {
    const data = item.data as Record<string, unknown>;
    if (item.type === "message.delta") {
      yield { data: JSON.stringify(chunk(ctx, { content: data.content })) };
    } else if (toolProgress && item.type === "tool.started") {
      const payload = { tool: data.name, toolCallId: data.tool_call_id, status: "running", label: `${String(data.name)}(${typeof data.arguments === "string" ? data.arguments : ""})`.slice(0, 200) };
      yield { event: "hermes.tool.progress", data: JSON.stringify(payload) };
    } else if (toolProgress && item.type === "tool.completed") {
      const payload = { tool: data.name, toolCallId: data.tool_call_id, status: "completed", is_error: data.is_error };
      yield { event: "hermes.tool.progress", data: JSON.stringify(payload) };
    } else if (item.type === "done") {
      const run = data.run as RunResultSummary;
      if (run.status === "failed" || run.status === "interrupted") {
        // An error object in the stream makes OpenAI clients raise instead of showing a cut answer as final.
        yield { data: JSON.stringify(openAiErrorBody(runFailure(run))) };
      } else {
        yield { data: JSON.stringify(chunk(ctx, {}, finishReasonOf(run), run.usage)) };
      }
    }
  }
  yield { data: "[DONE]" };
}

export function openAiCompatRoutes() {
  const router = createRouter();

  router.openapi(listModels, (c) => {
    const { config, now } = c.get("services");
    const created = Math.floor(now() / 1000);
    return c.json({ object: "list" as const, data: [{ id: config.model.name ?? FALLBACK_MODEL_ID, object: "model" as const, created, owned_by: "caduceus" as const }] }, 200);
  });

  router.openapi(capabilities, (c) => {
    const { config } = c.get("services");
    return c.json(
      {
        object: "caduceus.capabilities" as const,
        platform: "caduceus" as const,
        version: VERSION,
        model: config.model.name,
        auth: { type: "bearer" as const, required: Boolean(config.server.api_key) },
        features: {
          chat_completions: true,
          chat_completions_streaming: true,
          tool_progress_events: true,
          tool_progress_header: PROGRESS_HEADER,
          session_continuity_header: SESSION_HEADER,
          derived_sessions: true,
          sessions_api: true,
          run_events_sse: true,
          event_resume: "Last-Event-ID",
          idempotency_keys: true,
          context_compression: true,
          browser: true,
          cors: config.server.cors_origins.length > 0,
        },
        endpoints: {
          health: { method: "GET", path: "/health" },
          models: { method: "GET", path: "/v1/models" },
          capabilities: { method: "GET", path: "/v1/capabilities" },
          chat_completions: { method: "POST", path: "/v1/chat/completions" },
          sessions: { method: "POST", path: "/v1/sessions" },
          messages: { method: "POST", path: "/v1/sessions/{id}/messages" },
          session_events: { method: "GET", path: "/v1/sessions/{id}/events" },
          context: { method: "GET", path: "/v1/sessions/{id}/context" },
          openapi: { method: "GET", path: "/openapi.json" },
        },
      },
      200,
    );
  });

  router.openapi(chatCompletions, async (c) => {
    const services = c.get("services");
    const body = c.req.valid("json");
    const headers = c.req.valid("header");
    const { session, run: started } = startChatRun(services, {
      messages: body.messages,
      sessionId: headers["x-hermes-session-id"]?.trim() || null,
      stream: body.stream === true,
      signal: c.req.raw.signal,
      idempotency: c.get("idempotencyClaim"),
    });
    const ctx: ChunkContext = { id: `chatcmpl-${started.runId}`, created: Math.floor(services.now() / 1000), model: body.model ?? services.config.model.name ?? FALLBACK_MODEL_ID };
    const sessionHeaders = { [SESSION_HEADER]: session.id, "X-Run-Id": started.runId };

    if (started.feed) {
      const feed = started.feed;
      const progress = !["off", "false", "0"].includes(headers["x-hermes-tool-progress"] ?? "on");
      return sseResponse(chatChunks(feed, ctx, progress), { keepaliveMs: services.sseKeepaliveMs, headers: sessionHeaders, onCancel: () => feed.cancel() });
    }
    const finished = await started.done;
    for (const [name, value] of Object.entries(sessionHeaders)) c.header(name, value);
    // A failed run has no final answer, whatever it said before failing (the transcript keeps that).
    if (finished.run.status === "failed" || finished.run.status === "interrupted") throw runFailure(finished.run, sessionHeaders);
    const answer = [...finished.messages].reverse().find((m) => m.role === "assistant" && m.content !== null);
    return c.json(
      {
        id: ctx.id,
        object: "chat.completion" as const,
        created: ctx.created,
        model: ctx.model,
        choices: [{ index: 0, message: { role: "assistant" as const, content: answer ? contentText(answer.content) : null }, finish_reason: finishReasonOf(finished.run) }],
        usage: finished.run.usage,
      },
      200,
    );
  });

  return router;
}
