// `POST /api/user/login` and `GET /api/user/logout`: the signed HttpOnly session cookie.
import { Role, UserStatus } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, forbidden } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { clearRefreshCookie, clearSessionCookie, nowSeconds, signInAnswer } from '../sessions/dashboard-sessions';
import { readSessionValue, sessionCookieName } from '../http/session-cookie';
import { revokeSession } from '../sessions/session-store';
import { hasTwoFactor, twoFactorChallenge, twoFactorMessages } from '../two-factor/two-factor-routes';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { findUserForLogin } from '../users/user-repository';
import { verifyPassword } from './password-hashing';
import { accountPortsFor } from './account-ports';
import { turnstileCheck } from './turnstile';

const loginSchema = z.object({ username: z.string().default(''), password: z.string().default('') });

/** The root password new-api's first start sets; logging in with it raises `using_default_password`. */
export const defaultRootPassword = '123456';

/** Messages of login. */
export const loginMessages = {
  passwordLoginDisabled: 'the administrator has disabled password login',
  credentialsRequired: 'please enter username and password',
  wrongCredentials: 'wrong username or password',
  banned: 'this user has been banned',
} as const;

/** Registers login and logout. */
export function registerSessionRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const botCheck = turnstileCheck(context.options, () => accountPortsFor(context).turnstile);

  app.post('/api/user/login', access('public', limit, botCheck), async (request, reply) => {
    if (!context.options.bool('PasswordLoginEnabled')) throw forbidden(loginMessages.passwordLoginDisabled);
    const input = parseInput(loginSchema, request.body);
    // Usernames are stored NFC-normalized; the same name typed in another normal form still signs in.
    const identifier = input.username.trim().normalize('NFC');
    if (!identifier || !input.password) throw badRequest(loginMessages.credentialsRequired);
    const user = await findUserForLogin(context.db, identifier);
    const matches = await verifyPassword(input.password, user?.password);
    if (!user || !matches) throw badRequest(loginMessages.wrongCredentials);
    if (user.status !== UserStatus.Enabled) throw forbidden(loginMessages.banned);
    const usingDefaultPassword = user.role >= Role.Root && input.password === defaultRootPassword;
    // With two-factor on, the password only opens a 5-minute flow; POST /api/user/login/2fa finishes the sign-in.
    if (await hasTwoFactor(context, user.id)) return success(await twoFactorChallenge(context, user), twoFactorMessages.enterCode);
    const answer = await signInAnswer(context, request, reply, user, 'password');
    return success({ ...answer, using_default_password: usingDefaultPassword }, 'login successful');
  });

  app.get('/api/user/logout', access('public'), async (request, reply) => {
    // The cookie's session record ends here, so a replayed cookie (or an access token of that session) no longer works.
    const claims = readSessionValue(request.cookies[sessionCookieName], context.config.sessionSecret);
    if (claims?.session) await revokeSession(context.db, claims.userId, claims.session.sid, 'logout', nowSeconds());
    clearSessionCookie(request, reply);
    clearRefreshCookie(request, reply);
    return success(undefined, 'logged out');
  });
}
