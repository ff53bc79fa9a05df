// Dashboard sign-in as session records: open a session (cookies + access token), rotate it on security changes, end it.
import { refreshCookieName, refreshCookiePath, type AccessGrant, type LoginSessionView } from '@turnpike/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { issueSessionCookie, sessionCookieName } from '../http/session-cookie';
import { toPublicUser } from '../users/user-view';
import { hashRefreshSecret, newRefreshSecret, signAccessToken } from './session-secrets';
import { bumpSessionVersion, insertSession, revokeUserSessions, sessionCounts, type RevokeReason, type UserSessionRow } from './session-store';

/** Current time in unix seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

/** The view of a session record (new-api's LoginSessionView). */
export function sessionView(row: UserSessionRow, currentSid: string | null): LoginSessionView {
  return {
    sid: row.sid,
    current: row.sid === currentSid,
    login_method: row.login_method,
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: Number(row.created_at),
    last_active_at: Number(row.last_active_at),
    expires_at: Number(row.expires_at),
  };
}

/** Sets the refresh cookie `<sid>.<secret>` for the rest of the session's life, counted from `now` (seconds; the caller's clock reading when it has one). */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, row: UserSessionRow, secret: string, now = nowSeconds()): void {
  const maxAge = Math.max(0, Number(row.expires_at) - now);
  reply.setCookie(refreshCookieName, `${row.sid}.${secret}`, { httpOnly: true, sameSite: 'strict', path: refreshCookiePath, secure: isHttps(request), maxAge });
}

/** Clears the refresh cookie. */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, { path: refreshCookiePath, httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
}

/** Clears the seeds' session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, { path: '/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
}

/** Sets the seeds' session cookie, bound to the record at its current version, its life counted from `now` (seconds). */
function setSessionCookie(context: AppContext, request: FastifyRequest, reply: FastifyReply, row: UserSessionRow, version: number, now: number): void {
  issueSessionCookie(reply, row.user_id, context.config.sessionSecret, isHttps(request), { sid: row.sid, version, expiresAt: Number(row.expires_at) }, now * 1000);
}

/** An access token for the session at `version`, with its session view. */
export async function accessGrant(context: AppContext, user: UserRow, row: UserSessionRow, version: number, currentSid: string | null = row.sid): Promise<AccessGrant> {
  const now = nowSeconds();
  const signed = await signAccessToken(context.config.sessionSecret, { userId: user.id, sid: row.sid, uv: Number(user.auth_version), sv: version }, now);
  return { access_token: signed.token, token_type: 'Bearer', access_expires_at: signed.expiresAt, session: sessionView(row, currentSid) };
}

/** Opens a session for a sign-in: the record, both cookies and the access grant; refuses past the active and issuance limits. */
export async function openDashboardSession(context: AppContext, request: FastifyRequest, reply: FastifyReply, user: UserRow, loginMethod: string): Promise<AccessGrant> {
  const now = nowSeconds();
  const limits = context.config.userSessions;
  const counts = await sessionCounts(context.db, user.id, now, now - limits.issuanceWindowSeconds);
  if (counts.active >= limits.activeLimit) throw new ApiError(409, 'too many active sessions; sign out of another device first', 'AUTH_SESSION_LIMIT');
  if (counts.recent >= limits.issuanceLimit) throw new ApiError(429, 'too many sign-ins, please try again later', 'AUTH_SESSION_ISSUANCE_LIMIT');
  const secret = newRefreshSecret();
  const origin = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), loginMethod };
  const row = await insertSession(context.db, user.id, Number(user.auth_version), hashRefreshSecret(context.config.sessionSecret, secret), origin, now);
  // Both cookies count their life from the same clock reading as the record, so a new session's cookies live exactly
  // its 30 days whatever second the call ends in.
  setSessionCookie(context, request, reply, row, Number(row.version), now);
  setRefreshCookie(request, reply, row, secret, now);
  reply.header('cache-control', 'no-store');
  return accessGrant(context, user, row, Number(row.version));
}

/**
 * A security change (password, 2FA, passkey): bumps the user's auth version, ends every other session, moves the
 * caller's session (when it has one) to a new version with a fresh cookie, and returns its new grant. Old cookies and
 * access tokens of every session fail from now on, on every instance (they all read the same records).
 */
export async function rotateAfterSecurityChange(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  reason: RevokeReason,
): Promise<AccessGrant | null> {
  const now = nowSeconds();
  const authVersion = Number(user.auth_version) + 1;
  await context.db.updateTable('users').set({ auth_version: authVersion, sessions_valid_after: now }).where('id', '=', user.id).execute();
  context.caches.users.invalidate(user.id);
  const current = request.dashboardSession ?? null;
  await revokeUserSessions(context.db, user.id, reason, now, current?.sid ?? null);
  if (!current) return null;
  const version = await bumpSessionVersion(context.db, current, authVersion, now);
  const moved = { ...current, version, auth_version: authVersion };
  setSessionCookie(context, request, reply, moved, version, now);
  return accessGrant(context, { ...user, auth_version: authVersion }, moved, version);
}

/** Ends every session of a user at once (disable, delete, admin password change, admin reset) and bumps the auth version. */
export async function endAllSessions(context: AppContext, userId: number, reason: RevokeReason): Promise<number> {
  const now = nowSeconds();
  await context.db
    .updateTable('users')
    .set((eb) => ({ auth_version: eb('auth_version', '+', 1), sessions_valid_after: now }))
    .where('id', '=', userId)
    .execute();
  context.caches.users.invalidate(userId);
  return revokeUserSessions(context.db, userId, reason, now);
}

/** A sign-in's answer for both consoles: the seeds' user fields at the top, plus new-api's auth bundle (grant and `user`). */
export async function signInAnswer(context: AppContext, request: FastifyRequest, reply: FastifyReply, user: UserRow, loginMethod: string): Promise<Record<string, unknown>> {
  const grant = await openDashboardSession(context, request, reply, user, loginMethod);
  const publicUser = toPublicUser(user);
  return { ...publicUser, ...grant, user: publicUser };
}
