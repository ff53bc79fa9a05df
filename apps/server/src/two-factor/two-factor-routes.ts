// TOTP two-factor sign-in (new-api-contracts.md §4): status, setup, enable, disable, new backup codes, the sign-in step,
// and the admin reset. Every change rotates the caller's session and ends the others.
import { Role, UserStatus } from '@turnpike/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { endAllSessions, nowSeconds, rotateAfterSecurityChange, signInAnswer } from '../sessions/dashboard-sessions';
import { consumeFlow, findFlow, startFlow } from './auth-flows';
import { backupCodesLeft, lockAfterFailures, lockSeconds, matchingStep, newTotpSecret, replaceBackupCodes, spendBackupCode, totpUri } from './totp-factor';

/** Messages of two-factor sign-in. */
export const twoFactorMessages = {
  enterCode: 'please enter the two-factor authentication code',
  alreadyEnabled: 'two-factor authentication is already enabled; disable it before setting it up again',
  setupFirst: 'please set up two-factor authentication first',
  notEnabled: 'two-factor authentication is not enabled',
  codeRequired: 'please enter the verification code',
  wrongCode: 'the verification code or backup code is wrong, please try again',
  locked: (until: number) => `too many wrong codes; try again after ${new Date(until * 1000).toISOString()}`,
  flowExpired: 'the sign-in has expired, please log in again',
  userDisabled: 'this user has been banned',
  setupStarted: 'two-factor setup started: scan the QR code with an authenticator app and enter a code to finish',
  enabled: 'two-factor authentication enabled',
  disabled: 'two-factor authentication disabled',
  codesRegenerated: 'backup codes regenerated',
  resetByAdmin: "the user's two-factor authentication has been turned off",
  resetSameOrHigher: 'no permission to change the two-factor settings of a user of the same or higher role',
} as const;

/** The purpose of the flow between the password and the second factor. */
export const twoFactorLoginPurpose = '2fa_login';

const codeSchema = z.object({ code: z.string().default('') });
const loginSchema = z.object({ code: z.string().default(''), flow_token: z.string().default('') });

/** True when the user has an enabled TOTP factor. */
export async function hasTwoFactor(context: AppContext, userId: number): Promise<boolean> {
  const row = await context.db.selectFrom('two_fas').select('is_enabled').where('user_id', '=', userId).executeTakeFirst();
  return row?.is_enabled === 1;
}

/** Starts the second step of a password sign-in: the flow token the client sends with the code. */
export async function twoFactorChallenge(context: AppContext, user: UserRow): Promise<{ require_2fa: true; flow_token: string; expires_at: number }> {
  const flow = await startFlow(context.db, twoFactorLoginPurpose, user.id, Number(user.auth_version), nowSeconds());
  return { require_2fa: true, flow_token: flow.token, expires_at: flow.expiresAt };
}

/**
 * Checks a code against the user's factor: a TOTP code (each 30-second step once) or, when allowed, an unused backup
 * code. A wrong code counts toward the lock; five in a row lock the factor for five minutes.
 */
