/**
 * @module keys-cli
 * `caduceus keys create|list|revoke` run on the configured database, no server needed: the same API keys service the
 * admin routes use, its audit entries written with no status (the command line) and no key. On PostgreSQL a revoked
 * or changed key is announced to every running replica as it commits.
 */
import type { Config } from "./config/schema.js";
import { openStore } from "./db/open-store.js";
import { AuditLog, RequestAuditTrail } from "./domain/audit/audit-log.js";
import { ApiKeys } from "./domain/keys/api-keys.js";
import { serverCaller } from "./domain/shared/owner-scope.js";
import type { KeysAction } from "./keys-command.js";
import { DomainError } from "./kernel/errors.js";
import { createLogger } from "./logger.js";

type KeyLine = { id: string; name: string; owner: string; scopes: string[]; revoked_at: number | null };

const iso = (ms: number | null) => (ms === null ? "never" : new Date(ms).toISOString());

function line(key: KeyLine): string {
  return [key.id, key.name, `owner=${key.owner}`, `scopes=${key.scopes.join(",")}`, key.revoked_at ? "revoked" : ""]
    .filter(Boolean)
    .join("  ");
}

/** Runs the action; answers the process's exit code (0, or 1 when the key is refused or not found). */
export async function runKeysCommand(
  config: Config,
  action: KeysAction,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const logger = createLogger({ ...config, logging: { ...config.logging, level: "warn" } });
  const store = await openStore(config.database);
  const now = Date.now;
  const audit = new AuditLog({ store, now, logger, retentionDays: config.audit.retention_days });
  const trail = new RequestAuditTrail(audit, null);
  const caller = serverCaller(trail.for({ key_id: null, owner: null }));
  const keys = new ApiKeys({ store, now, logger, cacheTtlMs: null });
  try {
    if (action.verb === "create") {
      const { key, secret } = await keys.create(
        {
          name: action.name,
          scopes: action.scopes,
          owner: action.owner,
          expires_at: action.expiresInMs === null ? null : now() + action.expiresInMs,
          limits: action.limits,
        },
        caller,
      );
      if (action.json) out(`${JSON.stringify({ ...key, secret_hash: undefined, key: secret })}\n`);
      else
        out(
          `${line(key)}\nexpires: ${iso(key.expires_at)}\n` +
            `key (shown once; it is stored as a hash only):\n${secret}\n`,
        );
    } else if (action.verb === "list") {
      const listed = await keys.list(null, action.all);
      if (action.json) out(`${JSON.stringify(listed.map(({ secret_hash: _hash, ...key }) => key))}\n`);
      else out(listed.length ? `${listed.map(line).join("\n")}\n` : "no keys\n");
    } else {
      const key = await keys.revoke(action.id, caller);
      out(`revoked ${line(key)}\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    err(`caduceus: ${error.message}\n`);
    return 1;
  } finally {
    await trail.flush(null);
    await store.close();
  }
}
