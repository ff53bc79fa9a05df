// `/api/user/aff`, `/api/user/aff_transfer` and `/api/user/token`: affiliate code and earnings, the system access token.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { generateAffCode } from '../accounts/aff-code';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { accessFor, currentUser, hashAccessToken } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { formatQuota } from '../logs/quota-text';
import { criticalLimitPerUser } from '../rate-limit/critical-rate-limit';
import { randomAlphanumeric } from '../tokens/api-key-generator';
import { transferAffQuota, updateUser } from './user-repository';

const transferSchema = z.object({ quota: z.number('quota must be a number').int('quota must be an integer') });

/** Length of a system access token (about 190 bits from the CSPRNG). */
export const accessTokenLength = 32;

/** Registers the affiliate and access-token routes. */
export function registerUserAffiliateRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  app.get('/api/user/token', access('user', criticalLimitPerUser(context, 'access-token')), async (request) => {
    const user = currentUser(request);
    const token = randomAlphanumeric(accessTokenLength);
    await updateUser(context.db, user.id, { access_token: hashAccessToken(token) });
    // Only the digest is stored: this answer is the one time the token is shown.
    return success(token, 'the access token has been reset');
  });

  app.get('/api/user/aff', access('user'), async (request) => {
    const user = currentUser(request);
    if (user.aff_code) return success(user.aff_code);
    const code = await generateAffCode(context.db);
    await updateUser(context.db, user.id, { aff_code: code });
    return success(code);
  });

  app.post('/api/user/aff_transfer', access('user', criticalLimitPerUser(context, 'aff-transfer')), async (request) => {
    const user = currentUser(request);
    const { quota } = parseInput(transferSchema, request.body);
    const minimum = context.options.number('QuotaPerUnit');
    if (quota < minimum) throw badRequest(`the minimum transfer amount is ${formatQuota(Math.ceil(minimum), context.options)}`);
    if (!(await transferAffQuota(context.db, user.id, quota))) throw badRequest('insufficient affiliate quota');
    return success(undefined, 'transfer successful');
  });
}
