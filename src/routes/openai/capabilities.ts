/**
 * @module capabilities
 * The catalogue GET /v1/capabilities answers: what this server supports and where, for clients that discover
 * features instead of assuming them.
 */
import type { Config } from "../../config.js";
import { VERSION } from "../../version.js";
import { PROGRESS_HEADER, SESSION_HEADER } from "./headers.js";
import type { CapabilitiesResponse } from "./schemas.js";

export function describeCapabilities(config: Config): CapabilitiesResponse {
  return {
    object: "caduceus.capabilities",
    platform: "caduceus",
    version: VERSION,
    model: config.server.model_name ?? config.model.name,
    auth: { type: "bearer", required: Boolean(config.server.api_key) },
    features: {
      chat_completions: true,
      chat_completions_streaming: true,
      tool_progress_events: true,
      tool_progress_header: PROGRESS_HEADER,
      session_continuity_header: SESSION_HEADER,
      derived_sessions: true,
      sessions_api: true,
      run_events_sse: true,
      runs_api: true,
      background_runs: true,
      run_cancel: true,
      run_steer: true,
      approvals: true,
      client_tools: true,
      interrupts_queue: true,
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
      runs: { method: "POST", path: "/v1/runs" },
      runs_list: { method: "GET", path: "/v1/runs" },
      run: { method: "GET", path: "/v1/runs/{run_id}" },
      run_stop: { method: "POST", path: "/v1/runs/{run_id}/stop" },
      run_approval: { method: "POST", path: "/v1/runs/{run_id}/approval" },
      run_events: { method: "GET", path: "/v1/runs/{run_id}/events" },
      run_cancel: { method: "POST", path: "/v1/runs/{run_id}/cancel" },
      run_tool_outputs: { method: "POST", path: "/v1/runs/{run_id}/tool_outputs" },
      run_steer: { method: "POST", path: "/v1/runs/{run_id}/steer" },
      interrupts: { method: "GET", path: "/v1/sessions/{id}/interrupts" },
      interrupt_answer: { method: "POST", path: "/v1/sessions/{id}/interrupts/{interrupt_id}" },
      context: { method: "GET", path: "/v1/sessions/{id}/context" },
      openapi: { method: "GET", path: "/openapi.json" },
    },
  };
}
