/**
 * @module replica-wiring
 * What this replica's objects become when replicas share the store: its id, the browser leases, the news to the
 * replica holding a session's browser when its settings change, and the browser tools run on that replica. A sole
 * process (a SQLite file) gets the plain browser tools and no news to send.
 */
import { replicaIdOf, type Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import type { ToolProvider } from "../shared/tools.js";
import { BrowserOwnership } from "./browser-ownership.js";
import { tellBrowserHolder } from "./browser-settings.js";
import { ownedBrowserTools } from "./owned-browser-tools.js";

export type ReplicaWiring = {
  replicaId: string;
  /** Which replica holds each session's browser. */
  browserOwnership: BrowserOwnership;
  /** Tells the replica holding the session's browser, if another, that its settings changed (shared stores only). */
  browserSettingsChanged?: (sessionId: string) => Promise<void>;
  /** The browser tools as runs get them: on a shared store, run on the replica holding the session's browser. */
  browserTools: ToolProvider;
};

export function wireReplicas(deps: {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  browsers: ToolProvider;
}): ReplicaWiring {
  const { config, store, logger, now, browsers } = deps;
  const replicaId = replicaIdOf(config);
  const browserOwnership = new BrowserOwnership({ store, now, replicaId, leaseTtlMs: config.server.lease_ttl_ms });
  if (store.topology === "sole") return { replicaId, browserOwnership, browserTools: browsers };
  const forward = {
    ownership: browserOwnership,
    internalKey: config.server.internal_key,
    apiKey: config.server.api_key,
  };
  return {
    replicaId,
    browserOwnership,
    browserSettingsChanged: (sessionId) => tellBrowserHolder({ ...forward, logger }, sessionId),
    browserTools: ownedBrowserTools(browsers, forward),
  };
}
