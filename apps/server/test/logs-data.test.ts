import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStart, foldUsageData } from '../src/logs/usage-data';
import { insertUsageBuckets } from './helpers/log-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// D is 2023-11-14 00:00 UTC, a Tuesday; its week starts on Monday 2023-11-13 (D - 1 day).
const hour = 3600;
const day = 24 * hour;
const D = 1_699_920_000;

describe('GET /api/data/ and /api/data/self/ (dashboard)', () => {
  let server: TestServer;
  let admin: Actor;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    alice = await server.createUser({ username: 'alice' });
    bob = await server.createUser({ username: 'bob' });
    const a = { user_id: alice.user.id, username: 'alice' };
    const b = { user_id: bob.user.id, username: 'bob' };
    await insertUsageBuckets(server.context.db, [
      { ...a, model_name: 'm1', created_at: D, token_used: 100, count: 2, quota: 50 },
      { ...a, model_name: 'm1', created_at: D + hour, token_used: 10, count: 1, quota: 5 },
      { ...a, model_name: 'm2', created_at: D, token_used: 30, count: 1, quota: 9 },
      { ...b, model_name: 'm1', created_at: D, token_used: 1000, count: 4, quota: 400 },
      { ...b, model_name: 'm1', created_at: D + 23 * hour, token_used: 1, count: 1, quota: 1 },
      { ...b, model_name: 'm1', created_at: D + 24 * hour, token_used: 2, count: 1, quota: 2 },
      { ...b, model_name: 'm1', created_at: D + 25 * hour, token_used: 4, count: 1, quota: 4 },
    ]);
  });
  afterAll(() => server.stop());

  const data = async (url: string, as: Actor) => {
    const response = await server.call('GET', url, { as });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    return response.json().data as Array<Record<string, unknown>>;
  };

  it('sums every user per model and hour for admins', async () => {
    expect(await data(`/api/data/?start_timestamp=${D}&end_timestamp=${D + hour}`, admin)).toEqual([
      { model_name: 'm1', created_at: D, token_used: 1100, count: 6, quota: 450 },
      { model_name: 'm2', created_at: D, token_used: 30, count: 1, quota: 9 },
      { model_name: 'm1', created_at: D + hour, token_used: 10, count: 1, quota: 5 },
    ]);
  });

  it('gives the stored rows of one username to admins', async () => {
    expect(await data(`/api/data/?username=alice&start_timestamp=${D}&end_timestamp=${D + day}`, admin)).toEqual([
      { id: expect.any(Number), user_id: alice.user.id, username: 'alice', model_name: 'm1', created_at: D, token_used: 100, count: 2, quota: 50 },
      { id: expect.any(Number), user_id: alice.user.id, username: 'alice', model_name: 'm2', created_at: D, token_used: 30, count: 1, quota: 9 },
      { id: expect.any(Number), user_id: alice.user.id, username: 'alice', model_name: 'm1', created_at: D + hour, token_used: 10, count: 1, quota: 5 },
    ]);
  });

  it('gives users their own rows only, whatever username they ask for', async () => {
    const own = await data(`/api/data/self/?username=alice&start_timestamp=${D + hour}`, bob);
    expect(own.map((row) => [row.username, row.created_at, row.quota])).toEqual([
      ['bob', D + 23 * hour, 1],
      ['bob', D + 24 * hour, 2],
      ['bob', D + 25 * hour, 4],
    ]);
    expect(await data('/api/data/self', admin)).toEqual([]);
  });

  it('folds hours into days and weeks on request, at the caller’s midnight', async () => {
    expect(await data(`/api/data/?username=bob&granularity=day`, admin)).toEqual([
      { model_name: 'm1', created_at: D, token_used: 1001, count: 5, quota: 401, username: 'bob' },
      { model_name: 'm1', created_at: D + day, token_used: 6, count: 2, quota: 6, username: 'bob' },
    ]);
    // UTC+8: local days start at 16:00 UTC, so 23:00, 24:00 and 25:00 UTC share a day.
    expect(await data(`/api/data/self?granularity=day&utc_offset=28800`, bob)).toEqual([
      { model_name: 'm1', created_at: D - 8 * hour, token_used: 1000, count: 4, quota: 400, username: 'bob' },
      { model_name: 'm1', created_at: D + 16 * hour, token_used: 7, count: 3, quota: 7, username: 'bob' },
    ]);
    expect(await data(`/api/data/?granularity=week`, admin)).toEqual([
      { model_name: 'm1', created_at: D - day, token_used: 1117, count: 10, quota: 462 },
      { model_name: 'm2', created_at: D - day, token_used: 30, count: 1, quota: 9 },
    ]);
    expect(await data(`/api/data/?granularity=hour&end_timestamp=${D}`, admin)).toEqual([
      { model_name: 'm1', created_at: D, token_used: 1100, count: 6, quota: 450 },
      { model_name: 'm2', created_at: D, token_used: 30, count: 1, quota: 9 },
    ]);
  });

  it('puts bucket edges on hours, local midnights and Mondays', () => {
    expect(bucketStart(D + 59 * 60, 'hour', 0)).toBe(D);
    expect(bucketStart(D - 1, 'day', 0)).toBe(D - day);
    expect(bucketStart(D + 6 * day - 1, 'week', 0)).toBe(D - day);
    expect(bucketStart(D + 6 * day, 'week', 0)).toBe(D + 6 * day);
    expect(bucketStart(D + 6 * day - 8 * hour, 'week', 8 * hour)).toBe(D + 6 * day - 8 * hour);
    expect(foldUsageData([], 'day')).toEqual([]);
  });

  it('refuses a bad granularity or offset with 400', async () => {
    const month = await server.call('GET', '/api/data/?granularity=month', { as: admin });
    expect(month.statusCode).toBe(400);
    expect(month.json()).toEqual({ success: false, message: 'granularity: granularity must be hour, day or week', code: 'bad_request' });
    const offset = await server.call('GET', '/api/data/self?granularity=day&utc_offset=90000', { as: alice });
    expect(offset.statusCode).toBe(400);
  });

  it('refuses visitors (401) and keeps everyone’s data from ordinary users (403)', async () => {
    expect((await server.call('GET', '/api/data/')).statusCode).toBe(401);
    expect((await server.call('GET', '/api/data/self')).statusCode).toBe(401);
    const refused = await server.call('GET', '/api/data/?username=bob', { as: alice });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
  });
});
