import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelChangeTopic, channelRepository } from '../src/channels/channel-repository';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

describe('abilities index and channel change notices', () => {
  let kit: ChannelTestKit;
  const notices: string[] = [];

  beforeAll(async () => {
    kit = await startChannelTestKit();
    kit.server.context.bus.subscribe(channelChangeTopic, (id) => notices.push(id));
  });
  afterAll(() => kit.server.stop());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => kit.server.call(method, url, { as: kit.admin, body });
  const row = (group: string, model: string, fields: Partial<{ enabled: number; priority: number; weight: number; tag: string }> = {}) => ({
    group,
    model,
    enabled: 1,
    priority: 0,
    weight: 0,
    tag: '',
    ...fields,
  });

  it('writes group × model rows on create and announces the channel', async () => {
    notices.length = 0;
    const channel = await kit.createChannel({ group: 'vip,default', models: 'b-model,a-model', priority: 3, weight: 7, tag: 't1' });
    expect(await kit.abilitiesOf(channel.id)).toEqual([
      row('default', 'a-model', { priority: 3, weight: 7, tag: 't1' }),
      row('default', 'b-model', { priority: 3, weight: 7, tag: 't1' }),
      row('vip', 'a-model', { priority: 3, weight: 7, tag: 't1' }),
      row('vip', 'b-model', { priority: 3, weight: 7, tag: 't1' }),
    ]);
    expect(notices).toEqual([String(channel.id)]);
  });

  it('rewrites the rows on update: new models and groups, priority and weight', async () => {
    const channel = await kit.createChannel({ group: 'default', models: 'm1' });
    notices.length = 0;
    await call('PUT', '/api/channel/', { id: channel.id, models: 'm2,m3', group: ['svip'], priority: -5, weight: 2 });
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('svip', 'm2', { priority: -5, weight: 2 }), row('svip', 'm3', { priority: -5, weight: 2 })]);
    expect(notices).toEqual([String(channel.id)]);
  });

  it('disables the rows with the channel and enables them again', async () => {
    const channel = await kit.createChannel({ models: 'm1' });
    await call('PUT', '/api/channel/', { id: channel.id, status: 2 });
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('default', 'm1', { enabled: 0 })]);
    await call('PUT', '/api/channel/', { id: channel.id, status: 1 });
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('default', 'm1')]);
  });

  it('creates disabled rows for a channel created disabled', async () => {
    const channel = await kit.createChannel({ models: 'm1', status: 2 });
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('default', 'm1', { enabled: 0 })]);
  });

  it('removes the rows on delete, batch delete and delete-disabled', async () => {
    const single = await kit.createChannel();
    const batchA = await kit.createChannel();
    const batchB = await kit.createChannel();
    const disabled = await kit.createChannel({ status: 2 });
    notices.length = 0;
    await call('DELETE', `/api/channel/${single.id}`);
    await call('POST', '/api/channel/batch', { ids: [batchA.id, batchB.id] });
    await call('DELETE', '/api/channel/disabled');
    for (const channel of [single, batchA, batchB, disabled]) expect(await kit.abilitiesOf(channel.id)).toEqual([]);
    expect(notices).toEqual(expect.arrayContaining([String(single.id), String(batchA.id), String(batchB.id), String(disabled.id)]));
  });

  it('follows tag edits, tag enable/disable and batch tagging', async () => {
    const first = await kit.createChannel({ tag: 'fleet', models: 'm1' });
    const second = await kit.createChannel({ tag: 'fleet', models: 'm1' });
    await call('PUT', '/api/channel/tag', { tag: 'fleet', priority: 9, weight: 4, models: 'm5', groups: 'g1' });
    expect(await kit.abilitiesOf(first.id)).toEqual([row('g1', 'm5', { priority: 9, weight: 4, tag: 'fleet' })]);
    await call('POST', '/api/channel/tag/disabled', { tag: 'fleet' });
    expect(await kit.abilitiesOf(second.id)).toEqual([row('g1', 'm5', { enabled: 0, priority: 9, weight: 4, tag: 'fleet' })]);
    await call('POST', '/api/channel/tag/enabled', { tag: 'fleet' });
    expect((await kit.abilitiesOf(second.id))[0].enabled).toBe(1);
    await call('PUT', '/api/channel/tag', { tag: 'fleet', new_tag: 'armada' });
    expect((await kit.abilitiesOf(first.id))[0].tag).toBe('armada');
    await call('POST', '/api/channel/batch/tag', { ids: [first.id], tag: 'lone' });
    expect((await kit.abilitiesOf(first.id))[0].tag).toBe('lone');
    expect((await kit.abilitiesOf(second.id))[0].tag).toBe('armada');
  });

  it('rebuilds the whole index with fix and returns the channel count', async () => {
    const channel = await kit.createChannel({ group: 'default,vip', models: 'x1' });
    const db = kit.server.context.db;
    await db.deleteFrom('abilities').execute();
    await db.insertInto('abilities').values({ group: 'stale', model: 'ghost', channel_id: 987654, enabled: 1, priority: 0, weight: 0, tag: '' }).execute();
    await db.updateTable('channels').set({ status: 3 }).where('id', '=', channel.id).execute();
    const total = Number((await db.selectFrom('channels').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);
    notices.length = 0;
    const response = await call('POST', '/api/channel/fix');
    expect(response.json()).toEqual({ success: true, message: `fixed ${total} channels`, data: total });
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('default', 'x1', { enabled: 0 }), row('vip', 'x1', { enabled: 0 })]);
    expect(await db.selectFrom('abilities').selectAll().where('channel_id', '=', 987654).execute()).toEqual([]);
    const expected = (await db.selectFrom('channels').select(['group', 'models']).execute()).reduce(
      (sum, channel) => sum + channel.group.split(',').length * channel.models.split(',').length,
      0,
    );
    const rows = Number((await db.selectFrom('abilities').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);
    expect(rows).toBe(expected);
    expect(notices).toEqual(['*']);
  });

  it('markAutoDisabled switches an enabled channel to status 3 with reason and time, and only an enabled one', async () => {
    const repository = channelRepository(kit.server.context);
    const channel = await kit.createChannel({ models: 'm1' });
    notices.length = 0;
    expect(await repository.markAutoDisabled(channel.id, 'Incorrect API key provided')).toBe(true);
    const stored = await kit.storedChannel(channel.id);
    expect(stored?.status).toBe(3);
    const info = JSON.parse(String(stored?.other_info));
    expect(info.status_reason).toBe('Incorrect API key provided');
    expect(Math.abs(info.status_time - Date.now() / 1000)).toBeLessThan(5);
    expect(await kit.abilitiesOf(channel.id)).toEqual([row('default', 'm1', { enabled: 0 })]);
    expect(notices).toEqual([String(channel.id)]);
    expect(await repository.markAutoDisabled(channel.id, 'again')).toBe(false);
    expect(JSON.parse(String((await kit.storedChannel(channel.id))?.other_info)).status_reason).toBe('Incorrect API key provided');

    const manual = await kit.createChannel({ status: 2 });
    expect(await repository.markAutoDisabled(manual.id, 'quota exceeded')).toBe(false);
    expect((await kit.storedChannel(manual.id))?.status).toBe(2);
    expect(await repository.markAutoDisabled(999999, 'gone')).toBe(false);
  });

  it('markAutoEnabled revives only auto-disabled channels; a manual enable drops the stale reason', async () => {
    const repository = channelRepository(kit.server.context);
    const channel = await kit.createChannel({ models: 'm1' });
    await repository.markAutoDisabled(channel.id, 'timeout');
    expect(await repository.markAutoEnabled(channel.id)).toBe(true);
    expect((await kit.storedChannel(channel.id))?.status).toBe(1);
    expect((await kit.abilitiesOf(channel.id))[0].enabled).toBe(1);
    expect(await repository.markAutoEnabled(channel.id)).toBe(false);
    const manual = await kit.createChannel({ status: 2 });
    expect(await repository.markAutoEnabled(manual.id)).toBe(false);

    await repository.markAutoDisabled(channel.id, 'rate limited');
    const listed = (await call('GET', `/api/channel/${channel.id}`)).json().data;
    expect(JSON.parse(listed.other_info).status_reason).toBe('rate limited');
    await call('PUT', '/api/channel/', { id: channel.id, status: 1 });
    expect(JSON.parse(String((await kit.storedChannel(channel.id))?.other_info))).not.toHaveProperty('status_reason');
  });
});
