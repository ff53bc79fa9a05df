import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

// The account flows whose SQL differs by engine (insert ids in transactions, LIKE escaping, conditional updates),
// on real PostgreSQL and MariaDB servers with real connection pools (true concurrency, unlike SQLite's one connection).
describe.each([
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('accounts on %s', (_engine, lease) => {
  let database: ServiceLease;
  let server: TestServer;
  let admin: Actor;

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer({ SQL_DSN: database.url, CRITICAL_RATE_LIMIT: '1000' });
    admin = await server.createUser({ username: 'admin', role: 10 });
  });
  afterAll(async () => {
    await server?.stop();
    // pg-pool's end() resolves once it has asked its clients to end, before their sockets close; stopping the
    // database at once makes those closing clients throw 57P01. Give them a moment to finish.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  const row = (username: string) => server.context.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('registers with an invitation code and credits both sides', async () => {
    await server.context.options.set('QuotaForNewUser', 100);
    await server.context.options.set('QuotaForInvitee', 20);
    await server.context.options.set('QuotaForInviter', 30);
    expect((await server.call('POST', '/api/user/register', { body: { username: 'host', password: 'password123' } })).json().success).toBe(true);
    const host = await row('host');
    const guest = await server.call('POST', '/api/user/register', { body: { username: 'guest', password: 'password123', aff_code: host.aff_code } });
    expect(guest.json().success).toBe(true);
    expect(await row('guest')).toMatchObject({ quota: 120, inviter_id: host.id });
    expect(await row('host')).toMatchObject({ quota: 100, aff_count: 1, aff_quota: 30, aff_history_quota: 30 });
    const logs = await server.context.db.selectFrom('logs').select(['user_id', 'type', 'quota']).orderBy('id').execute();
    expect(logs).toEqual([
      { user_id: host.id, type: 4, quota: 100 },
      { user_id: (await row('guest')).id, type: 4, quota: 100 },
      { user_id: (await row('guest')).id, type: 4, quota: 20 },
      { user_id: host.id, type: 4, quota: 30 },
    ]);
  });

  it('refuses a second simultaneous registration of one username', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => server.call('POST', '/api/user/register', { body: { username: 'twin', password: 'password123' } })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((entry) => entry.statusCode !== 200)) {
      expect(response.json()).toEqual({ success: false, message: 'the username already exists or has been deactivated', code: 'conflict' });
    }
  });

  it('moves affiliate quota exactly once under concurrent transfers', async () => {
    const saver = await server.createUser({ username: 'saver', quota: 0, aff_quota: 1_100_000 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => server.call('POST', '/api/user/aff_transfer', { as: saver, body: { quota: 500_000 } })),
    );
    expect(responses.filter((response) => response.json().success === true)).toHaveLength(2);
    expect(await row('saver')).toMatchObject({ quota: 1_000_000, aff_quota: 100_000 });
  });

  it('searches with literal wildcards and updates quota with a management log', async () => {
    await server.createUser({ username: 'under_score', email: 'u@example.com' });
    await server.createUser({ username: 'underXscore' });
    const found = (await server.call('GET', '/api/user/search?keyword=r_s', { as: admin })).json().data;
    expect(found.items.map((user: { username: string }) => user.username)).toEqual(['under_score']);
    const target = await row('under_score');
    const response = await server.call('PUT', '/api/user/', { as: admin, body: { id: target.id, quota: 500_000 } });
    expect(response.json().data.quota).toBe(500_000);
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', target.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 3, content: 'admin changed quota from $0.000000 to $1.000000', quota: 500_000 });
  });

  it('soft-deletes through manage and keeps the user listed', async () => {
    const leaving = await server.createUser({ username: 'leaving' });
    expect((await server.call('POST', '/api/user/manage', { as: admin, body: { id: leaving.user.id, action: 'delete' } })).json().success).toBe(true);
    const list = (await server.call('GET', '/api/user/?p=1&page_size=100', { as: admin })).json().data;
    const listed = list.items.find((user: { id: number }) => user.id === leaving.user.id);
    expect(listed.deleted_at).toBeGreaterThan(0);
    expect((await server.call('GET', '/api/user/self', { as: leaving })).statusCode).toBe(401);
  });
});
