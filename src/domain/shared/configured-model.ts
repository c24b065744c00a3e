/**
 * @module configured-model
 * Whether a session can reach a model, and the one refusal when it cannot: every path that would call
 * the model (a posted message, a chat completion, the runner's admission) asks here. The refusal names the
 * keys (and their environment variables) still missing, so the operator knows exactly what to set.
 */
import { DEFAULT_OPENAI_MODEL, type Config } from "../../config/schema.js";
import { DomainError } from "../../kernel/errors.js";

/** Whether a model is reachable for a session: a name, and an endpoint or a key to reach it with. */
export function isModelConfigured(config: Config, model: string | null): boolean {
  return Boolean(model && (config.model.base_url || config.model.api_key));
}

/** What is missing for `model` to be reachable, in the operator's words (keys with their environment variables). */
export function missingModelSettings(config: Config, model: string | null): string {
  const name = "model.name (CADUCEUS_MODEL)";
  const key = "model.api_key (OPENAI_API_KEY)";
  const endpoint = "model.base_url (OPENAI_BASE_URL)";
  if (model) return `model ${model} has no endpoint: set ${key} for the OpenAI API, or ${endpoint}`;
  // No name: with a key and no other endpoint loadConfig would have chosen the default model, so either an endpoint
  // that needs a name is set, or nothing is. The URL itself stays out: it can carry credentials.
  if (config.model.base_url) return `no model is configured: set ${name}; the server at ${endpoint} needs one`;
  return (
    `no model is configured: set ${key} (runs then use ${DEFAULT_OPENAI_MODEL} on the OpenAI API), ` +
    `or ${endpoint} and ${name} for another OpenAI-compatible server, ` +
    `or model.provider: demo (caduceus --demo) for the built-in demo model`
  );
}

/** What the log, readiness and the model list say while the demo model answers. */
export const DEMO_MODEL_WARNING =
  "the built-in demo model answers runs (scripted replies, not an LLM); set OPENAI_API_KEY, or model.base_url " +
  "(OPENAI_BASE_URL) and model.name (CADUCEUS_MODEL), for a real model";

/**
 * The session's model, or `503 model_not_configured` saying what to set; `alternative` names what the
 * caller could do instead (e.g. append without a run).
 */
export function requireConfiguredModel(config: Config, model: string | null, alternative?: string): string {
  if (model && isModelConfigured(config, model)) return model;
  const instead = alternative ? `; or ${alternative}` : "";
  throw new DomainError("model_not_configured", `${missingModelSettings(config, model)}${instead}`);
}
