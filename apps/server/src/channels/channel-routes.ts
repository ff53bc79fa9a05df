// `/api/channel/*` (spec 001 §7 Channels): list, search, get, create, update, delete, batch delete, fix, copy. Admin only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ApiError, badRequest, conflict, notFound } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import { registerChannelModelRoutes } from './channel-model-routes';
import { listChannels, readListRequest } from './channel-listing';
import { presentChannel } from './channel-presenter';
import { channelRepository, newChannelRow, settingsOf, type ChannelPatch } from './channel-repository';
import {
  channelFieldsSchema,
  channelMessages,
  idListSchema,
  newChannelSettings,
  parseChannelInput,
  splitBatchKeys,
  updatedChannelSettings,
  type ChannelSettings,
} from './channel-rules';
import { registerChannelTagRoutes } from './channel-tag-routes';

const idParam = z.object({ id: z.coerce.number({ error: 'invalid channel id' }).int('invalid channel id').positive('invalid channel id') });

const updateIdSchema = z.object({ id: z.coerce.number({ error: channelMessages.idRequired }).int(channelMessages.idRequired).positive(channelMessages.idRequired) });

/** The create body: new-api's `{mode, channel}` envelope, or the channel itself with an optional `mode`. */
function readCreateBody(body: unknown): { mode: string; channel: unknown } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const mode = typeof record.mode === 'string' && record.mode !== '' ? record.mode : 'single';
  const nested = record.channel;
  return { mode, channel: typeof nested === 'object' && nested !== null ? nested : record };
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
export function registerChannelRoutes(app: FastifyInstance, context: AppContext): void {
  const admin = accessFor(context)('admin');
  const repository = channelRepository(context);

  app.get('/api/channel/', admin, async (request) => success(await listChannels(context.db, readListRequest(request.query as Record<string, unknown>))));

  app.get('/api/channel/search', admin, async (request) => success(await listChannels(context.db, readListRequest(request.query as Record<string, unknown>))));

  app.get('/api/channel/:id', admin, async (request) => {
    const { id } = parseChannelInput(idParam, request.params);
    const row = await repository.find(id);
    if (!row) throw notFound(channelMessages.notFound);
    return success(presentChannel(row));
  });

  app.post('/api/channel/', admin, async (request) => {
    const { mode, channel } = readCreateBody(request.body);
    if (mode !== 'single' && mode !== 'batch') throw badRequest(channelMessages.unsupportedMode);
    const settings = newChannelSettings(parseChannelInput(channelFieldsSchema, channel));
    const keys = mode === 'batch' ? splitBatchKeys(settings.key) : [settings.key];
    const created = await repository.create(keys.map((key) => newChannelRow({ ...settings, key })));
    const views = created.map(presentChannel);
    return success(mode === 'batch' ? views : views[0], 'channel created');
  });

  app.put('/api/channel/', admin, async (request) => {
    const { id } = parseChannelInput(updateIdSchema, request.body);
    const input = parseChannelInput(channelFieldsSchema, request.body);
    const row = await repository.find(id);
    if (!row) throw notFound(channelMessages.notFound);
    const before = settingsOf(row);
    const updated = await repository.update(id, changedColumns(before, updatedChannelSettings(before, input)));
    if (!updated) {
      if (!(await repository.find(id))) throw notFound(channelMessages.notFound);
      throw conflict('the channel status changed meanwhile, refresh and retry');
    }
    return success(presentChannel(updated), 'channel updated');
  });

  app.delete('/api/channel/disabled', admin, async () => {
    const count = await repository.deleteDisabled();
    return success(count, `deleted ${count} channels`);
  });

  app.delete('/api/channel/:id', admin, async (request) => {
    const { id } = parseChannelInput(idParam, request.params);
    if ((await repository.delete([id])) === 0) throw notFound(channelMessages.notFound);
    return success(undefined, 'channel deleted');
  });

  app.post('/api/channel/batch', admin, async (request) => {
    const { ids } = parseChannelInput(idListSchema, request.body);
    const count = await repository.delete(ids);
    return success(count, `deleted ${count} channels`);
  });

  app.post('/api/channel/fix', admin, async () => {
    const count = await repository.rebuildAbilities();
    return success(count, `fixed ${count} channels`);
  });

  app.post('/api/channel/copy/:id', admin, async (request) => {
    const { id } = parseChannelInput(idParam, request.params);
    const options = { ...((request.body as Record<string, unknown> | undefined) ?? {}), ...(request.query as Record<string, unknown>) };
    const origin = await repository.find(id);
    if (!origin) throw notFound(channelMessages.notFound);
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
      throw new ApiError(500, channelMessages.copyFailed);
    }
    return success({ id: created.id }, 'channel copied');
  });

  registerChannelTagRoutes(app, context);
  registerChannelModelRoutes(app, context);
}
