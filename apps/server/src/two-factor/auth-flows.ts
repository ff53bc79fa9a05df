// One-use tokens for a sign-in whose second factor is pending: 32 random bytes, only their hash stored, 5 minutes.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Life of a flow token. */
export const flowSeconds = 300;

const hashOf = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Starts a flow for the user at their auth version; returns the token and its expiry (unix seconds). */
export async function startFlow(db: Kysely<Database>, purpose: string, userId: number, authVersion: number, nowSeconds: number): Promise<{ token: string; expiresAt: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = nowSeconds + flowSeconds;
  await db.deleteFrom('auth_flows').where('expires_at', '<=', nowSeconds).execute();
  await db.insertInto('auth_flows').values({ token_hash: hashOf(token), purpose, user_id: userId, auth_version: authVersion, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** A live flow of this purpose, without using it up. */
export function findFlow(db: Kysely<Database>, purpose: string, token: string, nowSeconds: number) {
  return db.selectFrom('auth_flows').selectAll().where('token_hash', '=', hashOf(token)).where('purpose', '=', purpose).where('expires_at', '>', nowSeconds).executeTakeFirst();
}

/** Uses a flow up: true when this call consumed it (a second use finds nothing). */
export async function consumeFlow(db: Kysely<Database>, token: string): Promise<boolean> {
  const result = await db.deleteFrom('auth_flows').where('token_hash', '=', hashOf(token)).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
