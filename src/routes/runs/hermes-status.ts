/**
 * @module hermes-status
 * A run's state in the Hermes Agent API server's words, for the Hermes routes (`/v1/runs*`, `/api/sessions/…/chat*`):
 * the status vocabulary (`queued`, `running`, `waiting_for_approval`, `stopping`, `completed`, `failed`,
 * `cancelled`), the `completed` / `partial` / `interrupted` flags beside it, and the `runtime` that answered. Our own
 * statuses stay on the native routes; this is the one place that maps them.
 */
import type { Config } from "../../config/schema.js";
import { HttpError } from "../../http/errors.js";
import type { RunStatus } from "../shared/records.js";

export const HERMES_RUN_STATUSES = [
  "queued",
  "running",
  "waiting_for_approval",
  "stopping",
  "completed",
  "failed",
  "cancelled",
  "interrupted",
] as const;
export type HermesRunStatus = (typeof HERMES_RUN_STATUSES)[number];

export type HermesOutcome = { status: HermesRunStatus; completed: boolean; partial: boolean; interrupted: boolean };

/**
 * Our status as Hermes says it. A run out of budget (`incomplete`) failed with a partial answer; a stopped or
 * cancelled run is `cancelled` with `interrupted: true`; one cut by a restart or a shutdown is `interrupted` (it can
 * be resumed). A run waiting on anything (an approval, the client's tool outputs, a page dialog) waits for someone:
 * `waiting_for_approval`.
 */
export function hermesOutcome(status: RunStatus): HermesOutcome {
  const none = { completed: false, partial: false, interrupted: false };
  switch (status) {
    case "running":
      return { status: "running", ...none };
    case "requires_action":
      return { status: "waiting_for_approval", ...none };
    case "completed":
      return { status: "completed", ...none, completed: true };
    case "incomplete":
      return { status: "failed", ...none, partial: true };
    case "failed":
      return { status: "failed", ...none };
    case "cancelled":
      return { status: "cancelled", ...none, interrupted: true };
    case "interrupted":
      return { status: "interrupted", ...none, interrupted: true };
  }
}

/**
 * The run's terminal event name on a session chat stream: `run.completed`, `run.failed` or `run.cancelled` (a run
 * cut by a restart is cancelled there, as Hermes maps any interrupted turn).
 */
export function hermesEndEvent(status: RunStatus): "run.completed" | "run.failed" | "run.cancelled" {
  const { status: hermes, interrupted } = hermesOutcome(status);
  return hermes === "completed" ? "run.completed" : interrupted ? "run.cancelled" : "run.failed";
}

/** Which provider a base URL belongs to, as Hermes names providers; `custom` for any other endpoint. */
const PROVIDER_HOSTS: Array<[RegExp, string]> = [
  [/(^|\.)openai\.azure\.com$/, "azure"],
  [/(^|\.)openai\.com$/, "openai"],
  [/(^|\.)openrouter\.ai$/, "openrouter"],
  [/(^|\.)anthropic\.com$/, "anthropic"],
  [/(^|\.)deepseek\.com$/, "deepseek"],
  [/(^|\.)groq\.com$/, "groq"],
  [/(^|\.)together\.(ai|xyz)$/, "together"],
  [/(^|\.)generativelanguage\.googleapis\.com$/, "gemini"],
  [/(^|\.)nousresearch\.com$/, "nous"],
  [/^demo\.invalid$/, "demo"],
];

export function providerOf(baseUrl: string | null): string {
  if (!baseUrl) return "openai";
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return "custom";
  }
  return PROVIDER_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? "custom";
}

/**
 * Refuses a provider a request names that this server does not call (409 `model_lock_unavailable`, as Hermes names
 * it): the request is refused rather than silently answered by another provider.
 */
export function requireServedProvider(config: Config, provider: string | null | undefined): void {
  const served = providerOf(config.model.base_url);
  if (provider && provider.trim().toLowerCase() !== served)
    throw new HttpError(
      "model_lock_unavailable",
      `provider ${provider} is not served here (this server's model endpoint is ${served})`,
      { errors: [{ location: "body.provider", message: `only ${served}` }] },
    );
}

export type HermesRuntime = { model: string; provider: string; route_source: "raw_request" | "global" };

/**
 * What answered a run, in Hermes's words: its model, the configured endpoint's provider, and where the model came
 * from — `global` (the server's configured model) or `raw_request` (a model the session or the request named).
 */
export function hermesRuntime(config: Config, model: string | null): HermesRuntime {
  const configured = config.model.name;
  return {
    model: model ?? configured ?? "",
    provider: providerOf(config.model.base_url),
    route_source: model === null || model === configured ? "global" : "raw_request",
  };
}
