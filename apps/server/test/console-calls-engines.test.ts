// Prefill groups (migration 013) and usage per user on every engine: the unique name holds, JSON items round-trip,
// and the per-user sums come back as numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUsageBuckets } from './helpers/log-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

/** No lease: the test server's own SQLite file. */
const sqliteLease = async (): Promise<ServiceLease | null> => null;

describe.each([
  ['sqlite', sqliteLease],
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('new-api console calls on %s', (_engine, lease) => {
  let database: ServiceLease | null;
  let server: TestServer;
  let admin: Actor;

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer(database ? { SQL_DSN: database.url } : {});
    admin = await server.createUser({ username: 'engine-admin', role: 10 });
  });
  afterAll(async () => {
    await server?.stop();
    // Let pg-pool's clients finish closing before the database goes (see users-engines.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  it('stores prefill groups with their JSON items and refuses a second group of the same name', async () => {
    const items = { openai: { path: '/v1/chat/completions', method: 'POST' }, anthropic: { path: '/v1/messages', method: 'POST' } };
    const created = await server.call('POST', '/api/prefill_group/', { as: admin, body: { name: '端点', type: 'endpoint', items } });
    expect(created.statusCode).toBe(200);
    const concurrent = await Promise.all(
      Array.from({ length: 4 }, () => server.call('POST', '/api/prefill_group/', { as: admin, body: { name: 'same', type: 'model', items: ['a'] } })),
    );
    expect(concurrent.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of concurrent.filter((response) => response.statusCode !== 200)) expect(refused.json()).toMatchObject({ success: false, message: '组名称已存在' });
    const listed = (await server.call('GET', '/api/prefill_group?type=endpoint', { as: admin })).json().data as Array<{ name: string; items: unknown; id: number }>;
    expect(listed.map((group) => [group.name, group.items])).toEqual([['端点', items]]);
    expect(typeof listed[0].id).toBe('number');
  });

  it('sums usage per user and hour as numbers', async () => {
    await insertUsageBuckets(server.context.db, [
      { user_id: admin.user.id, username: 'engine-admin', model_name: 'a', created_at: 3600, token_used: 5, count: 1, quota: 2 },
      { user_id: admin.user.id, username: 'engine-admin', model_name: 'b', created_at: 3600, token_used: 6, count: 2, quota: 3 },
    ]);
    const rows = (await server.call('GET', '/api/data/users?start_timestamp=0&end_timestamp=3600', { as: admin })).json().data as Array<Record<string, unknown>>;
    expect(rows).toEqual([{ id: 0, user_id: 0, username: 'engine-admin', model_name: '', created_at: 3600, use_group: '', token_id: 0, channel_id: 0, node_name: '', token_used: 11, count: 3, quota: 5 }]);
  });
});
