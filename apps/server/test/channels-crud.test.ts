import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelBody, startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

describe('/api/channel create, get, update, delete, copy', () => {
  let kit: ChannelTestKit;

  beforeAll(async () => {
    kit = await startChannelTestKit();
  });
  afterAll(() => kit.server.stop());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => kit.server.call(method, url, { as: kit.admin, body });

  it('creates a channel with the spec defaults and never answers with its key', async () => {
    const response = await call('POST', '/api/channel/', { name: 'primary', key: 'sk-top-secret', models: ['gpt-4o', ' gpt-4o ', 'o3'], base_url: 'https://example.com/v1///' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'channel created' });
    expect(body.data).toMatchObject({ name: 'primary', type: 1, models: 'gpt-4o,o3', group: 'default', auto_ban: 1, priority: 0, weight: 0, status: 1, base_url: 'https://example.com/v1', tag: '' });
    expect(body.data).not.toHaveProperty('key');
    expect(response.body).not.toContain('sk-top-secret');
    const stored = await kit.storedChannel(body.data.id);
    expect(stored?.key).toBe('sk-top-secret');
    expect(stored?.created_time).toBeGreaterThan(0);
  });

  it('accepts new-api’s {mode, channel} envelope and list-valued groups', async () => {
    const response = await call('POST', '/api/channel/', { mode: 'single', channel: channelBody({ group: ['default', 'vip'], name: 'enveloped' }) });
    expect(response.json().data).toMatchObject({ name: 'enveloped', group: 'default,vip' });
  });

  it('creates one channel per key line in batch mode', async () => {
    const response = await call('POST', '/api/channel/', { ...channelBody({ name: 'batch', key: 'key-one\n\n  key-two \r\nkey-three\n' }), mode: 'batch' });
    const body = response.json();
    expect(body.message).toBe('channel created');
    expect(body.data).toHaveLength(3);
    expect(body.data.every((channel: { name: string }) => channel.name === 'batch')).toBe(true);
    const keys = await Promise.all(body.data.map(async (channel: { id: number }) => (await kit.storedChannel(channel.id))?.key));
    expect(keys).toEqual(['key-one', 'key-two', 'key-three']);
    expect(response.body).not.toContain('key-two');
  });

  it('splits a JSON array of service-account files into channels in batch mode', async () => {
    const files = [{ type: 'service_account', project_id: 'a' }, { type: 'service_account', project_id: 'b' }];
    const body = (await call('POST', '/api/channel/', { mode: 'batch', channel: channelBody({ type: 41, other: 'us-central1', key: JSON.stringify(files) }) })).json();
    expect(body.data).toHaveLength(2);
    expect(JSON.parse(String((await kit.storedChannel(body.data[1].id))?.key))).toEqual(files[1]);
  });

  it('fills the type default of `other`: v2.1 for Xunfei, the api-version for Azure', async () => {
    const spark = (await call('POST', '/api/channel/', channelBody({ type: 18, other: '' }))).json();
    expect(spark.data.other).toBe('v2.1');
    const azure = (await call('POST', '/api/channel/', channelBody({ type: 3, base_url: 'https://example.openai.azure.com' }))).json();
    expect(azure.data.other).toBe('2024-10-21');
    const kept = (await call('POST', '/api/channel/', channelBody({ type: 18, other: 'v3.5' }))).json();
    expect(kept.data.other).toBe('v3.5');
  });

  it('refuses invalid create payloads with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [channelBody({ name: '' }), 'please fill in channel name and key', 'channel_name_and_key_required'],
      [channelBody({ key: '  ' }), 'please fill in channel name and key', 'channel_name_and_key_required'],
      [channelBody({ models: '' }), 'at least one model is required', 'channel_models_required'],
      [channelBody({ models: [] }), 'at least one model is required', 'channel_models_required'],
      [channelBody({ models: 42 }), 'models must be a list', 'channel_models_not_list'],
      [channelBody({ model_mapping: '{not json' }), 'model mapping must be valid JSON', 'channel_model_mapping_invalid'],
      [channelBody({ model_mapping: '["a"]' }), 'model mapping must be valid JSON', 'channel_model_mapping_invalid'],
      [channelBody({ model_mapping: '{"a": 1}' }), 'model mapping must be valid JSON', 'channel_model_mapping_invalid'],
      [channelBody({ model_mapping: '{"a": "b", "b": "c", "c": "a"}' }), 'model mapping contains a cycle', 'channel_model_mapping_cycle'],
      [channelBody({ status_code_mapping: '{"400":' }), 'status code mapping must be valid JSON', 'channel_status_code_mapping_invalid'],
      [channelBody({ param_override: '[1, 2]' }), 'param override must be a valid JSON object', 'channel_param_override_invalid'],
      [channelBody({ setting: 'nope' }), 'channel setting must be valid JSON', 'channel_setting_invalid'],
      [channelBody({ priority: 1.5 }), 'priority must be an integer', 'channel_priority_not_integer'],
      [channelBody({ priority: 'high' }), 'priority must be an integer', 'channel_priority_not_integer'],
      [channelBody({ priority: -1000 }), 'priority must be at least -999', 'channel_priority_too_low'],
      [channelBody({ weight: -1 }), 'weight must be a non-negative integer', 'channel_weight_invalid'],
      [channelBody({ weight: 2.5 }), 'weight must be a non-negative integer', 'channel_weight_invalid'],
      [channelBody({ type: 6 }), 'unsupported channel type: 6', 'channel_type_unsupported'],
      [channelBody({ type: 'openai' }), 'channel type must be an integer', 'channel_type_invalid'],
      [channelBody({ type: 41, other: '' }), 'please fill in the region for this channel type', 'channel_other_required'],
      [channelBody({ type: 8, base_url: '' }), 'please fill in the base URL for this channel type', 'channel_base_url_required'],
      [channelBody({ auto_ban: 5 }), 'auto_ban must be 0 or 1', 'channel_auto_ban_invalid'],
      [channelBody({ status: 9 }), 'status must be 1 (enabled), 2 (disabled) or 3 (auto-disabled)', 'channel_status_invalid'],
      [channelBody({ models: ['x'.repeat(256)] }), `model name is too long (at most 255 characters): ${'x'.repeat(256)}`, 'channel_model_name_too_long'],
      [{ ...channelBody(), mode: 'multi_to_single' }, 'unsupported add mode: use single or batch', 'channel_mode_unsupported'],
    ];
    for (const [body, message, code] of cases) {
      const response = await call('POST', '/api/channel/', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ success: false, message, code });
    }
  });

  it('accepts mapping chains and a model mapped to itself, and numeric text for priority and weight', async () => {
    const body = (await call('POST', '/api/channel/', channelBody({ model_mapping: '{"a": "b", "b": "c", "d": "d"}', priority: '-999', weight: '7' }))).json();
    expect(body.data).toMatchObject({ model_mapping: '{"a": "b", "b": "c", "d": "d"}', priority: -999, weight: 7 });
  });

  it('gets one channel without its key; unknown ids are 404 and malformed ids 400', async () => {
    const channel = await kit.createChannel({ key: 'sk-get-secret' });
    const response = await call('GET', `/api/channel/${channel.id}`);
    expect(response.json().data).toMatchObject({ id: channel.id, name: channel.name });
    expect(response.json().data).not.toHaveProperty('key');
    expect(response.body).not.toContain('sk-get-secret');
    const missing = await call('GET', '/api/channel/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'channel not found, refresh and retry', code: 'not_found' });
    const malformed = await call('GET', '/api/channel/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('invalid channel id');
  });

  it('updates only what a partial update names: status, priority or weight alone', async () => {
    const channel = await kit.createChannel({ priority: 5, weight: 3, model_mapping: '{"a":"b"}' });
    const disabled = (await call('PUT', '/api/channel/', { id: channel.id, status: 2 })).json();
    expect(disabled).toMatchObject({ success: true, message: 'channel updated', data: { status: 2, priority: 5, weight: 3, model_mapping: '{"a":"b"}' } });
    const info = JSON.parse(disabled.data.other_info);
    expect(info.status_time).toBeGreaterThan(0);
    expect(info).not.toHaveProperty('status_reason');
    expect((await call('PUT', '/api/channel/', { id: channel.id, priority: -3 })).json().data).toMatchObject({ status: 2, priority: -3, weight: 3 });
    expect((await call('PUT', '/api/channel/', { id: channel.id, weight: 0 })).json().data).toMatchObject({ status: 2, priority: -3, weight: 0 });
    expect((await call('PUT', '/api/channel/', { id: channel.id, status: 1 })).json().data.status).toBe(1);
    const stored = await kit.storedChannel(channel.id);
    expect(stored).toMatchObject({ name: channel.name, models: 'gpt-4o,gpt-4o-mini', key: expect.stringMatching(/^sk-secret-/) });
  });

  it('keeps the key when the update leaves it empty and replaces it when given', async () => {
    const channel = await kit.createChannel({ key: 'sk-original' });
    const full = { ...channel, key: '', name: 'renamed', models: ['o3'], model_mapping: '' };
    const response = await call('PUT', '/api/channel/', full);
    expect(response.json().data).toMatchObject({ name: 'renamed', models: 'o3', model_mapping: '' });
    expect(response.json().data).not.toHaveProperty('key');
    expect((await kit.storedChannel(channel.id))?.key).toBe('sk-original');
    await call('PUT', '/api/channel/', { id: channel.id, key: 'sk-rotated' });
    expect((await kit.storedChannel(channel.id))?.key).toBe('sk-rotated');
  });

  it('refuses invalid updates with the spec messages', async () => {
    const channel = await kit.createChannel();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ status: 1 }, 400, 'channel id is required', 'channel_id_required'],
      [{ id: 'x', status: 1 }, 400, 'channel id is required', 'channel_id_required'],
      [{ id: 999999, status: 1 }, 404, 'channel not found, refresh and retry', 'not_found'],
      [{ id: channel.id, models: [] }, 400, 'at least one model is required', 'channel_models_required'],
      [{ id: channel.id, model_mapping: '{"x": "y", "y": "x"}' }, 400, 'model mapping contains a cycle', 'channel_model_mapping_cycle'],
      [{ id: channel.id, priority: 'one' }, 400, 'priority must be an integer', 'channel_priority_not_integer'],
      [{ id: channel.id, weight: -5 }, 400, 'weight must be a non-negative integer', 'channel_weight_invalid'],
      [{ id: channel.id, type: 41, other: '' }, 400, 'please fill in the region for this channel type', 'channel_other_required'],
    ];
    for (const [body, status, message, code] of cases) {
      const response = await call('PUT', '/api/channel/', body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json(), message).toEqual({ success: false, message, code });
    }
  });

  it('deletes one channel (with a trailing slash) and answers 404 for a missing one', async () => {
    const channel = await kit.createChannel();
    const response = await call('DELETE', `/api/channel/${channel.id}/`);
    expect(response.json()).toEqual({ success: true, message: 'channel deleted' });
    expect(await kit.storedChannel(channel.id)).toBeUndefined();
    const again = await call('DELETE', `/api/channel/${channel.id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('channel not found, refresh and retry');
  });

  it('deletes every disabled channel (status 2 and 3) and reports the count', async () => {
    const manual = await kit.createChannel({ status: 2 });
    const automatic = await kit.createChannel();
    await kit.server.context.db.updateTable('channels').set({ status: 3 }).where('id', '=', automatic.id).execute();
    const enabled = await kit.createChannel();
    const response = await call('DELETE', '/api/channel/disabled');
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toBeGreaterThanOrEqual(2);
    expect(body.message).toBe(`deleted ${body.data} channels`);
    expect(await kit.storedChannel(manual.id)).toBeUndefined();
    expect(await kit.storedChannel(automatic.id)).toBeUndefined();
    expect(await kit.storedChannel(enabled.id)).toBeDefined();
    expect((await call('DELETE', '/api/channel/disabled')).json()).toEqual({ success: true, message: 'deleted 0 channels', data: 0 });
  });

  it('batch-deletes by ids, counting only channels that existed', async () => {
    const first = await kit.createChannel();
    const second = await kit.createChannel();
    const response = await call('POST', '/api/channel/batch', { ids: [first.id, second.id, 999999] });
    expect(response.json()).toEqual({ success: true, message: 'deleted 2 channels', data: 2 });
    expect(await kit.storedChannel(first.id)).toBeUndefined();
    for (const body of [{ ids: [] }, {}, { ids: 'all' }, { ids: [0] }]) {
      const refused = await call('POST', '/api/channel/batch', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: 'please select at least one channel', code: 'channel_selection_required' });
    }
  });

  it('copies a channel with its key, a suffix and reset counters', async () => {
    const origin = await kit.createChannel({ name: 'origin', key: 'sk-copy-me', tag: 'pool' });
    await kit.server.context.db.updateTable('channels').set({ balance: 12.5, used_quota: 900, response_time: 300, test_time: 1700000000 }).where('id', '=', origin.id).execute();
    const response = await call('POST', `/api/channel/copy/${origin.id}`);
    expect(response.json()).toMatchObject({ success: true, message: 'channel copied' });
    const copy = await kit.storedChannel(response.json().data.id);
    expect(copy).toMatchObject({ name: 'origin_copy', key: 'sk-copy-me', tag: 'pool', balance: 0, used_quota: 0, response_time: 0, test_time: 0, models: 'gpt-4o,gpt-4o-mini' });
    expect(response.body).not.toContain('sk-copy-me');
    const kept = await call('POST', `/api/channel/copy/${origin.id}?suffix=-b&reset_balance=false`);
    expect(await kit.storedChannel(kept.json().data.id)).toMatchObject({ name: 'origin-b', balance: 12.5, used_quota: 900, response_time: 0 });
    expect(await kit.abilitiesOf(kept.json().data.id)).toHaveLength(2);
    const missing = await call('POST', '/api/channel/copy/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('channel not found, refresh and retry');
  });
});
