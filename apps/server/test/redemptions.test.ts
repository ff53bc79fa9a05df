import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('/api/redemption and /api/user/topup', () => {
  let server: TestServer;
  let admin: Actor;
  let user: Actor;
  let other: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    user = await server.createUser({ username: 'user', quota: 1000 });
    other = await server.createUser({ username: 'other', quota: 0 });
  });
  afterAll(() => server.stop());

  const quotaOf = async (id: number) => (await server.context.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota;

  it('creates a batch of distinct 32-character codes', async () => {
    const response = await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'promo', quota: 250000, count: 3 } });
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'redemption code created' });
    expect(body.data).toHaveLength(3);
    for (const key of body.data) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(body.data).size).toBe(3);
  });

  it('validates name, count and quota', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', quota: 1 }, 'name: the name must be 1 to 20 characters'],
      [{ name: 'x'.repeat(21), quota: 1 }, 'name: the name must be 1 to 20 characters'],
      [{ name: 'x', quota: 1, count: 0 }, 'count: the quantity must be greater than 0'],
      [{ name: 'x', quota: 1, count: 101 }, 'count: at most 100 codes per batch'],
      [{ name: 'x', quota: 'abc' }, 'quota: Invalid input: expected number, received NaN'],
    ];
    for (const [body, message] of cases) {
      const response = await server.call('POST', '/api/redemption/', { as: admin, body });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('redeems a code once, adds its quota and writes a top-up log', async () => {
    const [key] = (await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'once', quota: 500000 } })).json().data;
    const before = await quotaOf(user.user.id);
    const redeemed = await server.call('POST', '/api/user/topup', { as: user, body: { key } });
    expect(redeemed.json()).toEqual({ success: true, message: 'redeem succeeded', data: 500000 });
    expect(await quotaOf(user.user.id)).toBe(before + 500000);
    const again = await server.call('POST', '/api/user/topup', { as: user, body: { key } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('this redemption code has already been used');
    const logs = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 1).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0].quota).toBe(500000);
    expect(logs[0].content).toContain('$1.000000');
  });

  it('lets only one of many simultaneous redeems of the same code succeed', async () => {
    const [key] = (await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'race', quota: 70000 } })).json().data;
    const before = (await quotaOf(user.user.id)) + (await quotaOf(other.user.id));
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) => server.call('POST', '/api/user/topup', { as: index % 2 ? user : other, body: { key } })),
    );
    expect(attempts.filter((response) => response.json().success === true)).toHaveLength(1);
    expect((await quotaOf(user.user.id)) + (await quotaOf(other.user.id))).toBe(before + 70000);
  });

  it('refuses empty, unknown and disabled codes', async () => {
    expect((await server.call('POST', '/api/user/topup', { as: user, body: { key: '' } })).json().message).toBe('key: please enter the redemption code');
    expect((await server.call('POST', '/api/user/topup', { as: user, body: { key: 'nope' } })).json().message).toBe('invalid redemption code');
    const [key] = (await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'off', quota: 10 } })).json().data;
    const row = await server.context.db.selectFrom('redemptions').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    await server.call('PUT', '/api/redemption/?status_only=true', { as: admin, body: { id: row.id, status: 2 } });
    expect((await server.call('POST', '/api/user/topup', { as: user, body: { key } })).json().message).toBe('invalid redemption code');
  });

  it('edits only unused codes and never re-enables a used one', async () => {
    const [key] = (await server.call('POST', '/api/redemption/', { as: admin, body: { name: 'edit', quota: 10 } })).json().data;
    const { id } = await server.context.db.selectFrom('redemptions').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    const edited = await server.call('PUT', '/api/redemption/', { as: admin, body: { id, name: 'edited', quota: 20 } });
    expect(edited.json().data).toMatchObject({ name: 'edited', quota: 20 });
    await server.call('POST', '/api/user/topup', { as: user, body: { key } });
    expect((await server.call('PUT', '/api/redemption/', { as: admin, body: { id, name: 'late' } })).json().message).toBe('only an unused redemption code can be edited');
    expect((await server.call('PUT', '/api/redemption/?status_only=true', { as: admin, body: { id, status: 1 } })).json().message).toBe(
      'a used redemption code cannot be enabled or disabled',
    );
  });

  it('lists, searches by id or name, gets and deletes', async () => {
    const list = (await server.call('GET', '/api/redemption/?p=1&page_size=2', { as: admin })).json();
    expect(list.data.items).toHaveLength(2);
    expect(list.data.total).toBeGreaterThanOrEqual(7);
    expect(list.data.items[0]).not.toHaveProperty('deleted_at');
    const byName = (await server.call('GET', '/api/redemption/search?keyword=promo', { as: admin })).json();
    expect(byName.data.items).toHaveLength(3);
    const id = byName.data.items[0].id;
    const byId = (await server.call('GET', `/api/redemption/search?keyword=${id}`, { as: admin })).json();
    expect(byId.data.items.map((row: { id: number }) => row.id)).toContain(id);
    expect((await server.call('GET', `/api/redemption/${id}`, { as: admin })).json().data.name).toBe('promo');
    expect((await server.call('DELETE', `/api/redemption/${id}/`, { as: admin })).json().success).toBe(true);
    expect((await server.call('GET', `/api/redemption/${id}`, { as: admin })).statusCode).toBe(404);
  });

  it('refuses ordinary users and visitors on admin routes', async () => {
    for (const [method, url] of [['GET', '/api/redemption/'], ['POST', '/api/redemption/'], ['GET', '/api/redemption/search?keyword=a'], ['PUT', '/api/redemption/'], ['DELETE', '/api/redemption/1/']] as const) {
      expect((await server.call(method, url, { as: user, body: {} })).statusCode, `${method} ${url}`).toBe(403);
      expect((await server.call(method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
