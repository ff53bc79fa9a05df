import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalChangeBus } from '../src/cluster/change-bus';
import { openDatabase, targetFromDsn, type DatabaseHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import type { NewUser } from '../src/db/schema';
import { isUniqueViolation } from '../src/db/unique-violation';
import { OptionStore } from '../src/options/option-store';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';
import { userRow } from './helpers/user-rows';

type Engine = 'sqlite' | 'postgres' | 'mariadb';

/** Opens an empty database of the engine; `release` drops it (and stops a server started for this file). */
async function openEngine(engine: Engine): Promise<{ handle: DatabaseHandle; release(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-db-'));
    const handle = openDatabase(targetFromDsn('', path.join(dir, 'turnpike.db')));
    return { handle, release: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const lease: ServiceLease = engine === 'postgres' ? await leasePostgresDatabase() : await leaseMariadbDatabase();
  return { handle: openDatabase(targetFromDsn(lease.url, '')), release: () => lease.release() };
}

describe.each(['sqlite', 'postgres', 'mariadb'] as Engine[])('repository behaviour on %s', (engine) => {
  let handle: DatabaseHandle;
  let release: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, release } = await openEngine(engine));
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await release?.();
  });

  async function insertUser(fields: Partial<NewUser> = {}): Promise<number> {
    const values = userRow(fields);
    await handle.db.insertInto('users').values(values).execute();
    const row = await handle.db.selectFrom('users').select('id').where('username', '=', values.username).executeTakeFirstOrThrow();
    return row.id;
  }

  const quotaOf = async (id: number): Promise<number> =>
    (await handle.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota;

  /** The ledger's primitive: take `amount` only if the balance covers it; answers the rows changed. */
  const takeQuota = async (id: number, amount: number): Promise<bigint> => {
    const result = await handle.db
      .updateTable('users')
      .set({ quota: sql<number>`quota - ${amount}` })
      .where('id', '=', id)
      .where('quota', '>=', amount)
      .executeTakeFirst();
    return result.numUpdatedRows;
  };

  it('migrates idempotently and reports its engine', async () => {
    await migrateToLatest(handle);
    expect(handle.kind).toBe(engine === 'mariadb' ? 'mysql' : engine);
    const tables = ['users', 'options', 'setups', 'tokens', 'channels', 'abilities', 'redemptions', 'logs', 'quota_data', 'reservations'] as const;
    for (const table of tables) {
      const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(row.count)).toBe(0);
    }
  });

  it('stores options through the store, upserting the same key twice', async () => {
    const store = await OptionStore.open(handle, new LocalChangeBus());
    expect(store.text('SystemName')).toBe('Turnpike');
    await store.set('SystemName', 'First name');
    await store.set('SystemName', 'Second name');
    await store.set('QuotaPerUnit', 1234);
    const rows = await handle.db.selectFrom('options').select(['key', 'value']).where('key', '=', 'SystemName').execute();
    expect(rows).toEqual([{ key: 'SystemName', value: 'Second name' }]);
    const reopened = await OptionStore.open(handle, new LocalChangeBus());
    expect(reopened.text('SystemName')).toBe('Second name');
    expect(reopened.number('QuotaPerUnit')).toBe(1234);
  });

  it('keeps bigint quotas above 2^31 exact and numeric', async () => {
    const large = 2 ** 33 + 7;
    const id = await insertUser({ quota: large, used_quota: 2 ** 32 });
    const row = await handle.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ quota: large, used_quota: 2 ** 32 });
    expect(typeof row.quota).toBe('number');
    await handle.db.updateTable('users').set({ quota: sql<number>`quota + ${large}` }).where('id', '=', id).execute();
    expect(await quotaOf(id)).toBe(2 * large);
  });

  it('reports affected rows of the conditional quota decrement correctly', async () => {
    const id = await insertUser({ quota: 100 });
    expect(await takeQuota(id, 60)).toBe(1n);
    expect(await quotaOf(id)).toBe(40);
    expect(await takeQuota(id, 60)).toBe(0n);
    expect(await quotaOf(id)).toBe(40);
    // A matched row whose value does not change still counts (MySQL needs the FOUND_ROWS flag for this).
    expect(await takeQuota(id, 0)).toBe(1n);
    expect(await takeQuota(id, 40)).toBe(1n);
    expect(await quotaOf(id)).toBe(0);
  });

  it('never overdraws under concurrent decrements', async () => {
    const id = await insertUser({ quota: 100 });
    const results = await Promise.all(Array.from({ length: 25 }, () => takeQuota(id, 10)));
    expect(results.filter((changed) => changed === 1n)).toHaveLength(10);
    expect(results.filter((changed) => changed === 0n)).toHaveLength(15);
    expect(await quotaOf(id)).toBe(0);
  });

  it('surfaces unique constraint violations as recognisable errors', async () => {
    await insertUser({ username: 'unique-name' });
    const duplicate = handle.db.insertInto('users').values(userRow({ username: 'unique-name' })).execute();
    const error = await duplicate.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
    const count = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('username', '=', 'unique-name').executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(1);
  });

  it('filters soft-deleted rows', async () => {
    const kept = await insertUser({ group: 'soft-delete-test' });
    const removed = await insertUser({ group: 'soft-delete-test' });
    await handle.db.updateTable('users').set({ deleted_at: 1_700_000_100 }).where('id', '=', removed).execute();
    const live = await handle.db.selectFrom('users').select('id').where('group', '=', 'soft-delete-test').where('deleted_at', 'is', null).execute();
    expect(live.map((row) => row.id)).toEqual([kept]);
    const all = await handle.db.selectFrom('users').select('id').where('group', '=', 'soft-delete-test').orderBy('id').execute();
    expect(all.map((row) => row.id)).toEqual([kept, removed]);
  });
});
