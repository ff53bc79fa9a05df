// Ceremony state between begin and finish, in the shared database (so any instance can finish what another began):
// single use, bound to its purpose, user, auth version and session, 5 minutes to live and a 2-minute deadline.
import crypto from 'node:crypto';
import { passkeyMessages } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest } from '../http/api-error';
import { flowSeconds } from '../two-factor/auth-flows';

/** What a ceremony is for. */
export type CeremonyPurpose = 'passkey_register' | 'passkey_verify' | 'passkey_login';

/** How long the browser has for the ceremony itself (new-api enforces 2 minutes). */
export const ceremonySeconds = 120;

/** Who began a ceremony (user 0 and no session for a sign-in). */
export interface CeremonyOwner {
  userId: number;
  authVersion: number;
  sid: string;
}

/** The state a finish reads back. */
export interface CeremonyState {
  challenge: string;
  scope: string;
}

const hashOf = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Stores a ceremony's state; returns the flow token (32 random bytes, only its hash stored) and its expiry. */
export async function beginCeremony(db: Kysely<Database>, purpose: CeremonyPurpose, owner: CeremonyOwner, state: CeremonyState, nowSeconds: number): Promise<{ token: string; expiresAt: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = nowSeconds + flowSeconds;
  await db.deleteFrom('passkey_flows').where('expires_at', '<=', nowSeconds).execute();
  await db
    .insertInto('passkey_flows')
    .values({ token_hash: hashOf(token), purpose, user_id: owner.userId, auth_version: owner.authVersion, sid: owner.sid, scope: state.scope, challenge: state.challenge, deadline: nowSeconds + ceremonySeconds, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/**
 * Uses up a ceremony: it must exist for this purpose, be within its deadline and belong to `owner` (null for a
 * sign-in). The row is deleted by the first finish that reads it, so a second finish with the same token fails.
 */
export async function finishCeremony(db: Kysely<Database>, purpose: CeremonyPurpose, token: string, owner: CeremonyOwner | null, nowSeconds: number): Promise<CeremonyState> {
  const hash = hashOf(token);
  const flow = await db.selectFrom('passkey_flows').selectAll().where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
  if (!flow) throw badRequest(passkeyMessages.flowExpired);
  if (owner && (flow.user_id !== owner.userId || Number(flow.auth_version) !== owner.authVersion || flow.sid !== owner.sid)) throw badRequest(passkeyMessages.flowExpired);
  const deleted = await db.deleteFrom('passkey_flows').where('token_hash', '=', hash).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || nowSeconds > Number(flow.deadline) || nowSeconds >= Number(flow.expires_at)) throw badRequest(passkeyMessages.flowExpired);
  return { challenge: flow.challenge, scope: flow.scope };
}
