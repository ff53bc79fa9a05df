// Tells a database that is away (refused, dropped or shutting-down connections, a locked SQLite file) from other
// failures, so callers get a fast 503 with Retry-After instead of a 500 while it is down.

/** Error codes of node's sockets, pg (SQLSTATE class 08 and 57P0x), mysql2 and SQLite that mean "not reachable now". */
const unavailableCodes = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03',
  'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ER_SERVER_GONE_ERROR',
  'SQLITE_BUSY', 'SQLITE_LOCKED',
]);
/**
 * pg reports a dropped connection, its connect and query timeouts (a server that answers nothing) and a connection
 * ended after such a timeout (see connect.ts) by message only.
 */
const unavailableMessage = /^Connection terminated|connection timeout|^Client has encountered a connection error|^Query read timeout|^timeout exceeded when trying to connect|^Client was closed and is not queryable/i;

/** Seconds a refused caller is told to wait (`Retry-After`). */
export const databaseRetryAfterSeconds = 1;

/** The message callers get while the database is away. */
export const databaseUnavailableMessage = 'the service is temporarily unavailable (database unreachable), please retry shortly';

/** True when `error` (or its cause, or one of an AggregateError's errors) says the database cannot be reached now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  if (typeof message === 'string' && unavailableMessage.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
