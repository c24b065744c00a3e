/**
 * @module schemas
 * The inspector page's sign-in: the key it sends once, and what it learns back.
 */
import { z } from "@hono/zod-openapi";

export const SignInBody = z
  .object({
    api_key: z
      .string()
      .min(1)
      .max(4_096)
      .openapi({ description: "The server's key (server.api_key) or an API key", example: "cad_4f9a2c71e8d3…" }),
  })
  .strict()
  .openapi("InspectorSignInRequest");

export const SignInResult = z
  .object({
    csrf_token: z.string().openapi({
      description: "Send as X-CSRF-Token on every request made with the cookie that changes something",
      example: "3q2+7w…",
    }),
    expires_at: z.string().openapi({ description: "When the sign-in ends", example: "2026-12-02T08:00:00.000Z" }),
  })
  .openapi("InspectorSignIn");

export const SignInState = z
  .object({
    auth_required: z
      .boolean()
      .openapi({ description: "Whether the server has a key or API keys, so the page must sign in", example: true }),
    signed_in: z
      .boolean()
      .openapi({ description: "Whether this request carried a live sign-in cookie", example: true }),
    csrf_token: z
      .string()
      .nullable()
      .openapi({ description: "The sign-in's CSRF token, when signed in", example: "3q2+7w…" }),
    expires_at: z
      .string()
      .nullable()
      .openapi({ description: "When the sign-in ends, when signed in", example: "2026-12-02T08:00:00.000Z" }),
  })
  .openapi("InspectorSignInState");
