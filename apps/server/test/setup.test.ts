import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';
import { startTestServer, type TestServer } from './helpers/test-server';

const validSetup = { username: 'admin', password: 'correct-horse', confirmPassword: 'correct-horse', SelfUseModeEnabled: true, DemoSiteEnabled: false };

async function countRows(server: TestServer, table: 'users' | 'setups'): Promise<number> {
  const row = await server.context.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('first-run setup on SQLite', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.stop();
  });

  it('GET /api/setup reports a fresh install', async () => {
    const response = await server.call('GET', '/api/setup');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: { status: false, root_init: false, database_type: 'SQLite' } });
  });

  it.each([
    [{ ...validSetup, username: '' }, 'please enter the admin username'],
    [{ ...validSetup, username: '   ' }, 'please enter the admin username'],
    [{ ...validSetup, username: 'a-very-long-admin-username' }, 'the admin username must be at most 20 characters'],
    [{ ...validSetup, password: 'short', confirmPassword: 'short' }, 'the password must be at least 8 characters'],
    [{ ...validSetup, confirmPassword: 'something-else' }, 'the two passwords do not match'],
  ])('refuses %j with "%s" and changes nothing', async (payload, message) => {
    const response = await server.call('POST', '/api/setup', { body: payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, code: 'bad_request' });
    expect(await countRows(server, 'users')).toBe(0);
    expect(await countRows(server, 'setups')).toBe(0);
    expect(server.context.options.bool('SelfUseModeEnabled')).toBe(false);
  });

  it('creates the root user, sets the usage mode and records the setup', async () => {
    const response = await server.call('POST', '/api/setup', { body: validSetup });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });

    const root = await server.context.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(root).toMatchObject({ username: 'admin', role: 100, status: 1, display_name: 'Root User', quota: 100_000_000, deleted_at: null });
    expect(root.password).not.toBe(validSetup.password);
    expect(bcrypt.getRounds(root.password)).toBe(10);
    expect(await bcrypt.compare(validSetup.password, root.password)).toBe(true);
    expect(root.aff_code).toMatch(/^[A-Za-z0-9]{4,}$/);

    expect(server.context.options.bool('SelfUseModeEnabled')).toBe(true);
    expect(server.context.options.bool('DemoSiteEnabled')).toBe(false);
    const stored = await server.context.db.selectFrom('options').select('value').where('key', '=', 'SelfUseModeEnabled').executeTakeFirstOrThrow();
    expect(stored.value).toBe('true');
    const setups = await server.context.db.selectFrom('setups').selectAll().execute();
    expect(setups).toHaveLength(1);
    expect(setups[0].initialized_at).toBeGreaterThan(1_700_000_000);

    expect((await server.call('GET', '/api/setup')).json().data).toEqual({ status: true, root_init: true, database_type: 'SQLite' });
    expect((await server.call('GET', '/api/status')).json().data).toMatchObject({ setup: true, self_use_mode_enabled: true, demo_site_enabled: false });
  });

  it('refuses a second setup', async () => {
    expect((await server.call('POST', '/api/setup', { body: validSetup })).statusCode).toBe(200);
    const again = await server.call('POST', '/api/setup', { body: { ...validSetup, username: 'intruder', SelfUseModeEnabled: false, DemoSiteEnabled: true } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: 'system is already initialized', code: 'bad_request' });
    expect(await countRows(server, 'users')).toBe(1);
    expect(server.context.options.bool('DemoSiteEnabled')).toBe(false);
    expect(server.context.options.bool('SelfUseModeEnabled')).toBe(true);
  });

  it('keeps an existing root user and only records the mode when root already exists', async () => {
    const existing = await server.createUser({ username: 'oldroot', role: 100 });
    expect((await server.call('GET', '/api/setup')).json().data).toMatchObject({ status: false, root_init: true });
    const response = await server.call('POST', '/api/setup', { body: { SelfUseModeEnabled: false, DemoSiteEnabled: true } });
    expect(response.statusCode).toBe(200);
    const users = await server.context.db.selectFrom('users').select(['id', 'username']).execute();
    expect(users).toEqual([{ id: existing.user.id, username: 'oldroot' }]);
    expect(server.context.options.bool('DemoSiteEnabled')).toBe(true);
    expect((await server.call('GET', '/api/setup')).json().data.status).toBe(true);
  });
});

type Engine = 'sqlite' | 'postgres' | 'mariadb';
const leases: Record<Engine, () => Promise<ServiceLease | null>> = {
  sqlite: async () => null,
  postgres: leasePostgresDatabase,
  mariadb: leaseMariadbDatabase,
};

describe.each(['sqlite', 'postgres', 'mariadb'] as Engine[])('concurrent setup on %s', (engine) => {
  let lease: ServiceLease | null;
  let server: TestServer;
  beforeAll(async () => {
    lease = await leases[engine]();
    server = await startTestServer(lease ? { SQL_DSN: lease.url } : {});
  });
  afterAll(async () => {
    await server?.stop();
    await lease?.release();
  });

  it('creates exactly one root when several setups race', async () => {
    const attempts = Array.from({ length: 6 }, (_, index) =>
      server.call('POST', '/api/setup', { body: { ...validSetup, username: `root${index}` } }),
    );
    const responses = await Promise.all(attempts);
    const succeeded = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const response of refused) expect(response.json().message).toBe('system is already initialized');
    const roots = await server.context.db.selectFrom('users').select('username').where('role', '=', 100).execute();
    expect(roots).toHaveLength(1);
    expect(await countRows(server, 'setups')).toBe(1);
  });
});
