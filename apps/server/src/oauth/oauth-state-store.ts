// One-use OAuth states in the shared database, so a callback may land on any instance of the fleet.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a state waits for its callback (seconds). */
export const oauthStateSeconds = 600;

/** What a state was issued for. */
export interface OAuthStateIntent {
  /** The inviter's affiliate code given to `GET /api/oauth/state?aff=`. */
  affCode: string;
  /** The signed-in user who started a bind flow; 0 for a sign-in. */
  bindUserId: number;
}

const hashOf = (browserSecret: string): string => crypto.createHash('sha256').update(browserSecret).digest('hex');

/** Issues a random state tied to the browser secret; expired states are swept on the way. */
export async function issueOAuthState(db: Kysely<Database>, browserSecret: string, intent: OAuthStateIntent, now = Date.now()): Promise<string> {
  const nowSeconds = Math.floor(now / 1000);
  await db.deleteFrom('oauth_states').where('expires_at', '<=', nowSeconds).execute();
  const state = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('oauth_states')
    .values({ state, browser_hash: hashOf(browserSecret), aff_code: intent.affCode.slice(0, 32), bind_user_id: intent.bindUserId, expires_at: nowSeconds + oauthStateSeconds })
    .execute();
  return state;
}

/**
 * Takes a state once: it must exist, be unexpired and belong to this browser. The row is deleted by a conditional
 * DELETE, so of several concurrent callbacks with one state (on any instances) exactly one gets its intent.
 */
export async function consumeOAuthState(db: Kysely<Database>, state: string, browserSecret: string | undefined, now = Date.now()): Promise<OAuthStateIntent | null> {
  if (!state || !browserSecret || state.length > 64) return null;
  const nowSeconds = Math.floor(now / 1000);
  const browserHash = hashOf(browserSecret);
  const row = await db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirst();
  if (!row || row.browser_hash !== browserHash || Number(row.expires_at) <= nowSeconds) return null;
  const deleted = await db.deleteFrom('oauth_states').where('state', '=', state).where('browser_hash', '=', browserHash).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return null;
  return { affCode: row.aff_code, bindUserId: Number(row.bind_user_id) };
}
