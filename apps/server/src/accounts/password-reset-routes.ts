// `GET /api/reset_password` mails a one-time reset link; `POST /api/user/reset` spends it and returns a new password.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, tooManyRequests } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { randomAlphanumeric } from '../tokens/api-key-generator';
import { findLiveUserByEmail, updateUser } from '../users/user-repository';
import { accountPortsFor } from './account-ports';
import { isEmailAddress } from './email-rules';
import { passwordResetLink, passwordResetMail } from './mail-templates';
import { requireSmtp } from './mailer';
import { hashPassword } from './password-hashing';
import { registerMessages } from './register-routes';
import { turnstileCheck } from './turnstile';
import { resetTokenRules } from './verification-code-store';
import { endAllSessions } from '../sessions/dashboard-sessions';

/** Messages of the password reset. */
export const resetMessages = {
  invalidEmail: 'invalid email address',
  serverAddressMissing: 'the administrator must set the server address first: the reset link points to it',
  // One answer whether or not an account uses the address, so the route does not reveal who is registered.
  sent: 'if an account uses this address, a password reset link has been sent to it',
  fieldsRequired: 'the reset link is incomplete: the email address and the token are required',
  linkInvalid: 'the reset link is invalid or has expired',
  done: 'the password has been reset',
} as const;

/** Length of the generated password (within the 8–20 password rule). */
export const resetPasswordLength = 12;

/** The store key of a reset token for an address. */
export const passwordResetKey = (email: string): string => `password-reset:${email.trim().toLowerCase()}`;

const resetBody = z.object({ email: z.string().default(''), token: z.string().default('') });

/** Registers the password reset routes. */
export function registerPasswordResetRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const options = context.options;
  const ports = () => accountPortsFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const botCheck = turnstileCheck(options, () => ports().turnstile);

  app.get('/api/reset_password', access('public', limit, botCheck), async (request) => {
    const email = String((request.query as Record<string, unknown>).email ?? '').trim();
    if (!email) throw badRequest(registerMessages.emailRequiredForCode);
    if (!isEmailAddress(email)) throw badRequest(resetMessages.invalidEmail);
    requireSmtp(options);
    // Never the request's Host: a forged one would mail the victim a link to the attacker's site.
    const serverAddress = options.string('ServerAddress').trim();
    if (!serverAddress) throw badRequest(resetMessages.serverAddressMissing);
    // The lock is taken for every address, registered or not, so its answers do not tell them apart either.
    const issued = await ports().resetTokens.issue(passwordResetKey(email));
    if (!issued.issued) throw tooManyRequests(`please wait ${issued.waitSeconds} seconds before requesting another link`);
    const user = await findLiveUserByEmail(context.db, email);
    if (user) {
      // Sent after the answer, so its duration does not reveal the address either; a failure goes to the log.
      const mail = passwordResetMail(options.string('SystemName') || 'Turnpike', email, passwordResetLink(serverAddress, email, issued.code), resetTokenRules.validSeconds / 60);
      void ports()
        .mailer.send(mail)
        .catch((error: unknown) => request.log.error({ err: error, userId: user.id }, 'password reset mail not sent'));
    }
    return success(undefined, resetMessages.sent);
  });

  app.post('/api/user/reset', access('public', limit), async (request) => {
    const input = parseInput(resetBody, request.body);
    const email = input.email.trim();
    const token = input.token.trim();
    if (!email || !token) throw badRequest(resetMessages.fieldsRequired);
    if (!(await ports().resetTokens.take(passwordResetKey(email), token))) throw badRequest(resetMessages.linkInvalid);
    const user = await findLiveUserByEmail(context.db, email);
    if (!user) throw badRequest(resetMessages.linkInvalid);
    const password = randomAlphanumeric(resetPasswordLength);
    // Every session of the account ends: whoever asked for the reset signs in again with the new password.
    await updateUser(context.db, user.id, { password: await hashPassword(password) });
    await endAllSessions(context, user.id, 'password_changed');
    context.caches.users.invalidate(user.id);
    request.log.info({ userId: user.id }, 'password reset by mail');
    return success(password, resetMessages.done);
  });
}
