// `/api/channel/*` (spec 001 §7 Channels): list, search, get, create, update, delete, batch delete, fix, copy. Admin only.
import {
  channelCreateSchema,
  channelFieldsSchema,
  channelIdListSchema,
  channelIdParamsSchema,
  channelUpdateIdSchema,
  newChannelSettings,
  splitBatchKeys,
  updatedChannelSettings,
  type ChannelSettings,
  type Checked,
} from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, conflict, notFound, problemError } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { registerChannelModelRoutes } from './channel-model-routes';
import { listChannels, readListRequest } from './channel-listing';
import { presentChannel } from './channel-presenter';
import { channelRepository, newChannelRow, settingsOf, type ChannelPatch } from './channel-repository';
import { registerChannelTagRoutes } from './channel-tag-routes';

/** Messages of the channel routes that no input rule gives. */
export const channelRouteMessages = {
  notFound: 'channel not found, refresh and retry',
  copyFailed: 'channel copy failed',
} as const;

/** The update body: the id first (its problem is reported before any field's), then the fields. */
const channelUpdateSchema = channelUpdateIdSchema.extend(channelFieldsSchema.shape);

/** The value of a whole-channel check, or its problem as a 400. */
function settingsOrThrow(checked: Checked<ChannelSettings>): ChannelSettings {
  if (!checked.ok) throw problemError(checked.problem);
  return checked.value;
}

/** The columns whose value differs between two settings. */
function changedColumns(before: ChannelSettings, after: ChannelSettings): ChannelPatch {
  const patch: Record<string, unknown> = {};
  for (const column of Object.keys(after) as Array<keyof ChannelSettings>) {
    if (after[column] !== before[column]) patch[column] = after[column];
  }
  return patch as ChannelPatch;
}

function readBoolean(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  return fallback;
}

/** Registers the channel routes (and the tag and model routes under `/api/channel`). */
export function registerChannelRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = zodRoutes(fastify);
  const admin = accessFor(context)('admin');
  const repository = channelRepository(context);

  app.get('/api/channel/', admin, async (request) => success(await listChannels(context.db, readListRequest(request.query as Record<string, unknown>))));

  app.get('/api/channel/search', admin, async (request) => success(await listChannels(context.db, readListRequest(request.query as Record<string, unknown>))));

  app.get('/api/channel/:id', { ...admin, ...validated({ params: channelIdParamsSchema }) }, async (request) => {
    const row = await repository.find(request.params.id);
    if (!row) throw notFound(channelRouteMessages.notFound);
    return success(presentChannel(row));
  });

  app.post('/api/channel/', { ...admin, ...validated({ body: channelCreateSchema }) }, async (request) => {
    const { mode, channel } = request.body;
    const settings = settingsOrThrow(newChannelSettings(channel));
    const keys = mode === 'batch' ? splitBatchKeys(settings.key) : [settings.key];
    const created = await repository.create(keys.map((key) => newChannelRow({ ...settings, key })));
    const views = created.map(presentChannel);
    return success(mode === 'batch' ? views : views[0], 'channel created');
  });

  app.put('/api/channel/', { ...admin, ...validated({ body: channelUpdateSchema }) }, async (request) => {
    const { id, ...input } = request.body;
    const row = await repository.find(id);
    if (!row) throw notFound(channelRouteMessages.notFound);
    const before = settingsOf(row);
    const updated = await repository.update(id, changedColumns(before, settingsOrThrow(updatedChannelSettings(before, input))));
    if (!updated) {
      if (!(await repository.find(id))) throw notFound(channelRouteMessages.notFound);
      throw conflict('the channel status changed meanwhile, refresh and retry');
    }
    return success(presentChannel(updated), 'channel updated');
  });

  app.delete('/api/channel/disabled', admin, async () => {
    const count = await repository.deleteDisabled();
    return success(count, `deleted ${count} channels`);
  });

  app.delete('/api/channel/:id', { ...admin, ...validated({ params: channelIdParamsSchema }) }, async (request) => {
    if ((await repository.delete([request.params.id])) === 0) throw notFound(channelRouteMessages.notFound);
    return success(undefined, 'channel deleted');
  });

  app.post('/api/channel/batch', { ...admin, ...validated({ body: channelIdListSchema }) }, async (request) => {
    const count = await repository.delete(request.body.ids);
    return success(count, `deleted ${count} channels`);
  });

  app.post('/api/channel/fix', admin, async () => {
    const count = await repository.rebuildAbilities();
    return success(count, `fixed ${count} channels`);
  });

  app.post('/api/channel/copy/:id', { ...admin, ...validated({ params: channelIdParamsSchema }) }, async (request) => {
    const { id } = request.params;
    const options = { ...((request.body as Record<string, unknown> | undefined) ?? {}), ...(request.query as Record<string, unknown>) };
    const origin = await repository.find(id);
    if (!origin) throw notFound(channelRouteMessages.notFound);
    const suffix = typeof options.suffix === 'string' ? options.suffix : '_copy';
    const resetBalance = readBoolean(options.reset_balance, true);
    const name = (origin.name + suffix).slice(0, 255);
    const copy = {
      ...newChannelRow({ ...settingsOf(origin), name }),
      other_info: origin.other_info ?? '',
      balance: resetBalance ? 0 : origin.balance,
      balance_updated_time: resetBalance ? 0 : origin.balance_updated_time,
      used_quota: resetBalance ? 0 : origin.used_quota,
    };
    let created;
    try {
      [created] = await repository.create([copy]);
    } catch (error) {
      request.log.error({ err: error, channelId: id }, 'channel copy failed');
      throw new ApiError(500, channelRouteMessages.copyFailed);
    }
    return success({ id: created.id }, 'channel copied');
  });

  registerChannelTagRoutes(fastify, context);
  registerChannelModelRoutes(fastify, context);
}
