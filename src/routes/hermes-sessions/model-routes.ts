/**
 * @module model-routes
 * The model a Hermes client picks from and locks a session to: `GET /api/model/options` (the configured endpoint,
 * as Hermes lists providers and their models) and `POST /api/sessions/{id}/model` (the session's model from now on).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../../http/errors.js";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { HermesRuntimeSchema } from "../runs/schemas.js";
import { hermesRuntime, providerOf, requireServedProvider } from "../runs/hermes-status.js";
import { HermesSessionIdParam } from "./schemas.js";
import { ANY_KEY, requires } from "../../http/route-access.js";

const TAG = "hermes-sessions";

const ProviderSchema = z
  .object({
    slug: z.string().openapi({ description: "The provider, as Hermes names it", example: "openai" }),
    name: z.string().openapi({ description: "Its display name", example: "openai" }),
    models: z.array(z.string()).openapi({ description: "The models it serves here" }),
    total_models: z.number().int().openapi({ description: "How many", example: 1 }),
    is_current: z.boolean().openapi({ description: "Whether it is the server's current one", example: true }),
    is_user_defined: z.boolean().openapi({ description: "Always false here", example: false }),
    api_url: z.string().nullable().openapi({ description: "Its endpoint", example: "https://api.openai.com/v1" }),
  })
  .openapi("HermesModelProvider");

const ModelOptionsSchema = z
  .object({
    providers: z.array(ProviderSchema).openapi({ description: "The configured endpoint, as Hermes lists providers" }),
    model: z.string().nullable().openapi({ description: "The server's model", example: "gpt-4o-mini" }),
    provider: z.string().openapi({ description: "The server's provider", example: "openai" }),
  })
  .openapi("HermesModelOptions");

const ModelLockBody = z
  .object({
    model: z.string().min(1).max(200).optional().openapi({ description: "The model", example: "gpt-4o" }),
    model_id: z.string().min(1).max(200).optional().openapi({ description: "Same as model", example: "gpt-4o" }),
    provider: z.string().min(1).max(100).optional().openapi({ description: "Its provider", example: "openai" }),
    provider_id: z.string().min(1).max(100).optional().openapi({ description: "Same as provider", example: "openai" }),
    model_options: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description: "Accepted and not kept",
        example: { temperature: 0.2 },
      }),
  })
  .passthrough()
  .openapi("HermesModelLock");

const ModelLockAnswer = z
  .object({
    object: z
      .literal("hermes.session.model_lock")
      .openapi({ description: "Always hermes.session.model_lock", example: "hermes.session.model_lock" }),
    session_id: z.string().openapi({ description: "The session", example: "webui-chat-7" }),
    runtime: HermesRuntimeSchema.extend({
      requested: z
        .object({
          provider: z.string().nullable().openapi({ description: "The provider asked for", example: "openai" }),
          model: z.string().nullable().openapi({ description: "The model asked for", example: "gpt-4o" }),
        })
        .openapi({ description: "What was asked for" }),
      model_lock: z.literal("accepted").openapi({ description: "Always accepted", example: "accepted" }),
    }).openapi({ description: "What the session's runs call now, and what was asked for" }),
  })
  .openapi("HermesModelLockAnswer");

const optionsRoute = createRoute({
  method: "get",
  path: "/api/model/options",
  operationId: "getHermesModelOptions",
  security: ANY_KEY,
  tags: [TAG],
  summary: "The models a client can pick, as Hermes lists them",
  description: "This server serves one endpoint (`model.base_url`): one provider, the configured model.",
  responses: { 200: jsonAnswer("The options", ModelOptionsSchema), ...problemResponses({}) },
});

const lockRoute = createRoute({
  method: "post",
  path: "/api/sessions/{session_id}/model",
  operationId: "lockHermesSessionModel",
  security: requires("sessions:write"),
  tags: [TAG],
  summary: "Lock a session to a model: its next runs call it",
  description:
    "`model` (or `model_id`) becomes the session's model; without one (nor a provider) 400 `missing_model`. A " +
    "`provider` other than the configured endpoint's is 409 `model_lock_unavailable`: the lock is refused rather " +
    "than silently served by another provider.",
  request: {
    params: HermesSessionIdParam,
    body: { required: true, content: jsonBody(ModelLockBody, { model: "gpt-4o" }) },
  },
  responses: {
    200: postAnswer("The lock", ModelLockAnswer),
    ...problemResponses({
      codes: ["not_found", "missing_model", "model_lock_unavailable"],
      body: true,
      idempotent: true,
      hermes: true,
    }),
  },
});

export function hermesModelRoutes() {
  const router = createRouter();

  router.openapi(optionsRoute, (c) => {
    const { config } = c.get("services");
    const provider = providerOf(config.model.base_url);
    const model = config.model.name;
    return c.json(
      {
        providers: [
          {
            slug: provider,
            name: provider,
            models: model ? [model] : [],
            total_models: model ? 1 : 0,
            is_current: true,
            is_user_defined: false,
            api_url: config.model.base_url,
          },
        ],
        model,
        provider,
      },
      200,
    );
  });

  router.openapi(lockRoute, async (c) => {
    const { config, sessions, useCases } = c.get("services");
    const id = c.req.valid("param").session_id;
    const body = c.req.valid("json");
    await sessions.require(id);
    // `provider::model` names both, as Hermes accepts it.
    let model = body.model ?? body.model_id ?? null;
    let requestedProvider = body.provider ?? body.provider_id ?? null;
    if (model?.includes("::")) [requestedProvider, model] = model.split("::", 2) as [string, string];
    if (!model && !requestedProvider)
      throw new HttpError("missing_model", "require_model_lock was set but no model/provider was provided", {
        errors: [{ location: "body.model", message: "name a model (or a provider)" }],
      });
    requireServedProvider(config, requestedProvider);
    const session = model ? (await useCases.updateSession(id, { model })).session : await sessions.require(id);
    return c.json(
      {
        object: "hermes.session.model_lock" as const,
        session_id: id,
        runtime: {
          ...hermesRuntime(config, session.model),
          requested: { provider: requestedProvider, model },
          model_lock: "accepted" as const,
        },
      },
      200,
    );
  });

  return router;
}
