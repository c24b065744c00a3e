/**
 * @module run-tool-calls
 * The tool calls of a run's answers: sorted by the approval policy and the guard (run at once in parallel, refused, or
 * turned into interrupts the run then waits on), settled from the stored interrupts when a paused run resumes, and
 * answered with an "interrupted" or "cancelled" result when the run stops while some are still out. Every call keeps
 * its result, with where its content came from.
 */
import type { InterruptRecord, NewInterrupt, SessionRecord, StoredMessage } from "../../db/records.js";
import type { ToolCall } from "../../kernel/chat.js";
import { newId } from "../../kernel/ids.js";
import { CLIENT_PROVENANCE, trustedProvenance, type GuardHold, type Provenance } from "../../kernel/provenance.js";
import { redactDeep, redactSecrets } from "../../kernel/redaction.js";
import { headOf } from "../../kernel/text.js";
import type { MessageInput } from "../shared/message-shape.js";
import { approvalMatchKey, approvalModeFor, guardRefusalResult, refusalResult } from "./approvals.js";
import type { CallGuard } from "./guard-port.js";
import { viewInterrupt } from "../shared/interrupt-view.js";
import type { LoopDeps, RunParams } from "./run-params.js";
import { INTERRUPTED_TOOL_RESULT, RunAborted, unlessAborted } from "./run-stop.js";
import type { SessionTools } from "./tool-registry.js";
import type { ToolImage, ToolOutput } from "../shared/tools.js";
import { inSpan } from "../shared/tracing.js";

/** How much of a failed tool call's error text its log line shows. */
const TOOL_ERROR_LOGGED_CHARS = 300;

export type ToolResultInput = MessageInput & { role: "tool"; content: string; tool_call_id: string; name: string };

/** Where the calls' results go: stored and announced as the run's messages, then taken into its context. */
export type ToolResultSink = {
  /** Stores a result (with the images its tool returned) as a message of the run and announces it. */
  write(input: ToolResultInput, images: ToolImage[]): Promise<StoredMessage>;
  /** A stored result the model is to see from the next call on. */
  took(row: StoredMessage): void;
};

/** A call's arguments as an approval shows them: parsed and redacted when they are JSON, redacted as text otherwise. */
function redactedArguments(raw: string): string {
  try {
    return JSON.stringify(redactDeep(JSON.parse(raw) as unknown));
  } catch {
    return redactSecrets(raw);
  }
}

/** What a paused turn's calls came to when the run resumes: the output each answered call gets, or that it runs. */
type Settlement =
  | { call: ToolCall; run: true; approved: GuardHold | null }
  | { call: ToolCall; run: false; content: string; isError: boolean; provenance: Provenance };

/** The provenance of a result the server writes itself: a refusal, an interrupted call. */
const SERVER_WRITTEN = trustedProvenance("caduceus");

/** A call the guard stopped, with what it made of it. */
type Guarded = { call: ToolCall; hold: GuardHold };

/** The calls of one stretch of a run, from the answer that made them to their results. */
export class RunToolCalls {
  /** Tool calls of persisted assistant messages that have no result yet. */
  private readonly open = new Map<string, ToolCall>();
  private readonly clientToolNames: ReadonlySet<string>;
  /** Whether this stretch raised interrupts (or resumed from some): a stop must cancel those still pending. */
  touchedInterrupts: boolean;

  constructor(
    private readonly deps: LoopDeps,
    private readonly params: RunParams,
    private readonly sink: ToolResultSink,
  ) {
    this.clientToolNames = new Set(params.clientTools.map((tool) => tool.function.name));
    this.touchedInterrupts = params.userMessage === null;
  }

  /** Whether some call of a stored answer still has no result. */
  get anyOpen(): boolean {
    return this.open.size > 0;
  }

  /** Calls of a stored answer: open until each has its result. */
  opened(calls: ToolCall[]): void {
    for (const call of calls) this.open.set(call.id, call);
  }

