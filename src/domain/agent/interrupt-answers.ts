/**
 * @module interrupt-answers
 * Answering what a paused run waits on: an approval's (or a guard hold's) decision, the outputs of the client's own
 * tool calls, the policy's answer when an approval times out (a guard hold that times out is always denied). An
 * answer is recorded once (the first wins, on any replica), announced, and once nothing of the run is pending the run
 * resumes.
 */
import type { Config } from "../../config/schema.js";
import type { InterruptAnswer, InterruptRecord, RunRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import { viewInterrupt, type InterruptView } from "../shared/interrupt-view.js";
import { newId } from "../../kernel/ids.js";
import { approvalMatchKey, type ApprovalScope } from "./approvals.js";
import type { RunFollowers } from "./run-followers.js";
import type { RunTable } from "./run-table.js";
import type { StartedRun } from "./run-params.js";
import type { RunGuard } from "./guard-port.js";

/** What answers an interrupt: a decision on an approval, or the outputs of the client's tool calls. */
export type InterruptAnswerInput =
  | { decision: "approve" | "deny"; reason?: string | null; scope?: ApprovalScope }
  | { outputs: Array<{ tool_call_id: string; output: string }> };

const MAX_TIMER_MS = 2 ** 31 - 1;

export type InterruptAnswersDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  logger: Logger;
  now: () => number;
  table: RunTable;
  followers: RunFollowers;
  /** Hears of each answer to a guard hold, so the decision is recorded. */
  guard: RunGuard;
  /** Resumes a paused run whose interrupts are all answered (the runner's). */
  resume(runId: string): Promise<void>;
  /** Stops a run wherever it is (the runner's), when the client following its resumed stretch goes away. */
  stop(runId: string, reason: string): Promise<void>;
};

/** The error for a run that has nothing left to answer. */
export function runNotActive(run: RunRecord): DomainError {
  return new DomainError("run_not_active", `run ${run.id} has already ended (status ${run.status})`, {
    details: { run_status: run.status },
  });
}

