/**
 * @module store
 * What the domain holds of the database, whichever it is: the repository contracts, each method answering a promise,
 * a way to group their writes in one transaction, a ping for the readiness check, and closing. SQLite (the embedded
 * default, ./sqlite-store.ts) and PostgreSQL (the shared store of several replicas, ./postgres/) both give one.
 */
import type {
  ApiKeyPatch,
  ApiKeyRecord,
  ApprovalGrantRecord,
  AuditQuery,
  AuditRecord,
  ModelCallRecord,
  OwnerFilter,
  UsageQuery,
  UsageRow,
  SessionUsage,
  AnchorFilter,
  AnchorRecord,
  BrowserLeaseRecord,
  DialogHistoryRow,
  IdempotencyRecord,
  ImageRecord,
  InterruptAnswer,
  InterruptRecord,
  KeyHold,
  NewImage,
  NewInterrupt,
  NewMessage,
  NewRun,
  NewSession,
  NewSummary,
  PrivateValueRecord,
  ReplicaRecord,
  ResponseFigures,
  ResponseRecord,
  RunClaim,
  RunCursor,
  RunPatch,
  RunRecord,
  SearchHit,
  SessionCursor,
  SessionPatch,
  SessionRecord,
  SessionSearchHit,
  SteerRecord,
  StoredEvent,
  StoredImage,
  StoredMessage,
  StoredResponse,
  SummaryRecord,
  TranscriptAnchor,
  UiSessionRecord,
} from "./records.js";
import type { MemoryEntryRepository, SessionAnchorRepository } from "./memory-records.js";
import type { JobRepository, WebhookRepository } from "./jobs-store.js";

// The repository contracts: what each table holds, as the domain calls it; both stores implement them.