  /**
   * The calls of one answer, sorted by the approval policy: allowed server tools run at once (in parallel), refused
   * ones get a refusal result, and those that ask for approval or are the client's own become interrupts the run
   * then waits on. Answers the interrupts that are pending (none: the loop goes on).
   */
  async handle(tools: SessionTools, calls: ToolCall[], session: SessionRecord): Promise<InterruptRecord[]> {
    const { store, now } = this.deps;
    const { run, sessionId, approvals } = this.params;
    const toRun: ToolCall[] = [];
    const refused: ToolCall[] = [];
    let asking: ToolCall[] = [];
    const clientCalls: ToolCall[] = [];
    for (const call of calls) {
      const name = call.function.name;
      if (this.clientToolNames.has(name) && !tools.names.includes(name)) clientCalls.push(call);
      else {
        const mode = approvalModeFor(approvals, name);
        (mode === "allow" ? toRun : mode === "deny" ? refused : asking).push(call);
      }
    }
    // A standing approval (this session's, or the allowlist) answers a call that would ask; never one the policy
    // denies.
    for (const call of [...asking]) {
      const key = approvalMatchKey(call.function.name, redactedArguments(call.function.arguments));
      // The allowlist holds for the sessions of the owner whose session it was given in.
      if (!(await store.approvalGrants.matching(sessionId, [key], session.owner))) continue;
      asking.splice(asking.indexOf(call), 1);
      toRun.push(call);
    }
    // The guard looks at every call that could run: one it holds waits on a guard interrupt (instead of an approval),
    // one it blocks is refused.
    const guard = await this.deps.guard.forRun(session, run.id);
    const held: Guarded[] = [];
    const blocked: Guarded[] = [];
    for (const call of [...toRun, ...asking]) {
      const verdict = await guard.assess(call, tools.definition(call.function.name));
      if (verdict.effect === "allow") continue;
      (verdict.effect === "hold" ? held : blocked).push({ call, hold: verdict.hold });
    }
    const stopped = new Set([...held, ...blocked].map((g) => g.call.id));
    const runNow = toRun.filter((call) => !stopped.has(call.id));
    asking = asking.filter((call) => !stopped.has(call.id));
    if (runNow.length === calls.length) {
      await this.runTools(tools, calls, session, guard);
      return [];
    }
    const at = now();
    const interrupt = (call: ToolCall, kind: "approval" | "guard", hold?: GuardHold): NewInterrupt => ({
      id: newId("int", at),
      session_id: sessionId,
      run_id: run.id,
      kind,
      created_at: at,
      tool: call.function.name,
      tool_call_id: call.id,
      arguments: redactedArguments(call.function.arguments),
      ...(hold ? { guard: hold } : {}),
    });
    this.touchedInterrupts = true;
    const { pending, byPolicy, byGuard } = await store.transaction(async () => {
      const byPolicy: InterruptRecord[] = [];
      for (const call of refused)
        byPolicy.push(
          await store.interrupts.createAnswered(interrupt(call, "approval"), {
            answered_by: "policy",
            answered_at: at,
            decision: "deny",
            reason: "agent.approvals refuses this tool",
          }),
        );
      const byGuard: InterruptRecord[] = [];
      for (const { call, hold } of blocked)
        byGuard.push(
          await store.interrupts.createAnswered(interrupt(call, "guard", hold), {
            answered_by: "policy",
            answered_at: at,
            decision: "deny",
            reason: hold.reason,
          }),
        );
      const pending: InterruptRecord[] = [];
      const expiresAt = at + approvals.timeout_s * 1000;
      for (const call of asking)
        pending.push(await store.interrupts.create({ ...interrupt(call, "approval"), expires_at: expiresAt }));
      for (const { call, hold } of held)
        pending.push(await store.interrupts.create({ ...interrupt(call, "guard", hold), expires_at: expiresAt }));
      if (clientCalls.length) {
        pending.push(
          await store.interrupts.create({
            id: newId("int", at),
            session_id: sessionId,
            run_id: run.id,
            kind: "client_tool",
            created_at: at,
            tool_calls: clientCalls,
          }),
        );
      }
      return { pending, byPolicy, byGuard };
    });
    for (const interrupt of byPolicy)
      await this.deps.events.publish(sessionId, "approval.responded", {
        run_id: run.id,
        interrupt: viewInterrupt(interrupt),
      });
    for (const interrupt of byGuard) await guard.decided("blocked", interrupt.guard!, interrupt.id);
    for (const interrupt of pending) {
      if (interrupt.kind === "approval")
        await this.deps.events.publish(sessionId, "approval.requested", {
          run_id: run.id,
          interrupt: viewInterrupt(interrupt),
        });
      else if (interrupt.kind === "guard") await guard.decided("held", interrupt.guard!, interrupt.id);
    }
    for (const call of refused) await this.recordResult(call, refusalResult("policy", call.function.name, null));
    for (const { call, hold } of blocked) await this.recordResult(call, guardRefusalResult("guard", hold, null));
    if (runNow.length) await this.runTools(tools, runNow, session, guard);
    return pending;
  }

