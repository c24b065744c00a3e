/**
 * @module schemas
 * The wire shapes of a session's images: the path that names one, and its bytes as the answer carries them.
 */
import { z } from "@hono/zod-openapi";
import { SessionIdParam } from "../shared/params.js";

export const ImageParams = SessionIdParam.extend({
  image_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "image_id", in: "path" },
      description: "Image id (`img_…`), as the `image` part of a tool message names it",
      example: "img_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

/** The image's bytes, as stored: a PNG or a JPEG. */
export const ImageBytes = z.string().openapi({
  format: "binary",
  description: "The image's bytes, exactly as the tool returned them",
  example: "(binary PNG or JPEG data)",
});
