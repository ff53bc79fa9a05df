// Authentication for `/api`: a session cookie + `New-Api-User`, a dashboard access token (Bearer JWT), or a personal access token.
import crypto from 'node:crypto';
import { Role, UserStatus } from '@turnpike/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { looksLikeAccessToken, verifyAccessToken } from '../sessions/session-secrets';
import { findSession, isLive, type UserSessionRow } from '../sessions/session-store';
import { ApiError, forbidden, unauthorized } from './api-error';
import { readSessionValue, sessionCookieName } from './session-cookie';

/** How a caller proved who they are: the session cookie, a dashboard access token, or a personal access token. */
export type AuthVia = 'cookie' | 'access_token' | 'personal_token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth guard. */
    user?: UserRow;
    /** How the caller signed in, set by the auth guard. */
    authVia?: AuthVia;
    /** The caller's dashboard session record (cookie or access token of a recorded session), set by the auth guard. */
    dashboardSession?: UserSessionRow;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every `/api` route declares it (see `access()` and test/authorization.test.ts). */
    access?: AccessLevel;
  }
}

/** Who may call a route: anyone, any signed-in user, admins (role ≥ 10) or root (role ≥ 100). */
export type AccessLevel = 'public' | 'user' | 'admin' | 'root';

/** Marks a guard function with the access level it enforces, so routes guarded by it are known to need that level. */
const guardLevel = Symbol('turnpike.guardLevel');

type MarkedGuard = preHandlerAsyncHookHandler & { [guardLevel]?: AccessLevel };

const levelRank: Record<AccessLevel, number> = { public: 0, user: 1, admin: 2, root: 3 };

function levelForRole(minimumRole: number): AccessLevel {
  if (minimumRole >= Role.Root) return 'root';
  if (minimumRole >= Role.Admin) return 'admin';
  return 'user';
}

/** Access tokens are stored as their SHA-256 digest, so a lookup leaks nothing about the secret. */
export function hashAccessToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 ? token : null;
}

/** Who a request proves to be: the user, how, and their session record when there is one. */
export interface Identity {
  user: UserRow;
  via: AuthVia;
  session: UserSessionRow | null;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const revoked = (): ApiError => new ApiError(401, 'this session has ended, please log in again', 'AUTH_SESSION_REVOKED');

/** A session record that backs a credential: live, the same user, and (when pinned) the same version. */
async function liveSession(context: AppContext, sid: string, userId: number, version: number): Promise<UserSessionRow> {
  const row = await findSession(context.db, sid);
  if (!isLive(row, nowSeconds()) || row.user_id !== userId || Number(row.version) !== version) throw revoked();
  return row;
}

/**
 * Finds the caller from the session cookie, a dashboard access token or a personal access token; null for visitors.
 * A cookie or access token whose session record was revoked, rotated or expired throws 401 AUTH_SESSION_REVOKED.
 */
export async function identify(context: AppContext, request: FastifyRequest): Promise<Identity | null> {
  const token = readAccessToken(request);
  // A dashboard access token speaks for itself: new-api's current console sends it while the login's session cookie
  // (for the classic console) is also in the browser, and that cookie alone would ask for New-Api-User.
  if (token && looksLikeAccessToken(token)) {
    const checked = await verifyAccessToken(context.config.sessionSecret, token, nowSeconds());
    if (!checked.ok) throw checked.expired ? new ApiError(401, 'the access token has expired', 'AUTH_TOKEN_EXPIRED') : new ApiError(401, 'invalid access token', 'AUTH_UNAUTHORIZED');
    const row = await context.db.selectFrom('users').selectAll().where('id', '=', checked.claims.userId).executeTakeFirst();
    if (!row || Number(row.auth_version) !== checked.claims.uv) throw revoked();
    const session = await liveSession(context, checked.claims.sid, row.id, checked.claims.sv);
    return { user: row, via: 'access_token', session };
  }
  const claims = readSessionValue(request.cookies[sessionCookieName], context.config.sessionSecret);
  if (claims) {
    const row = await context.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    // A password change moves the cutoff: cookies issued before it are over (the only end of cookies without a record).
    if (!row || claims.issuedAt < Number(row.sessions_valid_after)) return null;
    const session = claims.session ? await liveSession(context, claims.session.sid, row.id, claims.session.version) : null;
    return { user: row, via: 'cookie', session };
  }
  if (!token) return null;
  const row = await context.db.selectFrom('users').selectAll().where('access_token', '=', hashAccessToken(token)).executeTakeFirst();
  return row ? { user: row, via: 'personal_token', session: null } : null;
}

/** Guard for routes that need a user of at least `minimumRole` (1 user, 10 admin, 100 root). */
export function requireRole(context: AppContext, minimumRole: number): preHandlerAsyncHookHandler {
  const guard: MarkedGuard = async function authGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const identity = await identify(context, request);
    const user = identity?.user;
    if (!identity || !user || user.deleted_at !== null) throw unauthorized();
    const claimed = request.headers['new-api-user'];
    // new-api's current console proves itself with the access token alone; the header, when sent, must still match.
    const headerRequired = identity.via !== 'access_token';
    if (headerRequired && (claimed === undefined || claimed === '')) throw unauthorized('unauthorized: the New-Api-User header is missing');
    if (claimed !== undefined && claimed !== '' && String(claimed) !== String(user.id)) throw unauthorized('unauthorized: New-Api-User does not match the logged-in user');
    if (user.status !== UserStatus.Enabled) throw identity.via === 'access_token' ? new ApiError(401, 'this user has been banned', 'AUTH_USER_DISABLED') : forbidden('this user has been banned');
    if (user.role < minimumRole) throw forbidden('no permission: insufficient role');
    request.user = user;
    request.authVia = identity.via;
    if (identity.session) request.dashboardSession = identity.session;
  };
  guard[guardLevel] = levelForRole(minimumRole);
  return guard;
}

