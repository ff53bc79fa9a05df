// `/api/channel/test*`, `/api/channel/fetch_models*`, `/api/channel/update_balance*` and the periodic channel test job.
import { ChannelStatus } from '@turnpike/contract';
import { isProviderType } from '@turnpike/providers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { channelRepository } from './channel-repository';
import type { AppServices } from '../app-services';
import type { AppContext } from '../context';
import type { ChannelRow } from '../db/schema';
import { badRequest, notFound } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { autoDisableChannel, shouldAutoDisable } from '../relay/channel-health';
import { adaptorChannel, fetchUpstreamBalance, fetchUpstreamModels, testChannel, testModelOf, type ChannelTestResult } from '../relay/channel-probe';
import type { RelayServices } from '../relay/relay-services';

const idParam = z.object({ id: z.coerce.number().int().positive('invalid channel id') });
const fetchModelsBody = z.object({
  type: z.coerce.number().int().refine(isProviderType, 'unsupported channel type'),
  key: z.string().trim().min(1, 'please enter the key'),
  base_url: z.string().trim().default(''),
});

/** Tests a channel and applies the health rules: disable on a refused key or a too-slow answer, re-enable status 3 on success. */
export async function runChannelTest(services: RelayServices, row: ChannelRow, requestedModel?: string): Promise<ChannelTestResult> {
  const { context } = services;
  const result = await testChannel(services.upstream, services.credentials, context.options, row, testModelOf(row, requestedModel));
  const now = Math.floor(Date.now() / 1000);
  await context.db.updateTable('channels').set({ test_time: now, response_time: result.ok ? result.elapsedMs : row.response_time }).where('id', '=', row.id).execute();
  const thresholdMs = context.options.number('ChannelDisableThreshold') * 1000;
  const tooSlow = result.ok && thresholdMs > 0 && result.elapsedMs > thresholdMs;
  if (row.status === ChannelStatus.Enabled) {
    const failure = { status: result.status, message: result.message, body: null };
    if (!result.ok && shouldAutoDisable(context, { autoBan: row.auto_ban === 1, type: row.type }, failure)) await autoDisableChannel(context, row.id, result.message);
    else if (tooSlow && context.options.bool('AutomaticDisableChannelEnabled') && row.auto_ban === 1) {
      await autoDisableChannel(context, row.id, `response time ${(result.elapsedMs / 1000).toFixed(2)} s exceeds the threshold of ${thresholdMs / 1000} s`);
    }
  } else if (row.status === ChannelStatus.AutoDisabled && result.ok && !tooSlow && context.options.bool('AutomaticEnableChannelEnabled')) {
    if (await channelRepository(context).markAutoEnabled(row.id)) {
      context.log.info({ channelId: row.id }, 'channel enabled again by its test');
      context.metrics?.channelStatusChanged(row.id, 'auto_enabled');
    }
  }
  return result;
}

let testAllRunning: Promise<void> | null = null;

/** Tests every channel that is enabled or automatically disabled, a few at a time; one run at a time per instance. */
export function testAllChannels(services: RelayServices): Promise<void> {
  testAllRunning ??= (async () => {
    const rows = await services.context.db.selectFrom('channels').selectAll().where('status', 'in', [ChannelStatus.Enabled, ChannelStatus.AutoDisabled]).execute();
    const queue = [...rows];
    const worker = async (): Promise<void> => {
      for (let row = queue.shift(); row; row = queue.shift()) await runChannelTest(services, row).catch((error: unknown) => services.context.log.warn({ err: error, channelId: row?.id }, 'channel test failed'));
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  })().finally(() => {
    testAllRunning = null;
  });
  return testAllRunning;
}

/** Registers the probe routes and the periodic test (every CHANNEL_TEST_FREQUENCY minutes, default 10, when auto-enable or auto-disable is on; once across the fleet). */
export function registerChannelProbeRoutes(app: FastifyInstance, { relay: services }: Pick<AppServices, 'relay'>): void {
  const { context } = services;
  const access = accessFor(context);
  const findRow = async (id: number): Promise<ChannelRow> => {
    const row = await context.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('channel not found, refresh and retry');
    return row;
  };

  app.get('/api/channel/test', access('admin'), async () => {
    void testAllChannels(services);
    return success(undefined, 'channel tests started; refresh the list to see the results');
  });

  app.get('/api/channel/test/:id', access('admin'), async (request, reply) => {
    const row = await findRow(parseInput(idParam, request.params).id);
    const model = (request.query as Record<string, unknown>).model;
    const result = await runChannelTest(services, row, typeof model === 'string' ? model : undefined);
    // The spec's answer: success, message and the round-trip time in seconds, at the top level.
    return reply.send({ success: result.ok, message: result.ok ? 'test succeeded' : result.message, time: result.elapsedMs / 1000 });
  });

  app.get('/api/channel/fetch_models/:id', access('admin'), async (request) => {
    const row = await findRow(parseInput(idParam, request.params).id);
    const result = await fetchUpstreamModels(services.upstream, adaptorChannel(row));
    if (!result.ok) throw badRequest(result.message);
    return success(result.models);
  });

  app.post('/api/channel/fetch_models', access('admin'), async (request) => {
    const input = parseInput(fetchModelsBody, request.body);
    const result = await fetchUpstreamModels(services.upstream, adaptorChannel({ type: input.type, key: input.key.split('\n')[0].trim(), base_url: input.base_url, openai_organization: '', other: '' }));
    if (!result.ok) throw badRequest(result.message);
    return success(result.models);
  });

  const updateBalance = async (row: ChannelRow) => {
    const result = await fetchUpstreamBalance(services.upstream, adaptorChannel(row));
    if (result.ok) {
      await context.db.updateTable('channels').set({ balance: result.balance, balance_updated_time: Math.floor(Date.now() / 1000) }).where('id', '=', row.id).execute();
    }
    return result;
  };

  app.get('/api/channel/update_balance/:id', access('admin'), async (request, reply) => {
    const result = await updateBalance(await findRow(parseInput(idParam, request.params).id));
    if (!result.ok) throw badRequest(result.message);
    return reply.send({ success: true, message: '', balance: result.balance });
  });

  app.get('/api/channel/update_balance', access('admin'), async () => {
    const rows = await context.db.selectFrom('channels').selectAll().where('status', '=', ChannelStatus.Enabled).execute();
    let updated = 0;
    for (const row of rows) if ((await updateBalance(row)).ok) updated += 1;
    return success({ updated }, `updated the balance of ${updated} channels`);
  });

  scheduleChannelTests(context, services);
}

function scheduleChannelTests(context: AppContext, services: RelayServices): void {
  const seconds = context.config.channelTestIntervalSeconds;
  if (seconds <= 0) return;
  // A fleet job: every instance ticks, the holder of the `channel-tests` lease runs the tests, once across the fleet.
  context.jobs.schedule({
    name: 'channel-tests',
    intervalMs: seconds * 1000,
    enabled: () => context.options.bool('AutomaticEnableChannelEnabled') || context.options.bool('AutomaticDisableChannelEnabled'),
    run: () => testAllChannels(services),
  });
}
