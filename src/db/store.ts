/**
 * @module store
 * What the domain holds of the database, whichever it is: the repositories, each method answering a promise, a way
 * to group their writes in one transaction, a ping for the readiness check, and closing. SQLite (the embedded
 * default, ./sqlite-store.ts) and PostgreSQL (the shared store of several replicas, ./postgres/) both give one.
 */
import type { AnchorRepository } from "./repositories/anchors.js";
import type { ContextRowRepository } from "./repositories/context-rows.js";
import type { DialogHistoryRepository } from "./repositories/dialog-history.js";
import type { EventRepository } from "./repositories/events.js";
import type { ForkRepository } from "./repositories/forks.js";
import type { IdempotencyRepository } from "./repositories/idempotency.js";
import type { UiSessionRepository } from "./repositories/ui-sessions.js";
import type { ImageRepository } from "./repositories/images.js";
import type { InterruptRepository } from "./repositories/interrupts.js";
import type { MessageAnchorRepository } from "./repositories/message-anchors.js";
import type { MessageRepository } from "./repositories/messages.js";
import type { ReplicaRepository } from "./repositories/replicas.js";
import type { ResponseRepository } from "./repositories/responses.js";
import type { RunRepository } from "./repositories/runs.js";
import type { SessionRepository } from "./repositories/sessions.js";
import type { SteerRepository } from "./repositories/steers.js";
import type { SummaryRepository } from "./repositories/summaries.js";
import type { TranscriptSearchRepository } from "./repositories/transcript-search.js";

/**
 * A repository's methods as the domain calls them: the same arguments, the same records, answered as a promise. The
 * SQLite classes define the contract (they are the reference implementation); the PostgreSQL ones implement it.
 */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** The repositories over one database. */
export type Repositories = {
  sessions: Async<SessionRepository>;
  messages: Async<MessageRepository>;
  /** The images tools returned, referenced from their tool rows. */
  images: Async<ImageRepository>;
  idempotency: Async<IdempotencyRepository>;
  events: Async<EventRepository>;
  summaries: Async<SummaryRepository>;
  runs: Async<RunRepository>;
  interrupts: Async<InterruptRepository>;
  steers: Async<SteerRepository>;
  anchors: Async<AnchorRepository>;
  messageAnchors: Async<MessageAnchorRepository>;
  contextRows: Async<ContextRowRepository>;
  search: Async<TranscriptSearchRepository>;
  dialogs: Async<DialogHistoryRepository>;
  responses: Async<ResponseRepository>;
  forks: Async<ForkRepository>;
  uiSessions: Async<UiSessionRepository>;
  /** The replicas sharing the database and the browser leases they hold. */
  replicas: Async<ReplicaRepository>;
};

export type StoreDialect = "sqlite" | "postgres";

/** The repositories, plus a way to group their writes in one transaction. */
export type Store = Repositories & {
  dialect: StoreDialect;
  /** Where the data is, for the log line at start: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  /**
   * Runs `fn` in one transaction: every repository call made inside it (however deep) joins it; it commits when `fn`
   * resolves and rolls back when it rejects. A transaction started inside one joins the outer one.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * A shared database's announcements of every event stored by any process, in commit order (PostgreSQL); absent on
   * SQLite, where this process is the only writer.
   */
  announcements?: { listen(announced: (sessionId: string, id: number) => void): () => void };
};
