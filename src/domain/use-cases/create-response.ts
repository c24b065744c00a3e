/**
 * @module create-response
 * A request of the Responses API (`POST /v1/responses`) answered by the agent, as a thin layer over sessions and runs:
 * - the conversation it continues: the session of `previous_response_id` (forked at that response when the client
 *   branches from an earlier one), the session named by `conversation` (made under that id when new), else a new
 *   session holding the input's earlier items;
 * - `instructions` become the session's system prompt;
 * - the last input item, the user's turn, starts a run; the response row records the run, what it chained to and
 *   whether it may be read back (`store`).
 * Reading a response back goes through `readResponse`; a deleted or unstored one is not found.
 */
import type { ResponseRecord, RunRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ContentPart, MessageContent } from "../../kernel/chat.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { contentText } from "../../kernel/text.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { StartedRun } from "../agent/runner.js";
import { CLIENT_SESSION_ID } from "../compat/chat-sessions.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { MessageInput } from "../shared/message-shape.js";
import { forkSession } from "./fork-session.js";
import type { SubmitRunDeps } from "./submit-run.js";
import { SERVER_CALLER, type Caller } from "../shared/owner-scope.js";

/** What a submitted run needs, and the clock the response rows are stamped with. */
export type ResponseDeps = SubmitRunDeps & { now: () => number };

/** A content part of an input item, as the Responses API sends them. */
export type ResponseInputPart =
  | { type: "input_text" | "output_text" | "text"; text: string }
  | { type: "input_image"; image_url?: string | null; detail?: string | null; file_id?: string | null };

/** An input item: a message of one role. */
export type ResponseInputItem = {
  type?: "message";
  role: "user" | "assistant" | "system" | "developer";
  content: string | ResponseInputPart[];
};

export type CreateResponseInput = {
  input: string | ResponseInputItem[];
  instructions?: string | null;
  previous_response_id?: string | null;
  conversation?: string | { id: string } | null;
  store?: boolean;
  stream?: boolean;
  background?: boolean;
  metadata?: Record<string, string>;
};

export type CreatedResponse = { response: ResponseRecord; session: SessionRecord; run: StartedRun };

const TITLE_MAX_CHARS = 80;

function contentOf(content: ResponseInputItem["content"], index: number): MessageContent {
  if (typeof content === "string") return content;
  return content.map((part, partIndex): ContentPart => {
    if (part.type !== "input_image") return { type: "text", text: part.text };
    if (!part.image_url) {
      throw new DomainError(
        "validation_failed",
        "an input_image part needs an image_url (file ids are not kept here)",
        {
          fields: [{ path: ["input", index, "content", partIndex, "image_url"], message: "required" }],
        },
      );
    }
    return {
      type: "image_url",
      image_url: part.detail ? { url: part.image_url, detail: part.detail } : { url: part.image_url },
    };
  });
}

function messageOf(item: ResponseInputItem, index: number): MessageInput {
  const role = item.role === "developer" ? "system" : item.role;
  return { role, content: contentOf(item.content, index) };
}

function itemsOf(input: CreateResponseInput["input"]): ResponseInputItem[] {
  return typeof input === "string" ? [{ role: "user", content: input }] : input;
}

function conversationIdOf(conversation: CreateResponseInput["conversation"]): string | null {
  if (!conversation) return null;
  const id = (typeof conversation === "string" ? conversation : conversation.id).trim();
  if (!CLIENT_SESSION_ID.test(id)) {
    throw new DomainError("validation_failed", "conversation must be a path-safe id of at most 256 characters", {
      fields: [{ path: ["conversation"], message: "letters, digits and . _ : @ -, no '..'" }],
    });
  }
  return id;
}

/** The response, if it can be read: stored, and not deleted. */
export async function findResponse(store: Store, id: string): Promise<ResponseRecord> {
  const response = await store.responses.get(id);
  if (!response || !response.stored || response.deleted_at !== null) throw notFound("response", id);
  return response;
}

