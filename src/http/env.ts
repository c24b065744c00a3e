/**
 * @module env
 * The hono environment of every route and middleware: what a request carries through `c.get` — its request id,
 * the principal its API key maps to, and the app's services.
 */
import type { Services } from "../services.js";

export type AppEnv = {
  Variables: {
    requestId: string;
    principal: string;
    services: Services;
  };
};
