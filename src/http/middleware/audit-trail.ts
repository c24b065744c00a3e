/**
 * @module audit-trail
 * Every request gets an audit trail: what it noted (a refused key, a session created, a run started, a key revoked)
 * is written to the audit log once it is answered, with the status it was answered with.
 */
import type { MiddlewareHandler } from "hono";
import { RequestAuditTrail, type AuditLog } from "../../domain/audit/audit-log.js";
import type { AppEnv } from "../env.js";

export function auditTrail(log: AuditLog): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const trail = new RequestAuditTrail(log, c.get("requestId"));
    c.set("auditTrail", trail);
    await next();
    await trail.flush(c.res.status);
  };
}
