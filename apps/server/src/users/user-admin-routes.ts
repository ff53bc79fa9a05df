// Admin user management (spec 000 §4, §7): list, search, create, read, update, delete and the five manage actions.
import { normalizeUsername, Role, UserStatus, userCreateSchema, userIdParamsSchema, userManageSchema, userUpdateSchema } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { checkDisplayName, checkPassword, checkUsername } from '../accounts/account-rules';
import { hashPassword } from '../accounts/password-hashing';
import { createAccount } from '../accounts/user-creation';
import { endAllSessions } from '../sessions/dashboard-sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { recordManageLog } from '../logs/log-entries';
import { formatQuota } from '../logs/quota-text';
import { findUserById, isUsernameTaken, listUsers, searchUsers, softDeleteUser } from './user-repository';
import { planManageAction } from './user-manage-rules';
import { toUserViewForAdmin } from './user-view';

/** Messages of admin user management. */
export const adminUserMessages = {
  roleTooHigh: 'cannot create a user with a role greater than or equal to your own',
  notFound: 'user does not exist',
  viewSameOrHigher: 'no permission to view a user of the same or higher role',
  updateSameOrHigher: 'no permission to update a user of the same or higher role',
  usernameTaken: 'the username already exists',
} as const;

/** Registers the admin user routes. */
export function registerUserAdminRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = zodRoutes(fastify);
  const access = accessFor(context);
  const db = context.db;

  async function liveTarget(id: number): Promise<UserRow> {
    const row = await findUserById(db, id);
    if (!row) throw notFound(adminUserMessages.notFound);
    return row;
  }

  /** Admins act only on lower roles; root acts on everyone (its own protections are in the manage rules). */
  const outranks = (actor: UserRow, target: UserRow): boolean => actor.role > target.role || actor.role >= Role.Root;

  const adminSubject = (actor: UserRow) => ({ admin_id: actor.id, admin_username: actor.username });

  app.get('/api/user/', access('admin'), async (request) => {
    const { page, pageSize, offset } = readPaging(request.query as Record<string, unknown>);
    const { items, total } = await listUsers(db, offset, pageSize);
    return success({ items: items.map(toUserViewForAdmin), total, page, page_size: pageSize });
  });

  app.get('/api/user/search', access('admin'), async (request) => {
    const query = request.query as Record<string, unknown>;
    const { page, pageSize, offset } = readPaging(query);
    const { items, total } = await searchUsers(db, String(query.keyword ?? '').trim(), String(query.group ?? '').trim(), offset, pageSize);
    return success({ items: items.map(toUserViewForAdmin), total, page, page_size: pageSize });
  });

  app.post('/api/user/', { ...access('admin'), ...validated({ body: userCreateSchema }) }, async (request) => {
    const actor = currentUser(request);
    const input = request.body;
    const username = checkUsername(input.username);
    checkPassword(input.password);
    checkDisplayName(input.display_name);
    const role = input.role ?? Role.Common;
    if (role >= actor.role) throw forbidden(adminUserMessages.roleTooHigh);
    if (role !== Role.Common && role !== Role.Admin) throw badRequest('the role must be 1 (ordinary user) or 10 (administrator)');
    const created = await createAccount(context, { username, password: input.password, displayName: input.display_name.trim(), role });
    return success(toUserViewForAdmin(created), 'user created');
  });

  app.get('/api/user/:id', { ...access('admin'), ...validated({ params: userIdParamsSchema }) }, async (request) => {
    const actor = currentUser(request);
    const target = await liveTarget(request.params.id);
    if (!outranks(actor, target)) throw forbidden(adminUserMessages.viewSameOrHigher);
    return success(toUserViewForAdmin(target));
  });

  app.put('/api/user/', { ...access('admin'), ...validated({ body: userUpdateSchema }) }, async (request) => {
    const actor = currentUser(request);
    const input = request.body;
    const target = await liveTarget(input.id);
    if (!outranks(actor, target)) throw forbidden(adminUserMessages.updateSameOrHigher);
    const updates: Partial<Pick<UserRow, 'username' | 'display_name' | 'password' | 'group' | 'sessions_valid_after'>> = {};
    if (input.username !== undefined && normalizeUsername(input.username) !== target.username) {
      const username = checkUsername(input.username);
      if (await isUsernameTaken(db, username, target.id)) throw conflict(adminUserMessages.usernameTaken);
      updates.username = username;
    }
    if (input.display_name !== undefined) {
      checkDisplayName(input.display_name);
      updates.display_name = input.display_name;
    }
    if (input.password) {
      checkPassword(input.password);
      updates.password = await hashPassword(input.password);
      // An admin resetting a password ends the user's sessions everywhere.
      updates.sessions_valid_after = Math.floor(Date.now() / 1000);
    }
    if (input.group !== undefined) updates.group = input.group;
    // A quota change applies as a delta so that spending between the read and this write is not overwritten.
    const delta = input.quota === undefined ? 0 : input.quota - target.quota;
    try {
      await db.transaction().execute(async (transaction) => {
        let query = transaction.updateTable('users').where('id', '=', target.id).where('deleted_at', 'is', null);
        if (delta !== 0) query = query.set((eb) => ({ quota: eb('quota', '+', delta) }));
        if (Object.keys(updates).length > 0) query = query.set(updates);
        if (delta !== 0 || Object.keys(updates).length > 0) await query.execute();
        if (delta === 0) return;
        await recordManageLog(
          transaction,
          { id: target.id, username: updates.username ?? target.username, group: updates.group ?? target.group },
          `admin changed quota from ${formatQuota(target.quota, context.options)} to ${formatQuota(target.quota + delta, context.options)}`,
          { quota: delta, ip: request.ip, other: adminSubject(actor) },
        );
      });
    } catch (error) {
      // Another admin took the username between the check and this write.
      if (isUniqueViolation(error)) throw conflict(adminUserMessages.usernameTaken);
      throw error;
    }
    context.caches.users.invalidate(target.id);
    // An admin resetting a password ends the user's sessions (cookies and access tokens) everywhere at once.
    if (updates.password !== undefined) await endAllSessions(context, target.id, 'password_changed');
    return success(toUserViewForAdmin(await liveTarget(target.id)), 'user updated');
  });

  app.delete('/api/user/:id', { ...access('admin'), ...validated({ params: userIdParamsSchema }) }, async (request) => {
    const actor = currentUser(request);
    const target = await liveTarget(request.params.id);
    const plan = planManageAction(actor, target, 'delete');
    await applyPlan(actor, target, plan, request.ip);
    return success(undefined, 'user deleted');
  });

  app.post('/api/user/manage', { ...access('admin'), ...validated({ body: userManageSchema }) }, async (request) => {
    const actor = currentUser(request);
    const input = request.body;
    const target = await findUserById(db, input.id, true);
    if (!target) throw notFound(adminUserMessages.notFound);
    const plan = planManageAction(actor, target, input.action);
    await applyPlan(actor, target, plan, request.ip);
    return success({ status: plan.status, role: plan.role });
  });

  async function applyPlan(actor: UserRow, target: UserRow, plan: ReturnType<typeof planManageAction>, ip: string): Promise<void> {
    await db.transaction().execute(async (transaction) => {
      const changed = plan.delete
        ? await softDeleteUser(transaction, target.id)
        : Number(
            (
              await transaction
                .updateTable('users')
                .set({ role: plan.role, status: plan.status })
                .where('id', '=', target.id)
                .where('deleted_at', 'is', null)
                .executeTakeFirst()
            ).numUpdatedRows,
          ) === 1;
      if (!changed) throw notFound(adminUserMessages.notFound);
      await recordManageLog(transaction, { id: target.id, username: target.username, group: target.group }, plan.log, { ip, other: adminSubject(actor) });
    });
    // Bans, role changes and deletions reach the relay on every instance at once.
    context.caches.users.invalidate(target.id);
    // A disabled or deleted user's dashboard sessions end at once (re-enabling does not revive them).
    if (plan.delete || (plan.status !== target.status && plan.status !== UserStatus.Enabled)) {
      await endAllSessions(context, target.id, plan.delete ? 'user_deleted' : 'user_disabled');
    }
  }
}
