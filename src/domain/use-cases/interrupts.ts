/**
 * @module interrupts
 * The session's one queue of what waits on a person or a client: approvals and client tool calls of its runs, and
 * the page dialogs its browser holds (with their `d-N` ids), each answered through one route whatever its kind.
 */
import { DomainError } from "../../kernel/errors.js";
import type { DialogAction } from "../shared/browser-views.js";
import type { BrowserService } from "../browser/browser-service.js";
import { viewDialogInterrupt, type InterruptView } from "../shared/interrupt-view.js";
import type { AgentRunner, InterruptAnswerInput } from "../agent/runner.js";
import type { SessionService } from "../sessions/service.js";

export type InterruptDeps = {
  sessions: SessionService;
  agent: AgentRunner;
  browsers: BrowserService;
  now: () => number;
};

/** An answer to any interrupt: a decision (approval), outputs (client tools) or a dialog action. */
export type AnyInterruptAnswer = InterruptAnswerInput | { action: DialogAction; prompt_text?: string };

const DIALOG_ID = /^d-\d+$/;

export async function listInterrupts(deps: InterruptDeps, sessionId: string): Promise<InterruptView[]> {
  await deps.sessions.require(sessionId);
  const runs = await deps.agent.reader.pendingInterrupts(sessionId);
  const snapshot = await deps.browsers.snapshot(sessionId);
  const runId = await deps.agent.reader.activeRunOf(sessionId);
  const dialogs = snapshot.pending_dialogs.map((dialog) => viewDialogInterrupt(sessionId, runId, dialog));
  return [...runs, ...dialogs].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function answerInterrupt(
  deps: InterruptDeps,
  sessionId: string,
  interruptId: string,
  answer: AnyInterruptAnswer,
): Promise<InterruptView> {
  await deps.sessions.require(sessionId);
  if (DIALOG_ID.test(interruptId)) {
    if (!("action" in answer)) {
      throw new DomainError("validation_failed", `${interruptId} is a page dialog: answer it with an action`, {
        fields: [{ path: ["action"], message: "accept or dismiss" }],
      });
    }
    const snapshot = await deps.browsers.snapshot(sessionId);
    if (!snapshot.pending_dialogs.some((dialog) => dialog.id === interruptId)) {
      const closed = snapshot.recent_dialogs.find((dialog) => dialog.id === interruptId);
      if (closed) {
        throw new DomainError(
          "interrupt_already_answered",
          `dialog ${interruptId} was already closed (by ${closed.closed_by})`,
          { details: { dialog: closed } },
        );
      }
      throw new DomainError("interrupt_not_found", `no dialog ${interruptId} is pending in session ${sessionId}`);
    }
    const { dialog } = await deps.browsers.respond(sessionId, answer.action, answer.prompt_text, interruptId, "user");
    const at = new Date(deps.now()).toISOString();
    const runId = await deps.agent.reader.activeRunOf(sessionId);
    return viewDialogInterrupt(sessionId, runId, dialog, { action: answer.action, at });
  }
  if ("action" in answer) {
    throw new DomainError("validation_failed", `${interruptId} is not a page dialog: an action answers dialogs only`, {
      fields: [{ path: ["action"], message: "use decision (approval) or outputs (client tools)" }],
    });
  }
  const owner = await deps.agent.reader.interruptSession(interruptId);
  if (owner !== null && owner !== sessionId) {
    throw new DomainError("interrupt_not_found", `interrupt ${interruptId} does not belong to session ${sessionId}`);
  }
  return deps.agent.interrupts.answer(interruptId, answer);
}
