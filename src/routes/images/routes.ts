/**
 * @module routes
 * The images tools returned (screenshots), served by id from the session whose transcript references them.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { RESPONSE_HEADERS, problemResponses } from "../shared/problem-responses.js";
import { presentImage } from "./present.js";
import { ImageBytes, ImageParams } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const getImage = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/images/{image_id}",
  operationId: "getImage",
  security: requires("sessions:read"),
  tags: ["messages"],
  summary: "An image a tool returned, as its bytes",
  description:
    "A tool message whose tool returned images (a screenshot) carries one `image` content part per image — " +
    '`{type: "image", image_id, mime_type, width, height, byte_length}` — after its text; the bytes are stored ' +
    "once and served here with their own `Content-Type` (`image/png` or `image/jpeg`). An id the session does not " +
    "hold (another session's image included) is a 404.",
  request: { params: ImageParams },
  responses: {
    200: {
      description: "The image's bytes",
      headers: { "X-Request-Id": RESPONSE_HEADERS.requestId },
      content: { "image/png": { schema: ImageBytes }, "image/jpeg": { schema: ImageBytes } },
    },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function imageRoutes() {
  const router = createRouter();
  router.openapi(getImage, async (c) => {
    const { id, image_id: imageId } = c.req.valid("param");
    const { body, headers } = presentImage(await c.get("services").transcript.image(id, imageId));
    return c.body(body, 200, headers);
  });
  return router;
}
