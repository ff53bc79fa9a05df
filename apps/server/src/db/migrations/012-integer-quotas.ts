// Quota columns hold whole numbers on every engine. PostgreSQL and MySQL `bigint` refuse anything else, but SQLite
// stores any value a column is given: before upstream usage was bounded, a reported 1e308 tokens left `-Infinity`
// (a REAL) in a balance, which the API then showed as null and an update refused. This repairs such values: a
// non-finite value, text, or one beyond ±2^53 (no ledger produces it) becomes 0; a fraction is rounded.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

/** Every quota and token-count column, by table. */
export const integerQuotaColumns: Readonly<Record<string, readonly string[]>> = {
  users: ['quota', 'used_quota', 'aff_quota', 'aff_history_quota', 'request_count'],
  tokens: ['remain_quota', 'used_quota'],
  channels: ['used_quota'],
  redemptions: ['quota'],
  logs: ['quota', 'prompt_tokens', 'completion_tokens'],
  quota_data: ['quota', 'token_used', 'count'],
  reservations: ['amount'],
  topups: ['amount', 'quota'],
  tasks: ['quota'],
};

const safeLimit = Number.MAX_SAFE_INTEGER;

/** Rewrites every non-integer value of the quota columns (SQLite only: the other engines cannot hold one). */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind !== 'sqlite') return;
  for (const [table, columns] of Object.entries(integerQuotaColumns)) {
    for (const column of columns) {
      const ref = sql.ref(column);
      await sql`UPDATE ${sql.table(table)} SET ${ref} = CASE
          WHEN typeof(${ref}) <> 'real' OR ${ref} > ${sql.lit(safeLimit)} OR ${ref} < ${sql.lit(-safeLimit)} THEN 0
          ELSE CAST(ROUND(${ref}) AS INTEGER) END
        WHERE typeof(${ref}) NOT IN ('integer', 'null')`.execute(db);
    }
  }
}
