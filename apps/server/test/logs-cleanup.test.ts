import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteLogsBefore } from '../src/logs/log-queries';
import { insertLogs, logRow } from './helpers/log-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const T = 1_700_000_000;

describe('DELETE /api/log/?target_timestamp=', () => {
  let server: TestServer;
  let admin: Actor;
  let user: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    user = await server.createUser({ username: 'user' });
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    await server.context.db.deleteFrom('logs').execute();
  });

  const remaining = async () => (await server.context.db.selectFrom('logs').select('created_at').orderBy('id').execute()).map((row) => row.created_at - T);

  it('deletes the rows created before the target and answers their number', async () => {
    await insertLogs(server.context.db, [0, 1, 2, 3, 4, 5, 6, 100, 101].map((offset) => logRow({ created_at: T + offset, type: 1 + (offset % 5) })));
    const response = await server.call('DELETE', `/api/log/?target_timestamp=${T + 5}`, { as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: 5 });
    expect(await remaining()).toEqual([5, 6, 100, 101]);
    const again = await server.call('DELETE', `/api/log/?target_timestamp=${T + 5}`, { as: admin });
    expect(again.json().data).toBe(0);
    expect(await remaining()).toEqual([5, 6, 100, 101]);
  });

  it('deletes batch by batch by primary key even when ids and times interleave', async () => {
    // Odd positions are old, even positions new: each batch must delete exactly its old rows and nothing new.
    await insertLogs(server.context.db, Array.from({ length: 11 }, (_, index) => logRow({ created_at: index % 2 === 0 ? T : T + 100 })));
    expect(await deleteLogsBefore(server.context.db, T + 50, 2)).toBe(6);
    expect(await remaining()).toEqual([100, 100, 100, 100, 100]);
    await insertLogs(server.context.db, Array.from({ length: 6 }, () => logRow({ created_at: T })));
    expect(await deleteLogsBefore(server.context.db, T + 50, 3)).toBe(6);
    expect(await remaining()).toEqual([100, 100, 100, 100, 100]);
  });

  it('answers 400 without a valid date and time, deleting nothing', async () => {
    await insertLogs(server.context.db, [logRow({ created_at: T })]);
    for (const query of ['', '?target_timestamp=', '?target_timestamp=abc', '?target_timestamp=0', '?target_timestamp=-5', '?target_timestamp=1.5']) {
      const response = await server.call('DELETE', `/api/log/${query}`, { as: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'log cleanup requires a date and time', code: 'bad_request' });
    }
    expect(await remaining()).toEqual([0]);
  });

  it('is for admins only', async () => {
    await insertLogs(server.context.db, [logRow({ created_at: T })]);
    expect((await server.call('DELETE', `/api/log/?target_timestamp=${T + 5}`)).statusCode).toBe(401);
    const refused = await server.call('DELETE', `/api/log/?target_timestamp=${T + 5}`, { as: user });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    expect(await remaining()).toEqual([0]);
  });
});
