// Two instances on one PostgreSQL 15 database and one Redis: tasks submitted through either are polled by one of them
// only (the `task-poll` fleet lease), and a failed task is refunded exactly once even when both instances poll it at
// the same moment (the refund is a conditional state transition in the database).
import crypto from 'node:crypto';
import { LogType } from '@turnpike/contract';
import { startMidjourneyProxy, startSoraApi, type MidjourneyProxyEmulator, type VideoApiEmulator } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskNotifier } from '../src/tasks/task-notifier';
import { TaskPoller } from '../src/tasks/task-poller';
import { TaskStore } from '../src/tasks/task-store';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { balances, logRows, pollTasks } from './helpers/task-fixtures';
import { leasePostgresDatabase, leaseRedis, type ServiceLease } from './helpers/test-services';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const secret = 'cluster-mj-secret';
const price = 50_000;
const startingQuota = 2_000_000;

describe('task polling and refunds across two instances on PostgreSQL and Redis', () => {
  let database: ServiceLease;
  let redis: ServiceLease;
  let proxy: MidjourneyProxyEmulator;
  let sora: VideoApiEmulator;
  let first: TestServer;
  let second: TestServer;
  let bases: string[];
  let user: Actor;
  let key: { key: string; id: number };

  beforeAll(async () => {
    [database, redis, proxy, sora] = await Promise.all([leasePostgresDatabase(), leaseRedis(), startMidjourneyProxy({ secret }), startSoraApi({ key: 'cluster-sora-key' })]);
    const shared = { SQL_DSN: database.url, REDIS_CONN_STRING: redis.url, REDIS_KEY_PREFIX: `t${crypto.randomBytes(4).toString('hex')}` };
    first = await startTestServer({ ...shared, NODE_NAME: 'tasks-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'tasks-b' });
    await first.context.options.set('DrawingEnabled', true);
    await first.context.options.set('ModelPrice', { mj_imagine: 0.1, 'sora-2': 0.1 });
    await second.context.options.reloadAll();
    await addChannel(first, { baseUrl: proxy.url, models: 'mj_imagine', type: 2, key: secret });
    await addChannel(first, { baseUrl: sora.url, models: 'sora-2', type: 1, key: 'cluster-sora-key' });
    await second.context.relay.routing.reload();
    user = await first.createUser({ username: 'fleet-painter', quota: startingQuota });
    key = await addApiKey(first, user, { unlimited_quota: false, remain_quota: startingQuota });
    bases = [await first.listen(), await second.listen()];
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await proxy.close();
    await sora.close();
    await Promise.all([database.release(), redis.release()]);
  });

  async function submit(instance: number, prompt: string): Promise<string> {
    const response = await fetch(`${bases[instance]}/mj/submit/imagine`, { method: 'POST', headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) });
    const body = (await response.json()) as { code: number; result: string };
    expect(body.code).toBe(1);
    return body.result;
  }

  const pollRequests = (): number => proxy.board.requests.filter((request) => request.path === '/mj/task/list-by-condition').length;

  it('polls from one instance only and refunds each failed task once', async () => {
    proxy.board.queueOutcomes('failure', 'success', 'failure', 'success');
    const ids = [await submit(0, 'one'), await submit(1, 'two'), await submit(0, 'three'), await submit(1, 'four')];
    await Promise.all([first.settle(), second.settle()]);
    expect(await balances(first, user.user.id, key.id)).toEqual({ user: startingQuota - 4 * price, token: startingQuota - 4 * price });
    proxy.board.advance();
    proxy.board.advance();
    const before = pollRequests();
    await Promise.all([pollTasks(first), pollTasks(second)]);
    expect(pollRequests() - before).toBe(1);
    await Promise.all([pollTasks(first), pollTasks(second)]);
    const statuses = await first.context.db.selectFrom('tasks').select(['task_id', 'status']).where('task_id', 'in', ids).orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual(['FAILURE', 'SUCCESS', 'FAILURE', 'SUCCESS']);
    expect(await balances(first, user.user.id, key.id)).toEqual({ user: startingQuota - 2 * price, token: startingQuota - 2 * price });
    const refunds = (await logRows(first, user.user.id, LogType.System)).filter((row) => JSON.parse(row.other).refund === true);
    expect(refunds.map((row) => row.quota)).toEqual([price, price]);
  });

  it('refunds once when both instances poll the same failed tasks at the same moment, without the lease', async () => {
    const start = await balances(first, user.user.id, key.id);
    proxy.board.queueOutcomes(...Array.from({ length: 10 }, () => 'failure' as const));
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) ids.push(await submit(index % 2, `race ${index}`));
    await Promise.all([first.settle(), second.settle()]);
    proxy.board.advance();
    proxy.board.advance();
    // Both instances' own pollers, each on its own database pool, racing over the same ten tasks.
    const pollers = [first, second].map((server) => new TaskPoller(server.context, server.context.relay.routing, server.context.relay.upstream, new TaskStore(server.context.db), new TaskNotifier(() => false, () => undefined, (url, body) => server.context.outbound.postJson(url, body))));
    const reports = await Promise.all(pollers.map((poller) => poller.pollOnce()));
    expect(reports[0].failed + reports[1].failed).toBe(10);
    expect(await balances(first, user.user.id, key.id)).toEqual(start);
    const refunds = (await logRows(first, user.user.id, LogType.System)).filter((row) => ids.some((id) => row.other.includes(id)));
    expect(refunds.length).toBe(10);
  });

  it('polls each video once per run across the fleet and refunds a failed video once, even when both instances race', async () => {
    const start = await balances(first, user.user.id, key.id);
    /** $0.1 per second, 4 seconds. */
    const videoPrice = 4 * 0.1 * 500_000;
    async function submitVideo(instance: number, prompt: string): Promise<string> {
      const response = await fetch(`${bases[instance]}/v1/videos`, { method: 'POST', headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'sora-2', prompt, seconds: '4' }) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    }
    const statusRequests = (): number => sora.board.requests.filter((request) => request.method === 'GET').length;
    sora.board.queueOutcomes('failure', 'success', ...Array.from({ length: 6 }, () => 'failure' as const));
    const leased = [await submitVideo(0, 'fleet one'), await submitVideo(1, 'fleet two')];
    await Promise.all([first.settle(), second.settle()]);
    expect(await balances(first, user.user.id, key.id)).toEqual({ user: start.user - 2 * videoPrice, token: start.token - 2 * videoPrice });
    sora.board.advance();
    sora.board.advance();
    const before = statusRequests();
    await Promise.all([pollTasks(first), pollTasks(second)]);
    // Under the lease one instance asks for each of the two videos once.
    expect(statusRequests() - before).toBe(2);
    await Promise.all([pollTasks(first), pollTasks(second)]);
    const rows = await first.context.db.selectFrom('tasks').select(['task_id', 'status']).where('task_id', 'in', leased).orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['FAILURE', 'SUCCESS']);
    expect(await balances(first, user.user.id, key.id)).toEqual({ user: start.user - videoPrice, token: start.token - videoPrice });

    const raced: string[] = [];
    for (let index = 0; index < 6; index += 1) raced.push(await submitVideo(index % 2, `race video ${index}`));
    await Promise.all([first.settle(), second.settle()]);
    sora.board.advance();
    sora.board.advance();
    const pollers = [first, second].map((server) => new TaskPoller(server.context, server.context.relay.routing, server.context.relay.upstream, new TaskStore(server.context.db), new TaskNotifier(() => false, () => undefined, (url, body) => server.context.outbound.postJson(url, body)), server.context.relay.credentials));
    const reports = await Promise.all(pollers.map((poller) => poller.pollOnce()));
    expect(reports[0].failed + reports[1].failed).toBe(6);
    expect(await balances(first, user.user.id, key.id)).toEqual({ user: start.user - videoPrice, token: start.token - videoPrice });
    const refunds = (await logRows(first, user.user.id, LogType.System)).filter((row) => [...raced, leased[0]].some((id) => row.other.includes(id)));
    expect(refunds.map((row) => row.quota)).toEqual(Array.from({ length: 7 }, () => videoPrice));
  });
});
