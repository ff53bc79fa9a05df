// `/api/user/self*`, `/api/user/setting`, `/api/user/models`: what a signed-in user may see and change about themself.
import { normalizeUsername, Role, type AccessGrant } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkDisplayName, checkPassword, checkUsername } from '../accounts/account-rules';
import { hashPassword, verifyPassword } from '../accounts/password-hashing';
import type { AppContext } from '../context';
import type { UserRow, UserUpdate } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { clearRefreshCookie, clearSessionCookie, endAllSessions, openDashboardSession, rotateAfterSecurityChange } from '../sessions/dashboard-sessions';
import { findUserById, isUsernameTaken, softDeleteUser, updateUser } from './user-repository';
import { applyUserSetting, parseUserSetting, userSettingMessages, userSettingSchema } from './user-setting';
import { modelsForUser, usableGroupsWithRatio } from './user-groups';
import { toPublicUser } from './user-view';

const selfUpdateSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  original_password: z.string().optional(),
});

/** Messages of self-service changes. */
export const selfMessages = {
  usernameTaken: 'the username already exists',
  originalRequired: 'please enter the original password',
  originalWrong: 'the original password is wrong',
  samePassword: 'the new password must differ from the original password',
  rootCannotDelete: 'the super administrator account cannot be deleted',
} as const;

async function reload(context: AppContext, id: number): Promise<UserRow> {
  const row = await findUserById(context.db, id);
  if (!row) throw notFound('user does not exist');
  return row;
}

/** Registers the self-service routes. */
export function registerUserSelfRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  app.get('/api/user/self', access('user'), async (request) => success(toPublicUser(currentUser(request))));

  app.put('/api/user/self', access('user'), async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(selfUpdateSchema, request.body);
    const updates: UserUpdate = {};
    if (input.username !== undefined && normalizeUsername(input.username) !== user.username) {
      const username = checkUsername(input.username);
      if (await isUsernameTaken(context.db, username, user.id)) throw conflict(selfMessages.usernameTaken);
      updates.username = username;
    }
    if (input.display_name !== undefined) {
      checkDisplayName(input.display_name);
      updates.display_name = input.display_name;
    }
    if (input.password) {
      // Accounts made by third-party login have no password yet: they set one without an original.
      if (user.password) {
        if (!input.original_password) throw badRequest(selfMessages.originalRequired);
        if (input.password === input.original_password) throw badRequest(selfMessages.samePassword);
        if (!(await verifyPassword(input.original_password, user.password))) throw badRequest(selfMessages.originalWrong);
      }
      checkPassword(input.password);
      updates.password = await hashPassword(input.password);
    }
    if (Object.keys(updates).length > 0) {
      await updateUser(context.db, user.id, updates).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(selfMessages.usernameTaken);
        throw error;
      });
      context.caches.users.invalidate(user.id);
    }
    // A new password ends every other session at once; this one moves to a new version (fresh cookie and access token),
    // or, signed in by a cookie without a record, gets a recorded session.
    let grant: AccessGrant | null = null;
    if (updates.password !== undefined) {
      const fresh = await reload(context, user.id);
      grant = (await rotateAfterSecurityChange(context, request, reply, fresh, 'password_changed')) ?? (await openDashboardSession(context, request, reply, await reload(context, user.id), 'password'));
    }
    return success({ ...toPublicUser(await reload(context, user.id)), ...(grant ?? {}) }, 'user updated');
  });

  app.delete('/api/user/self', access('user'), async (request, reply) => {
    const user = currentUser(request);
    if (user.role >= Role.Root) throw forbidden(selfMessages.rootCannotDelete);
    await softDeleteUser(context.db, user.id);
    await endAllSessions(context, user.id, 'user_deleted');
    context.caches.users.invalidate(user.id);
    clearSessionCookie(request, reply);
    clearRefreshCookie(request, reply);
    return success(undefined, 'account deleted');
  });

  app.get('/api/user/self/groups', access('user'), async (request) => success(usableGroupsWithRatio(context.options, currentUser(request).group)));

  app.get('/api/user/models', access('user'), async (request) => success(await modelsForUser(context.db, context.options, currentUser(request).group)));

  app.put('/api/user/setting', access('user'), async (request) => {
    const user = currentUser(request);
    const input = parseInput(userSettingSchema, request.body);
    const next = applyUserSetting(parseUserSetting(user.setting), input);
    // A webhook is called by the server: it must point at a public address (or one the operator allowed).
    if (next.webhook_url && (await context.outbound.checkUrl(next.webhook_url))) throw badRequest(userSettingMessages.webhookPublic);
    await updateUser(context.db, user.id, { setting: JSON.stringify(next) });
    context.caches.users.invalidate(user.id);
    return success(next, 'settings updated');
  });
}
