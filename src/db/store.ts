/**
 * @module store
 * The repositories over one open database, built together, with a way to group their writes in one transaction
 * (which takes the write lock at once) and a ping for the readiness check.
 */
import { ActiveContextCache } from "./active-context-cache.js";
import type { DatabaseHandle } from "./database.js";
import { AnchorRepository } from "./repositories/anchors.js";
import { ContextRowRepository } from "./repositories/context-rows.js";
import { DialogHistoryRepository } from "./repositories/dialog-history.js";
import { EventRepository } from "./repositories/events.js";
import { ForkRepository } from "./repositories/forks.js";
import { IdempotencyRepository } from "./repositories/idempotency.js";
import { UiSessionRepository } from "./repositories/ui-sessions.js";
import { ImageRepository } from "./repositories/images.js";
import { InterruptRepository } from "./repositories/interrupts.js";
import { MessageAnchorRepository } from "./repositories/message-anchors.js";
import { MessageRepository } from "./repositories/messages.js";
import { ResponseRepository } from "./repositories/responses.js";
import { RunRepository } from "./repositories/runs.js";
import { SessionRepository } from "./repositories/sessions.js";
import { SteerRepository } from "./repositories/steers.js";
import { SummaryRepository } from "./repositories/summaries.js";
import { TranscriptSearchRepository } from "./repositories/transcript-search.js";

/** The repositories over one database, plus a way to group their writes in one transaction. */
export type Store = {
  sessions: SessionRepository;
  messages: MessageRepository;
  /** The images tools returned, referenced from their tool rows. */
  images: ImageRepository;
  idempotency: IdempotencyRepository;
  events: EventRepository;
  summaries: SummaryRepository;
  runs: RunRepository;
  interrupts: InterruptRepository;
  steers: SteerRepository;
  anchors: AnchorRepository;
  messageAnchors: MessageAnchorRepository;
  contextRows: ContextRowRepository;
  search: TranscriptSearchRepository;
  dialogs: DialogHistoryRepository;
  responses: ResponseRepository;
  forks: ForkRepository;
  uiSessions: UiSessionRepository;
  transaction<T>(fn: () => T): T;
  ping(): boolean;
};

export function createStore(handle: DatabaseHandle): Store {
  const { db, sqlite } = handle;
  const activeContext = new ActiveContextCache();
  return {
    sessions: new SessionRepository(db, activeContext),
    messages: new MessageRepository(db, sqlite, activeContext),
    images: new ImageRepository(db),
    idempotency: new IdempotencyRepository(db),
    events: new EventRepository(db),
    summaries: new SummaryRepository(db),
    runs: new RunRepository(db),
    interrupts: new InterruptRepository(db),
    steers: new SteerRepository(db),
    anchors: new AnchorRepository(sqlite),
    messageAnchors: new MessageAnchorRepository(sqlite),
    contextRows: new ContextRowRepository(db, activeContext),
    search: new TranscriptSearchRepository(sqlite),
    dialogs: new DialogHistoryRepository(db),
    responses: new ResponseRepository(db),
    forks: new ForkRepository(sqlite, activeContext),
    uiSessions: new UiSessionRepository(db),
    // Inside a transaction already, a nested one joins it rather than opening a savepoint: nothing of ours catches a
    // failure inside a transaction and goes on, so the outer one always rolls back with it.
    transaction: <T>(fn: () => T): T =>
      activeContext.duringTransaction(() => (sqlite.inTransaction ? fn() : sqlite.transaction(fn).immediate())),
    ping: () => (sqlite.prepare("select 1 as ok").get() as { ok: number }).ok === 1,
  };
}
