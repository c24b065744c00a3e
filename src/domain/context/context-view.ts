/**
 * @module context-view
 * A session's active context as it stands: the messages as the model gets them (untrusted content fenced, with the
 * guard's notice; the images tools returned at the route that serves them rather than as their bytes), with the settings and the latest summary the compressor's
 * figures come from.
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage } from "../../kernel/chat.js";
import { resolveSessionSettings, type SessionSettings } from "../shared/session-settings.js";
import { buildActiveContext } from "./active-context.js";
import { sessionFenceId, withGuardNotice } from "../shared/fence.js";
import { ToolImagesView } from "./tool-images-view.js";

export type ContextSnapshot = {
  session: SessionRecord;
  settings: SessionSettings;
  messages: ChatMessage[];
  /** The summary version now in the context, if the session was ever compressed. */
  summaryId: string | null;
};

export async function readContext(config: Config, store: Store, session: SessionRecord): Promise<ContextSnapshot> {
  const settings = resolveSessionSettings(config, session);
  const fenceId = sessionFenceId(config, session);
  const { messages } = await buildActiveContext(store, session, fenceId);
  const sent = fenceId ? withGuardNotice(messages, fenceId) : messages;
  return {
    session,
    settings,
    messages: await new ToolImagesView(store).forClient(session.id, settings.vision, sent),
    summaryId: session.compression_count > 0 ? ((await store.summaries.latest(session.id))?.id ?? null) : null,
  };
}
