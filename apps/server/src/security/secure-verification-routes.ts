// Secure verification (new-api-contracts.md §5): a fresh 2FA code earns a 5-minute proof (the passkey way is
// /api/user/passkey/verify/*), and revealing a channel key needs such a proof. The reveal is written to the log.
import { passkeyMessages } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { channelRouteMessages } from '../channels/channel-routes';
import type { AppContext } from '../context';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { recordManageLog, recordSystemLog } from '../logs/log-entries';
import { browserSession, readScope } from '../passkeys/passkey-routes';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { nowSeconds } from '../sessions/dashboard-sessions';
import { checkSecondFactor, hasTwoFactor, twoFactorMessages } from '../two-factor/two-factor-routes';
import { requireSecurityProof, signSecurityProof } from './security-proof';

const verifySchema = z.object({ method: z.string().default(''), code: z.string().default(''), scope: z.string().default('') });

/** Registers POST /api/verify and POST /api/channel/:id/key. */
export function registerSecureVerificationRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const secret = context.config.sessionSecret;

  app.post('/api/verify', access('user', limit), async (request) => {
    const user = currentUser(request);
    const session = browserSession(request);
    const input = parseInput(verifySchema, request.body);
    // The classic console confirms a finished passkey verification here; the proof already came from verify/finish.
    if (input.method === 'passkey') throw badRequest(passkeyMessages.passkeyNeedsFlow);
    const scope = readScope(input.scope);
    if (!(await hasTwoFactor(context, user.id))) throw badRequest(passkeyMessages.twoFactorNotEnabled);
    if (!input.code.trim()) throw badRequest(passkeyMessages.codeRequired);
    try {
      await checkSecondFactor(context, user.id, input.code, true);
    } catch (error) {
      if (error instanceof ApiError && error.message === twoFactorMessages.wrongCode) throw badRequest(passkeyMessages.codeWrong);
      throw error;
    }
    const now = nowSeconds();
    const proof = await signSecurityProof(secret, { user, session }, '2fa', scope, now);
    await recordSystemLog(context.db, { id: user.id, username: user.username, group: user.group }, '通用安全验证成功 (验证方式: 2FA)', { ip: request.ip });
    return success({ proof_token: proof.token, expires_at: proof.expiresAt, method: '2fa', scope }, passkeyMessages.verifySucceeded);
  });

  app.post('/api/channel/:id/key', access('root', limit), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = currentUser(request);
    await requireSecurityProof(secret, request, 'channel.key.read', ['2fa', 'passkey'], nowSeconds());
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('id: invalid channel id');
    const channel = await context.db.selectFrom('channels').select(['id', 'name', 'key']).where('id', '=', id).executeTakeFirst();
    if (!channel) throw notFound(channelRouteMessages.notFound);
    await recordManageLog(context.db, { id: user.id, username: user.username, group: user.group }, `查看渠道密钥：${channel.name} (#${channel.id})`, {
      ip: request.ip,
      other: { action: 'channel.key_view', channel_id: channel.id },
    });
    return success({ key: channel.key }, passkeyMessages.keyRevealed);
  });
}
