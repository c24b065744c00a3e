/**
 * @module sessions
 * The `sessions` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row, a new session's values, a patch's values.
 */
import { newFenceId } from "../../kernel/ids.js";
import type { sessions } from "../schema.js";
import type { NewSession, SessionPatch, SessionRecord, StoredSessionConfig } from "../records.js";

type Row = typeof sessions.$inferSelect;
type Insert = typeof sessions.$inferInsert;

/** The record of a row. */
export function sessionRecordOf(row: Row): SessionRecord {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    system_prompt: row.systemPrompt,
    system_prompt_tokens: row.systemPromptTokens,
    config: JSON.parse(row.configJson) as StoredSessionConfig,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    message_count: row.messageCount,
    context_tokens: row.contextTokens,
    context_message_count: row.contextMessageCount,
    compression_count: row.compressionCount,
    last_prompt_tokens: row.lastPromptTokens,
    last_completion_tokens: row.lastCompletionTokens,
    engine_state: JSON.parse(row.engineStateJson) as Record<string, unknown>,
    browser_url: row.browserUrl,
    source: row.source,
    pinned: row.pinned,
    archived: row.archived,
    hidden: row.hidden,
    end_reason: row.endReason,
    ended_at: row.endedAt,
    session_key: row.sessionKey,
    parent_session_id: row.parentSessionId,
    anchors_indexed: row.anchorsIndexed,
    fence_id: row.fenceId,
    owner: row.owner,
    memory_block: row.memoryBlock,
  };
}

export function sessionInsertValues(input: NewSession): Insert {
  return {
    id: input.id,
    title: input.title,
    model: input.model,
    systemPrompt: input.system_prompt,
    systemPromptTokens: input.system_prompt_tokens,
    configJson: JSON.stringify(input.config),
    derivedKey: input.derived_key ?? null,
    source: input.source ?? null,
    parentSessionId: input.parent_session_id ?? null,
    anchorsIndexed: true,
    fenceId: input.fence_id ?? newFenceId(),
    owner: input.owner ?? null,
    memoryBlock: input.memory_block ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The columns a patch sets, the update time always among them. */
export function sessionPatchValues(patch: SessionPatch, now: number): Partial<Insert> {
  const values: Partial<Insert> = { updatedAt: now };
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.model !== undefined) values.model = patch.model;
  if (patch.system_prompt !== undefined) values.systemPrompt = patch.system_prompt;
  if (patch.system_prompt_tokens !== undefined) values.systemPromptTokens = patch.system_prompt_tokens;
  if (patch.config !== undefined) values.configJson = JSON.stringify(patch.config);
  if (patch.engine_state !== undefined) values.engineStateJson = JSON.stringify(patch.engine_state);
  if (patch.browser_url !== undefined) values.browserUrl = patch.browser_url;
  if (patch.last_prompt_tokens !== undefined) values.lastPromptTokens = patch.last_prompt_tokens;
  if (patch.last_completion_tokens !== undefined) values.lastCompletionTokens = patch.last_completion_tokens;
  if (patch.derived_key !== undefined) values.derivedKey = patch.derived_key;
  if (patch.pinned !== undefined) values.pinned = patch.pinned;
  if (patch.archived !== undefined) values.archived = patch.archived;
  if (patch.hidden !== undefined) values.hidden = patch.hidden;
  if (patch.end_reason !== undefined) values.endReason = patch.end_reason;
  if (patch.ended_at !== undefined) values.endedAt = patch.ended_at;
  if (patch.session_key !== undefined) values.sessionKey = patch.session_key;
  if (patch.anchors_indexed !== undefined) values.anchorsIndexed = patch.anchors_indexed;
  return values;
}