export async function checkSecondFactor(context: AppContext, userId: number, code: string, allowBackup: boolean): Promise<void> {
  const now = nowSeconds();
  const factor = await context.db.selectFrom('two_fas').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!factor) throw badRequest(twoFactorMessages.setupFirst);
  if (Number(factor.locked_until) > now) throw tooManyRequests(twoFactorMessages.locked(Number(factor.locked_until)));
  if (!code.trim()) throw badRequest(twoFactorMessages.codeRequired);
  const step = matchingStep(factor.secret, code, now);
  if (step !== null && step > Number(factor.last_used_step)) {
    await context.db.updateTable('two_fas').set({ last_used_step: step, failed_attempts: 0, updated_at: now }).where('user_id', '=', userId).execute();
    return;
  }
  if (allowBackup && (await spendBackupCode(context.db, context.config.sessionSecret, userId, code, now))) {
    await context.db.updateTable('two_fas').set({ failed_attempts: 0, updated_at: now }).where('user_id', '=', userId).execute();
    return;
  }
  const failures = Number(factor.failed_attempts) + 1;
  const locked = failures >= lockAfterFailures;
  await context.db
    .updateTable('two_fas')
    .set({ failed_attempts: locked ? 0 : failures, locked_until: locked ? now + lockSeconds : Number(factor.locked_until), updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  throw badRequest(twoFactorMessages.wrongCode);
}

/** Registers the two-factor routes. */
export function registerTwoFactorRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const db = context.db;

  const rotate = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => (await rotateAfterSecurityChange(context, request, reply, user, 'auth_version_changed')) ?? undefined;

  app.get('/api/user/2fa/status', access('user'), async (request) => {
    const user = currentUser(request);
    const factor = await db.selectFrom('two_fas').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    const enabled = factor?.is_enabled === 1;
    const locked = Number(factor?.locked_until ?? 0) > nowSeconds();
    return success(enabled ? { enabled, locked, backup_codes_remaining: await backupCodesLeft(db, user.id) } : { enabled, locked });
  });

  app.post('/api/user/2fa/setup', access('user', limit), async (request) => {
    const user = currentUser(request);
    if (await hasTwoFactor(context, user.id)) throw conflict(twoFactorMessages.alreadyEnabled);
    const secret = newTotpSecret();
    const now = nowSeconds();
    await db.deleteFrom('two_fas').where('user_id', '=', user.id).execute();
    await db.insertInto('two_fas').values({ user_id: user.id, secret, is_enabled: 0, created_at: now, updated_at: now }).execute();
    const backupCodes = await replaceBackupCodes(db, context.config.sessionSecret, user.id);
    const issuer = context.options.string('SystemName') || 'Turnpike';
    return success({ secret, qr_code_data: totpUri(issuer, user.username, secret), backup_codes: backupCodes }, twoFactorMessages.setupStarted);
  });

  app.post('/api/user/2fa/enable', access('user', limit), async (request, reply) => {
    const user = currentUser(request);
    const { code } = parseInput(codeSchema, request.body);
    const factor = await db.selectFrom('two_fas').select('is_enabled').where('user_id', '=', user.id).executeTakeFirst();
    if (!factor) throw badRequest(twoFactorMessages.setupFirst);
    if (factor.is_enabled === 1) throw conflict(twoFactorMessages.alreadyEnabled);
    await checkSecondFactor(context, user.id, code, false);
    await db.updateTable('two_fas').set({ is_enabled: 1, updated_at: nowSeconds() }).where('user_id', '=', user.id).execute();
    return success(await rotate(request, reply, user), twoFactorMessages.enabled);
  });

  app.post('/api/user/2fa/disable', access('user', limit), async (request, reply) => {
    const user = currentUser(request);
    const { code } = parseInput(codeSchema, request.body);
    if (!(await hasTwoFactor(context, user.id))) throw badRequest(twoFactorMessages.notEnabled);
    await checkSecondFactor(context, user.id, code, true);
    await db.deleteFrom('two_fas').where('user_id', '=', user.id).execute();
    await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', user.id).execute();
    return success(await rotate(request, reply, user), twoFactorMessages.disabled);
  });

  app.post('/api/user/2fa/backup_codes', access('user', limit), async (request, reply) => {
    const user = currentUser(request);
    const { code } = parseInput(codeSchema, request.body);
    if (!(await hasTwoFactor(context, user.id))) throw badRequest(twoFactorMessages.notEnabled);
    await checkSecondFactor(context, user.id, code, false);
    const backupCodes = await replaceBackupCodes(db, context.config.sessionSecret, user.id);
    return success({ ...(await rotate(request, reply, user)), backup_codes: backupCodes }, twoFactorMessages.codesRegenerated);
  });

  app.post('/api/user/login/2fa', access('public', limit), async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const now = nowSeconds();
    const flow = input.flow_token ? await findFlow(db, twoFactorLoginPurpose, input.flow_token, now) : undefined;
    if (!flow) throw badRequest(twoFactorMessages.flowExpired);
    const user = await db.selectFrom('users').selectAll().where('id', '=', flow.user_id).executeTakeFirst();
    if (!user || user.deleted_at !== null || Number(user.auth_version) !== Number(flow.auth_version)) throw badRequest(twoFactorMessages.flowExpired);
    if (user.status !== UserStatus.Enabled) throw forbidden(twoFactorMessages.userDisabled);
    if (!(await hasTwoFactor(context, user.id))) throw badRequest(twoFactorMessages.notEnabled);
    await checkSecondFactor(context, user.id, input.code, true);
    if (!(await consumeFlow(db, input.flow_token))) throw badRequest(twoFactorMessages.flowExpired);
    return success(await signInAnswer(context, request, reply, user, '2fa'), 'login successful');
  });

  app.get('/api/user/2fa/stats', access('admin'), async () => {
    const total = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const enabled = await db.selectFrom('two_fas').select((eb) => eb.fn.countAll<number>().as('n')).where('is_enabled', '=', 1).executeTakeFirstOrThrow();
    const rate = Number(total.n) === 0 ? 0 : (Number(enabled.n) / Number(total.n)) * 100;
    return success({ total_users: Number(total.n), enabled_users: Number(enabled.n), enabled_rate: `${rate.toFixed(1)}%` });
  });

  app.delete('/api/user/:id/2fa', access('admin'), async (request) => {
    const actor = currentUser(request);
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('id: invalid user id');
    const target = await db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!target) throw notFound('user does not exist');
    if (!(actor.role > target.role || actor.role >= Role.Root)) throw forbidden(twoFactorMessages.resetSameOrHigher);
    await db.deleteFrom('two_fas').where('user_id', '=', id).execute();
    await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', id).execute();
    await endAllSessions(context, id, 'admin_reset');
    request.log.info({ userId: id, by: actor.id }, 'two-factor authentication reset by an admin');
    return success(undefined, twoFactorMessages.resetByAdmin);
  });
}