  /**
   * A resumed run answers the calls its last answer left open, from the stored interrupts: approved calls run,
   * refused ones get a refusal, the client's outputs become the results of its calls.
   */
  async settlePaused(session: SessionRecord): Promise<void> {
    const { store } = this.deps;
    const { sessionId, run, tools, approvals } = this.params;
    const openIds = new Set((await store.messages.unansweredToolCalls(sessionId, run.id)).map((call) => call.id));
    if (openIds.size === 0) return;
    const calls = new Map<string, ToolCall>();
    for (const message of await store.messages.listForRun(sessionId, run.id))
      for (const call of message.tool_calls ?? []) if (openIds.has(call.id)) calls.set(call.id, call);
    const settlements: Settlement[] = [];
    const settled = new Set<string>();
    for (const interrupt of await store.interrupts.forRun(run.id)) {
      if ((interrupt.kind === "approval" || interrupt.kind === "guard") && interrupt.tool_call_id) {
        const call = calls.get(interrupt.tool_call_id);
        if (!call || settled.has(call.id)) continue;
        settled.add(call.id);
        if (interrupt.decision === "approve") settlements.push({ call, run: true, approved: interrupt.guard });
        else {
          const by =
            interrupt.answered_by === "timeout" || interrupt.answered_by === "policy" ? interrupt.answered_by : "user";
          const content = interrupt.guard
            ? guardRefusalResult(by === "policy" ? "guard" : by, interrupt.guard, interrupt.reason, approvals.timeout_s)
            : refusalResult(by, call.function.name, interrupt.reason, approvals.timeout_s);
          settlements.push({ call, run: false, content, isError: true, provenance: SERVER_WRITTEN });
        }
      } else if (interrupt.kind === "client_tool") {
        for (const output of interrupt.outputs ?? []) {
          const call = calls.get(output.tool_call_id);
          if (!call || settled.has(call.id)) continue;
          settled.add(call.id);
          settlements.push({ call, run: false, content: output.output, isError: false, provenance: CLIENT_PROVENANCE });
        }
      }
    }
    this.opened([...calls.values()]);
    for (const settlement of settlements)
      if (!settlement.run)
        await this.recordResult(settlement.call, settlement.content, settlement.isError, [], settlement.provenance);
    const toRun = settlements.flatMap((s) => (s.run ? [s] : []));
    if (toRun.length) {
      const guard = await this.deps.guard.forRun(session, run.id);
      const approved = new Map(toRun.map((s) => [s.call.id, s.approved]));
      await this.runTools(
        tools,
        toRun.map((s) => s.call),
        session,
        guard,
        approved,
      );
    }
    // A call nothing answers (its interrupt was lost with a crash between two writes) must not stay open.
    for (const call of calls.values())
      if (this.open.has(call.id)) await this.recordResult(call, INTERRUPTED_TOOL_RESULT);
  }

