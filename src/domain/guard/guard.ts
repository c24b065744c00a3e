/**
 * @module guard
 * The prompt-injection guard over a session's runs. Once the session has read untrusted content (a tool row whose
 * provenance is not trusted: a page, a frame, a dialog, the console, an MCP server), each tool call is assessed
 * before it runs (./assessment.ts): a risky action waits for a person (`ask`) or is refused (`block`), and one that
 * would carry a secret out is refused whatever the mode; the calls that run have their top-level navigations gated,
 * so a redirect (or a script) cannot take the page to an origin nobody named. What the agent types into a password
 * field becomes one of the session's private values. Every decision goes through the decision log.
 */
import type { Config } from "../../config/schema.js";
import type { InterruptRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ToolCall } from "../../kernel/chat.js";
import { newId } from "../../kernel/ids.js";
import type { GuardHold } from "../../kernel/provenance.js";
import { redactSecrets } from "../../kernel/redaction.js";
import type { CallGuard, GuardVerdict, RunGuard } from "../agent/guard-port.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";
import { assessCall, NAVIGATING_TOOLS, REF_TOOLS, type ElementFacts } from "./assessment.js";
import { GuardDecisionLog } from "./decision-log.js";
import { PrivateValues } from "./private-values.js";
import type { EventBus } from "../events/bus.js";
import type { Logger } from "../../logger.js";
import { provenanceChain } from "./excerpts.js";
import { originOf, OriginTrust } from "../shared/origins.js";
import { conversationSecrets, privateSecrets, type KnownSecret } from "./secrets.js";

/** What the guard asks of the session's browser: where it is, what an element is, and a gate on where it goes. */
export type GuardBrowser = {
  /** The URL of the active tab's page, or null when no browser runs. */
  pageUrl(sessionId: string): string | null;
  /** What the element behind an outline ref is; null when there is no browser or no such element. */
  element(sessionId: string, ref: string): Promise<ElementFacts | null>;
  /**
   * Until the returned function is called, a top-level navigation of the session's browser to a URL `allows` refuses
   * is stopped before its request leaves, and `stopped` hears of it.
   */
  gateNavigations(sessionId: string, allows: (url: string) => boolean, stopped: (url: string) => void): () => void;
};

export type GuardDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  logger: Logger;
  browser: GuardBrowser;
  now: () => number;
};

/** What a session's call guard is handed: the guard's deps and its decision log. */
type CallGuardDeps = GuardDeps & { log: GuardDecisionLog };

/** Untrusted rows of a session the guard reads for its provenance chains, newest first. */
const UNTRUSTED_ROWS_READ = 20;
/** The user's and system's messages whose words name trusted origins and secrets, newest first. */
const WORDS_READ = 500;

const ALLOW: GuardVerdict = { effect: "allow" };

