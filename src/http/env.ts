/**
 * @module env
 * The hono environment of every route and middleware: what a request carries through `c.get` — its request id, the
 * principal its API key maps to (idempotency keys are scoped by it), the caller it acts as (its key's owner, scopes
 * and limits), the audit trail its notes are kept in until it is answered, and the app's services.
 */
import type { RequestAuditTrail } from "../domain/audit/audit-log.js";
import type { Caller } from "../domain/shared/owner-scope.js";
import type { Services } from "../services.js";

export type AppEnv = {
  Variables: {
    requestId: string;
    principal: string;
    /** Who the request acts as; set by the auth middleware on every route that needs a key. */
    caller: Caller;
    auditTrail: RequestAuditTrail;
    services: Services;
  };
};