export class InterruptAnswers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: InterruptAnswersDeps) {}

  /** Answers an interrupt of a paused run; once none is pending, the run resumes. */
  async answer(
    interruptId: string,
    input: InterruptAnswerInput,
    by: "user" | "client" = "user",
  ): Promise<InterruptView> {
    const { store, now } = this.deps;
    const interrupt = await store.interrupts.get(interruptId);
    if (!interrupt) {
      throw new DomainError("interrupt_not_found", `interrupt ${interruptId} does not exist`);
    }
    this.checkPending(interrupt);
    let answer: InterruptAnswer;
    if (interrupt.kind === "approval" || interrupt.kind === "guard") {
      if (!("decision" in input)) {
        throw new DomainError(
          "validation_failed",
          `interrupt ${interruptId} is ${interrupt.kind === "guard" ? "a guard hold" : "an approval"}: answer it with a decision`,
          {
            fields: [{ path: ["decision"], message: "approve or deny" }],
          },
        );
      }
      answer = { answered_by: "user", answered_at: now(), decision: input.decision, reason: input.reason ?? null };
      // A guard hold is about this one action and what led to it: its approval never stands for later calls.
      if (interrupt.kind === "approval" && input.decision === "approve" && input.scope && input.scope !== "once") {
        // Stored before the answer, so the resumed run's next call of the tool already finds it.
        const matchKey = await this.grant(interrupt, input.scope, by);
        const view = await this.record(interrupt, answer, input.scope);
        await this.answerCovered(interrupt, input.scope, matchKey);
        return view;
      }
    } else {
      if (!("outputs" in input)) {
        throw new DomainError(
          "validation_failed",
          `interrupt ${interruptId} waits for the client's tool outputs: answer it with outputs`,
          { fields: [{ path: ["outputs"], message: "one output per pending tool call" }] },
        );
      }
      this.checkOutputs(interrupt, input.outputs);
      answer = { answered_by: by === "client" ? "client" : "user", answered_at: now(), outputs: input.outputs };
    }
    return this.record(interrupt, answer);
  }

  /** Answers the run's pending client-tool interrupt with the outputs (`POST /v1/runs/{id}/tool_outputs`). */
  async submitToolOutputs(
    runId: string,
    outputs: Array<{ tool_call_id: string; output: string }>,
  ): Promise<InterruptView> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    const pending = (await this.deps.store.interrupts.pendingForRun(runId)).find((i) => i.kind === "client_tool");
    if (!pending) {
      throw new DomainError(
        "run_not_active",
        `run ${runId} waits for no tool outputs (status ${run.status}); see GET /v1/runs/${runId}`,
      );
    }
    return this.answer(pending.id, { outputs }, "client");
  }

  /**
   * Sends the outputs of the client's own tool calls and follows the resumed run (an OpenAI chat client's next
   * request): checked first, then the feed and the wait are set up, then the outputs are recorded and the run goes on.
   */
  async continueWithOutputs(
    runId: string,
    outputs: Array<{ tool_call_id: string; output: string }>,
    options: { feed: boolean },
  ): Promise<StartedRun> {
    const { store, followers } = this.deps;
    const run = await store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    const pending = (await store.interrupts.pendingForRun(runId)).find((i) => i.kind === "client_tool");
    if (!pending) throw runNotActive(run);
    this.checkOutputs(pending, outputs);
    const feed = options.feed ? followers.openFeed(runId, run.session_id, true) : null;
    feed?.onCancel(() => void this.deps.stop(runId, "the client disconnected").catch(() => undefined));
    const done = followers.waitFor(runId, true);
    await this.record(pending, { answered_by: "client", answered_at: this.deps.now(), outputs });
    return { runId, sessionId: run.session_id, run, userMessage: null, done, feed };
  }

  /**
   * Answers the run's pending approvals with one decision (Hermes's `POST /v1/runs/{id}/approval`): the one named,
   * every one with `all`, else the oldest. Answers how many were answered.
   */
  async answerApprovals(
    runId: string,
    decision: "approve" | "deny",
    options: { interruptId?: string; all?: boolean; reason?: string | null; scope?: ApprovalScope },
  ): Promise<number> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    if (run.status !== "running" && run.status !== "requires_action") {
      throw new DomainError("approval_not_active", `Run has no active approval session: ${runId}`, {
        details: { run_status: run.status },
      });
    }
    const pending = (await this.deps.store.interrupts.pendingForRun(runId)).filter(
      (i) => i.kind === "approval" || i.kind === "guard",
    );
    const chosen = options.interruptId
      ? pending.filter((i) => i.id === options.interruptId)
      : options.all
        ? pending
        : pending.slice(0, 1);
    if (chosen.length === 0) {
      throw new DomainError(
        "approval_not_pending",
        options.interruptId
          ? `Run has no pending approval ${options.interruptId}: ${runId}`
          : `Run has no pending approval: ${runId}`,
      );
    }
    let answered = 0;
    for (const interrupt of chosen) {
      // A standing approval given to an earlier one may have answered this one already.
      const current = await this.deps.store.interrupts.get(interrupt.id);
      if (current?.status !== "pending") continue;
      await this.answer(interrupt.id, { decision, reason: options.reason ?? null, scope: options.scope });
      answered += 1;
    }
    return answered;
  }

  /** Records a standing approval of the interrupt's tool (`session`: the rest of its session; `always`: every one). */
  private async grant(interrupt: InterruptRecord, scope: "session" | "always", by: "user" | "client"): Promise<string> {
    const { store, now } = this.deps;
    const tool = interrupt.tool ?? "";
    const matchKey = approvalMatchKey(tool, interrupt.arguments);
    const at = now();
    const owner = (await store.sessions.get(interrupt.session_id))?.owner ?? null;
    await store.approvalGrants.add({
      id: newId("apg", at),
      scope,
      session_id: interrupt.session_id,
      tool,
      match_key: matchKey,
      added_by: by,
      interrupt_id: interrupt.id,
      created_at: at,
      owner,
    });
    this.deps.logger.info(
      { session_id: interrupt.session_id, tool, match_key: matchKey, scope },
      "standing approval added",
    );
    return matchKey;
  }

  /** Answers the run's other pending approvals a standing approval covers, so the person is not asked again. */
  private async answerCovered(interrupt: InterruptRecord, scope: "session" | "always", matchKey: string) {
    const { store, now } = this.deps;
    for (const other of await store.interrupts.pendingForRun(interrupt.run_id)) {
      if (other.kind !== "approval" || approvalMatchKey(other.tool ?? "", other.arguments) !== matchKey) continue;
      await this.record(
        other,
        {
          answered_by: "policy",
          answered_at: now(),
          decision: "approve",
          reason: `approved for ${scope === "always" ? "every session" : "this session"} (${matchKey})`,
        },
        scope,
      ).catch(() => undefined);
    }
  }

  /** Arms the timeouts of the interrupts that have one (again after a restart); each fires once. */
  armTimeouts(interrupts: InterruptRecord[]): void {
    for (const interrupt of interrupts) {
      if (interrupt.expires_at === null || this.timers.has(interrupt.id)) continue;
      const delay = Math.min(MAX_TIMER_MS, Math.max(0, interrupt.expires_at - this.deps.now()));
      const timer = setTimeout(() => {
        this.timers.delete(interrupt.id);
        void this.expire(interrupt.id);
      }, delay);
      timer.unref();
      this.timers.set(interrupt.id, timer);
    }
  }

  clearTimer(interruptId: string): void {
    const timer = this.timers.get(interruptId);
    if (timer) clearTimeout(timer);
    this.timers.delete(interruptId);
  }

  /** The server is stopping: no timeout fires any more (the next process arms them again). */
  clearTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** An approval nobody answered in time gets the policy's `on_timeout` answer. */
  private async expire(interruptId: string): Promise<void> {
    const { store, config, now } = this.deps;
    try {
      const interrupt = await store.interrupts.get(interruptId);
      if (!interrupt || interrupt.status !== "pending") return;
      const session = await store.sessions.get(interrupt.session_id);
      const onTimeout = session ? resolveSessionSettings(config, session).agent.approvals.on_timeout : "deny";
      // What the guard held is never let through by nobody answering.
      const approve = onTimeout === "allow" && interrupt.kind !== "guard";
      await this.record(interrupt, {
        answered_by: "timeout",
        answered_at: now(),
        decision: approve ? "approve" : "deny",
        reason: `no answer before the ${interrupt.kind === "guard" ? "guard hold" : "approval"} expired`,
      });
    } catch (err) {
      this.deps.logger.warn({ err, interrupt_id: interruptId }, "could not expire an interrupt");
    }
  }

  private checkPending(interrupt: InterruptRecord): void {
    if (interrupt.status === "pending") return;
    throw new DomainError(
      "interrupt_already_answered",
      interrupt.status === "cancelled"
        ? `interrupt ${interrupt.id} was cancelled with its run`
        : `interrupt ${interrupt.id} was already answered by ${interrupt.answered_by ?? "someone"}`,
      { details: { interrupt: viewInterrupt(interrupt) } },
    );
  }

  /** The outputs must answer exactly the pending calls: every call once, no other id. */
  private checkOutputs(interrupt: InterruptRecord, outputs: Array<{ tool_call_id: string }>): void {
    const expected = new Set(interrupt.tool_calls.map((call) => call.id));
    const given = outputs.map((output) => output.tool_call_id);
    const unknown = given.filter((id) => !expected.has(id));
    const duplicated = given.filter((id, i) => given.indexOf(id) !== i);
    const missing = [...expected].filter((id) => !given.includes(id));
    if (!unknown.length && !duplicated.length && !missing.length) return;
    const parts = [
      missing.length ? `missing outputs for ${missing.join(", ")}` : "",
      unknown.length ? `no pending call has the id ${unknown.join(", ")}` : "",
      duplicated.length ? `more than one output for ${[...new Set(duplicated)].join(", ")}` : "",
    ].filter(Boolean);
    throw new DomainError(
      "tool_outputs_mismatch",
      `the outputs do not match the pending tool calls (${[...expected].join(", ")}): ${parts.join("; ")}`,
      {
        fields: given.flatMap((id, i) =>
          !expected.has(id) || duplicated.includes(id)
            ? [{ path: ["outputs", i, "tool_call_id"], message: `not a pending call: ${id}` }]
            : [],
        ),
        details: { pending_tool_call_ids: [...expected], missing, unknown },
      },
    );
  }

  /** Stores the answer and announces it; `scope` is how far an approval reaches (once unless a standing one). */
  private async record(
    interrupt: InterruptRecord,
    answer: InterruptAnswer,
    scope: ApprovalScope = "once",
  ): Promise<InterruptView> {
    const { store, events, table } = this.deps;
    const answered = await store.interrupts.answer(interrupt.id, answer);
    // Another answer won the race: the row is no longer pending.
    if (!answered) this.checkPending((await store.interrupts.get(interrupt.id)) ?? interrupt);
    const record = answered!;
    this.clearTimer(record.id);
    // Answered while the stretch that asked is still ending here (its pause not yet announced): the answer is
    // announced after the pause, as a stream of the run would have it.
    const stretch = table.executingRun(record.session_id, record.run_id);
    if (stretch) await stretch.done;
    const view = viewInterrupt(record);
    if (record.kind === "approval") {
      await events.publish(record.session_id, "approval.responded", {
        run_id: record.run_id,
        interrupt: view,
        scope: record.decision === "approve" ? scope : null,
      });
    }
    if (record.kind === "guard")
      await this.deps.guard.answered(record, record.answered_by === "timeout" ? "timeout" : "user");
    this.deps.logger.info(
      {
        run_id: record.run_id,
        interrupt_id: record.id,
        kind: record.kind,
        by: record.answered_by,
        decision: record.decision,
      },
      "interrupt answered",
    );
    if ((await store.interrupts.pendingForRun(record.run_id)).length === 0) await this.deps.resume(record.run_id);
    return view;
  }
}
