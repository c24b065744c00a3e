/**
 * @module guard-port
 * What the run loop needs of the prompt-injection guard (src/domain/guard/): for one stretch of a run, to assess each
 * tool call before it runs (let it run, hold it for a person, or refuse it) and to run the calls that do run under
 * the guard's watch; and to hear of the answer a person (or the timeout) gave a held action.
 */
import type { InterruptRecord, SessionRecord } from "../../db/records.js";
import type { ToolCall } from "../../kernel/chat.js";
import type { GuardHold } from "../../kernel/provenance.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";

/** What the guard makes of a call: it runs, it waits for a person (`hold`), or it is refused (`block`). */
export type GuardVerdict = { effect: "allow" } | { effect: "hold" | "block"; hold: GuardHold; exfiltration: boolean };

export type CallGuard = {
  assess(call: ToolCall, tool: ToolDefinition | undefined): Promise<GuardVerdict>;
  /** Runs a call under the guard's watch (its navigations gated); `approved`: the hold a person let through. */
  execute(call: ToolCall, approved: GuardHold | null, run: () => Promise<ToolOutput>): Promise<ToolOutput>;
  /** Records what the guard itself decided of a call: held (with its interrupt) or blocked. */
  decided(decision: "held" | "blocked", hold: GuardHold, interruptId: string | null): Promise<void>;
};

export type RunGuard = {
  forRun(session: SessionRecord, runId: string): Promise<CallGuard>;
  /** A guard interrupt was answered: by a person (approve or deny) or by its timeout (deny). */
  answered(interrupt: InterruptRecord, by: "user" | "timeout"): Promise<void>;
};
