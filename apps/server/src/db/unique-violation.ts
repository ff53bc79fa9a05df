// Recognises a unique / primary-key constraint violation on every engine, so callers can answer 400/409 instead of 500.

/** True when the error is a duplicate-key error from SQLite, PostgreSQL or MySQL/MariaDB. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  // PostgreSQL: SQLSTATE 23505; MySQL/MariaDB: ER_DUP_ENTRY (1062); SQLite: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return code === '23505' || code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
