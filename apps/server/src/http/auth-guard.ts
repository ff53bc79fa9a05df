// Authentication for `/api`: session cookie or system access token, plus the `New-Api-User` header check.
import crypto from 'node:crypto';
import { Role, UserStatus } from '@turnpike/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from './api-error';
import { readSessionValue, sessionCookieName } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth guard. */
    user?: UserRow;
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

/** Finds the caller's user from the session cookie or the access token; null for visitors. */
export async function identify(context: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const claims = readSessionValue(request.cookies[sessionCookieName], context.config.sessionSecret);
  if (claims) {
    const row = await context.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    // A password change moves the cutoff: sessions issued before it are over.
    if (!row || claims.issuedAt < Number(row.sessions_valid_after)) return null;
    return row;
  }
  const token = readAccessToken(request);
  if (!token) return null;
  const row = await context.db.selectFrom('users').selectAll().where('access_token', '=', hashAccessToken(token)).executeTakeFirst();
  return row ?? null;
}

/** Guard for routes that need a user of at least `minimumRole` (1 user, 10 admin, 100 root). */
export function requireRole(context: AppContext, minimumRole: number): preHandlerAsyncHookHandler {
  const guard: MarkedGuard = async function authGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await identify(context, request);
    if (!user || user.deleted_at !== null) throw unauthorized();
    const claimed = request.headers['new-api-user'];
    if (claimed === undefined || claimed === '') throw unauthorized('unauthorized: the New-Api-User header is missing');
    if (String(claimed) !== String(user.id)) throw unauthorized('unauthorized: New-Api-User does not match the logged-in user');
    if (user.status !== UserStatus.Enabled) throw forbidden('this user has been banned');
    if (user.role < minimumRole) throw forbidden('no permission: insufficient role');
    request.user = user;
  };
  guard[guardLevel] = levelForRole(minimumRole);
  return guard;
}

/** The guards every route module uses. */
export function guards(context: AppContext): { user: preHandlerAsyncHookHandler; admin: preHandlerAsyncHookHandler; root: preHandlerAsyncHookHandler } {
  return { user: requireRole(context, Role.Common), admin: requireRole(context, Role.Admin), root: requireRole(context, Role.Root) };
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
