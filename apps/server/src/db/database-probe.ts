// Whether the database answers now: the readiness check and the metrics' `turnpike_database_up` ask the same way.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** How long the probe waits before it calls the database unreachable. */
const probeTimeoutMs = 2_000;

/** True when `select 1` answers within 2 s. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), probeTimeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
