// The exactly-once refund of a failed task on every engine: 20 concurrent transitions of one task to FAILURE (real
// connection pools on PostgreSQL and MariaDB) refund its quota to the user and the token once, with one log row.
import { LogType } from '@turnpike/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTask } from '../src/db/schema';
import { TaskStore } from '../src/tasks/task-store';
import { addApiKey } from './helpers/relay-fixtures';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const sqliteLease = async (): Promise<ServiceLease | null> => null;
const quota = 12_345;

describe.each([
  ['sqlite', sqliteLease],
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('task refunds on %s', (_engine, lease) => {
  let database: ServiceLease | null;
  let server: TestServer;
  let user: Actor;
  let token: { key: string; id: number };

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer(database ? { SQL_DSN: database.url } : {});
    user = await server.createUser({ username: 'engine-painter', quota: 100_000 });
    token = await addApiKey(server, user, { unlimited_quota: false, remain_quota: 50_000 });
  });
  afterAll(async () => {
    await server?.stop();
    // Let pg-pool's clients finish closing before the database goes (see users-engines.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  it('refunds once under 20 concurrent failures of one task', async () => {
    const now = Date.now();
    const row: NewTask = {
      platform: 'midjourney', action: 'IMAGINE', task_id: 'engine-task', user_id: user.user.id, token_id: token.id, token_debited: 1, channel_id: 1, model_name: 'mj_imagine',
      code: 1, status: 'IN_PROGRESS', progress: '50%', quota, prompt: 'p', prompt_en: '', description: '', image_url: '', data: '', properties: '', buttons: '', fail_reason: '',
      notify_hook: '', submit_time: now, start_time: now, finish_time: 0, created_at: now, updated_at: now, next_poll_at: now, poll_failures: 0,
    };
    const store = new TaskStore(server.context.db);
    await store.insert(row);
    const task = await server.context.db.selectFrom('tasks').selectAll().where('task_id', '=', 'engine-task').executeTakeFirstOrThrow();
    const refundLog = { content: 'refund', username: user.user.username, tokenName: 'test-key', group: 'default', channelName: '' };
    const won = await Promise.all(Array.from({ length: 20 }, () => store.fail(task, { fail_reason: 'failed upstream' }, Date.now(), refundLog)));
    expect(won.filter(Boolean).length).toBe(1);
    const balances = await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const tokenRow = await server.context.db.selectFrom('tokens').select('remain_quota').where('id', '=', token.id).executeTakeFirstOrThrow();
    expect([Number(balances.quota), Number(tokenRow.remain_quota)]).toEqual([100_000 + quota, 50_000 + quota]);
    const logs = await server.context.db.selectFrom('logs').select('quota').where('user_id', '=', user.user.id).where('type', '=', LogType.System).execute();
    expect(logs.map((log) => Number(log.quota))).toEqual([quota]);
    expect(await store.update(task.id, { status: 'SUCCESS' }, Date.now(), Date.now())).toBe(false);
    expect((await server.context.db.selectFrom('tasks').select(['status', 'progress']).where('id', '=', task.id).executeTakeFirstOrThrow())).toEqual({ status: 'FAILURE', progress: '100%' });
  });
});
