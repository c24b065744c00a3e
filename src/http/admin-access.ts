/**
 * @module admin-access
 * Who may read operator-only resources that an operator can also make public (the metrics, `metrics.public`): such a
 * route is declared public (its security is empty, so the router checks no scope) and asks here instead. An admin —
 * the server key, an admin API key, the inspector cookie made from one, or anyone on a server without keys — may;
 * another API key is refused 403 `insufficient_scope` naming `admin`, as the router refuses it elsewhere.
 */
import type { Context } from "hono";
import { DomainError } from "../kernel/errors.js";
import type { AppEnv } from "./env.js";

export function requireAdmin(c: Context<AppEnv>): void {
  const caller = c.get("caller");
  if (caller.admin) return;
  caller.trail.note({
    action: "auth.denied",
    detail: { method: c.req.method, path: c.req.path, required_scope: "admin" },
  });
  throw new DomainError(
    "insufficient_scope",
    `this needs the admin scope, which the API key ${caller.key_id ?? ""} does not have`,
    {
      details: { required_scope: "admin" },
    },
  );
}
