/**
 * @module admin-access
 * Who may read operator-only resources (the metrics): the one place that decides, so a change to how keys are
 * scoped changes only this. Today the server has one key, `server.api_key`, and whoever the bearer-auth middleware let
 * in with it (or with the inspector cookie made from it) is an admin; without a key configured the server is open
 * (loopback only), and so is this.
 */
import type { Context } from "hono";
import type { AppEnv } from "./env.js";
import { HttpError } from "./errors.js";

export function requireAdmin(c: Context<AppEnv>): void {
  const { api_key: apiKey } = c.get("services").config.server;
  if (!apiKey) return;
  if (!c.get("principal"))
    throw new HttpError("unauthorized", "send the admin API key as `Authorization: Bearer <key>`", {
      headers: { "WWW-Authenticate": 'Bearer realm="caduceus"' },
    });
}
