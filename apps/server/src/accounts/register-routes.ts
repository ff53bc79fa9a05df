// `POST /api/user/register` and `GET /api/verification`: password sign-up with optional email verification and invitation.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, tooManyRequests } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { isEmailTaken, isUsernameTaken } from '../users/user-repository';
import { accountPortsFor } from './account-ports';
import { checkPassword, checkUsername } from './account-rules';
import { checkEmailAllowed } from './email-rules';
import { verificationMail } from './mail-templates';
import { requireSmtp } from './mailer';
import { turnstileCheck } from './turnstile';
import { createAccount, usernameTakenMessage } from './user-creation';
import { verificationCodeRules } from './verification-code-store';

const registerSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  password2: z.string().optional(),
  email: z.string().default(''),
  verification_code: z.string().default(''),
  aff_code: z.string().default(''),
});

/** Messages of registration and verification. */
export const registerMessages = {
  registerDisabled: 'the administrator has disabled new user registration',
  passwordRegisterDisabled: 'the administrator has disabled registration with a password; please register with a third-party account',
  credentialsRequired: 'username and password cannot be empty',
  passwordsDiffer: 'the two passwords do not match',
  emailRequired: 'the administrator has enabled email verification; please enter the email address and the verification code',
  codeInvalid: 'the verification code is wrong or has expired',
  emailRequiredForCode: 'please enter an email address',
  emailTaken: 'this email address is already in use',
} as const;

/** The store key of a registration code for an address. */
export const emailVerificationKey = (email: string): string => `email-verification:${email.trim().toLowerCase()}`;

/** Registers the sign-up routes. */
export function registerSignUpRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const options = context.options;
  const ports = () => accountPortsFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const botCheck = turnstileCheck(options, () => ports().turnstile);

  app.get('/api/verification', access('public', limit, botCheck), async (request) => {
    const email = String((request.query as Record<string, unknown>).email ?? '').trim();
    if (!email) throw badRequest(registerMessages.emailRequiredForCode);
    checkEmailAllowed(options, email);
    requireSmtp(options);
    if (await isEmailTaken(context.db, email)) throw conflict(registerMessages.emailTaken);
    const key = emailVerificationKey(email);
    const issued = await ports().verificationCodes.issue(key);
    if (!issued.issued) throw tooManyRequests(`please wait ${issued.waitSeconds} seconds before requesting another code`);
    const systemName = options.string('SystemName') || 'Turnpike';
    try {
      await ports().mailer.send(verificationMail(systemName, email, issued.code, verificationCodeRules.validSeconds / 60));
    } catch (error) {
      await ports().verificationCodes.revoke(key);
      throw error;
    }
    return success(undefined, 'the verification code has been sent');
  });

  app.post('/api/user/register', access('public', limit, botCheck), async (request) => {
    if (!options.bool('RegisterEnabled')) throw forbidden(registerMessages.registerDisabled);
    if (!options.bool('PasswordRegisterEnabled')) throw forbidden(registerMessages.passwordRegisterDisabled);
    const input = parseInput(registerSchema, request.body);
    if (!input.username.trim() || !input.password) throw badRequest(registerMessages.credentialsRequired);
    const username = checkUsername(input.username);
    checkPassword(input.password);
    // new-api never read password2; scripts written for it omit the field, so it is checked only when sent.
    if (input.password2 !== undefined && input.password2 !== input.password) throw badRequest(registerMessages.passwordsDiffer);
    let email = '';
    if (options.bool('EmailVerificationEnabled')) {
      email = input.email.trim();
      if (!email || !input.verification_code.trim()) throw badRequest(registerMessages.emailRequired);
      if (!(await ports().verificationCodes.verify(emailVerificationKey(email), input.verification_code))) throw badRequest(registerMessages.codeInvalid);
      if (await isEmailTaken(context.db, email)) throw conflict(registerMessages.emailTaken);
    }
    if (await isUsernameTaken(context.db, username)) throw conflict(usernameTakenMessage);
    await createAccount(context, { username, password: input.password, email, inviterAffCode: input.aff_code.trim() || undefined });
    if (email) await ports().verificationCodes.consume(emailVerificationKey(email));
    return success(undefined, 'registration successful');
  });
}
