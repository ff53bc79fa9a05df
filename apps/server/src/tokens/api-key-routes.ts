// `/api/token/*`: a user's API tokens (spec 001 §7 Tokens). Users see and touch only their own.
import { normaliseModelList, problem, tokenCreateSchema, tokenIdParamsSchema, tokenUpdateSchema, TokenStatus } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { insertWithId } from '../db/insert-with-id';
import { likeContains } from '../db/like-pattern';
import type { ApiKeyRow } from '../db/schema';
import { canUseGroup } from '../groups/group-policy';
import { badRequest, notFound, problemError } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { generateApiKey, randomAlphanumeric } from './api-key-generator';
import { effectiveStatus, enableRefusal } from './api-key-rules';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The token as the console sees it: flags as booleans, the status it has right now. */
function present(row: ApiKeyRow): Record<string, unknown> {
  const { deleted_at: _deleted, ...rest } = row;
  return {
    ...rest,
    status: effectiveStatus(row, nowSeconds()),
    unlimited_quota: row.unlimited_quota === 1,
    model_limits_enabled: row.model_limits_enabled === 1,
  };
}

/** Registers the token routes. */
export function registerApiKeyRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = zodRoutes(fastify);
  const signedIn = accessFor(context)('user');
  const db = context.db;
  const owned = (userId: number) => db.selectFrom('tokens').where('user_id', '=', userId).where('deleted_at', 'is', null);

  async function findOwned(userId: number, id: number): Promise<ApiKeyRow> {
    const row = await owned(userId).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('token not found');
    return row;
  }

  async function listPage(userId: number, query: Record<string, unknown>, filter?: { keyword: string; key: string }) {
    const { page, pageSize, offset } = readPaging(query, query.size !== undefined ? 'size' : 'page_size');
    let base = owned(userId);
    if (filter?.keyword) base = base.where(likeContains('name', filter.keyword));
    if (filter?.key) base = base.where('key', '=', filter.key.replace(/^sk-/, ''));
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return success({ items: items.map(present), total: Number(total.count), page, page_size: pageSize });
  }

  app.get('/api/token/', signedIn, async (request) => listPage(currentUser(request).id, request.query as Record<string, unknown>));

  app.get('/api/token/search', signedIn, async (request) => {
    const query = request.query as Record<string, unknown>;
    return listPage(currentUser(request).id, query, { keyword: String(query.keyword ?? '').trim(), key: String(query.token ?? '').trim() });
  });

  app.get('/api/token/:id', { ...signedIn, ...validated({ params: tokenIdParamsSchema }) }, async (request) => {
    return success(present(await findOwned(currentUser(request).id, request.params.id)));
  });

  app.post('/api/token/', { ...signedIn, ...validated({ body: tokenCreateSchema }) }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    if (input.group && !canUseGroup(context.options, user.group, input.group)) throw badRequest(`group ${input.group} is not available to this user`);
    const now = nowSeconds();
    if (input.expired_time !== -1 && input.expired_time <= now) throw badRequest('the expiry time must be in the future');
    const created: Array<Record<string, unknown>> = [];
    for (let index = 0; index < input.count; index += 1) {
      const values = {
        user_id: user.id,
        key: generateApiKey(),
        name: index === 0 ? input.name : `${input.name}-${randomAlphanumeric(6)}`,
        status: TokenStatus.Enabled,
        created_time: now,
        accessed_time: now,
        expired_time: input.expired_time,
        remain_quota: input.remain_quota,
        unlimited_quota: input.unlimited_quota ? 1 : 0,
        used_quota: 0,
        model_limits_enabled: input.model_limits_enabled ? 1 : 0,
        model_limits: normaliseModelList(input.model_limits),
        allow_ips: input.allow_ips.trim(),
        group: input.group,
        deleted_at: null,
      };
      const id = await insertWithId(context.database, 'tokens', values);
      created.push(present({ ...values, id }));
    }
    return success(input.count === 1 ? created[0] : created, 'token created');
  });

  app.put('/api/token/', { ...signedIn, ...validated({ body: tokenUpdateSchema }) }, async (request) => {
    const user = currentUser(request);
    const statusOnly = String((request.query as Record<string, unknown>).status_only ?? '') === 'true';
    const input = request.body;
    const row = await findOwned(user.id, input.id);
    const now = nowSeconds();
    if (statusOnly) {
      if (input.status === undefined) throw problemError(problem('status_required'));
      if (input.status === TokenStatus.Enabled) {
        const refusal = enableRefusal(row, now);
        if (refusal) throw badRequest(refusal);
      }
      await db.updateTable('tokens').set({ status: input.status }).where('id', '=', row.id).execute();
      context.caches.apiKeys.invalidate(row.key);
      return success(present({ ...row, status: input.status }), 'token updated');
    }
    const next = {
      name: input.name ?? row.name,
      remain_quota: input.remain_quota ?? row.remain_quota,
      expired_time: input.expired_time ?? row.expired_time,
      unlimited_quota: input.unlimited_quota === undefined ? row.unlimited_quota : input.unlimited_quota ? 1 : 0,
      model_limits_enabled: input.model_limits_enabled === undefined ? row.model_limits_enabled : input.model_limits_enabled ? 1 : 0,
      model_limits: input.model_limits === undefined ? row.model_limits : normaliseModelList(input.model_limits),
      allow_ips: input.allow_ips === undefined ? row.allow_ips : input.allow_ips.trim(),
      group: input.group ?? row.group,
    };
    if (!next.name) throw badRequest('please enter a token name');
    if (next.group && next.group !== row.group && !canUseGroup(context.options, user.group, next.group)) {
      throw badRequest(`group ${next.group} is not available to this user`);
    }
    // An expired or exhausted token whose limits were lifted becomes usable again.
    let status = row.status;
    if (status === TokenStatus.Expired || status === TokenStatus.Exhausted) {
      if (enableRefusal(next, now) === null) status = TokenStatus.Enabled;
    }
    await db.updateTable('tokens').set({ ...next, status }).where('id', '=', row.id).execute();
    context.caches.apiKeys.invalidate(row.key);
    return success(present({ ...row, ...next, status }), 'token updated');
  });

  app.delete('/api/token/:id', { ...signedIn, ...validated({ params: tokenIdParamsSchema }) }, async (request) => {
    const row = await findOwned(currentUser(request).id, request.params.id);
    await db.updateTable('tokens').set({ deleted_at: nowSeconds() }).where('id', '=', row.id).execute();
    context.caches.apiKeys.invalidate(row.key);
    return success(undefined, 'token deleted');
  });
}
