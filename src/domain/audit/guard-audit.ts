/**
 * @module guard-audit
 * The prompt-injection guard's decisions in the audit log: each hold, refusal and approval (`guard.held`,
 * `guard.blocked`, `guard.allowed`) is an entry on its run, in the name of the session's owner and the key that
 * started the run, with the action, the reason and where the content that led to it came from (sources and tool
 * calls, never the excerpts themselves: they are the untrusted page's words).
 */
import type { Store } from "../../db/store.js";
import type { GuardDecision } from "../../kernel/provenance.js";
import type { AuditLog } from "./audit-log.js";

export class GuardAudit {
  constructor(
    private readonly store: Store,
    private readonly audit: AuditLog,
  ) {}

  async record(sessionId: string, decision: GuardDecision): Promise<void> {
    const [session, run] = await Promise.all([
      this.store.sessions.get(sessionId),
      this.store.runs.get(decision.run_id),
    ]);
    await this.audit.record({
      action: `guard.${decision.decision}`,
      actor: { key_id: run?.key_id ?? null, owner: session?.owner ?? null },
      resource: { type: "run", id: decision.run_id },
      status: null,
      detail: {
        session_id: sessionId,
        by: decision.by,
        interrupt_id: decision.interrupt_id,
        action: decision.action,
        code: decision.code,
        reason: decision.reason,
        provenance: decision.provenance.map((item) => ({
          kind: item.kind,
          source: item.source,
          origin: item.origin,
          tool_call_id: item.tool_call_id,
          seq: item.seq,
        })),
      },
    });
  }
}
