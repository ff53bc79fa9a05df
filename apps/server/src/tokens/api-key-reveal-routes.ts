// `POST /api/token/:id/key` and `POST /api/token/batch/keys`: new-api's calls that hand the owner the full key of
// their own tokens. Each reveal writes a management log row on the owner (who, which token, from where).
import { tokenIdParamsSchema } from '@turnpike/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { recordManageLog } from '../logs/log-entries';
import { criticalLimitPerUser } from '../rate-limit/critical-rate-limit';

/** The most keys one batch call reveals (new-api's limit). */
export const maxBatchKeys = 100;

/** Messages of the reveal routes. */
export const revealMessages = {
  notFound: 'token not found',
  noIds: 'please choose at least one token',
  tooMany: `at most ${maxBatchKeys} tokens at once`,
} as const;

const batchSchema = z.object({
  ids: z.array(z.coerce.number().int().positive(), { error: revealMessages.noIds }).min(1, revealMessages.noIds).max(maxBatchKeys, revealMessages.tooMany),
});

/** Registers the key reveal routes (signed-in users, own tokens only, under the critical rate limit). */
export function registerApiKeyRevealRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const db = context.db;

  async function reveal(request: FastifyRequest, ids: readonly number[]): Promise<Array<{ id: number; name: string; key: string }>> {
    const user = currentUser(request);
    const rows = await db
      .selectFrom('tokens')
      .select(['id', 'name', 'key'])
      .where('user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    if (rows.length > 0) {
      const names = rows.map((row) => `${row.name} (#${row.id})`).join(', ');
      await recordManageLog(db, { id: user.id, username: user.username, group: user.group }, `token key revealed: ${names}`, {
        ip: request.ip,
        other: { action: 'token_key_reveal', token_ids: rows.map((row) => Number(row.id)) },
      });
    }
    return rows.map((row) => ({ id: Number(row.id), name: row.name, key: row.key }));
  }

  app.post('/api/token/:id/key', access('user', criticalLimitPerUser(context, 'token-key')), async (request) => {
    const { id } = parseInput(tokenIdParamsSchema, request.params);
    const [row] = await reveal(request, [id]);
    // Another user's token is indistinguishable from a missing one.
    if (!row) throw notFound(revealMessages.notFound);
    return success({ key: row.key });
  });

  app.post('/api/token/batch/keys', access('user', criticalLimitPerUser(context, 'token-key')), async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!Array.isArray(body.ids)) throw badRequest(revealMessages.noIds);
    const { ids } = parseInput(batchSchema, body);
    const rows = await reveal(request, ids);
    return success({ keys: Object.fromEntries(rows.map((row) => [String(row.id), row.key])) });
  });
}
