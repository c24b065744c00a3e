/**
 * @module configured-model
 * Whether a session can reach a model, and the one refusal when it cannot: every path that would call
 * the model (a posted message, a chat completion, the runner's admission) asks here.
 */
import type { Config } from "../../config.js";
import { DomainError } from "../../kernel/errors.js";

/** Whether a model is reachable for a session: a name, and an endpoint or a key to reach it with. */
export function isModelConfigured(config: Config, model: string | null): boolean {
  return Boolean(model && (config.model.base_url || config.model.api_key));
}

/**
 * The session's model, or `503 model_not_configured` saying what to set; `alternative` names what the
 * caller could do instead (e.g. append without a run).
 */
export function requireConfiguredModel(config: Config, model: string | null, alternative?: string): string {
  if (model && isModelConfigured(config, model)) return model;
  const instead = alternative ? `, or ${alternative}` : "";
  throw new DomainError(
    "model_not_configured",
    `no model is configured: set model.name and model.base_url (or OPENAI_API_KEY)${instead}`,
  );
}
