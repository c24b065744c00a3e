/**
 * @module decision-log
 * The one place a guard decision is recorded: an action held for a person (`guard.held`), refused (`guard.blocked`:
 * by the guard in block mode, as exfiltration, a redirect stopped, or a person's or the timeout's denial) or let
 * through by a person (`guard.allowed`). Each is published on the session's event bus with its provenance, logged,
 * and handed to every sink added — the hook an audit log takes to keep them.
 */
import type { GuardDecision } from "../../kernel/provenance.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";

/** Something that keeps guard decisions (an audit log): told of each one after it is published. */
export type GuardDecisionSink = { record(sessionId: string, decision: GuardDecision): Promise<void> };

const EVENT = { held: "guard.held", blocked: "guard.blocked", allowed: "guard.allowed" } as const;

export class GuardDecisionLog {
  private readonly sinks: GuardDecisionSink[] = [];

  constructor(
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** Adds a keeper of decisions; it hears of every decision recorded from then on. */
  addSink(sink: GuardDecisionSink): void {
    this.sinks.push(sink);
  }

  /** Publishes the decision (`guard.held` / `guard.blocked` / `guard.allowed`), logs it and hands it to the sinks. */
  async record(sessionId: string, decision: GuardDecision): Promise<void> {
    await this.events.publish(sessionId, EVENT[decision.decision], decision);
    this.logger.info(
      {
        session_id: sessionId,
        run_id: decision.run_id,
        decision: decision.decision,
        by: decision.by,
        code: decision.code,
        tool: decision.action.tool,
        target_origin: decision.action.target_origin,
        interrupt_id: decision.interrupt_id,
      },
      "guard decision",
    );
    for (const sink of this.sinks) {
      try {
        await sink.record(sessionId, decision);
      } catch (err) {
        this.logger.warn({ err, session_id: sessionId }, "a guard decision sink failed");
      }
    }
  }
}
