/**
 * @module store
 * The store over a PostgreSQL database shared by several replicas: every repository on one connection, whose
 * statements join the transaction under way in the caller's async context (../connection.ts). Nothing is kept in
 * memory between calls, since another replica may have written the rows since. A statement that fails because the
 * server is out of reach fails as `store_unavailable` (../store-failures.ts).
 */
import { PgApprovalGrantRepository } from "./repositories/approval-grants.js";
import { PgPrivateValueRepository } from "./repositories/private-values.js";
import { sql } from "drizzle-orm";
import type { Store } from "../store.js";
import { translatingFailures, withStoreFailures } from "../store-failures.js";
import { PgConnection } from "./connection.js";
import type { PostgresHandle } from "./database.js";
import { PgAnchorRepository } from "./repositories/anchors.js";
import { PgContextRowRepository } from "./repositories/context-rows.js";
import { PgDialogHistoryRepository } from "./repositories/dialog-history.js";
import { PgEventRepository } from "./repositories/events.js";
import { PgForkRepository } from "./repositories/forks.js";
import { PgIdempotencyRepository } from "./repositories/idempotency.js";
import { PgImageRepository } from "./repositories/images.js";
import { PgInterruptRepository } from "./repositories/interrupts.js";
import { PgMessageAnchorRepository } from "./repositories/message-anchors.js";
import { PgMessageRepository } from "./repositories/messages.js";
import { PgReplicaRepository } from "./repositories/replicas.js";
import { PgResponseRepository } from "./repositories/responses.js";
import { PgRunRepository } from "./repositories/runs.js";
import { PgSessionRepository } from "./repositories/sessions.js";
import { PgSteerRepository } from "./repositories/steers.js";
import { PgSummaryRepository } from "./repositories/summaries.js";
import { PgTranscriptSearchRepository } from "./repositories/transcript-search.js";
import { PgUiSessionRepository } from "./repositories/ui-sessions.js";
import { PgApiKeyRepository } from "./repositories/api-keys.js";
import { PgAuditRepository } from "./repositories/audit-log.js";
import { PgModelCallRepository } from "./repositories/model-calls.js";
import { PgSessionAnchorRepository } from "./repositories/session-anchors.js";
import { PgMemoryEntryRepository } from "./repositories/memory-entries.js";
import { PgJobRepository } from "./repositories/jobs.js";
import { PgWebhookRepository } from "./repositories/webhooks.js";

export function createPostgresStore(handle: PostgresHandle): Store {
  const conn = new PgConnection(handle.db, handle.pool);
  return {
    dialect: "postgres",
    topology: "shared",
    location: handle.url,
    sessions: withStoreFailures(new PgSessionRepository(conn)),
    messages: withStoreFailures(new PgMessageRepository(conn)),
    images: withStoreFailures(new PgImageRepository(conn)),
    idempotency: withStoreFailures(new PgIdempotencyRepository(conn)),
    events: withStoreFailures(new PgEventRepository(conn)),
    summaries: withStoreFailures(new PgSummaryRepository(conn)),
    runs: withStoreFailures(new PgRunRepository(conn)),
    interrupts: withStoreFailures(new PgInterruptRepository(conn)),
    steers: withStoreFailures(new PgSteerRepository(conn)),
    approvalGrants: withStoreFailures(new PgApprovalGrantRepository(conn)),
    privateValues: withStoreFailures(new PgPrivateValueRepository(conn)),
    anchors: withStoreFailures(new PgAnchorRepository(conn)),
    messageAnchors: withStoreFailures(new PgMessageAnchorRepository(conn)),
    contextRows: withStoreFailures(new PgContextRowRepository(conn)),
    search: withStoreFailures(new PgTranscriptSearchRepository(conn)),
    dialogs: withStoreFailures(new PgDialogHistoryRepository(conn)),
    responses: withStoreFailures(new PgResponseRepository(conn)),
    forks: withStoreFailures(new PgForkRepository(conn)),
    uiSessions: withStoreFailures(new PgUiSessionRepository(conn)),
    replicas: withStoreFailures(new PgReplicaRepository(conn)),
    apiKeys: withStoreFailures(new PgApiKeyRepository(conn)),
    modelCalls: withStoreFailures(new PgModelCallRepository(conn)),
    audit: withStoreFailures(new PgAuditRepository(conn)),
    sessionAnchors: withStoreFailures(new PgSessionAnchorRepository(conn)),
    memoryEntries: withStoreFailures(new PgMemoryEntryRepository(conn)),
    jobs: withStoreFailures(new PgJobRepository(conn)),
    webhooks: withStoreFailures(new PgWebhookRepository(conn)),
    transaction: <T>(fn: () => Promise<T>): Promise<T> => translatingFailures(() => conn.transaction(fn)),
    ping: () =>
      translatingFailures(async () => {
        const result = await conn.exec.execute<{ ok: number }>(sql`select 1 as ok`);
        return result.rows[0]?.ok === 1;
      }),
    close: () => handle.close(),
  };
}
