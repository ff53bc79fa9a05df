// new-api's session routes: refresh and logout by the refresh cookie, and the session list with revocation.
import { refreshCookieName, refreshReplaySeconds, UserStatus } from '@turnpike/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { accessFor, currentSession, currentUser } from '../http/auth-guard';
import { success } from '../http/envelope';
import { readSessionValue, sessionCookieName } from '../http/session-cookie';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { toPublicUser } from '../users/user-view';
import { accessGrant, clearRefreshCookie, clearSessionCookie, nowSeconds, sessionView, setRefreshCookie } from './dashboard-sessions';
import { hashRefreshSecret, looksLikeAccessToken, nextRefreshSecret, splitRefreshToken, verifyAccessToken } from './session-secrets';
import { findSession, isLive, listLiveSessions, revokeSession, revokeUserSessions, rotateRefreshHash } from './session-store';

const unauthorizedRefresh = (): ApiError => new ApiError(401, 'Unauthorized', 'AUTH_UNAUTHORIZED');
const revokedRefresh = (): ApiError => new ApiError(401, 'Unauthorized', 'AUTH_SESSION_REVOKED');
const mismatch = (): ApiError => new ApiError(409, 'Conflict', 'AUTH_SESSION_MISMATCH');
const race = (): ApiError => new ApiError(409, 'Conflict', 'AUTH_REFRESH_RACE');

/** The `X-Auth-Session` header, or null. */
function headerSid(request: FastifyRequest): string | null {
  const value = request.headers['x-auth-session'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Clears the cookies of a session that ended (the seeds' cookie only when it belongs to that session). */
function clearCookiesOf(context: AppContext, request: FastifyRequest, reply: FastifyReply, sid: string): boolean {
  clearRefreshCookie(request, reply);
  const claims = readSessionValue(request.cookies[sessionCookieName], context.config.sessionSecret);
  if (claims?.session?.sid !== sid) return false;
  clearSessionCookie(request, reply);
  return true;
}

/** Registers refresh, logout and the session list routes. */
export function registerDashboardSessionRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'session');
  const secret = context.config.sessionSecret;

  app.post('/api/user/auth/refresh', access('public', limit), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const presented = splitRefreshToken(request.cookies[refreshCookieName]);
    const claimedSid = headerSid(request);
    if (presented && claimedSid && claimedSid !== presented.sid) throw mismatch();
    const fail = (error: ApiError): never => {
      clearRefreshCookie(request, reply);
      throw error;
    };
    if (!presented) return fail(unauthorizedRefresh());
    const now = nowSeconds();
    const row = await findSession(context.db, presented.sid);
    if (!row) return fail(unauthorizedRefresh());
    if (!isLive(row, now)) return fail(revokedRefresh());
    const user = await context.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user || user.deleted_at !== null || user.status !== UserStatus.Enabled || Number(user.auth_version) !== Number(row.auth_version)) {
      await revokeSession(context.db, row.user_id, row.sid, 'auth_version_changed', now);
      return fail(revokedRefresh());
    }
    const hash = hashRefreshSecret(secret, presented.secret);
    const next = nextRefreshSecret(secret, row.sid, presented.secret);
    const nextHash = hashRefreshSecret(secret, next);
    if (hash === row.refresh_hash) {
      if (!(await rotateRefreshHash(context.db, row.sid, hash, nextHash, now + refreshReplaySeconds, now))) {
        // Another tab rotated it first: the same answer if it rotated this very secret, else a race the console retries.
        const again = await findSession(context.db, row.sid);
        if (again?.refresh_hash !== nextHash) throw race();
      }
    } else if (hash === row.previous_refresh_hash) {
      if (now > Number(row.previous_valid_until)) {
        // A rotated-away secret presented after the replay window: treated as stolen, the session ends.
        await revokeSession(context.db, row.user_id, row.sid, 'refresh_reuse', now);
        return fail(revokedRefresh());
      }
      if (row.refresh_hash !== nextHash) throw race();
    } else {
      return fail(unauthorizedRefresh());
    }
    setRefreshCookie(request, reply, row, next);
    const grant = await accessGrant(context, user, row, Number(row.version));
    const session = { ...grant.session, ip: request.ip.slice(0, 64), user_agent: String(request.headers['user-agent'] ?? '').slice(0, 512), last_active_at: now };
    return success({ ...grant, session, user: toPublicUser(user) });
  });

  app.post('/api/user/auth/logout', access('public', limit), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const now = nowSeconds();
    const presented = splitRefreshToken(request.cookies[refreshCookieName]);
    const claimedSid = headerSid(request);
    const header = request.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
    const checked = bearer && looksLikeAccessToken(bearer) ? await verifyAccessToken(secret, bearer, now) : null;
    const tokenSid = checked?.ok ? checked.claims.sid : null;
    if (claimedSid && ((presented && presented.sid !== claimedSid) || (tokenSid && tokenSid !== claimedSid))) throw mismatch();
    if (checked?.ok) {
      await revokeSession(context.db, checked.claims.userId, checked.claims.sid, 'logout', now);
      let cookieCleared = false;
      if (presented?.sid === checked.claims.sid) {
        clearRefreshCookie(request, reply);
        cookieCleared = true;
      }
      const claims = readSessionValue(request.cookies[sessionCookieName], secret);
      if (claims?.session?.sid === checked.claims.sid) clearSessionCookie(request, reply);
      return success({ revoked_sid: checked.claims.sid, cookie_cleared: cookieCleared });
    }
    if (presented) {
      const row = await findSession(context.db, presented.sid);
      const hash = hashRefreshSecret(secret, presented.secret);
      if (row && (row.refresh_hash === hash || row.previous_refresh_hash === hash)) {
        await revokeSession(context.db, row.user_id, row.sid, 'logout', now);
        clearCookiesOf(context, request, reply, row.sid);
      }
    }
    clearRefreshCookie(request, reply);
    return success();
  });

  app.get('/api/user/sessions', access('user'), async (request) => {
    const current = currentSession(request);
    const user = currentUser(request);
    const rows = await listLiveSessions(context.db, user.id, Number(user.auth_version), nowSeconds());
    const ordered = [...rows.filter((row) => row.sid === current.sid), ...rows.filter((row) => row.sid !== current.sid)];
    return success(ordered.map((row) => sessionView(row, current.sid)));
  });

  app.delete('/api/user/sessions/:sid', access('user'), async (request, reply) => {
    const current = currentSession(request);
    const sid = String((request.params as { sid?: unknown }).sid ?? '').trim();
    if (!sid) throw new ApiError(400, 'session id is required', 'AUTH_SESSION_ID_REQUIRED');
    if (!(await revokeSession(context.db, currentUser(request).id, sid, 'user_revoked', nowSeconds()))) {
      throw new ApiError(404, 'session not found', 'AUTH_SESSION_NOT_FOUND');
    }
    const isCurrent = sid === current.sid;
    if (isCurrent) clearCookiesOf(context, request, reply, sid);
    return success({ revoked_sid: sid, current: isCurrent });
  });

  app.post('/api/user/sessions/revoke-others', access('user'), async (request) => {
    const current = currentSession(request);
    const count = await revokeUserSessions(context.db, currentUser(request).id, 'user_revoked_others', nowSeconds(), current.sid);
    return success({ revoked_count: count });
  });
}
