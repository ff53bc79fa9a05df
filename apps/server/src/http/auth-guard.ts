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

/** Finds the caller's user id from the session cookie or the access token; null for visitors. */
async function identify(context: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const claims = readSessionValue(request.cookies[sessionCookieName], context.config.sessionSecret);
  if (claims) {
    const row = await context.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    return row ?? null;
  }
  const token = readAccessToken(request);
  if (!token) return null;
  const row = await context.db.selectFrom('users').selectAll().where('access_token', '=', hashAccessToken(token)).executeTakeFirst();
  return row ?? null;
}

/** Guard for routes that need a user of at least `minimumRole` (1 user, 10 admin, 100 root). */
export function requireRole(context: AppContext, minimumRole: number): preHandlerAsyncHookHandler {
  return async function authGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await identify(context, request);
    if (!user || user.deleted_at !== null) throw unauthorized();
    const claimed = request.headers['new-api-user'];
    if (claimed === undefined || claimed === '') throw unauthorized('unauthorized: the New-Api-User header is missing');
    if (String(claimed) !== String(user.id)) throw unauthorized('unauthorized: New-Api-User does not match the logged-in user');
    if (user.status !== UserStatus.Enabled) throw forbidden('this user has been banned');
    if (user.role < minimumRole) throw forbidden('no permission: insufficient role');
    request.user = user;
  };
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
