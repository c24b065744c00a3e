import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "./router.js";
import { SessionIdParam, problemResponses } from "./schemas/common.js";
import { ContextSchema } from "./schemas/message.js";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ "application/json": { schema } });

const getContext = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/context",
  tags: ["context"],
  summary: "The active context exactly as the model would get it",
  request: { params: SessionIdParam },
  responses: { 200: { description: "Active context and token figures", content: json(ContextSchema) }, ...problemResponses(401, 404) },
});

export function contextRoutes() {
  const router = createRouter();
  router.openapi(getContext, (c) => {
    const { context } = c.get("services");
    return c.json(context.view(c.req.valid("param").id), 200);
  });
  return router;
}
