import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "./router.js";
import { RespondBody, RespondResultSchema } from "./schemas/browser.js";
import { SessionIdParam, problemResponses, json } from "./schemas/common.js";

const respondRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/dialogs/respond",
  tags: ["browser"],
  summary: "Answer a pending JavaScript dialog",
  description:
    "With one dialog pending, `dialog_id` may be left out; with several it is required (409 dialog_ambiguous lists the candidates). " +
    "No dialog pending → 409 no_dialog_open; an unknown id → 404 dialog_not_found.",
  request: { params: SessionIdParam, body: { required: true, content: json(RespondBody) } },
  responses: { 200: { description: "The dialog that was answered", content: json(RespondResultSchema) }, ...problemResponses(400, 401, 404, 409, 415) },
});

export function dialogRoutes() {
  const router = createRouter();
  router.openapi(respondRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(await c.get("services").browsers.respond(id, body.action, body.prompt_text, body.dialog_id), 200);
  });
  return router;
}
