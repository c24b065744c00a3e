import type { Config } from "../../config.js";
import { DomainError } from "../../kernel/errors.js";
import type { EventFeed } from "../events/feed.js";
import { resolveSessionSettings } from "./settings.js";
import type { SessionService } from "./service.js";
import { assertWellFormed, type MessageInput, type Transcript } from "./transcript.js";
import type { StoredMessage } from "../../db/records.js";
import { requireConfiguredModel } from "../llm/configured-model.js";

export type PostMessageInput = MessageInput & { run?: boolean; stream?: boolean };

export type RunSummary = {
  id: string;
  status: "running" | "completed" | "incomplete" | "failed" | "interrupted";
  iterations: number;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  compressed: boolean;
  error?: string | null;
};

export type PostOutcome =
  | { kind: "appended"; messages: StoredMessage[] }
  | { kind: "ran"; messages: StoredMessage[]; run: RunSummary }
  /** The run's events as they happen, ending with `done`; cancelling the feed interrupts the run. */
  | { kind: "stream"; runId: string; feed: EventFeed };

/**
 * The Idempotency-Key a request carries. A run started under it records the key in the transaction that stores the
 * run and its user message, so a retry after a crash finds that run instead of starting another.
 */
export type IdempotencyClaim = {
  /** Who sent it and where: keys of different callers or routes never meet. */
  scope: string;
  key: string;
  /** Hash of the request body; the same key with another body is a conflict. */
  requestHash: string;
  /** How long the key is kept from the moment it is claimed. */
  ttlMs: number;
  /**
   * The run an earlier request with this key and body started and never stored an answer for (its process stopped):
   * the answer is that run as it is stored now, and nothing runs again.
   */
  priorRunId: string | null;
  /**
   * What to throw when another request turns out to hold the key (another process claimed it meanwhile): the
   * caller's own answer for that, which rolls the run and its user message back.
   */
  heldElsewhere(): Error;
};

/**
 * Starts an agent run for a user message that has not been stored yet — or, when the claim names a run its key
 * already started, answers with that run as stored.
 */
export type RunStarter = (
  sessionId: string,
  message: MessageInput,
  options: { stream: boolean; signal?: AbortSignal; idempotency?: IdempotencyClaim },
) => Promise<Exclude<PostOutcome, { kind: "appended" }>>;

export class MessageService {
  private runStarter: RunStarter | null = null;

  constructor(
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly transcript: Transcript,
  ) {}

  /** The agent registers itself here; until then runs answer as if no model were configured. */
  setRunStarter(starter: RunStarter): void {
    this.runStarter = starter;
  }

  async post(
    sessionId: string,
    input: PostMessageInput,
    options: { signal?: AbortSignal; idempotency?: IdempotencyClaim } = {},
  ): Promise<PostOutcome> {
    const session = this.sessions.require(sessionId);
    const { run: runFlag, stream, ...message } = input;
    const run = runFlag ?? message.role === "user";
    if (run && message.role !== "user") {
      throw new DomainError(
        "validation_failed",
        "only a user message can start a run; send run: false to append other roles",
        { fields: [{ path: ["run"], message: "run applies to user messages only" }] },
      );
    }
    if (stream && !run) {
      throw new DomainError(
        "validation_failed",
        "stream needs a run; drop stream or send a user message with run: true",
        {
          fields: [{ path: ["stream"], message: "stream applies to runs only" }],
        },
      );
    }
    // A malformed message is a 400 whether or not a model is configured.
    assertWellFormed([message]);
    const settings = resolveSessionSettings(this.config, session);
    if (!run) {
      return { kind: "appended", messages: this.transcript.append(sessionId, [message], { model: settings.model }) };
    }
    // A retry of a request whose run is stored is answered from that run: it needs no model.
    const replaying = Boolean(options.idempotency?.priorRunId);
    if (!replaying) requireConfiguredModel(this.config, settings.model, "append with run: false");
    if (!this.runStarter) throw new DomainError("internal_error", "no agent runner is wired to the message service");
    return this.runStarter(sessionId, message, {
      stream: stream ?? false,
      signal: options.signal,
      idempotency: options.idempotency,
    });
  }
}
