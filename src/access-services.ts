/**
 * @module access-services
 * The objects of who may call the server and what their calls did, built once per app beside the others
 * (services.ts): the API keys (kept briefly on a shared store, dropped on every replica as a change is announced),
 * each key's requests of the minute, the audit log, the usage meter and its report, and who owns a resource.
 */
import type { Config } from "./config/schema.js";
import type { Store } from "./db/store.js";
import { AuditLog } from "./domain/audit/audit-log.js";
import { ApiKeys } from "./domain/keys/api-keys.js";
import { RequestRate } from "./domain/keys/request-rate.js";
import { sessionResources, type OwnedResources } from "./domain/owners/owned-resources.js";
import { UsageMeter } from "./domain/usage/usage-meter.js";
import { UsageReports } from "./domain/usage/usage-report.js";
import type { Logger } from "./logger.js";

export type AccessServices = {
  /** API keys: made, listed, changed, revoked, and looked up for every request that shows one. */
  keys: ApiKeys;
  /** Each key's requests of the minute (this replica's count). */
  requestRate: RequestRate;
  /** Who did what: the port every capability records audit entries through. */
  audit: AuditLog;
  /** Records every model call's tokens and cost; holds keys to their tokens of the day. */
  meter: UsageMeter;
  /** GET /v1/usage. */
  usage: UsageReports;
  /** Who owns a resource named in a request's path, by kind. */
  owners: OwnedResources;
};

export type AccessLifecycle = {
  /** At start-up: the audit entries past their retention go. */
  startup: () => Promise<void>;
  /** Stops hearing of other replicas' key changes. */
  stop: () => void;
};

export function createAccessServices(deps: {
  config: Config;
  store: Store;
  now: () => number;
  logger: Logger;
}): AccessServices & AccessLifecycle {
  const { config, store, now, logger } = deps;
  const audit = new AuditLog({ store, now, logger, retentionDays: config.audit.retention_days });
  // A shared store's keys are kept briefly (each replica hears of every change); SQLite reads them every time.
  const keys = new ApiKeys({
    store,
    now,
    logger,
    cacheTtlMs: store.topology === "shared" && config.keys.cache_ttl_s > 0 ? config.keys.cache_ttl_s * 1000 : null,
  });
  const stopHearingKeys = store.announcements?.listenKeyChanges((keyId) => keys.forget(keyId));
  return {
    keys,
    requestRate: new RequestRate(),
    audit,
    meter: new UsageMeter({ store, now, logger, prices: config.models.prices }),
    usage: new UsageReports(store),
    owners: sessionResources(store),
    startup: async () => {
      await audit.purgeExpired();
    },
    stop: () => stopHearingKeys?.(),
  };
}
