/**
 * @module context-view
 * A session's active context as it stands: the messages exactly as the model gets them, with the settings and the
 * latest summary the compressor's figures come from.
 */
import type { Config } from "../../config.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage } from "../../kernel/chat.js";
import { resolveSessionSettings, type SessionSettings } from "../sessions/settings.js";
import { buildActiveContext } from "./active-context.js";

export type ContextSnapshot = {
  session: SessionRecord;
  settings: SessionSettings;
  messages: ChatMessage[];
  /** The summary version now in the context, if the session was ever compressed. */
  summaryId: string | null;
};

export function readContext(config: Config, store: Store, session: SessionRecord): ContextSnapshot {
  return {
    session,
    settings: resolveSessionSettings(config, session),
    messages: buildActiveContext(store, session).messages,
    summaryId: session.compression_count > 0 ? (store.summaries.latest(session.id)?.id ?? null) : null,
  };
}
