/**
 * @module identity
 * The names this server answers with where clients check them (`/health`, `/v1/models`, `/v1/capabilities`):
 * Caduceus's own by default, or Hermes Agent's literal ones (`hermes.identity: hermes-agent`) for clients that refuse
 * any other platform.
 */
import type { Config } from "../../config/schema.js";

export const PLATFORM_NAMES = ["caduceus", "hermes-agent"] as const;
export const MODEL_OWNERS = ["caduceus", "hermes"] as const;
export const CAPABILITIES_OBJECTS = ["caduceus.capabilities", "hermes.api_server.capabilities"] as const;

export type Identity = {
  platform: (typeof PLATFORM_NAMES)[number];
  /** The `owned_by` of the model list. */
  owner: (typeof MODEL_OWNERS)[number];
  capabilitiesObject: (typeof CAPABILITIES_OBJECTS)[number];
  /** The model id shown when neither `server.model_name` nor `model.name` names one. */
  fallbackModel: string;
};

const CADUCEUS: Identity = {
  platform: "caduceus",
  owner: "caduceus",
  capabilitiesObject: "caduceus.capabilities",
  fallbackModel: "caduceus",
};

const HERMES: Identity = {
  platform: "hermes-agent",
  owner: "hermes",
  capabilitiesObject: "hermes.api_server.capabilities",
  fallbackModel: "hermes-agent",
};

export function identityOf(config: Config): Identity {
  return config.hermes.identity === "hermes-agent" ? HERMES : CADUCEUS;
}

/**
 * The model id clients are shown: `server.model_name`; else, as Hermes Agent, its own `hermes-agent` (the name its
 * clients send back); else the configured model, else "caduceus".
 */
export function servedModelId(config: Config): string {
  if (config.server.model_name) return config.server.model_name;
  const identity = identityOf(config);
  if (identity === HERMES) return identity.fallbackModel;
  return config.model.name ?? identity.fallbackModel;
}

/** The model a capabilities or health report names: as `servedModelId`, but null when nothing names one. */
export function advertisedModel(config: Config): string | null {
  if (config.server.model_name || identityOf(config) === HERMES) return servedModelId(config);
  return config.model.name;
}
