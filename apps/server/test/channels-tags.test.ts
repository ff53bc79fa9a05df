import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

describe('/api/channel tag operations', () => {
  let kit: ChannelTestKit;

  beforeAll(async () => {
    kit = await startChannelTestKit();
  });
  afterAll(() => kit.server.stop());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => kit.server.call(method, url, { as: kit.admin, body });

  it('edits every channel of a tag; empty fields change nothing', async () => {
    const first = await kit.createChannel({ tag: 'edit', priority: 1, weight: 1, model_mapping: '{"a":"b"}', models: 'm1', group: 'default' });
    const second = await kit.createChannel({ tag: 'edit', priority: 2, weight: 2, models: 'm2', group: 'vip' });
    const outsider = await kit.createChannel({ tag: 'other', priority: 3 });
    const response = await call('PUT', '/api/channel/tag', { tag: 'edit', new_tag: 'edit', priority: 8, weight: '', models: '', groups: [], model_mapping: '' });
    expect(response.json()).toEqual({ success: true, message: 'updated 2 channels', data: 2 });
    expect(await kit.storedChannel(first.id)).toMatchObject({ priority: 8, weight: 1, models: 'm1', group: 'default', model_mapping: '{"a":"b"}', tag: 'edit' });
    expect(await kit.storedChannel(second.id)).toMatchObject({ priority: 8, weight: 2, models: 'm2', group: 'vip', tag: 'edit' });
    expect((await kit.storedChannel(outsider.id))?.priority).toBe(3);
    await call('PUT', '/api/channel/tag', { tag: 'edit', weight: 0, models: ['m3', 'm4'], groups: 'default,svip', model_mapping: '{"m3":"m4"}' });
    expect(await kit.storedChannel(second.id)).toMatchObject({ priority: 8, weight: 0, models: 'm3,m4', group: 'default,svip', model_mapping: '{"m3":"m4"}' });
  });

  it('renames a tag, and an empty new tag dissolves it', async () => {
    const channel = await kit.createChannel({ tag: 'old-name' });
    await call('PUT', '/api/channel/tag', { tag: 'old-name', new_tag: 'new-name' });
    expect((await kit.storedChannel(channel.id))?.tag).toBe('new-name');
    const dissolved = await call('PUT', '/api/channel/tag', { tag: 'new-name', new_tag: '' });
    expect(dissolved.json()).toEqual({ success: true, message: 'updated 1 channels', data: 1 });
    expect((await kit.storedChannel(channel.id))?.tag).toBe('');
  });

  it('refuses tag edits with the spec messages', async () => {
    await kit.createChannel({ tag: 'strict' });
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ priority: 1 }, 400, 'tag cannot be empty', 'channel_tag_required'],
      [{ tag: 'strict' }, 400, 'no changes were made', 'channel_no_changes'],
      [{ tag: 'strict', new_tag: 'strict', priority: null, weight: '', models: [] }, 400, 'no changes were made', 'channel_no_changes'],
      [{ tag: 'strict', priority: 1.5 }, 400, 'priority must be an integer', 'channel_priority_not_integer'],
      [{ tag: 'strict', priority: 'abc' }, 400, 'priority must be an integer', 'channel_priority_not_integer'],
      [{ tag: 'strict', weight: -1 }, 400, 'weight must be a non-negative integer', 'channel_weight_invalid'],
      [{ tag: 'strict', weight: 0.5 }, 400, 'weight must be a non-negative integer', 'channel_weight_invalid'],
      [{ tag: 'strict', model_mapping: '{oops' }, 400, 'model mapping must be valid JSON', 'channel_model_mapping_invalid'],
      [{ tag: 'strict', model_mapping: '{"a":"b","b":"a"}' }, 400, 'model mapping contains a cycle', 'channel_model_mapping_cycle'],
      [{ tag: 'nobody-has-this', priority: 1 }, 404, 'no channel has the tag nobody-has-this', 'not_found'],
    ];
    for (const [body, status, message, code] of cases) {
      const response = await call('PUT', '/api/channel/tag', body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json(), message).toEqual({ success: false, message, code });
    }
  });

  it('enables and disables every channel of a tag', async () => {
    const enabled = await kit.createChannel({ tag: 'switch' });
    const automatic = await kit.createChannel({ tag: 'switch' });
    await kit.server.context.db.updateTable('channels').set({ status: 3 }).where('id', '=', automatic.id).execute();
    const disable = await call('POST', '/api/channel/tag/disabled', { tag: 'switch' });
    expect(disable.json()).toEqual({ success: true, message: 'disabled 2 channels', data: 2 });
    expect((await kit.storedChannel(enabled.id))?.status).toBe(2);
    expect((await kit.storedChannel(automatic.id))?.status).toBe(2);
    const enable = await call('POST', '/api/channel/tag/enabled', { tag: 'switch' });
    expect(enable.json()).toEqual({ success: true, message: 'enabled 2 channels', data: 2 });
    expect((await kit.storedChannel(automatic.id))?.status).toBe(1);
    expect((await call('POST', '/api/channel/tag/enabled', { tag: 'switch' })).json().data).toBe(0);
    for (const url of ['/api/channel/tag/enabled', '/api/channel/tag/disabled']) {
      const empty = await call('POST', url, { tag: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('tag cannot be empty');
      const missing = await call('POST', url, { tag: 'ghost-tag' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('no channel has the tag ghost-tag');
    }
  });

  it('sets a tag on selected channels', async () => {
    const first = await kit.createChannel();
    const second = await kit.createChannel({ tag: 'before' });
    const response = await call('POST', '/api/channel/batch/tag', { ids: [first.id, second.id, 999999], tag: 'batch' });
    expect(response.json()).toEqual({ success: true, message: 'tag set for 2 channels', data: 2 });
    expect((await kit.storedChannel(first.id))?.tag).toBe('batch');
    expect((await kit.storedChannel(second.id))?.tag).toBe('batch');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ids: [first.id], tag: '' }, 'tag cannot be empty', 'channel_tag_required'],
      [{ ids: [first.id] }, 'tag cannot be empty', 'channel_tag_required'],
      [{ ids: [], tag: 'x' }, 'please select at least one channel', 'channel_selection_required'],
      [{ tag: 'x' }, 'please select at least one channel', 'channel_selection_required'],
    ];
    for (const [body, message, code] of cases) {
      const refused = await call('POST', '/api/channel/batch/tag', body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json(), message).toEqual({ success: false, message, code });
    }
  });

  it('returns the longest model list of a tag', async () => {
    await kit.createChannel({ tag: 'models-tag', models: 'a' });
    await kit.createChannel({ tag: 'models-tag', models: 'a,b,c' });
    expect((await call('GET', '/api/channel/tag/models?tag=models-tag')).json()).toEqual({ success: true, message: '', data: 'a,b,c' });
    expect((await call('GET', '/api/channel/tag/models')).json()).toEqual({ success: false, message: 'tag cannot be empty', code: 'channel_tag_required' });
  });
});
