import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('GET /api/pricing', () => {
  let server: TestServer;
  let vipUser: Actor;
  let svipUser: Actor;
  let defaultUser: Actor;
  let disabledChannel: number;

  beforeAll(async () => {
    server = await startTestServer();
    const options = server.context.options;
    await options.set('ModelRatio', { 'ratio-model': 2.5, 'priced-without-channel': 1 });
    await options.set('CompletionRatio', { 'ratio-model': 4 });
    await options.set('ModelPrice', { 'fixed-model': 0.05, 'ratio-model': -1 });
    await options.set('GroupRatio', { default: 1, vip: 0.8, svip: 0.5 });
    await options.set('UserUsableGroups', { default: 'Default group', vip: 'VIP group' });
    await options.set('GroupGroupRatio', { vip: { default: 0.9 } });
    const baseUrl = 'http://127.0.0.1:9';
    await addChannel(server, { baseUrl, models: 'ratio-model,fixed-model', group: 'default,vip' });
    await addChannel(server, { baseUrl, models: 'ratio-model', group: 'default' });
    await addChannel(server, { baseUrl, models: 'unpriced-model', group: 'vip' });
    disabledChannel = await addChannel(server, { baseUrl, models: 'hidden-model,ratio-model', group: 'svip', status: 2 });
    vipUser = await server.createUser({ username: 'vip-user', group: 'vip' });
    svipUser = await server.createUser({ username: 'svip-user', group: 'svip' });
    defaultUser = await server.createUser({ username: 'default-user' });
  });
  afterAll(() => server.stop());

  const pricing = async (as?: Actor, headers?: Record<string, string>) => {
    const response = await server.call('GET', '/api/pricing', { as, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  const items = [
    { model_name: 'fixed-model', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.05, enable_groups: ['default', 'vip'], price_source: 'option' },
    { model_name: 'ratio-model', quota_type: 0, model_ratio: 2.5, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip'], price_source: 'option' },
    { model_name: 'unpriced-model', quota_type: 0, model_ratio: 37.5, completion_ratio: 1, model_price: 0, enable_groups: ['vip'], price_source: 'unset' },
  ];

  it('answers visitors with every served model and the default groups, data and ratios side by side', async () => {
    const body = await pricing();
    expect(Object.keys(body).sort()).toEqual(['data', 'group_ratio', 'message', 'success', 'usable_group']);
    expect(body).toEqual({
      success: true,
      message: '',
      data: items,
      group_ratio: { default: 1, vip: 0.8 },
      usable_group: { default: 'Default group', vip: 'VIP group' },
    });
  });

  it('gives a signed-in user the ratios of their own group, exclusive ratios included', async () => {
    expect(await pricing(vipUser)).toMatchObject({ data: items, group_ratio: { default: 0.9, vip: 0.8 }, usable_group: { default: 'Default group', vip: 'VIP group' } });
    expect(await pricing(svipUser)).toMatchObject({ group_ratio: { default: 1, vip: 0.8, svip: 0.5 }, usable_group: { default: 'Default group', vip: 'VIP group', svip: 'user group' } });
    expect(await pricing(defaultUser)).toMatchObject({ group_ratio: { default: 1, vip: 0.8 } });
  });

  it('treats an incomplete or refused session as a visitor', async () => {
    const visitor = { group_ratio: { default: 1, vip: 0.8 }, usable_group: { default: 'Default group', vip: 'VIP group' } };
    expect(await pricing(undefined, { cookie: vipUser.headers.cookie })).toMatchObject(visitor);
    expect(await pricing(undefined, { ...vipUser.headers, 'new-api-user': String(svipUser.user.id) })).toMatchObject(visitor);
    await server.context.db.updateTable('users').set({ status: 2 }).where('id', '=', vipUser.user.id).execute();
    expect(await pricing(vipUser)).toMatchObject(visitor);
    await server.context.db.updateTable('users').set({ status: 1 }).where('id', '=', vipUser.user.id).execute();
  });

  it('follows channel and price changes at once', async () => {
    await server.context.db.updateTable('channels').set({ status: 1 }).where('id', '=', disabledChannel).execute();
    await server.context.relay.routing.reload();
    await server.context.options.set('ModelPrice', { 'fixed-model': 0.05, 'hidden-model': 0 });
    const body = await pricing();
    expect(body.data.map((item: { model_name: string }) => item.model_name)).toEqual(['fixed-model', 'hidden-model', 'ratio-model', 'unpriced-model']);
    expect(body.data[1]).toEqual({ model_name: 'hidden-model', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0, enable_groups: ['svip'], price_source: 'option' });
    expect(body.data[2].enable_groups).toEqual(['default', 'svip', 'vip']);
  });

  it('prices a served model the options do not price at the model catalog\'s list price, and says so', async () => {
    await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: 'claude-sonnet-4-20250514', group: 'default' });
    const listed = (await pricing()).data.find((item: { model_name: string }) => item.model_name === 'claude-sonnet-4-20250514');
    // $3 in and $15 out per 1M tokens: ratio 1.5, completion ratio 5.
    expect(listed).toEqual({ model_name: 'claude-sonnet-4-20250514', quota_type: 0, model_ratio: 1.5, completion_ratio: 5, model_price: 0, enable_groups: ['default'], price_source: 'catalog' });
    await server.context.options.set('ModelRatio', { ...(server.context.options.json('ModelRatio') as Record<string, number>), 'claude-sonnet-4-20250514': 2 });
    const priced = (await pricing()).data.find((item: { model_name: string }) => item.model_name === 'claude-sonnet-4-20250514');
    expect(priced).toMatchObject({ model_ratio: 2, completion_ratio: 5, price_source: 'option' });
  });
});
