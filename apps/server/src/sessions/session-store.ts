// The user_sessions records: open, find, rotate the refresh secret, revoke. Every instance reads the same rows.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserSessionsTable } from '../db/schema';

/** One session record. */
export type UserSessionRow = Selectable<UserSessionsTable>;

/** Life of a dashboard session: 30 days from sign-in (refreshing does not extend it). */
export const sessionLifeSeconds = 30 * 24 * 3600;

/** Why a session ended (stored as revoke_reason). */
export type RevokeReason =
  | 'logout'
  | 'user_revoked'
  | 'user_revoked_others'
  | 'refresh_reuse'
  | 'password_changed'
  | 'user_disabled'
  | 'user_deleted'
  | 'auth_version_changed'
  | 'admin_reset';

/** Where a sign-in came from. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
  loginMethod: string;
}

/** Inserts an active session for the user; returns its row. */
export async function insertSession(db: Kysely<Database>, userId: number, authVersion: number, refreshHash: string, origin: SessionOrigin, now: number): Promise<UserSessionRow> {
  const row = {
    sid: crypto.randomUUID(),
    user_id: userId,
    refresh_hash: refreshHash,
    status: 'active' as const,
    auth_version: authVersion,
    login_method: origin.loginMethod.slice(0, 32),
    ip: origin.ip.slice(0, 64),
    user_agent: origin.userAgent.slice(0, 512),
    created_at: now,
    last_active_at: now,
    expires_at: now + sessionLifeSeconds,
  };
  await db.insertInto('user_sessions').values(row).execute();
  return findSession(db, row.sid).then((found) => found as UserSessionRow);
}

/** The session with this id, or undefined. */
export function findSession(db: Kysely<Database>, sid: string): Promise<UserSessionRow | undefined> {
  return db.selectFrom('user_sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
}

/** Whether a session is usable now. */
export function isLive(row: UserSessionRow | undefined, now: number): row is UserSessionRow {
  return row !== undefined && row.status === 'active' && Number(row.expires_at) > now;
}

/** How many sessions of the user are active, and how many were created since `since`. */
export async function sessionCounts(db: Kysely<Database>, userId: number, now: number, since: number): Promise<{ active: number; recent: number }> {
  const active = await db
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { active: Number(active.n), recent: Number(recent.n) };
}

/** Compare-and-swap of the refresh hash: true when this call rotated it (the stored hash was still `expected`). */
export async function rotateRefreshHash(db: Kysely<Database>, sid: string, expected: string, next: string, graceUntil: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_sessions')
    .set({ refresh_hash: next, previous_refresh_hash: expected, previous_valid_until: graceUntil, last_active_at: now })
    .where('sid', '=', sid)
    .where('status', '=', 'active')
    .where('refresh_hash', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a session to a new version (a security change), with the user's new auth version; returns the new version. */
export async function bumpSessionVersion(db: Kysely<Database>, row: UserSessionRow, authVersion: number, now: number): Promise<number> {
  const version = Number(row.version) + 1;
  await db.updateTable('user_sessions').set({ version, auth_version: authVersion, last_active_at: now }).where('sid', '=', row.sid).execute();
  return version;
}

/** Revokes one active session of the user; true when it was active. */
export async function revokeSession(db: Kysely<Database>, userId: number, sid: string, reason: RevokeReason, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_sessions')
    .set({ status: 'revoked', revoked_at: now, revoke_reason: reason })
    .where('sid', '=', sid)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every active session of the user except `keepSid`; returns how many ended. */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, reason: RevokeReason, now: number, keepSid: string | null = null): Promise<number> {
  let query = db.updateTable('user_sessions').set({ status: 'revoked', revoked_at: now, revoke_reason: reason }).where('user_id', '=', userId).where('status', '=', 'active');
  if (keepSid) query = query.where('sid', '!=', keepSid);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's live sessions at their current auth version, most recently active first, at most 100. */
export function listLiveSessions(db: Kysely<Database>, userId: number, authVersion: number, now: number): Promise<UserSessionRow[]> {
  return db
    .selectFrom('user_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .where('auth_version', '=', authVersion)
    .orderBy('last_active_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}
