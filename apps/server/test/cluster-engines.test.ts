import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileOrphanedReservations } from '../src/billing/reservation-reconciler';
import { releaseStaleReservations } from '../src/billing/quota-ledger';
import { DatabaseLeaseBackend } from '../src/cluster/job-lease';
import { NodeHeartbeat } from '../src/cluster/node-heartbeat';
import { openDatabase, targetFromDsn, type DatabaseHandle, type DatabaseTarget } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { leaseMariadbDatabase, leasePostgresDatabase } from './helpers/test-services';
import { userRow } from './helpers/user-rows';

type Engine = 'sqlite' | 'postgres' | 'mariadb';

/** Opens an empty database of the engine; `target` opens another pool on it (a second instance). */
async function openEngine(engine: Engine): Promise<{ target: DatabaseTarget; release(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-cluster-db-'));
    return { target: targetFromDsn('', path.join(dir, 'turnpike.db')), release: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const lease = engine === 'postgres' ? await leasePostgresDatabase() : await leaseMariadbDatabase();
  return { target: targetFromDsn(lease.url, ''), release: () => lease.release() };
}

const silentLog = { warn: () => undefined, info: () => undefined, debug: () => undefined };

describe.each(['sqlite', 'postgres', 'mariadb'] as Engine[])('heartbeats, job leases and reconciliation on %s', (engine) => {
  let handle: DatabaseHandle;
  let release: () => Promise<void>;
  let sequence = 0;

  beforeAll(async () => {
    const opened = await openEngine(engine);
    release = opened.release;
    handle = openDatabase(opened.target);
    // Two instances starting together on an empty database both migrate it.
    const second = openDatabase(opened.target);
    await Promise.all([migrateToLatest(handle), migrateToLatest(second)]);
    await second.db.destroy();
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await release?.();
  });

  async function addUser(quota: number): Promise<number> {
    sequence += 1;
    const username = `cluster${sequence}`;
    await handle.db.insertInto('users').values(userRow({ username, quota })).execute();
    return (await handle.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  const quotaOf = async (id: number): Promise<number> => (await handle.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota;
  const reserve = async (userId: number, amount: number, startId: string, nodeName = 'n'): Promise<string> => {
    sequence += 1;
    const id = `r${sequence}-${startId}`;
    await handle.db.updateTable('users').set((eb) => ({ quota: eb('quota', '-', amount) })).where('id', '=', userId).execute();
    await handle.db.insertInto('reservations').values({ id, user_id: userId, token_id: 0, amount, node_name: nodeName, start_id: startId, created_at: 1 }).execute();
    return id;
  };

  it('adds the cluster tables and an empty start_id to reservations', async () => {
    await handle.db.insertInto('reservations').values({ id: 'legacy', user_id: 0, token_id: 0, amount: 0, node_name: 'old', created_at: 1 }).execute();
    const row = await handle.db.selectFrom('reservations').selectAll().where('id', '=', 'legacy').executeTakeFirstOrThrow();
    expect(row.start_id).toBe('');
    await handle.db.deleteFrom('reservations').where('id', '=', 'legacy').execute();
    expect(await handle.db.selectFrom('node_heartbeats').selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });

  it('gives a lease to exactly one of many concurrent holders, renews it for its holder, and frees it on expiry or release', async () => {
    let now = 1_000_000;
    const leases = new DatabaseLeaseBackend(handle.db, () => now);
    const holders = Array.from({ length: 8 }, (_, index) => `holder-${index}`);
    const won = await Promise.all(holders.map((holder) => leases.acquire('job-a', holder, 10_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = holders[won.indexOf(true)];
    const other = holders.find((holder) => holder !== winner) ?? '';
    now += 9_000;
    expect(await leases.acquire('job-a', winner, 10_000)).toBe(true);
    now += 9_000;
    // Renewed 9 s ago for 10 s: still the winner's.
    expect(await leases.acquire('job-a', other, 10_000)).toBe(false);
    now += 2_000;
    expect(await leases.acquire('job-a', other, 10_000)).toBe(true);
    expect(await leases.acquire('job-a', winner, 10_000)).toBe(false);
    await leases.release('job-a', winner);
    expect(await leases.acquire('job-a', winner, 10_000)).toBe(false);
    await leases.release('job-a', other);
    expect(await leases.acquire('job-a', winner, 10_000)).toBe(true);
    expect(await leases.acquire('job-b', other, 10_000)).toBe(true);
  });

  it('releases the reservations of dead and stopped runs once, across concurrent reconcilers, and keeps live and legacy ones', async () => {
    const userId = await addUser(1_000);
    const live = await NodeHeartbeat.start(handle.db, 'live-run', 'node-live', 60_000, silentLog);
    const dead = await NodeHeartbeat.start(handle.db, 'dead-run', 'node-dead', 60_000, silentLog);
    const stopped = await NodeHeartbeat.start(handle.db, 'stopped-run', 'node-stopped', 60_000, silentLog);
    await reserve(userId, 100, 'live-run');
    await reserve(userId, 30, 'dead-run');
    await reserve(userId, 20, 'dead-run');
    await reserve(userId, 7, 'stopped-run');
    await reserve(userId, 5, '', 'legacy-node');
    expect(await quotaOf(userId)).toBe(1_000 - 162);
    await stopped.stop();
    // The dead run's last heartbeat is 40 s old; the live one beats now.
    await handle.db.updateTable('node_heartbeats').set({ last_seen: Date.now() - 40_000 }).where('start_id', '=', 'dead-run').execute();
    await live.beat();
    const results = await Promise.all([0, 1, 2].map(() => reconcileOrphanedReservations(handle.db, 30_000)));
    expect(results.reduce((sum, result) => sum + result.released, 0)).toBe(3);
    expect(await quotaOf(userId)).toBe(1_000 - 105);
    const left = await handle.db.selectFrom('reservations').select(['start_id', 'amount']).where('user_id', '=', userId).where('released_at', '=', 0).orderBy('amount').execute();
    expect(left).toEqual([{ start_id: '', amount: 5 }, { start_id: 'live-run', amount: 100 }]);
    // A restart of the legacy node returns what its earlier run held, and nothing of the current run.
    expect(await releaseStaleReservations(handle.db, { nodeName: 'legacy-node', exceptStartId: 'new-run' })).toBe(1);
    expect(await quotaOf(userId)).toBe(1_000 - 100);
    await live.stop();
    await dead.stop();
    expect((await reconcileOrphanedReservations(handle.db, 30_000)).released).toBe(1);
    expect(await quotaOf(userId)).toBe(1_000);
  });

  it('re-inserts a heartbeat row that was removed, and forgets runs gone for a day', async () => {
    const run = await NodeHeartbeat.start(handle.db, 'returning-run', 'node-r', 60_000, silentLog);
    await handle.db.deleteFrom('node_heartbeats').where('start_id', '=', 'returning-run').execute();
    await run.beat();
    expect((await handle.db.selectFrom('node_heartbeats').select('node_name').where('start_id', '=', 'returning-run').executeTakeFirst())?.node_name).toBe('node-r');
    await handle.db.insertInto('node_heartbeats').values({ start_id: 'ancient', node_name: 'old', started_at: 0, last_seen: Date.now() - 2 * 86_400_000 }).execute();
    expect((await reconcileOrphanedReservations(handle.db, 30_000)).forgotten).toBe(1);
    await run.stop();
  });
});