function parseArgs(call: ToolCall): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(call.function.arguments || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The guard of one stretch of a run: the session's taint, trusted origins and secrets as they stand. */
class SessionCallGuard implements CallGuard {
  private trust: OriginTrust | null = null;
  private secrets: KnownSecret[] | null = null;
  /** What the browser said of the element each call acts on, by call id. */
  private readonly elements = new Map<string, ElementFacts | null>();

  constructor(
    private readonly deps: CallGuardDeps,
    private readonly session: SessionRecord,
    private readonly runId: string,
    private readonly mode: "ask" | "block" | "off",
    /** The session's untrusted rows, newest first: none while nothing untrusted was read. */
    private readonly untrusted: StoredMessage[],
  ) {}

  private get tainted(): boolean {
    return this.mode !== "off" && this.untrusted.length > 0;
  }

  private async context(): Promise<{ trust: OriginTrust; secrets: KnownSecret[] }> {
    if (!this.trust || !this.secrets) {
      const { store, config } = this.deps;
      const rows = await store.messages.ofRoles(this.session.id, ["user", "system"], WORDS_READ);
      const words = rows.map((row) => (typeof row.content === "string" ? row.content : JSON.stringify(row.content)));
      if (this.session.system_prompt) words.push(this.session.system_prompt);
      const settings = resolveSessionSettings(config, this.session).agent.guard;
      this.trust = OriginTrust.from(words, settings.trusted_origins);
      this.secrets = [
        ...conversationSecrets(words),
        ...privateSecrets(await store.privateValues.list(this.session.id)),
      ];
    }
    return { trust: this.trust, secrets: this.secrets };
  }

  private async elementOf(call: ToolCall, args: Record<string, unknown>): Promise<ElementFacts | null> {
    if (this.elements.has(call.id)) return this.elements.get(call.id) ?? null;
    const ref = typeof args.ref === "string" ? args.ref : null;
    const facts = ref ? await this.deps.browser.element(this.session.id, ref) : null;
    this.elements.set(call.id, facts);
    return facts;
  }

  async assess(call: ToolCall, tool: ToolDefinition | undefined): Promise<GuardVerdict> {
    const name = call.function.name;
    if (this.mode === "off") return ALLOW;
    const args = parseArgs(call);
    // A password typed now is kept private whatever the taint: what the browser says of its field is read either way.
    if (name === "browser_type" || (this.tainted && REF_TOOLS.has(name))) await this.elementOf(call, args);
    if (!this.tainted) return ALLOW;
    const { trust, secrets } = await this.context();
    const facts = {
      pageUrl: this.deps.browser.pageUrl(this.session.id),
      element: this.elements.get(call.id) ?? null,
      readOnly: tool?.readOnly === true,
    };
    const assessment = assessCall({ id: call.id, name }, args, facts, trust, secrets);
    if (assessment.effect === "allow") return ALLOW;
    const hold: GuardHold = {
      action: assessment.action,
      code: assessment.code,
      reason: assessment.reason,
      provenance: provenanceChain(this.untrusted, assessment.needles),
    };
    const exfiltration = assessment.effect === "refuse";
    return { effect: exfiltration || this.mode === "block" ? "block" : "hold", hold, exfiltration };
  }

  async execute(call: ToolCall, approved: GuardHold | null, run: () => Promise<ToolOutput>): Promise<ToolOutput> {
    const name = call.function.name;
    let output: ToolOutput;
    if (!this.tainted || !NAVIGATING_TOOLS.has(name)) output = await run();
    else output = await this.gated(call, approved, run);
    await this.rememberPassword(call, output);
    return output;
  }

  /** Runs a call that may navigate with the gate on: its page goes only where the guard trusts (or a person let it). */
  private async gated(call: ToolCall, approved: GuardHold | null, run: () => Promise<ToolOutput>): Promise<ToolOutput> {
    const { trust } = await this.context();
    const sessionId = this.session.id;
    const start = this.deps.browser.pageUrl(sessionId);
    const approvedOrigin = approved?.action.target_origin ?? null;
    const stopped: string[] = [];
    const release = this.deps.browser.gateNavigations(
      sessionId,
      (url) => trust.reasonFor(url, start) !== null || (approvedOrigin !== null && originOf(url) === approvedOrigin),
      (url) => stopped.push(url),
    );
    let output: ToolOutput;
    try {
      output = await run();
    } finally {
      release();
    }
    if (stopped.length === 0) return output;
    const target = stopped[0];
    const hold: GuardHold = {
      action: {
        kind: "redirect",
        tool: call.function.name,
        tool_call_id: call.id,
        target: redactSecrets(target),
        target_origin: originOf(target),
      },
      code: "redirect",
      reason:
        `the page was about to load ${originOf(target) ?? target}, which is named by neither the user, the system ` +
        "prompt nor the server's agent.guard.trusted_origins; the guard stopped it before the request left",
      provenance: provenanceChain(this.untrusted, [target, originOf(target) ?? ""]),
    };
    await this.decided("blocked", hold, null);
    const note = `The guard stopped a navigation to ${hold.action.target}: ${hold.reason}. Navigate there directly if the user wants it (a person will be asked).`;
    return { ...output, content: `${output.content}\n[guard] ${note}` };
  }

  /** A password the agent typed becomes a private value of the session, bound to the page it was typed into. */
  private async rememberPassword(call: ToolCall, output: ToolOutput): Promise<void> {
    if (call.function.name !== "browser_type" || output.is_error) return;
    const facts = this.elements.get(call.id);
    const text = parseArgs(call).text;
    const origin = originOf(facts?.frame_url ?? null);
    if (facts?.input_type !== "password" || typeof text !== "string" || !text || !origin) return;
    const { store, now } = this.deps;
    const known = await store.privateValues.list(this.session.id);
    if (known.some((value) => value.value === text && value.origins.includes(origin))) return;
    await store.privateValues.add({
      id: newId("prv", now()),
      session_id: this.session.id,
      value: text,
      origins: [origin],
      source: "typed",
      created_at: now(),
    });
    this.secrets = null;
  }

  async decided(decision: "held" | "blocked", hold: GuardHold, interruptId: string | null): Promise<void> {
    await this.deps.log.record(this.session.id, {
      ...hold,
      run_id: this.runId,
      decision,
      by: "guard",
      interrupt_id: interruptId,
    });
  }
}

export class Guard implements RunGuard {
  /** The one place a guard decision is recorded: `guard.*` events, the log, and the sinks an audit log adds. */
  readonly decisions: GuardDecisionLog;
  /** The values each session keeps private. */
  readonly privateValues: PrivateValues;

  constructor(private readonly deps: GuardDeps) {
    this.decisions = new GuardDecisionLog(deps.events, deps.logger);
    this.privateValues = new PrivateValues(deps.store, deps.now);
  }

  /** The guard of a stretch of a run: the session's taint read now, before the stretch's calls. */
  async forRun(session: SessionRecord, runId: string): Promise<CallGuard> {
    const mode = resolveSessionSettings(this.deps.config, session).agent.guard.mode;
    const untrusted =
      mode === "off" ? [] : await this.deps.store.messages.untrustedRows(session.id, UNTRUSTED_ROWS_READ);
    return new SessionCallGuard({ ...this.deps, log: this.decisions }, session, runId, mode, untrusted);
  }

  async answered(interrupt: InterruptRecord, by: "user" | "timeout"): Promise<void> {
    if (interrupt.kind !== "guard" || !interrupt.guard) return;
    await this.decisions.record(interrupt.session_id, {
      ...interrupt.guard,
      run_id: interrupt.run_id,
      decision: interrupt.decision === "approve" ? "allowed" : "blocked",
      by,
      interrupt_id: interrupt.id,
    });
  }
}
