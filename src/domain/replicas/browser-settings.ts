/**
 * @module browser-settings
 * A session's browser settings changed (a PATCH of its `config.browser`) on a replica that does not hold its browser:
 * the holder is told before the PATCH is answered, so its supervisor applies them at once (a dialog the page opens
 * after the answer meets the new policy) instead of at its next browser request. Best effort: a holder that cannot be
 * reached within 5 s is given up on, and reads the session's row again on every browser request anyway.
 */
import type { Logger } from "../../logger.js";
import type { BrowserOwnership } from "./browser-ownership.js";
import { FORWARDED_BY_HEADER, INTERNAL_KEY_HEADER } from "./owned-browser-tools.js";

/** The internal route a holder takes the news on. */
export const browserSettingsPath = (sessionId: string) =>
  `/internal/v1/sessions/${encodeURIComponent(sessionId)}/browser-settings`;

export type BrowserSettingsNewsOptions = {
  ownership: BrowserOwnership;
  internalKey: string | null;
  apiKey: string | null;
  logger: Logger;
};

/** Tells the replica holding the session's browser, if another one does and can be reached, to read its settings. */
export async function tellBrowserHolder(options: BrowserSettingsNewsOptions, sessionId: string): Promise<void> {
  const { ownership, internalKey, apiKey, logger } = options;
  const holder = await ownership.holder(sessionId);
  if (!holder || holder.local || !holder.internalUrl || !internalKey) return;
  try {
    const answer = await fetch(new URL(browserSettingsPath(sessionId), holder.internalUrl), {
      method: "POST",
      headers: {
        [INTERNAL_KEY_HEADER]: internalKey,
        [FORWARDED_BY_HEADER]: ownership.replicaId,
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      signal: AbortSignal.timeout(5_000),
    });
    await answer.body?.cancel();
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
  } catch (err) {
    logger.warn(
      { session_id: sessionId, replica_id: holder.replicaId, err: err instanceof Error ? err.message : String(err) },
      "the replica holding the browser was not told of its new settings; it reads them at its next browser request",
    );
  }
}
