// Settlements that outlive a database outage: batches kept in the local journal are replayed exactly once, and a
// settlement whose hold a reconciler refunded meanwhile still bills the call, never below zero. Real PostgreSQL and MariaDB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaLedger, releaseStaleReservations } from '../src/billing/quota-ledger';
import { SettlementBatcher, type BatchFailure } from '../src/billing/settlement-batcher';
import { SettlementJournal } from '../src/billing/settlement-journal';
import { openDatabase, targetFromDsn, type DatabaseHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import type { NewLog } from '../src/db/schema';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';
import { userRow } from './helpers/user-rows';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));

function logRow(userId: number, quota: number, requestId: string): NewLog {
  return {
    user_id: userId, created_at: Math.floor(Date.now() / 1000), type: 2, content: '', username: 'u', token_name: 't', token_id: 0, model_name: 'm',
    quota, prompt_tokens: 1, completion_tokens: 1, use_time: 0, is_stream: 0, channel_id: 0, channel_name: '', group: 'default', ip: '', request_id: requestId, other: '{}',
  };
}

const settleInput = (userId: number, actual: number, requestId: string) => ({ actual, channelId: 0, succeeded: true, log: logRow(userId, actual, requestId), tokensUsed: 2, modelName: 'm', username: 'u' });

describe.each([
  ['PostgreSQL', leasePostgresDatabase],
  ['MariaDB', leaseMariadbDatabase],
] as const)('settlements across an outage on %s', (_engine, lease) => {
  let service: ServiceLease;
  let handle: DatabaseHandle;
  /** A pool pointed at a port nothing listens on: every write is refused, as in an outage. */
  let away: DatabaseHandle;
  const failures: BatchFailure[] = [];

  beforeAll(async () => {
    service = await lease();
    handle = openDatabase(targetFromDsn(service.url, ''));
    await migrateToLatest(handle);
    const unreachable = new URL(service.url);
    unreachable.port = '9';
    away = openDatabase(targetFromDsn(unreachable.toString(), '', 2_000));
  }, 120_000);
  afterAll(async () => {
    await away?.db.destroy();
    await handle?.db.destroy();
    await service?.release();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  async function addUser(quota: number): Promise<number> {
    const result = await handle.db.insertInto('users').values(userRow({ quota })).executeTakeFirstOrThrow();
    return Number(result.insertId ?? (await handle.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
  }
  const quotaOf = async (userId: number) => Number((await handle.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota);
  const logSum = async (userId: number) => (await handle.db.selectFrom('logs').select('quota').where('user_id', '=', userId).execute()).reduce((sum, row) => sum + Number(row.quota), 0);
  const heldRows = async (userId: number) => handle.db.selectFrom('reservations').select('id').where('user_id', '=', userId).execute();

  it('keeps refused batches on disk and bills them exactly once when replayed, even twice', async () => {
    const file = SettlementJournal.pathFor(directory, `node-${_engine}`);
    const userId = await addUser(1_000);
    const ledger = new QuotaLedger({ db: handle.db, batcher: new SettlementBatcher(handle.db, handle.kind, 5, (failure) => failures.push(failure)), nodeName: 'n', kind: handle.kind });
    const first = await ledger.reserve(userId, 0, false, 100);
    const second = await ledger.reserve(userId, 0, false, 50);
    if (!first.ok || !second.ok) throw new Error('reserve refused');
    expect(await quotaOf(userId)).toBe(850);

    // The run that served both calls cannot reach its database: its batch goes to the journal, then it "dies".
    const dyingJournal = new SettlementJournal(file);
    const dying = new SettlementBatcher(away.db, away.kind, 5, (failure) => failures.push(failure), () => true, null, dyingJournal);
    dying.enqueue({ reservation: first.reservation, ...settleInput(userId, 70, 'req-a') });
    dying.enqueue({ reservation: second.reservation, ...settleInput(userId, 50, 'req-b') });
    const given = dying.close(0);
    await given;
    dyingJournal.close();
    expect(failures.some((failure) => failure.stage === 'database' && failure.journaled)).toBe(true);
    // A crash mid-append leaves a torn last line; it is skipped.
    fs.appendFileSync(file, '[{"reservation":');
    expect(await quotaOf(userId)).toBe(850);

    // The next start replays it: the 100 hold settles at 70, the 50 hold at 50.
    const journal = new SettlementJournal(file);
    const leftovers = journal.leftovers();
    expect(leftovers.map((batch) => batch.length)).toEqual([2]);
    await new SettlementBatcher(handle.db, handle.kind, 5, (failure) => failures.push(failure), () => true, null, journal).replay(leftovers);
    expect(await quotaOf(userId)).toBe(880);
    expect(await logSum(userId)).toBe(120);
    expect(await heldRows(userId)).toEqual([]);
    // Once written the journal is empty.
    expect(fs.readFileSync(file, 'utf8')).toBe('');

    // Replaying the same batch again (a crash after the commit, before the journal was emptied) changes nothing.
    await new SettlementBatcher(handle.db, handle.kind, 5, (failure) => failures.push(failure)).replay(leftovers);
    expect(await quotaOf(userId)).toBe(880);
    expect(await logSum(userId)).toBe(120);
    journal.close();
  });

  it('bills a settlement whose hold a reconciler refunded, from the balance and never below zero', async () => {
    const userId = await addUser(1_000);
    const batcher = new SettlementBatcher(handle.db, handle.kind, 5, (failure) => failures.push(failure));
    const ledger = new QuotaLedger({ db: handle.db, batcher, nodeName: 'away-node', startId: 'away-run', kind: handle.kind });
    const calls = await Promise.all([ledger.reserve(userId, 0, false, 300), ledger.reserve(userId, 0, false, 300), ledger.reserve(userId, 0, false, 200)]);
    const [a, b, c] = calls.map((call) => {
      if (!call.ok) throw new Error('reserve refused');
      return call.reservation;
    });
    expect(await quotaOf(userId)).toBe(200);
    // A survivor decides the run is gone and refunds every hold; the rows stay as tombstones.
    expect(await releaseStaleReservations(handle.db, { nodeName: 'away-node', exceptStartId: 'next-run' })).toBe(3);
    expect(await releaseStaleReservations(handle.db, { nodeName: 'away-node', exceptStartId: 'next-run' })).toBe(0);
    expect(await quotaOf(userId)).toBe(1_000);
    // A released hold cannot grow.
    expect(await ledger.extend(a, 100)).toBe(0);
    // Meanwhile the user spends most of it elsewhere.
    await handle.db.updateTable('users').set({ quota: 450 }).where('id', '=', userId).execute();

    // The run was only away: its settlements arrive. 250 + 150 fit in 450; the last gets the 50 left, not 200.
    ledger.settle(a, settleInput(userId, 250, 'late-a'));
    ledger.settle(b, settleInput(userId, 150, 'late-b'));
    ledger.settle(c, settleInput(userId, 200, 'late-c'));
    await ledger.flush();
    expect(await quotaOf(userId)).toBe(0);
    const rows = await handle.db.selectFrom('logs').select(['request_id', 'quota']).where('user_id', '=', userId).orderBy('request_id').execute();
    expect(rows.map((row) => [row.request_id, Number(row.quota)])).toEqual([['late-a', 250], ['late-b', 150], ['late-c', 50]]);
    expect(await heldRows(userId)).toEqual([]);

    // A settlement for a call already settled changes nothing.
    ledger.settle(a, settleInput(userId, 250, 'late-a-again'));
    await ledger.flush();
    expect(await quotaOf(userId)).toBe(0);
    expect(await logSum(userId)).toBe(450);
  });
});
