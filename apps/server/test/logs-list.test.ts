import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from './helpers/relay-fixtures';
import { insertLogs, logRow } from './helpers/log-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// Six rows r1…r6, one second apart from T, for two users; the content names each row.
const T = 1_700_000_000;

describe('GET /api/log/ and /api/log/self/', () => {
  let server: TestServer;
  let admin: Actor;
  let alice: Actor;
  let bob: Actor;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    alice = await server.createUser({ username: 'alice' });
    bob = await server.createUser({ username: 'bob' });
    channelId = await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: 'gpt-4o', name: 'current-name' });
    const a = { user_id: alice.user.id, username: 'alice' };
    const b = { user_id: bob.user.id, username: 'bob' };
    await insertLogs(server.context.db, [
      logRow({
        ...a,
        created_at: T + 10,
        content: 'r1',
        model_name: 'gpt-4o',
        token_name: 'alice-key',
        token_id: 7,
        quota: 100,
        prompt_tokens: 10,
        completion_tokens: 20,
        use_time: 3,
        is_stream: 1,
        channel_id: channelId,
        channel_name: 'stored-name',
        ip: '10.0.0.1',
        request_id: 'req-1',
        other: JSON.stringify({ model_ratio: 2, admin_info: { use_channel: [channelId] }, request_conversion: 'x' }),
      }),
      logRow({ ...a, created_at: T + 20, content: 'r2', type: 1, model_name: '', token_name: '', quota: 500 }),
      logRow({ ...b, created_at: T + 30, content: 'r3', model_name: 'gpt-4o-mini', token_name: 'bob-key', quota: 40, channel_id: 999, channel_name: 'gone-channel', group: 'vip' }),
      logRow({ ...a, created_at: T + 40, content: 'r4', model_name: 'gpt_4o', token_name: 'alice-key', quota: 7, group: 'vip' }),
      logRow({ ...a, created_at: T + 50, content: 'r5', type: 5, model_name: 'gpt-4o', channel_id: channelId }),
      logRow({ ...b, created_at: T + 60, content: 'r6', type: 3, model_name: '', token_name: '' }),
    ]);
  });
  afterAll(() => server.stop());

  const list = async (url: string, as: Actor) => {
    const response = await server.call('GET', url, { as });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    return body.data as { items: Array<Record<string, unknown>>; total: number; page: number; page_size: number };
  };
  const contents = async (url: string, as: Actor = admin) => {
    const data = await list(url, as);
    expect(data.total).toBe(data.items.length);
    return data.items.map((item) => item.content);
  };

  it('lists every row newest first with the page fields', async () => {
    const data = await list('/api/log/', admin);
    expect(data.items.map((item) => item.content)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect({ total: data.total, page: data.page, page_size: data.page_size }).toEqual({ total: 6, page: 1, page_size: 10 });
  });

  it('gives admins every field of the usage log record, with the channel under its current name', async () => {
    const data = await list('/api/log/?model_name=gpt-4o&type=2', admin);
    expect(data.items).toEqual([
      {
        id: expect.any(Number),
        user_id: alice.user.id,
        created_at: T + 10,
        type: 2,
        content: 'r1',
        username: 'alice',
        token_name: 'alice-key',
        token_id: 7,
        model_name: 'gpt-4o',
        quota: 100,
        prompt_tokens: 10,
        completion_tokens: 20,
        use_time: 3,
        is_stream: true,
        channel: channelId,
        channel_name: 'current-name',
        group: 'default',
        ip: '10.0.0.1',
        request_id: 'req-1',
        other: JSON.stringify({ model_ratio: 2, admin_info: { use_channel: [channelId] }, request_conversion: 'x' }),
      },
    ]);
    const gone = await list('/api/log/?channel=999', admin);
    expect(gone.items.map((item) => [item.channel, item.channel_name, item.is_stream])).toEqual([[999, 'gone-channel', false]]);
  });

  it('filters by type, username, token, model, time window, channel and group', async () => {
    expect(await contents('/api/log/?type=2')).toEqual(['r4', 'r3', 'r1']);
    expect(await contents('/api/log/?type=0&username=alice')).toEqual(['r5', 'r4', 'r2', 'r1']);
    expect(await contents('/api/log/?token_name=bob-key')).toEqual(['r3']);
    expect(await contents('/api/log/?model_name=gpt-4o')).toEqual(['r5', 'r1']);
    expect(await contents(`/api/log/?start_timestamp=${T + 20}&end_timestamp=${T + 40}`)).toEqual(['r4', 'r3', 'r2']);
    expect(await contents(`/api/log/?channel=${channelId}`)).toEqual(['r5', 'r1']);
    expect(await contents('/api/log/?group=vip')).toEqual(['r4', 'r3']);
    expect(await contents('/api/log/?type=2&username=alice&group=default')).toEqual(['r1']);
    expect(await contents('/api/log/?username=nobody')).toEqual([]);
  });

  it('treats % in model_name as a wildcard and _ literally', async () => {
    expect(await contents('/api/log/?model_name=gpt-4o%25')).toEqual(['r5', 'r3', 'r1']);
    expect(await contents('/api/log/?model_name=gpt_4o%25')).toEqual(['r4']);
    expect(await contents('/api/log/?model_name=%25mini')).toEqual(['r3']);
  });

  it('pages with p and page_size; empty query values do not filter', async () => {
    const second = await list('/api/log/?p=2&page_size=2&username=&model_name=&start_timestamp=&channel=', admin);
    expect(second.items.map((item) => item.content)).toEqual(['r4', 'r3']);
    expect({ total: second.total, page: second.page, page_size: second.page_size }).toEqual({ total: 6, page: 2, page_size: 2 });
    const beyond = await list('/api/log/?p=4&page_size=2', admin);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(6);
  });

  it('shows users only their own rows, whatever username or channel they ask for', async () => {
    expect(await contents('/api/log/self/', alice)).toEqual(['r5', 'r4', 'r2', 'r1']);
    expect(await contents(`/api/log/self/?username=bob&channel=999`, alice)).toEqual(['r5', 'r4', 'r2', 'r1']);
    expect(await contents('/api/log/self', bob)).toEqual(['r6', 'r3']);
    expect(await contents('/api/log/self/?type=2&model_name=gpt-4o', alice)).toEqual(['r1']);
    expect(await contents(`/api/log/self/?start_timestamp=${T + 15}&end_timestamp=${T + 45}&group=vip`, alice)).toEqual(['r4']);
    expect(await contents('/api/log/self/?token_name=alice-key', alice)).toEqual(['r4', 'r1']);
    expect(await contents('/api/log/self/', admin)).toEqual([]);
  });

  it('hides channels and admin details from users', async () => {
    const data = await list('/api/log/self/?type=2&model_name=gpt-4o', alice);
    expect(data.items[0]).toMatchObject({ content: 'r1', channel: 0, channel_name: '', quota: 100, ip: '10.0.0.1', request_id: 'req-1', is_stream: true });
    expect(data.items[0].other).toBe(JSON.stringify({ model_ratio: 2 }));
    const bobs = await list('/api/log/self/?token_name=bob-key', bob);
    expect(bobs.items.map((item) => [item.channel, item.channel_name])).toEqual([[0, '']]);
  });

  it('refuses malformed filters with 400', async () => {
    const response = await server.call('GET', '/api/log/?type=abc', { as: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'type: type must be a whole number', code: 'bad_request' });
    const negative = await server.call('GET', '/api/log/self/?start_timestamp=-5', { as: alice });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('start_timestamp: start_timestamp must not be negative');
  });

  it('refuses visitors with 401 and ordinary users on the admin list with 403', async () => {
    for (const url of ['/api/log/', '/api/log/self/']) {
      const response = await server.call('GET', url);
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
    const refused = await server.call('GET', '/api/log/', { as: alice });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
  });
});
