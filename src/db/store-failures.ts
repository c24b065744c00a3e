/**
 * @module store-failures
 * The failures of a store that are the database's state, not the request's: PostgreSQL out of reach (a connection
 * refused or cut, the server shutting down or starting up, out of connections or disk) and SQLite's file full,
 * read-only, locked or failing to read. Each is answered as `store_unavailable` (503 with `Retry-After`) with a detail
 * naming the cause, where the driver's own error would be a 500 that says nothing. The statement that failed wrote
 * nothing (its transaction rolled back with it), so the client may retry the same request once the store is back.
 */
import { DomainError } from "../kernel/errors.js";

/** How long a client should wait when the database server is out of reach: a restart takes seconds. */
export const STORE_OUTAGE_RETRY_AFTER_S = 5;
/** A full disk or a read-only file needs an operator; asking again every few seconds would only add load. */
const STORE_NEEDS_OPERATOR_RETRY_AFTER_S = 30;

/** SQLSTATEs of PostgreSQL's own availability: connection exceptions (class 08), shutdown, start-up, resources. */
const PG_UNAVAILABLE_STATES: Record<string, string> = {
  "57P01": "the PostgreSQL server is shutting down",
  "57P02": "the PostgreSQL server crashed",
  "57P03": "the PostgreSQL server is starting up",
  "53300": "the PostgreSQL server has no connection left",
  "53100": "the PostgreSQL server's disk is full",
  "25006": "the PostgreSQL server is read-only (a standby)",
};

/** Socket errors of a connection to the database server. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);

/** node-postgres's messages for a connection that ended or never came, which carry no code. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

/** better-sqlite3's codes for a file that cannot take the write, by what to tell the operator. */
function sqliteCause(code: string): { cause: string; retryAfterS: number } | null {
  if (code === "SQLITE_FULL")
    return { cause: "the disk holding the SQLite file is full", retryAfterS: STORE_NEEDS_OPERATOR_RETRY_AFTER_S };
  if (code.startsWith("SQLITE_READONLY"))
    return { cause: "the SQLite file is read-only", retryAfterS: STORE_NEEDS_OPERATOR_RETRY_AFTER_S };
  if (code.startsWith("SQLITE_IOERR"))
    return { cause: "the SQLite file could not be read or written", retryAfterS: STORE_NEEDS_OPERATOR_RETRY_AFTER_S };
  if (code === "SQLITE_CANTOPEN")
    return { cause: "the SQLite file cannot be opened", retryAfterS: STORE_NEEDS_OPERATOR_RETRY_AFTER_S };
  if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"))
    return { cause: "another process holds the SQLite file's write lock", retryAfterS: STORE_OUTAGE_RETRY_AFTER_S };
  return null;
}

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** Why the database is out of reach, from the error or any error it was caused by (drizzle wraps the driver's). */
function unavailability(error: unknown): { cause: string; retryAfterS: number } | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = codeOf(current);
    if (code?.startsWith("SQLITE_")) return sqliteCause(code);
    if (code && PG_UNAVAILABLE_STATES[code])
      return { cause: PG_UNAVAILABLE_STATES[code], retryAfterS: STORE_OUTAGE_RETRY_AFTER_S };
    if (code?.startsWith("08"))
      return { cause: "the connection to PostgreSQL failed", retryAfterS: STORE_OUTAGE_RETRY_AFTER_S };
    if (code && SOCKET_CODES.has(code))
      return { cause: `the PostgreSQL server cannot be reached (${code})`, retryAfterS: STORE_OUTAGE_RETRY_AFTER_S };
    if (PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : "")))
      return { cause: "the connection to PostgreSQL was lost", retryAfterS: STORE_OUTAGE_RETRY_AFTER_S };
    current = current.cause;
  }
  return null;
}

/** The error as the domain reports it: `store_unavailable` when it is the database's state, else as it was. */
export function asStoreFailure(error: unknown): Error {
  if (error instanceof DomainError) return error;
  const found = unavailability(error);
  if (!found) return error instanceof Error ? error : new Error(String(error));
  return new DomainError(
    "store_unavailable",
    `the database is unavailable: ${found.cause}; retry in ${found.retryAfterS} s`,
    { retryAfterS: found.retryAfterS },
  );
}

/** Runs `fn`, answering the database's unavailability as `store_unavailable` (no async frame on success). */
export function translatingFailures<T>(fn: () => Promise<T>): Promise<T> {
  let result: Promise<T>;
  try {
    result = fn();
  } catch (error) {
    return Promise.reject(asStoreFailure(error));
  }
  return result.catch((error: unknown) => {
    throw asStoreFailure(error);
  });
}

/**
 * The repository's methods (its own, through the prototype chain) as plain functions, each calling the original
 * through `around`: how a store wraps its repositories (a transaction gate, failures translated).
 */
export function mapMethods<T extends object, R>(
  repository: T,
  around: (call: () => unknown) => R,
): Record<string, (...args: unknown[]) => R> {
  const wrapped: Record<string, (...args: unknown[]) => R> = {};
  let proto: object | null = Object.getPrototypeOf(repository) as object | null;
  while (proto && proto !== Object.prototype) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const member = (repository as Record<string, unknown>)[name];
      if (name === "constructor" || name in wrapped || typeof member !== "function") continue;
      const method = member as (...args: unknown[]) => unknown;
      wrapped[name] = (...args: unknown[]) => around(() => method.apply(repository, args));
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return wrapped;
}

/** The repository with every method's failure translated. */
export function withStoreFailures<T extends object>(repository: T): T {
  return mapMethods(repository, (call) => translatingFailures(() => call() as Promise<unknown>)) as T;
}
