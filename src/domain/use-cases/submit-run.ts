/**
 * @module submit-run
 * A run submitted the way Hermes clients submit one (`POST /v1/runs`): the input (a string, or messages whose last is
 * the user's turn), the session it continues (`session_id`, else a new one), the earlier turns a new session starts
 * with (`conversation_history`, else the input's earlier messages) and its system prompt (`instructions`). The run
 * goes on in the background; the caller follows it with GET /v1/runs/{id} and its events.
 */
import type { SessionRecord } from "../../db/records.js";
import { DomainError } from "../../kernel/errors.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { AgentRunner, StartedRun } from "../agent/runner.js";
import { CLIENT_SESSION_ID } from "../compat/chat-sessions.js";
import type { EngineSessions } from "../context/engine-session.js";
import type { SessionService } from "../sessions/service.js";
import type { MessageInput } from "../shared/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";
import type { Store } from "../../db/store.js";
import type { Config } from "../../config/schema.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import { contentText } from "../../kernel/text.js";
import type { MessageContent, ModelOptions } from "../../kernel/chat.js";
import { ownOnly, SERVER_CALLER, type Caller } from "../shared/owner-scope.js";

export type SubmitRunDeps = {
  config: Config;
  store: Store;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
  engineSessions: EngineSessions;
  now: () => number;
};

/** A message of `input` or `conversation_history`. */
export type SubmittedMessage = { role: string; content?: MessageContent };

export type SubmitRunInput = {
  input: string | SubmittedMessage[];
  session_id?: string | null;
  /** The client's X-Hermes-Session-Key: without a session id, the newest session bound to it is continued. */
  session_key?: string | null;
  /** A response whose session the run continues, when no session id is given. */
  previous_response_id?: string | null;
  /** The model for this run only; a name that stands for this server's own (see `isDefaultModelName`) means default. */
  model?: string | null;
  instructions?: string | null;
  conversation_history?: SubmittedMessage[];
  /** Sampling settings sent with each of this run's model calls. */
  model_options?: ModelOptions | null;
};

const TITLE_MAX_CHARS = 80;
const HISTORY_ROLES = new Set(["user", "assistant"]);

function historyOf(messages: SubmittedMessage[]): MessageInput[] {
  return messages
    .filter((m) => HISTORY_ROLES.has(m.role) && contentText(m.content ?? null) !== "")
    .map((m) => ({ role: m.role as "user" | "assistant", content: contentText(m.content ?? null) }));
}

export async function submitRun(
  deps: SubmitRunDeps,
  body: SubmitRunInput,
  options: { idempotency?: IdempotencyClaim; caller?: Caller } = {},
): Promise<{ session: SessionRecord; run: StartedRun }> {
  const caller = options.caller ?? SERVER_CALLER;
  const prior = options.idempotency?.priorRunId;
  if (prior) {
    const run = await deps.agent.reader.replay(prior, { feed: false });
    return { session: await deps.sessions.require(run.sessionId), run };
  }
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  const last = input.at(-1);
  const userText = contentText(last?.content ?? null).trim();
  if (!last || last.role !== "user" || userText === "") {
    throw new DomainError("validation_failed", "input must be a string, or messages ending with the user's turn", {
      fields: [{ path: ["input"], message: "no user message found in input" }],
    });
  }
  const sessionId = body.session_id?.trim() || (await declaredSession(deps, body, caller));
  if (sessionId !== null && !CLIENT_SESSION_ID.test(sessionId)) {
    throw new DomainError("validation_failed", "session_id must be a path-safe id of at most 256 characters", {
      fields: [{ path: ["session_id"], message: "letters, digits and . _ : @ -, no '..'" }],
    });
  }
  const existing = sessionId ? await deps.sessions.existingFor(sessionId, caller) : null;
  // Nothing is stored for a run that cannot start for want of a model.
  requireConfiguredModel(
    deps.config,
    resolveSessionSettings(deps.config, existing ?? { model: null, config: {} }).model,
  );
  let session = existing ?? (await createSession(deps, sessionId, body, input, userText, caller));
  // The key now names this conversation: a later run with it and no session id continues here.
  if (body.session_key && session.session_key !== body.session_key)
    session = (await deps.store.sessions.update(session.id, { session_key: body.session_key }, deps.now())) ?? session;
  const run = await deps.agent.start(
    session,
    { role: "user", content: last.content ?? userText },
    {
      feed: false,
      background: true,
      idempotency: options.idempotency,
      model: body.model && !isDefaultModelName(deps.config, body.model) ? body.model : undefined,
      modelOptions: body.model_options ?? null,
      caller,
    },
  );
  return { session, run };
}

/**
 * Whether a model name a client sends stands for this server's own model, as Hermes clients send its virtual name:
 * `hermes-agent`, `caduceus`, or the id /v1/models lists (`server.model_name`).
 */
function isDefaultModelName(config: Config, name: string): boolean {
  return name === "hermes-agent" || name === "caduceus" || name === config.server.model_name;
}

/**
 * The session a run without `session_id` continues, as Hermes chooses it: the one `previous_response_id` answered
 * in, else the newest session bound to the X-Hermes-Session-Key; null for a new one.
 */
async function declaredSession(deps: SubmitRunDeps, body: SubmitRunInput, caller: Caller): Promise<string | null> {
  if (body.previous_response_id) {
    const response = await deps.store.responses.get(body.previous_response_id);
    const session = response ? await deps.sessions.findFor(response.session_id, caller) : null;
    if (!response || response.deleted_at !== null || !session) {
      throw new DomainError("not_found", `Previous response not found: ${body.previous_response_id}`, {
        fields: [{ path: ["previous_response_id"], message: "no stored response has this id" }],
      });
    }
    return response.session_id;
  }
  if (body.session_key)
    return (await deps.store.sessions.findBySessionKey(body.session_key, ownOnly(caller)))?.id ?? null;
  return null;
}

/** A new session: the given id (or one made), the instructions as its system prompt, the earlier turns stored. */
async function createSession(
  deps: SubmitRunDeps,
  id: string | null,
  body: SubmitRunInput,
  input: SubmittedMessage[],
  userText: string,
  caller: Caller,
): Promise<SessionRecord> {
  const earlier = historyOf(body.conversation_history ?? input.slice(0, -1));
  const created = await deps.store.transaction(async () => {
    const session = await deps.sessions.create({
      id: id ?? undefined,
      title: userText.slice(0, TITLE_MAX_CHARS),
      system_prompt: body.instructions ?? null,
      caller,
    });
    if (earlier.length) await deps.transcript.append(session.id, earlier, { model: session.model });
    return session;
  });
  await deps.engineSessions.sessionStarted(created.id);
  return (await deps.store.sessions.get(created.id)) ?? created;
}
