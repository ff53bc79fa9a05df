import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, targetFromDsn, type DatabaseHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { deleteLogsBefore, listLogs, logStatistics } from '../src/logs/log-queries';
import { readUsageData } from '../src/logs/usage-data';
import { insertLogs, insertUsageBuckets, logRow } from './helpers/log-fixtures';
import { leaseMariadbDatabase, leasePostgresDatabase } from './helpers/test-services';

type Engine = 'sqlite' | 'postgres' | 'mariadb';

async function openEngine(engine: Engine): Promise<{ handle: DatabaseHandle; release(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-logs-'));
    const handle = openDatabase(targetFromDsn('', path.join(dir, 'turnpike.db')));
    return { handle, release: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const lease = engine === 'postgres' ? await leasePostgresDatabase() : await leaseMariadbDatabase();
  return { handle: openDatabase(targetFromDsn(lease.url, '')), release: () => lease.release() };
}

const T = 1_700_000_000;

// The log queries use a reserved column name (group), LIKE … ESCAPE, sums and batched deletes: check them on every engine.
describe.each(['sqlite', 'postgres', 'mariadb'] as Engine[])('log queries on %s', (engine) => {
  let handle: DatabaseHandle;
  let release: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, release } = await openEngine(engine));
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.db.destroy();
    await release();
  });

  it('filters, orders, pages, sums and cleans up the same way', async () => {
    const now = Math.floor(Date.now() / 1000);
    await insertLogs(handle.db, [
      logRow({ created_at: T, content: 'old', model_name: 'gpt_4o', quota: 1000, group: 'vip' }),
      logRow({ created_at: now - 10, content: 'a', model_name: 'gpt-4o', quota: 30, prompt_tokens: 5, completion_tokens: 7, group: 'vip' }),
      logRow({ created_at: now - 20, content: 'b', model_name: 'gpt-4o-mini', quota: 20, prompt_tokens: 1, completion_tokens: 2, user_id: 2, username: 'other' }),
      logRow({ created_at: now - 20, content: 'c', type: 5, model_name: 'gpt-4o' }),
    ]);
    const page = await listLogs(handle.db, { type: 0, modelName: 'gpt-4o%' }, { limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.content)).toEqual(['a', 'c']);
    expect((await listLogs(handle.db, { type: 2, group: 'vip' }, { limit: 10, offset: 0 })).rows.map((row) => row.content)).toEqual(['a', 'old']);
    expect((await listLogs(handle.db, { type: 0, modelName: 'gpt_4o%' }, { limit: 10, offset: 0 })).rows.map((row) => row.content)).toEqual(['old']);
    expect(await logStatistics(handle.db, { type: 0 }, now)).toEqual({ quota: 1050, rpm: 2, tpm: 15 });
    expect(await logStatistics(handle.db, { type: 0, userId: 2 }, now)).toEqual({ quota: 20, rpm: 1, tpm: 3 });
    expect(await deleteLogsBefore(handle.db, now - 15, 1)).toBe(3);
    expect((await listLogs(handle.db, { type: 0 }, { limit: 10, offset: 0 })).rows.map((row) => row.content)).toEqual(['a']);
  });

  it('sums the hourly buckets per model and hour', async () => {
    await insertUsageBuckets(handle.db, [
      { user_id: 1, username: 'one', model_name: 'm', created_at: T, token_used: 10, count: 1, quota: 5 },
      { user_id: 2, username: 'two', model_name: 'm', created_at: T, token_used: 20, count: 2, quota: 7 },
      { user_id: 2, username: 'two', model_name: 'm', created_at: T + 3600, token_used: 1, count: 1, quota: 1 },
    ]);
    expect(await readUsageData(handle.db, { startTimestamp: T, endTimestamp: T })).toEqual([{ model_name: 'm', created_at: T, token_used: 30, count: 3, quota: 12 }]);
    expect((await readUsageData(handle.db, { startTimestamp: 0, username: 'two' })).map((row) => [row.user_id, row.created_at, row.quota])).toEqual([
      [2, T, 7],
      [2, T + 3600, 1],
    ]);
  });
});