export interface ApiKeyRepository {
  create(record: ApiKeyRecord): Promise<ApiKeyRecord>;
  get(id: string): Promise<ApiKeyRecord | null>;
  /** The key whose secret hashes to `hash`, revoked or not: one read of a unique index. */
  findBySecretHash(hash: string): Promise<ApiKeyRecord | null>;
  /** Newest first, of one owner or (null) every owner; revoked keys only when asked for. */
  list(owner: OwnerFilter, includeRevoked: boolean): Promise<ApiKeyRecord[]>;
  /** Changes a key that is not revoked; null when there is none. Every replica hears of it (PostgreSQL). */
  update(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null>;
  /** Revokes a key that is not revoked yet; null when there is none. Every replica hears of it (PostgreSQL). */
  revoke(id: string, now: number): Promise<ApiKeyRecord | null>;
  /** Records that the key was used. */
  touch(id: string, now: number): Promise<void>;
}

export interface AuditRepository {
  insert(records: AuditRecord[]): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditRecord[]>;
  /** Deletes the entries made before `time`; answers how many went. */
  deleteBefore(time: number): Promise<number>;
}

export interface ModelCallRepository {
  insert(record: ModelCallRecord): Promise<void>;
  /** The tokens (input and output) of the key's calls made at or after `since`. */
  tokensOfKeySince(keyId: string, since: number): Promise<number>;
  /** What each run's calls cost, summed over those with a price; a run none of whose calls had one is absent. */
  costOfRuns(runIds: string[]): Promise<Map<string, number>>;
  /** What each session's calls cost, as costOfRuns sums them. */
  costOfSessions(sessionIds: string[]): Promise<Map<string, number>>;
  /** The calls made in [from, to), grouped, largest token count first. */
  report(query: UsageQuery): Promise<UsageRow[]>;
}

export interface AnchorRepository {
  /** Adds the anchors of a compacted span; known ones get their counts and seq range widened. Returns how many were new. */
  upsert(sessionId: string, items: AnchorRecord[]): Promise<number>;
  /** Most frequent first, then most recent; `q` matches a substring of the value (case-insensitive). */
  list(sessionId: string, filter?: { kind?: string; q?: string; limit?: number }): Promise<AnchorRecord[]>;
}

export interface ContextRowRepository {
  setInContext(sessionId: string, seqs: number[], inContext: boolean): Promise<void>;
  setOverride(
    sessionId: string,
    seq: number,
    override: StoredMessage["override"],
    overrideTokens: number | null,
  ): Promise<void>;
}

export interface DialogHistoryRepository {
  insert(row: DialogHistoryRow): Promise<void>;
  /** The newest `limit` closed dialogs of the session, newest first. */
  recent(sessionId: string, limit: number): Promise<DialogHistoryRow[]>;
}

export interface EventRepository {
  insert(sessionId: string, type: string, data: unknown, now: number, runId?: string | null): Promise<StoredEvent>;
  /** Several events of one session, stored in the order given (their ids grow in that order), in one statement. */
  insertAll(
    sessionId: string,
    events: Array<{ type: string; data: unknown; runId: string | null }>,
    now: number,
  ): Promise<StoredEvent[]>;
  /** Every persisted event of the session after `afterId`, oldest first. */
  after(sessionId: string, afterId: number, limit?: number): Promise<StoredEvent[]>;
  /** Every persisted event of one run after `afterId`, oldest first. */
  forRun(runId: string, afterId: number, limit?: number): Promise<StoredEvent[]>;
  /**
   * Deletes the streamed chunks (`message.delta`, `reasoning.delta`) created before `before`; answers how many went.
   */
  deleteChunksBefore(before: number): Promise<number>;
  /** The type of each run's newest stored event, in one query; a run with none is absent. */
  lastTypesOfRuns(runIds: string[]): Promise<Map<string, string>>;
}

export interface ApprovalGrantRepository {
  add(grant: ApprovalGrantRecord): Promise<ApprovalGrantRecord>;
  /** A grant that approves a call with one of these keys in this session: the allowlist's, or the session's own. */
  /** With `owner` given, an `always` grant holds only for that owner's sessions. */
  matching(sessionId: string, matchKeys: string[], owner?: string | null): Promise<ApprovalGrantRecord | null>;
  /** Every grant of a scope, newest first. */
  list(scope: "session" | "always", owner?: OwnerFilter): Promise<ApprovalGrantRecord[]>;
  get(id: string): Promise<ApprovalGrantRecord | null>;
  /** Removes a grant; false when there was none. */
  remove(id: string): Promise<boolean>;
}

export interface ForkRepository {
  /**
   * Copies `sourceId`'s rows with `seq <= uptoSeq` into `targetId` (a session with no rows yet). Answers how many
   * rows were copied. Run inside the caller's transaction.
   */
  copyTranscript(sourceId: string, targetId: string, uptoSeq: number, now: number): Promise<number>;
}

export interface IdempotencyRepository {
  find(scope: string, key: string, now: number): Promise<IdempotencyRecord | null>;
  /**
   * Claims the key for a run, with no response yet; called inside the transaction that creates the run. An expired
   * row is taken over, and so is the hold of the request that starts the run. False when a live row holds the key
   * already: another request claimed it first.
   */
  claimForRun(claim: RunClaim, now: number, ttlMs: number): Promise<boolean>;
  /**
   * Holds the key for a request while it runs, until `now + leaseMs` at most: one insert, so two requests (on any
   * process) holding the same key cannot both win. An expired row is taken over. False when a live row has the key.
   */
  hold(hold: KeyHold, now: number, leaseMs: number): Promise<boolean>;
  /** Lets go of a request's hold that neither answered nor started a run (it failed): a retry may do the work. */
  release(scope: string, key: string, holder: string): Promise<void>;
  /** Stores the response a key answered with; a run's claim keeps its run id. */
  save(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number): Promise<void>;
  purgeExpired(now: number): Promise<number>;
}

export interface ImageRepository {
  /** Stores the images of the tool row at `seq`. Callers write them in the transaction that stores the row. */
  insert(sessionId: string, seq: number, images: NewImage[], now: number): Promise<ImageRecord[]>;
  /** One image of the session with its bytes, or null (also for another session's image). */
  get(sessionId: string, id: string): Promise<StoredImage | null>;
  /** The records (no bytes) of those of `ids` that are images of the session, by id. */
  describe(sessionId: string, ids: readonly string[]): Promise<Map<string, ImageRecord>>;
}

export interface InterruptRepository {
  create(interrupt: NewInterrupt): Promise<InterruptRecord>;
  /** A policy's answer, recorded as it is made: the row is stored already answered. */
  createAnswered(interrupt: NewInterrupt, answer: InterruptAnswer): Promise<InterruptRecord>;
  get(id: string): Promise<InterruptRecord | null>;
  forRun(runId: string): Promise<InterruptRecord[]>;
  pendingForRun(runId: string): Promise<InterruptRecord[]>;
  pendingForSession(sessionId: string): Promise<InterruptRecord[]>;
  /** The pending interrupts of each of the runs, in one read, oldest first. */
  pendingForRuns(runIds: string[]): Promise<InterruptRecord[]>;
  /** Every pending interrupt of the server (at start-up: the timeouts to arm again). */
  allPending(): Promise<InterruptRecord[]>;
  /** Records the answer if the interrupt is still pending; null when it was not (answered, cancelled or gone). */
  answer(id: string, answer: InterruptAnswer): Promise<InterruptRecord | null>;
  /** The run stopped waiting (cancelled, interrupted): its pending interrupts can no longer be answered. */
  cancelPendingForRun(runId: string, now: number, reason: string): Promise<number>;
}

export interface MessageAnchorRepository {
  add(sessionId: string, seq: number, anchors: Array<{ kind: string; value: string }>): Promise<void>;
  /** Most rows first, then most recent. */
  list(sessionId: string, filter?: AnchorFilter): Promise<TranscriptAnchor[]>;
  count(sessionId: string, filter?: AnchorFilter): Promise<number>;
}

export interface MessageRepository {
  /**
   * Appends rows at the end of the transcript, handing out dense seqs and keeping the session's
   * counters in step (and, with `figures`, the token counts of the model response the rows answer,
   * in the same write). Callers wrap it in a transaction together with their own checks.
   */
  append(sessionId: string, rows: NewMessage[], now: number, figures?: ResponseFigures): Promise<StoredMessage[]>;
  /** The assistant tool call with this id, if the session has one. */
  findToolCall(sessionId: string, callId: string): Promise<{ seq: number; name: string } | null>;
  /** Tool calls the run's assistant messages made that no tool message answers, in call order. */
  unansweredToolCalls(sessionId: string, runId: string): Promise<{ id: string; name: string }[]>;
  hasToolResult(sessionId: string, callId: string): Promise<boolean>;
  /** The transcript in seq order, every row (compacted ones included). */
  page(sessionId: string, afterSeq: number, limit: number): Promise<StoredMessage[]>;
  /** A tool call of the session: the seq of the row that made it and its arguments (JSON), or null. */
  toolCallArguments(sessionId: string, callId: string): Promise<{ seq: number; arguments: string } | null>;
  /** The session's first row of the role (its opening user message, for a preview), or null. */
  firstOfRole(sessionId: string, role: StoredMessage["role"]): Promise<StoredMessage | null>;
  /** The first message of `role` (not a summary) of each of the sessions, in one read. */
  firstOfRoleIn(sessionIds: string[], role: StoredMessage["role"]): Promise<StoredMessage[]>;
  /** The last assistant message with content of each of the runs (what each answered), in one read. */
  lastAnswerOfRuns(runIds: string[]): Promise<StoredMessage[]>;
  /** Every row a run stored (its user message, what it added, results written for it at a restart), in seq order. */
  listForRun(sessionId: string, runId: string): Promise<StoredMessage[]>;
  /** The session's newest tool rows that hold untrusted content (the guard's taint), newest first. */
  untrustedRows(sessionId: string, limit: number): Promise<StoredMessage[]>;
  /** The session's newest messages (not summaries) of these roles, newest first. */
  ofRoles(sessionId: string, roles: Array<StoredMessage["role"]>, limit: number): Promise<StoredMessage[]>;
  /** The rows of the active context in the order the model sees them: from memory when the session's are kept. */
  activeRows(sessionId: string): Promise<StoredMessage[]>;
  /** The same rows read from SQLite, whatever is kept in memory. */
  activeRowsFromDisk(sessionId: string): Promise<StoredMessage[]>;
  /** Recounts the active context from its rows; used after compression changes which rows are in it. */
  recomputeContextTotals(sessionId: string): Promise<{ tokens: number; count: number }>;
}

export interface PrivateValueRepository {
  add(value: PrivateValueRecord): Promise<PrivateValueRecord>;
  /** The session's private values, oldest first. */
  list(sessionId: string): Promise<PrivateValueRecord[]>;
  /** Removes one of the session's values; false when it has none by that id. */
  remove(sessionId: string, id: string): Promise<boolean>;
}

export interface ReplicaRepository {
  /** Says the replica is alive now (registering it on its first beat). */
  heartbeat(id: string, internalUrl: string | null, now: number): Promise<void>;
  list(): Promise<ReplicaRecord[]>;
  /** Replicas whose last heartbeat is before `aliveAfter` (other than `self`): dead. */
  dead(aliveAfter: number, self: string): Promise<ReplicaRecord[]>;
  /** Forgets a replica (it stopped, or it was found dead and its work taken over); its browser leases go with it. */
  remove(id: string): Promise<void>;
  /** Who holds the session's browser, with the holder's address and heartbeat; null when nobody does. */
  browserHolder(sessionId: string): Promise<BrowserLeaseRecord | null>;
  /**
   * Takes the session's browser for `replicaId` when nobody holds it, its holder's heartbeat is before `aliveAfter`
   * (or gone), or it holds it already. Answers the holder after the attempt: the caller's own lease if it took it.
   */
  acquireBrowser(
    sessionId: string,
    replicaId: string,
    now: number,
    aliveAfter: number,
  ): Promise<BrowserLeaseRecord | null>;
}

export interface ResponseRepository {
  create(response: Omit<ResponseRecord, "deleted_at">): Promise<ResponseRecord>;
  /** The response, deleted or not (callers decide what a deleted or unstored one answers). */
  get(id: string): Promise<ResponseRecord | null>;
  /** The response a run answered, if the run was started by one. */
  getByRun(runId: string): Promise<ResponseRecord | null>;
  /** The session's newest response that is not deleted, or null. */
  latestOfSession(sessionId: string): Promise<ResponseRecord | null>;
  /** Marks it deleted; false when there was no such response not yet deleted. */
  markDeleted(id: string, now: number): Promise<boolean>;
}

export interface RunRepository {
  /** Stores a new running run; null when the session has a run running or waiting already (nothing is stored). */
  create(run: NewRun): Promise<RunRecord | null>;
  get(id: string): Promise<RunRecord | null>;
  /** Runs newest first, of one session or (null) of every session; the cursor is the last run of the previous page. */
  list(sessionId: string | null, limit?: number, cursor?: RunCursor | null, owner?: OwnerFilter): Promise<RunRecord[]>;
  /** How many runs the key started are running or waiting, on any replica. */
  activeCountOfKey(keyId: string): Promise<number>;
  update(id: string, patch: RunPatch, now: number): Promise<RunRecord | null>;
  /**
   * Moves a paused run back to running on the replica, if it is still paused: answers it, or null when another
   * replica (or another answer) resumed it first.
   */
  resume(id: string, replicaId: string, now: number): Promise<RunRecord | null>;
  /** Runs the replica left marked running (at its start-up, or once it is found dead); only `runId` when given. */
  listRunning(replicaId: string, runId?: string): Promise<RunRecord[]>;
  /** The session's run that is running or waiting, if any (one at most: a unique index holds it). */
  activeForSession(sessionId: string): Promise<RunRecord | null>;
  /** Runs paused on an interrupt, oldest first: they survive a restart and resume when answered. */
  listRequiringAction(): Promise<RunRecord[]>;
  /** What each session's runs have used, in two grouped reads whatever their number; a session with none is absent. */
  usageOfSessions(sessionIds: string[]): Promise<Map<string, SessionUsage>>;
}

export interface SessionRepository {
  /**
   * Holds the session's row until the caller's transaction ends, so a read, a decision and a write on it are not
   * interleaved with another replica's. On SQLite the transaction holds the database's write lock already: nothing
   * more to do.
   */
  lock(id: string): Promise<void>;
  /**
   * Holds a name (a session id not stored yet, a conversation's key) until the caller's transaction ends, so two
   * requests that would create the same session decide one after the other. On SQLite the transaction does already.
   */
  lockName(name: string): Promise<void>;
  create(input: NewSession): Promise<SessionRecord>;
  get(id: string): Promise<SessionRecord | null>;
  /** The newest session holding this derived key (two conversations can reach the same one: identical turns). */
  findByDerivedKey(key: string, owner?: OwnerFilter): Promise<SessionRecord | null>;
  /** The sessions titled `base` or `base #N` (a title's lineage, as Hermes numbers forks), as `{id, title}`. */
  titledLike(base: string, owner?: OwnerFilter): Promise<Array<{ id: string; title: string }>>;
  /** The most recently active session bound to this X-Hermes-Session-Key (a run with the key and no session). */
  findBySessionKey(key: string, owner?: OwnerFilter): Promise<SessionRecord | null>;
  /** Newest first, of one owner or (null) every owner; the cursor is the last row of the previous page. */
  list(limit: number, cursor: SessionCursor | null, owner?: OwnerFilter): Promise<SessionRecord[]>;
  update(id: string, patch: SessionPatch, now: number): Promise<SessionRecord | null>;
  /** Most recently active first, `offset` rows in, one more than `limit` so the caller knows whether more follow. */
  listByActivity(limit: number, offset: number, owner?: OwnerFilter): Promise<SessionRecord[]>;
  /** Rows of the session go with it (foreign keys cascade). */
  delete(id: string): Promise<boolean>;
  incrementCompressionCount(id: string): Promise<void>;
}

export interface SteerRepository {
  add(steer: Omit<SteerRecord, "taken_seq">): Promise<SteerRecord>;
  /** The run's steers not yet in the transcript, oldest first. */
  waiting(runId: string): Promise<SteerRecord[]>;
  markTaken(id: string, seq: number): Promise<void>;
}

export interface SummaryRepository {
  latest(sessionId: string): Promise<SummaryRecord | null>;
  list(sessionId: string): Promise<SummaryRecord[]>;
  insert(sessionId: string, summary: NewSummary): Promise<SummaryRecord>;
  /** The tokens the session's compressions took out of its context, summed over every summary stored. */
  savedTokens(sessionId: string): Promise<number>;
}

/** Where a search over every session looks: one session only, and how many best hits to pass over (a later page). */
export type SearchAllScope = { sessionId?: string; offset?: number };

export interface TranscriptSearchRepository {
  /** Every session's transcript at once (one owner's, with a filter), best hits first. */
  searchAll(text: string, limit: number, owner?: OwnerFilter, within?: SearchAllScope): Promise<SessionSearchHit[]>;
  search(sessionId: string, text: string, options: { role?: string | null; limit: number }): Promise<SearchHit[]>;
}

export interface UiSessionRepository {
  insert(record: UiSessionRecord): Promise<void>;
  /** The sign-in with this token hash, if it has not expired. */
  find(tokenHash: string, now: number): Promise<UiSessionRecord | null>;
  delete(tokenHash: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
}

/**
 * A repository of the embedded SQLite store: the contract's methods, answering at once. The store hands them out as
 * the contract (each call through its transaction gate, ../sqlite-store.ts).
 */
export type Sync<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** The repositories over one database. */
export type Repositories = {
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
  approvalGrants: ApprovalGrantRepository;
  /** Values a session keeps private from the pages and tools the guard does not trust. */
  privateValues: PrivateValueRepository;
  anchors: AnchorRepository;
  messageAnchors: MessageAnchorRepository;
  contextRows: ContextRowRepository;
  search: TranscriptSearchRepository;
  dialogs: DialogHistoryRepository;
  responses: ResponseRepository;
  forks: ForkRepository;
  uiSessions: UiSessionRepository;
  /** The replicas sharing the database and the browser leases they hold. */
  replicas: ReplicaRepository;
  /** API keys (hashes of their secrets only). */
  apiKeys: ApiKeyRepository;
  /** Every model call with its tokens and cost. */
  modelCalls: ModelCallRepository;
  audit: AuditRepository;
  /** Each session's anchors grouped, read across an owner's sessions. */
  sessionAnchors: SessionAnchorRepository;
  memoryEntries: MemoryEntryRepository;
  /** Scheduled jobs and the runs they fired. */
  jobs: JobRepository;
  /** Webhooks and their deliveries. */
  webhooks: WebhookRepository;
};

export type StoreDialect = "sqlite" | "postgres";

/**
 * Who else uses the store: `sole` — one process owns it (a SQLite file), so every other replica it records is a
 * previous process, gone; `shared` — replicas share it (PostgreSQL), and a session's browser lives on one of them.
 * What the server does differently with replicas asks this, never the dialect.
 */
export type StoreTopology = "sole" | "shared";

/** The repositories, plus a way to group their writes in one transaction. */
export type Store = Repositories & {
  dialect: StoreDialect;
  topology: StoreTopology;
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
  announcements?: {
    listen(announced: (sessionId: string, id: number) => void): () => void;
    /**
     * Hears of every API key changed or revoked by any process: its id, or null after the listening connection was
     * lost and opened again (any key may have changed meanwhile).
     */
    listenKeyChanges(changed: (keyId: string | null) => void): () => void;
  };
};