/** The guards every route module uses. */
export function guards(context: AppContext): { user: preHandlerAsyncHookHandler; admin: preHandlerAsyncHookHandler; root: preHandlerAsyncHookHandler } {
  return { user: requireRole(context, Role.Common), admin: requireRole(context, Role.Admin), root: requireRole(context, Role.Root) };
}

/** The caller's dashboard session of a guarded route; 403 AUTH_SESSION_REQUIRED for a personal access token or a cookie without a record. */
export function currentSession(request: FastifyRequest): UserSessionRow {
  if (!request.dashboardSession) throw new ApiError(403, 'a dashboard login session is required', 'AUTH_SESSION_REQUIRED');
  return request.dashboardSession;
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Route options that declare an access level and install its guard before validation (so a caller without access
 * learns nothing from the body rules), then `extra` pre-handlers (rate limits, bot check).
 */
export interface AccessRouteOptions {
  config: { access: AccessLevel };
  preValidation: preHandlerAsyncHookHandler[];
  preHandler: preHandlerAsyncHookHandler[];
}

/** Returns `access(level, ...extra)`: spread its result into a route's options so the route declares and enforces its level. */
export function accessFor(context: AppContext): (level: AccessLevel, ...extra: preHandlerAsyncHookHandler[]) => AccessRouteOptions {
  const guard = guards(context);
  return (level, ...extra) => ({ config: { access: level }, preValidation: level === 'public' ? [] : [guard[level]], preHandler: extra });
}

/** The access level a route declares: its `config.access`, else the strongest auth guard among its pre-handlers; undefined when neither. */
export function routeAccessLevel(route: { config?: unknown; preValidation?: unknown; preHandler?: unknown }): AccessLevel | undefined {
  const declared = (route.config as { access?: AccessLevel } | undefined)?.access;
  if (declared) return declared;
  const handlers = [route.preValidation, route.preHandler].flatMap((hooks) => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []));
  let found: AccessLevel | undefined;
  for (const handler of handlers as MarkedGuard[]) {
    const level = typeof handler === 'function' ? handler[guardLevel] : undefined;
    if (level && (!found || levelRank[level] > levelRank[found])) found = level;
  }
  return found;
}
