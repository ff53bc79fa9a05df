// `GET /api/oauth/email/bind`: the signed-in user binds an address with the code `GET /api/verification` mailed.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, conflict } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { success } from '../http/envelope';
import { criticalLimitPerUser } from '../rate-limit/critical-rate-limit';
import { isEmailTaken, updateUser } from '../users/user-repository';
import { accountPortsFor } from './account-ports';
import { checkEmailAllowed } from './email-rules';
import { emailVerificationKey, registerMessages } from './register-routes';

/** Messages of email binding. */
export const emailBindMessages = {
  fieldsRequired: 'please enter the email address and the verification code',
  bound: 'email bound',
} as const;

/** Registers the email binding route. */
export function registerEmailBindRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerUser(context, 'email-bind');

  app.get('/api/oauth/email/bind', access('user', limit), async (request) => {
    const query = request.query as Record<string, unknown>;
    const email = String(query.email ?? '').trim();
    const code = String(query.code ?? '').trim();
    if (!email || !code) throw badRequest(emailBindMessages.fieldsRequired);
    checkEmailAllowed(context.options, email);
    const user = currentUser(request);
    if (user.email !== email && (await isEmailTaken(context.db, email))) throw conflict(registerMessages.emailTaken);
    if (!(await accountPortsFor(context).verificationCodes.take(emailVerificationKey(email), code))) throw badRequest(registerMessages.codeInvalid);
    await updateUser(context.db, user.id, { email });
    context.caches.users.invalidate(user.id);
    request.log.info({ userId: user.id, previous: user.email !== '' }, 'email bound');
    return success(undefined, emailBindMessages.bound);
  });
}
