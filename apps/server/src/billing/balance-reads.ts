// The balances a hold or a charge is measured against, read the one way both the ledger and the batcher need.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The user's quota and the token's remaining quota (null when `tokenId` is 0), as stored. */
export interface StoredBalances {
  user: number;
  token: number | null;
}

/** Reads the balances, user first and then token; `lock` takes row locks (`FOR UPDATE`, not on SQLite). */
export async function readBalances(db: Kysely<Database>, userId: number, tokenId: number, lock: boolean): Promise<StoredBalances> {
  let userQuery = db.selectFrom('users').select('quota').where('id', '=', userId);
  if (lock) userQuery = userQuery.forUpdate();
  const user = Number((await userQuery.executeTakeFirst())?.quota ?? 0);
  if (tokenId <= 0) return { user, token: null };
  let tokenQuery = db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId);
  if (lock) tokenQuery = tokenQuery.forUpdate();
  return { user, token: Number((await tokenQuery.executeTakeFirst())?.remain_quota ?? 0) };
}
