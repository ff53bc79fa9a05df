// The calls new-api's consoles make (issue 25 item 6): top-up info, usage per user, prefill groups, token key reveal,
// the empty answers of out-of-scope modules, and the static paths that `/:id` routes used to swallow.
import { LogType, RedemptionStatus } from '@turnpike/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUsageBuckets } from './helpers/log-fixtures';
import { addApiKey } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('new-api console calls', () => {
  let server: TestServer;
  let root: Actor;
  let admin: Actor;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    root = await server.createUser({ username: 'root', role: 100 });
    admin = await server.createUser({ username: 'admin', role: 10 });
    alice = await server.createUser({ username: 'alice', role: 1 });
    bob = await server.createUser({ username: 'bob', role: 1 });
  });
  afterAll(() => server.stop());

  const json = (response: { body: string }) => JSON.parse(response.body) as { success: boolean; message: string; data: never };

  describe('GET /api/user/topup/info', () => {
    it('reports the defaults: no gateway configured, redemption on, the preset amounts', async () => {
      const response = await server.call('GET', '/api/user/topup/info', { as: alice });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        success: true,
        message: '',
        data: {
          enable_online_topup: false,
          enable_stripe_topup: false,
          enable_creem_topup: false,
          enable_waffo_topup: false,
          enable_waffo_pancake_topup: false,
          enable_redemption: true,
          payment_compliance_confirmed: true,
          payment_compliance_terms_version: 'v1',
          waffo_pay_methods: null,
          creem_products: '[]',
          pay_methods: [
            { name: 'Alipay', type: 'zfb', color: 'rgba(var(--semi-blue-5), 1)' },
            { name: 'WeChat Pay', type: 'wx', color: 'rgba(var(--semi-green-5), 1)' },
          ],
          min_topup: 1,
          stripe_min_topup: 1,
          waffo_min_topup: 1,
          waffo_pancake_min_topup: 1,
          amount_options: [10, 20, 50, 100, 200, 500],
          discount: {},
          topup_link: '',
        },
      });
    });

    it('follows the settings: Epay configured, minimum, presets, discounts and the top-up link', async () => {
      const options = server.context.options;
      await options.set('PayAddress', 'https://pay.example.test/');
      await options.set('EpayId', '1001');
      await options.set('EpayKey', 'secret');
      await options.set('MinTopUp', 5);
      await options.set('payment_setting.amount_options', '[5,50]');
      await options.set('payment_setting.amount_discount', '{"50":0.9}');
      await options.set('TopUpLink', 'https://shop.example.test');
      try {
        const { data } = json(await server.call('GET', '/api/user/topup/info', { as: alice })) as { data: Record<string, unknown> };
        expect(data).toMatchObject({ enable_online_topup: true, min_topup: 5, amount_options: [5, 50], discount: { '50': 0.9 }, topup_link: 'https://shop.example.test' });
        // The discount is what the quote charges: 50 × 7.3 × 0.9 = 328.5, and no discount for 5 (5 × 7.3 = 36.5).
        const discounted = json(await server.call('POST', '/api/user/amount', { as: alice, body: { amount: 50 } }));
        expect(discounted.data).toBe(328.5);
        const plain = json(await server.call('POST', '/api/user/amount', { as: alice, body: { amount: 5 } }));
        expect(plain.data).toBe(36.5);
      } finally {
        for (const key of ['PayAddress', 'EpayId', 'EpayKey', 'TopUpLink']) await options.set(key, '');
        await options.set('MinTopUp', 1);
      }
    });

    it('refuses a discount outside (0, 1] and a visitor', async () => {
      const bad = await server.call('PUT', '/api/option/', { as: root, body: { key: 'payment_setting.amount_discount', value: '{"50":1.5}' } });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).success).toBe(false);
      const visitor = await server.call('GET', '/api/user/topup/info');
      expect(visitor.statusCode).toBe(401);
      expect(json(visitor).success).toBe(false);
    });
  });

  describe('GET /api/data/users', () => {
    beforeAll(async () => {
      await insertUsageBuckets(server.context.db, [
        { user_id: alice.user.id, username: 'alice', model_name: 'gpt-4o', created_at: 7200, token_used: 100, count: 2, quota: 50 },
        { user_id: alice.user.id, username: 'alice', model_name: 'gpt-4o-mini', created_at: 7200, token_used: 10, count: 1, quota: 5 },
        { user_id: bob.user.id, username: 'bob', model_name: 'gpt-4o', created_at: 7200, token_used: 7, count: 1, quota: 3 },
        { user_id: alice.user.id, username: 'alice', model_name: 'gpt-4o', created_at: 10800, token_used: 1, count: 1, quota: 1 },
      ]);
    });

    const zero = { id: 0, user_id: 0, model_name: '', use_group: '', token_id: 0, channel_id: 0, node_name: '' };

    it('sums each user per hour inside the inclusive window', async () => {
      const response = await server.call('GET', '/api/data/users?start_timestamp=7200&end_timestamp=7200', { as: admin });
      expect(response.statusCode).toBe(200);
      expect(json(response).data).toEqual([
        { ...zero, username: 'alice', created_at: 7200, token_used: 110, count: 3, quota: 55 },
        { ...zero, username: 'bob', created_at: 7200, token_used: 7, count: 1, quota: 3 },
      ]);
      const all = json(await server.call('GET', '/api/data/users?start_timestamp=0', { as: admin })).data as Array<{ username: string; created_at: number }>;
      expect(all.map((row) => `${row.username}@${row.created_at}`)).toEqual(['alice@7200', 'bob@7200', 'alice@10800']);
    });

    it('is for admins only and refuses a bad timestamp in the envelope', async () => {
      const user = await server.call('GET', '/api/data/users?start_timestamp=0', { as: alice });
      expect(user.statusCode).toBe(403);
      expect(json(user).success).toBe(false);
      const bad = await server.call('GET', '/api/data/users?start_timestamp=yesterday', { as: admin });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ success: false, message: 'start_timestamp: start_timestamp must be a whole number' });
    });
  });

  describe('prefill groups', () => {
    it('creates, lists by type (newest first), updates and deletes', async () => {
      const models = json(await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'openai', type: 'model', items: ['gpt-4o', 'gpt-4o-mini'], description: 'OpenAI chat' } }));
      expect(models).toMatchObject({ success: true, data: { name: 'openai', type: 'model', items: ['gpt-4o', 'gpt-4o-mini'], description: 'OpenAI chat' } });
      const endpoints = { openai: { path: '/v1/chat/completions', method: 'POST' } };
      const endpoint = json(await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'chat-endpoints', type: 'endpoint', items: JSON.stringify(endpoints), description: null } }));
      // The classic console sends endpoint items as JSON text: kept as that text, and no description key when empty.
      expect(endpoint.data).toMatchObject({ type: 'endpoint', items: JSON.stringify(endpoints) });
      expect(endpoint.data).not.toHaveProperty('description');
      const modelId = (models.data as { id: number }).id;

      const onlyModels = json(await server.call('GET', '/api/prefill_group?type=model', { as: admin })).data as Array<{ name: string }>;
      expect(onlyModels.map((group) => group.name)).toEqual(['openai']);
      const updated = json(await server.call('PUT', '/api/prefill_group/', { as: admin, body: { id: modelId, name: 'openai-chat', type: 'model', items: ['gpt-4.1'] } }));
      expect(updated.data).toMatchObject({ id: modelId, name: 'openai-chat', items: ['gpt-4.1'] });
      const everything = json(await server.call('GET', '/api/prefill_group/', { as: admin })).data as Array<{ name: string; items: unknown }>;
      expect(everything.map((group) => group.name).sort()).toEqual(['chat-endpoints', 'openai-chat']);

      const deleted = await server.call('DELETE', `/api/prefill_group/${modelId}`, { as: admin });
      expect(json(deleted)).toEqual({ success: true, message: '', data: null });
      const left = json(await server.call('GET', '/api/prefill_group?type=model', { as: admin })).data;
      expect(left).toEqual([]);
      const again = await server.call('DELETE', `/api/prefill_group/${modelId}`, { as: admin });
      expect(again.statusCode).toBe(404);
    });

    it("answers new-api's messages for a missing name or type, a taken name and a missing id", async () => {
      const missing = await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: '', type: 'model', items: [] } });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toMatchObject({ success: false, message: '组名称和类型不能为空' });
      await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'tags', type: 'tag', items: ['fast'] } });
      const taken = await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'tags', type: 'model', items: [] } });
      expect(json(taken)).toMatchObject({ success: false, message: '组名称已存在' });
      const noId = await server.call('PUT', '/api/prefill_group/', { as: admin, body: { name: 'tags', type: 'tag', items: [] } });
      expect(json(noId)).toMatchObject({ success: false, message: '缺少组 ID' });
      const tooLong = await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'x'.repeat(65), type: 'tag', items: [] } });
      expect(tooLong.statusCode).toBe(400);
      const badId = await server.call('DELETE', '/api/prefill_group/abc', { as: admin });
      expect(badId.statusCode).toBe(400);
      expect(json(badId).success).toBe(false);
    });

    it('is for admins only', async () => {
      for (const [method, url] of [
        ['GET', '/api/prefill_group?type=model'],
        ['POST', '/api/prefill_group/'],
        ['PUT', '/api/prefill_group/'],
        ['DELETE', '/api/prefill_group/1'],
      ] as const) {
        const response = await server.call(method, url, { as: alice, body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'n', type: 'model' } });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(json(response).success).toBe(false);
      }
    });
  });

  describe('POST /api/token/:id/key', () => {
    it("hands the owner the full key, logs the reveal, and treats another user's token as missing", async () => {
      const token = await addApiKey(server, alice, { name: 'reveal-me' });
      const stored = await server.context.db.selectFrom('tokens').select('key').where('id', '=', token.id).executeTakeFirstOrThrow();
      const response = await server.call('POST', `/api/token/${token.id}/key`, { as: alice });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ success: true, message: '', data: { key: stored.key } });
      expect(stored.key).toHaveLength(48);

      const logs = await server.context.db.selectFrom('logs').select(['type', 'content', 'other', 'user_id']).where('user_id', '=', alice.user.id).where('type', '=', LogType.Manage).execute();
      expect(logs).toHaveLength(1);
      expect(logs[0].content).toBe(`token key revealed: reveal-me (#${token.id})`);
      expect(JSON.parse(logs[0].other)).toEqual({ action: 'token_key_reveal', token_ids: [token.id] });

      const stranger = await server.call('POST', `/api/token/${token.id}/key`, { as: bob });
      expect(stranger.statusCode).toBe(404);
      expect(json(stranger)).toMatchObject({ success: false, message: 'token not found' });
      const asAdmin = await server.call('POST', `/api/token/${token.id}/key`, { as: admin });
      expect(asAdmin.statusCode).toBe(404);
      const visitor = await server.call('POST', `/api/token/${token.id}/key`);
      expect(visitor.statusCode).toBe(401);
      const bad = await server.call('POST', '/api/token/abc/key', { as: alice });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).success).toBe(false);
      // Nothing was logged for the refused calls.
      const after = await server.context.db.selectFrom('logs').select('id').where('type', '=', LogType.Manage).where('content', 'like', 'token key revealed%').execute();
      expect(after).toHaveLength(1);
    });

    it('reveals a batch of own keys only, at most 100', async () => {
      const first = await addApiKey(server, alice, { name: 'batch-1' });
      const second = await addApiKey(server, alice, { name: 'batch-2' });
      const foreign = await addApiKey(server, bob, { name: 'bobs' });
      const keys = await server.context.db.selectFrom('tokens').select(['id', 'key']).where('id', 'in', [first.id, second.id]).execute();
      const response = json(await server.call('POST', '/api/token/batch/keys', { as: alice, body: { ids: [first.id, second.id, foreign.id] } }));
      expect(response.data).toEqual({ keys: Object.fromEntries(keys.map((row) => [String(row.id), row.key])) });
      const tooMany = await server.call('POST', '/api/token/batch/keys', { as: alice, body: { ids: Array.from({ length: 101 }, (_, index) => index + 1) } });
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany)).toMatchObject({ success: false, message: 'ids: at most 100 tokens at once' });
      const none = await server.call('POST', '/api/token/batch/keys', { as: alice, body: { ids: null } });
      expect(json(none)).toMatchObject({ success: false, message: 'please choose at least one token' });
    });
  });

  describe('answers for what Turnpike does not have', () => {
    it("answers the out-of-scope modules' list calls with new-api's empty shapes", async () => {
      const expectations: Array<[string, Actor, unknown]> = [
        ['/api/subscription/plans', alice, []],
        ['/api/subscription/self', alice, { billing_preference: 'wallet_only', subscriptions: [], all_subscriptions: [] }],
        ['/api/subscription/admin/plans', admin, []],
        ['/api/vendors/?p=2&page_size=20', admin, { page: 2, page_size: 20, total: 0, items: [] }],
        ['/api/vendors/search?keyword=x', admin, { page: 1, page_size: 10, total: 0, items: [] }],
        ['/api/models/search?keyword=x', admin, { page: 1, page_size: 10, total: 0, items: [] }],
        ['/api/models/missing', admin, []],
        ['/api/deployments/settings', admin, { provider: 'io.net', enabled: false, configured: false, can_connect: false }],
        [
          '/api/deployments/?p=1&page_size=10',
          admin,
          { page: 1, page_size: 10, total: 0, items: [], status_counts: { all: 0, running: 0, completed: 0, failed: 0, 'deployment requested': 0, 'termination requested': 0, destroyed: 0 } },
        ],
        ['/api/custom-oauth-provider/', root, []],
        ['/api/perf-metrics/summary?hours=24', alice, { models: [] }],
        ['/api/system-task/list?limit=20', root, []],
        ['/api/system-info/instances', root, []],
        ['/api/authz/catalog', admin, { resources: [], roles: [] }],
        [
          '/api/rankings?period=week',
          alice,
          { models: [], vendors: [], top_movers: [], top_droppers: [], models_history: { points: [], models: [], buckets: 0 }, vendor_share_history: { points: [], vendors: [], buckets: 0 } },
        ],
      ];
      for (const [url, actor, data] of expectations) {
        const response = await server.call('GET', url, { as: actor });
        expect(response.statusCode, url).toBe(200);
        expect(json(response), url).toEqual({ success: true, message: '', data });
      }
      expect(json(await server.call('GET', '/api/user-agreement')).data).toBe('');
      expect(json(await server.call('GET', '/api/privacy-policy')).data).toBe('');
    });

    it('keeps the admin modules from users and the root one from admins', async () => {
      for (const [url, actor] of [
        ['/api/subscription/admin/plans', alice],
        ['/api/vendors/', alice],
        ['/api/deployments/', alice],
        ['/api/models/missing', alice],
        ['/api/custom-oauth-provider/', admin],
        ['/api/system-info/instances', admin],
        ['/api/authz/catalog', alice],
        ['/api/channel/ops', alice],
      ] as const) {
        const response = await server.call('GET', url, { as: actor });
        expect(response.statusCode, url).toBe(403);
      }
      expect((await server.call('GET', '/api/subscription/self')).statusCode).toBe(401);
      expect((await server.call('GET', '/api/user/oauth/bindings')).statusCode).toBe(401);
    });
  });

  describe('static paths once swallowed by /:id routes', () => {
    it('GET /api/channel/ops answers the retry count', async () => {
      await server.context.options.set('RetryTimes', 3);
      expect(json(await server.call('GET', '/api/channel/ops', { as: admin }))).toEqual({ success: true, message: '', data: { retry_times: 3 } });
    });

    it('GET /api/token/auto-groups answers the auto groups the caller may use', async () => {
      await server.context.options.set('AutoGroups', '["vip","default","default"]');
      await server.context.options.set('UserUsableGroups', '{"default":"Default"}');
      expect(json(await server.call('GET', '/api/token/auto-groups', { as: alice })).data).toEqual({ groups: ['default'], max_count: 0 });
    });

    it("GET /api/user/checkin answers new-api's switched-off message", async () => {
      const response = await server.call('GET', '/api/user/checkin', { as: alice });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ success: false, message: '签到功能未启用' });
    });

    it('DELETE /api/redemption/invalid removes used, disabled and expired codes only', async () => {
      const now = Math.floor(Date.now() / 1000);
      const base = { user_id: admin.user.id, quota: 1, created_time: now, redeemed_time: 0, used_user_id: 0, deleted_at: null };
      const codes = [
        { ...base, key: 'k'.repeat(32), name: 'unused', status: RedemptionStatus.Unused, expired_time: 0 },
        { ...base, key: 'l'.repeat(32), name: 'future', status: RedemptionStatus.Unused, expired_time: now + 3600 },
        { ...base, key: 'm'.repeat(32), name: 'expired', status: RedemptionStatus.Unused, expired_time: now - 10 },
        { ...base, key: 'n'.repeat(32), name: 'used', status: RedemptionStatus.Used, expired_time: 0 },
        { ...base, key: 'o'.repeat(32), name: 'disabled', status: RedemptionStatus.Disabled, expired_time: 0 },
      ];
      for (const code of codes) await server.context.db.insertInto('redemptions').values(code).execute();
      expect((await server.call('DELETE', '/api/redemption/invalid', { as: alice })).statusCode).toBe(403);
      const response = await server.call('DELETE', '/api/redemption/invalid', { as: admin });
      expect(json(response)).toEqual({ success: true, message: '', data: 3 });
      const live = await server.context.db.selectFrom('redemptions').select('name').where('deleted_at', 'is', null).orderBy('name').execute();
      expect(live.map((row) => row.name)).toEqual(['future', 'unused']);
    });
  });
});