  /** A run that stops while tools are still out answers each open call, so every call keeps its result. */
  async closeOpen(content: string): Promise<void> {
    for (const call of [...this.open.values()]) {
      try {
        await this.sink.write(
          { role: "tool", content, tool_call_id: call.id, name: call.function.name, provenance: SERVER_WRITTEN },
          [],
        );
      } catch (err) {
        this.deps.logger.warn(
          { err, run_id: this.params.run.id, tool_call_id: call.id },
          "could not record an interrupted tool call",
        );
      }
    }
    this.open.clear();
  }

  /**
   * Stores a call's result (its tool's, a refusal, the client's output) with the images the tool returned, closes the
   * call and announces it.
   */
  private async recordResult(
    call: ToolCall,
    content: string,
    isError = true,
    images: ToolImage[] = [],
    provenance: Provenance = SERVER_WRITTEN,
  ): Promise<void> {
    const { sessionId, run } = this.params;
    // Closed before the write is awaited: a run stopped meanwhile must not answer the call a second time.
    this.open.delete(call.id);
    const row = await this.sink.write(
      { role: "tool", content, tool_call_id: call.id, name: call.function.name, provenance },
      images,
    );
    this.sink.took(row);
    await this.deps.events.publish(sessionId, "tool.completed", {
      run_id: run.id,
      tool_call_id: call.id,
      name: call.function.name,
      is_error: isError,
      content,
    });
  }

  /**
   * Tool calls of one answer run in parallel, each under the guard's watch (`approved`: the holds a person let
   * through, by call id); each result is stored as soon as it is known, with where its content came from (a tool that
   * does not say is the server's own).
   */
  private async runTools(
    tools: SessionTools,
    calls: ToolCall[],
    session: SessionRecord,
    guard: CallGuard,
    approved: ReadonlyMap<string, GuardHold | null> = new Map(),
  ): Promise<void> {
    const { sessionId, run, signal } = this.params;
    await Promise.all(
      calls.map(async (call) => {
        await this.deps.events.publish(sessionId, "tool.started", {
          run_id: run.id,
          tool_call_id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        });
        const startedAt = performance.now();
        const capture = this.deps.config.telemetry.capture_content;
        const execute = () => tools.execute(call, { session, runId: run.id, signal });
        const output: ToolOutput = await inSpan(
          `execute_tool ${call.function.name}`,
          {
            attributes: {
              "gen_ai.operation.name": "execute_tool",
              "gen_ai.tool.name": call.function.name,
              "gen_ai.tool.call.id": call.id,
              "caduceus.session_id": sessionId,
              "caduceus.run_id": run.id,
              ...(capture ? { "gen_ai.tool.call.arguments": call.function.arguments } : {}),
            },
          },
          async (span) => {
            const result = await unlessAborted(guard.execute(call, approved.get(call.id) ?? null, execute), signal);
            span.setAttribute("caduceus.tool.is_error", result.is_error ?? false);
            if (capture) span.setAttribute("gen_ai.tool.call.result", result.content);
            return result;
          },
        );
        if (signal.aborted) throw new RunAborted();
        // The arguments stay out of the log: they are the model's text and can carry anything the page showed it.
        this.deps.logger.info(
          {
            run_id: run.id,
            session_id: sessionId,
            tool: call.function.name,
            tool_call_id: call.id,
            duration_ms: Math.round(performance.now() - startedAt),
            ok: !output.is_error,
            ...(output.is_error ? { error: headOf(output.content, TOOL_ERROR_LOGGED_CHARS) } : {}),
          },
          "tool call finished",
        );
        const provenance = output.provenance ?? trustedProvenance(`tool:${call.function.name}`);
        await this.recordResult(call, output.content, output.is_error ?? false, output.images, provenance);
      }),
    );
  }
}