export async function createResponse(
  deps: ResponseDeps,
  body: CreateResponseInput,
  options: { signal?: AbortSignal; idempotency?: IdempotencyClaim; caller?: Caller } = {},
): Promise<CreatedResponse> {
  const stream = body.stream === true;
  const caller = options.caller ?? SERVER_CALLER;
  const prior = options.idempotency?.priorRunId;
  if (prior) {
    const response = await deps.store.responses.getByRun(prior);
    const run = await deps.agent.reader.replay(prior, { feed: stream });
    if (response) return { response, session: await deps.sessions.require(run.sessionId), run };
  }
  const items = itemsOf(body.input);
  const last = items.at(-1);
  if (!last || last.role !== "user" || contentText(contentOf(last.content, items.length - 1)).trim() === "") {
    throw new DomainError("validation_failed", "input must be a string, or items ending with the user's message", {
      fields: [{ path: ["input"], message: "no user message found in input" }],
    });
  }
  const earlier = items.slice(0, -1).map(messageOf);
  const userMessage = messageOf(last, items.length - 1);
  const conversation = conversationIdOf(body.conversation);
  if (conversation && body.previous_response_id) {
    throw new DomainError("validation_failed", "Cannot use both 'conversation' and 'previous_response_id'", {
      fields: [{ path: ["conversation"], message: "not with previous_response_id" }],
    });
  }

  const plan = await planSession(deps, body, conversation, caller);
  // Nothing is stored for a response that cannot be answered for want of a model.
  requireConfiguredModel(
    deps.config,
    resolveSessionSettings(deps.config, plan.kind === "new" ? { model: null, config: {} } : plan.session).model,
  );
  let session = await sessionOf(deps, plan, body, conversation, userMessage, caller);
  if (body.instructions != null && body.instructions !== session.system_prompt) {
    session = await deps.sessions.setSystemPrompt(session.id, body.instructions);
  }
  if (earlier.length) await deps.transcript.append(session.id, earlier, { model: session.model });
  const run = await deps.agent.start(session, userMessage, {
    feed: stream,
    signal: options.signal,
    idempotency: options.idempotency,
    background: body.background === true,
    untilClientTools: true,
    caller,
  });
  const response = await deps.store.responses.create({
    id: newId("resp", deps.now()),
    session_id: session.id,
    run_id: run.runId,
    previous_response_id: body.previous_response_id ?? null,
    conversation,
    instructions: body.instructions ?? null,
    stored: body.store !== false,
    metadata: body.metadata ?? {},
    created_at: deps.now(),
  });
  return { response, session, run };
}

/**
 * Where the response's conversation lives: the session of the previous response when that response is its session's
 * newest, a fork of it at that response when the client branches from an earlier one, the conversation's session, or
 * a new one.
 */
type SessionPlan =
  | { kind: "continue"; session: SessionRecord }
  | { kind: "fork"; session: SessionRecord; uptoSeq: number }
  | { kind: "new" };

async function planSession(
  deps: ResponseDeps,
  body: CreateResponseInput,
  conversation: string | null,
  caller: Caller,
): Promise<SessionPlan> {
  if (body.previous_response_id) {
    const previous = await deps.store.responses.get(body.previous_response_id);
    // Another owner's response is not found, as a missing one.
    const visible = previous ? await deps.sessions.findFor(previous.session_id, caller) : null;
    if (!previous || !previous.stored || previous.deleted_at !== null || !visible) {
      throw new DomainError("not_found", `previous response ${body.previous_response_id} does not exist`, {
        fields: [{ path: ["previous_response_id"], message: "no stored response has this id" }],
      });
    }
    const session = visible;
    if ((await deps.store.responses.latestOfSession(session.id))?.id === previous.id)
      return { kind: "continue", session };
    const rows = await deps.store.messages.listForRun(session.id, previous.run_id);
    return { kind: "fork", session, uptoSeq: rows.at(-1)?.seq ?? 0 };
  }
  // Another owner's conversation is neither continued nor made again under its id.
  const existing = conversation ? await deps.sessions.existingFor(conversation, caller) : null;
  return existing ? { kind: "continue", session: existing } : { kind: "new" };
}

async function sessionOf(
  deps: ResponseDeps,
  plan: SessionPlan,
  body: CreateResponseInput,
  conversation: string | null,
  userMessage: MessageInput,
  caller: Caller,
): Promise<SessionRecord> {
  if (plan.kind === "continue") return plan.session;
  if (plan.kind === "fork")
    return (await forkSession(deps, plan.session.id, { upto_seq: plan.uptoSeq, caller })).session;
  const session = await deps.sessions.create({
    id: conversation ?? undefined,
    title: contentText(userMessage.content).slice(0, TITLE_MAX_CHARS),
    system_prompt: body.instructions ?? null,
    caller,
  });
  await deps.engineSessions.sessionStarted(session.id);
  return session;
}

/** A stored response with what it is read from: its run and the run's rows. */
export type ResponseView = { response: ResponseRecord; run: RunRecord; messages: StoredMessage[] };

export async function readResponse(deps: Pick<ResponseDeps, "store" | "agent">, id: string): Promise<ResponseView> {
  const response = await findResponse(deps.store, id);
  return viewOf(deps, response);
}

export async function viewOf(
  deps: Pick<ResponseDeps, "store" | "agent">,
  response: ResponseRecord,
): Promise<ResponseView> {
  const { run } = await deps.agent.reader.get(response.run_id);
  return { response, run, messages: await deps.store.messages.listForRun(response.session_id, response.run_id) };
}

/** DELETE /v1/responses/{id}: the response is gone from the API; the session's transcript stays. */
export async function deleteResponse(deps: Pick<ResponseDeps, "store" | "now">, id: string): Promise<void> {
  await findResponse(deps.store, id);
  await deps.store.responses.markDeleted(id, deps.now());
}
