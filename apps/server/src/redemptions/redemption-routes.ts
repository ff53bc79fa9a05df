// `/api/redemption/*` (admin) and `POST /api/user/topup` (redeem a code exactly once).
import crypto from 'node:crypto';
import { LogType, problem, redeemSchema, redemptionCreateSchema, redemptionIdParamsSchema, redemptionUpdateSchema, RedemptionStatus } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { insertWithId } from '../db/insert-with-id';
import { likeContains } from '../db/like-pattern';
import type { RedemptionRow } from '../db/schema';
import { badRequest, notFound, problemError } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { formatQuota } from '../logs/quota-text';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function present(row: RedemptionRow): Omit<RedemptionRow, 'deleted_at'> {
  const { deleted_at: _deleted, ...rest } = row;
  return rest;
}

/** A new redemption code: 32 hex characters from the CSPRNG. */
function generateRedemptionKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Registers the redemption routes. */
export function registerRedemptionRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = zodRoutes(fastify);
  const access = accessFor(context);
  const admin = access('admin');
  const db = context.db;
  const live = () => db.selectFrom('redemptions').where('deleted_at', 'is', null);

  async function findLive(id: number): Promise<RedemptionRow> {
    const row = await live().selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('redemption code not found');
    return row;
  }

  async function listPage(query: Record<string, unknown>, keyword = '') {
    const { page, pageSize, offset } = readPaging(query);
    let base = live();
    if (keyword) {
      const id = /^\d+$/.test(keyword) ? Number(keyword) : -1;
      base = base.where((eb) => eb.or([eb('id', '=', id), likeContains('name', keyword)]));
    }
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return success({ items: items.map(present), total: Number(total.count), page, page_size: pageSize });
  }

  app.get('/api/redemption/', admin, async (request) => listPage(request.query as Record<string, unknown>));

  app.get('/api/redemption/search', admin, async (request) => {
    const query = request.query as Record<string, unknown>;
    return listPage(query, String(query.keyword ?? '').trim());
  });

  app.get('/api/redemption/:id', { ...admin, ...validated({ params: redemptionIdParamsSchema }) }, async (request) => success(present(await findLive(request.params.id))));

  app.post('/api/redemption/', { ...admin, ...validated({ body: redemptionCreateSchema }) }, async (request) => {
    const input = request.body;
    const creator = currentUser(request);
    const now = nowSeconds();
    if (input.expired_time !== 0 && input.expired_time <= now) throw badRequest('the expiry time must be in the future');
    const keys: string[] = [];
    for (let index = 0; index < input.count; index += 1) {
      const key = generateRedemptionKey();
      await insertWithId(context.database, 'redemptions', {
        user_id: creator.id,
        key,
        status: RedemptionStatus.Unused,
        name: input.name,
        quota: input.quota,
        created_time: now,
        redeemed_time: 0,
        used_user_id: 0,
        expired_time: input.expired_time,
        deleted_at: null,
      });
      keys.push(key);
    }
    return success(keys, 'redemption code created');
  });

  app.put('/api/redemption/', { ...admin, ...validated({ body: redemptionUpdateSchema }) }, async (request) => {
    const statusOnly = String((request.query as Record<string, unknown>).status_only ?? '') === 'true';
    const input = request.body;
    const row = await findLive(input.id);
    if (statusOnly) {
      if (input.status === undefined) throw problemError(problem('status_required'));
      if (row.status === RedemptionStatus.Used) throw badRequest('a used redemption code cannot be enabled or disabled');
      await db.updateTable('redemptions').set({ status: input.status }).where('id', '=', row.id).execute();
      return success(present({ ...row, status: input.status }), 'redemption code updated');
    }
    if (row.status !== RedemptionStatus.Unused) throw badRequest('only an unused redemption code can be edited');
    const next = { name: input.name ?? row.name, quota: input.quota ?? row.quota, expired_time: input.expired_time ?? row.expired_time };
    const updated = await db
      .updateTable('redemptions')
      .set(next)
      .where('id', '=', row.id)
      .where('status', '=', RedemptionStatus.Unused)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw badRequest('only an unused redemption code can be edited');
    return success(present({ ...row, ...next }), 'redemption code updated');
  });

  // new-api's "clear invalid codes": used, disabled, and unused ones past their expiry; answers how many went.
  app.delete('/api/redemption/invalid', admin, async () => {
    const now = nowSeconds();
    const result = await db
      .updateTable('redemptions')
      .set({ deleted_at: now })
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('status', 'in', [RedemptionStatus.Used, RedemptionStatus.Disabled]),
          eb.and([eb('status', '=', RedemptionStatus.Unused), eb('expired_time', '<>', 0), eb('expired_time', '<', now)]),
        ]),
      )
      .executeTakeFirst();
    return success(Number(result.numUpdatedRows));
  });

  app.delete('/api/redemption/:id', { ...admin, ...validated({ params: redemptionIdParamsSchema }) }, async (request) => {
    const row = await findLive(request.params.id);
    await db.updateTable('redemptions').set({ deleted_at: nowSeconds() }).where('id', '=', row.id).execute();
    return success(undefined, 'redemption code deleted');
  });

  app.post('/api/user/topup', { ...access('user'), ...validated({ body: redeemSchema }) }, async (request) => {
    const { key } = request.body;
    const user = currentUser(request);
    const now = nowSeconds();
    const quota = await db.transaction().execute(async (transaction) => {
      const code = await transaction.selectFrom('redemptions').selectAll().where('key', '=', key).where('deleted_at', 'is', null).executeTakeFirst();
      if (!code || code.status === RedemptionStatus.Disabled) throw badRequest('invalid redemption code');
      if (code.status === RedemptionStatus.Used) throw badRequest('this redemption code has already been used');
      if (code.expired_time !== 0 && code.expired_time <= now) throw badRequest('this redemption code has expired');
      // The status condition makes the claim atomic: of two simultaneous redeems only one updates the row.
      const claimed = await transaction
        .updateTable('redemptions')
        .set({ status: RedemptionStatus.Used, used_user_id: user.id, redeemed_time: now })
        .where('id', '=', code.id)
        .where('status', '=', RedemptionStatus.Unused)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw badRequest('this redemption code has already been used');
      await transaction.updateTable('users').set((eb) => ({ quota: eb('quota', '+', code.quota) })).where('id', '=', user.id).execute();
      await transaction
        .insertInto('logs')
        .values({
          user_id: user.id,
          created_at: now,
          type: LogType.Topup,
          content: `redeemed a code worth ${formatQuota(code.quota, context.options)}, code id ${code.id}`,
          username: user.username,
          token_name: '',
          token_id: 0,
          model_name: '',
          quota: code.quota,
          prompt_tokens: 0,
          completion_tokens: 0,
          use_time: 0,
          is_stream: 0,
          channel_id: 0,
          channel_name: '',
          group: user.group,
          ip: request.ip,
          request_id: '',
          other: '{}',
        })
        .execute();
      return code.quota;
    });
    return success(quota, 'redeem succeeded');
  });
}
