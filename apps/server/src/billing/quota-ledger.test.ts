import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { NewLog } from '../db/schema';
import { userRow } from '../../test/helpers/user-rows';
import { QuotaLedger, releaseStaleReservations } from './quota-ledger';
import { SettlementBatcher } from './settlement-batcher';
import { SqliteLedger } from './sqlite-ledger';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-'));

function logRow(userId: number, quota: number): NewLog {
  return {
    user_id: userId, created_at: Math.floor(Date.now() / 1000), type: 2, content: '', username: 'u', token_name: 't', token_id: 0, model_name: 'm',
    quota, prompt_tokens: 1, completion_tokens: 1, use_time: 0, is_stream: 0, channel_id: 0, channel_name: '', group: 'default', ip: '', request_id: '', other: '{}',
  };
}

// `rows`: reservations are rows written with the balance change (PostgreSQL, MySQL); `memory`: the SQLite fast
// path holds them in memory and writes only at settlement, so the stored balance moves only then.
describe.each(['rows', 'memory'] as const)('quota ledger (%s reservations)', (mode) => {
  let handle: DatabaseHandle;
  let ledger: QuotaLedger;
  const errors: unknown[] = [];
  /** The stored balance while a hold of `held` is open on `before`. */
  const whileHeld = (before: number, held: number): number => (mode === 'rows' ? before - held : before);

  beforeAll(async () => {
    handle = openDatabase({ kind: 'sqlite', sqlitePath: path.join(directory, `ledger-${mode}.db`) });
    await migrateToLatest(handle);
    const sqliteLedger = mode === 'memory' ? new SqliteLedger(handle.sqlite!, handle.balanceWrites!) : null;
    ledger = new QuotaLedger({ db: handle.db, batcher: new SettlementBatcher(handle.db, handle.kind, 5, ({ error }) => errors.push(error), () => true, sqliteLedger), nodeName: 'node-a', sqliteLedger, kind: handle.kind });
  });
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  async function addUser(quota: number): Promise<number> {
    const result = await handle.db.insertInto('users').values(userRow({ quota })).executeTakeFirstOrThrow();
    return Number(result.insertId);
  }

  async function addToken(userId: number, remain: number, unlimited = false): Promise<number> {
    const result = await handle.db
      .insertInto('tokens')
      .values({ user_id: userId, key: `k${Math.random()}`.padEnd(48, '0').slice(0, 48), name: 't', status: 1, created_time: 0, accessed_time: 0, expired_time: -1, remain_quota: remain, unlimited_quota: unlimited ? 1 : 0, used_quota: 0, model_limits_enabled: 0, model_limits: '', allow_ips: '', group: '', deleted_at: null })
      .executeTakeFirstOrThrow();
    return Number(result.insertId);
  }

  const balances = async (userId: number, tokenId: number) => ({
    user: await handle.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', userId).executeTakeFirstOrThrow(),
    token: await handle.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', tokenId).executeTakeFirstOrThrow(),
  });

  it('reserves, then settles the difference exactly once with its log row and hourly bucket', async () => {
    const userId = await addUser(10_000);
    const tokenId = await addToken(userId, 5_000);
    const result = await ledger.reserve(userId, tokenId, false, 1_200);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await balances(userId, tokenId)).toMatchObject({ user: { quota: whileHeld(10_000, 1_200) }, token: { remain_quota: whileHeld(5_000, 1_200) } });
    // The hold counts: the token cannot take more than what is left beside it.
    expect(await ledger.reserve(userId, tokenId, false, 3_801)).toEqual({ ok: false, reason: 'token_quota', available: 3_800 });
    const input = { actual: 700, channelId: 0, succeeded: true, log: logRow(userId, 700), tokensUsed: 30, modelName: 'gpt-x', username: 'u' };
    ledger.settle(result.reservation, input);
    ledger.settle(result.reservation, input);
    await ledger.flush();
    expect(await balances(userId, tokenId)).toEqual({
      user: { quota: 9_300, used_quota: 700, request_count: 1 },
      token: { remain_quota: 4_300, used_quota: 700 },
    });
    const logs = await handle.db.selectFrom('logs').select('quota').where('user_id', '=', userId).execute();
    expect(logs).toEqual([{ quota: 700 }]);
    const bucket = await handle.db.selectFrom('quota_data').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(bucket).toMatchObject({ model_name: 'gpt-x', count: 1, quota: 700, token_used: 30 });
    expect(bucket.created_at % 3600).toBe(0);
  });

  it('lets a reader wait for the bill of every call whose answer has been sent, and not for calls still answering', async () => {
    const userId = await addUser(10_000);
    const [first, second] = await Promise.all([ledger.reserve(userId, 0, false, 1_000), ledger.reserve(userId, 0, false, 1_000)]);
    if (!first.ok || !second.ok) throw new Error('reserve refused');
    const answered = { writableEnded: true };
    const stillAnswering = { writableEnded: false };
    ledger.billWhenAnswered(first.reservation, answered);
    ledger.billWhenAnswered(second.reservation, stillAnswering);
    expect(ledger.held).toBeGreaterThanOrEqual(2);
    let read = false;
    const reader = ledger.flushAnswered().then(() => {
      read = true;
    });
    // The first call's answer is out but its bill is still being counted: the reader waits for it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBe(false);
    ledger.settle(first.reservation, { actual: 400, channelId: 0, succeeded: true, log: logRow(userId, 400), tokensUsed: 3, modelName: 'm', username: 'u' });
    await reader;
    expect((await balances(userId, await addToken(userId, 1))).user.quota).toBe(whileHeld(10_000 - 400, 1_000));
    // The second is still answering: nothing waits for it, and its release closes it.
    ledger.release(second.reservation, null);
    await ledger.flushAnswered();
    expect((await balances(userId, await addToken(userId, 1))).user.quota).toBe(9_600);
  });

  // The memory path keeps the balances it read until a write may have changed them (rows are read in each reserve).
  it.runIf(mode === 'memory')('sees every balance change made beside it: an edit, a rolled-back edit, a top-up by raw SQL', async () => {
    const userId = await addUser(1_000);
    const tokenId = await addToken(userId, 800);
    const first = await ledger.reserve(userId, tokenId, false, 100);
    expect(first.ok).toBe(true);
    // An administrator lowers the balance: the next call is held against the new one, beside the first hold.
    await handle.db.updateTable('users').set({ quota: 150 }).where('id', '=', userId).execute();
    expect(await ledger.reserve(userId, tokenId, false, 200)).toEqual({ ok: false, reason: 'user_quota', available: 50 });
    // An edit that is rolled back leaves the balance as it was, and so does the ledger.
    await expect(
      handle.db.transaction().execute(async (transaction) => {
        await transaction.updateTable('tokens').set({ remain_quota: 0 }).where('id', '=', tokenId).execute();
        expect(await ledger.reserve(userId, tokenId, false, 10)).toMatchObject({ ok: false, reason: 'token_quota' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ledger.reserve(userId, tokenId, false, 10)).toMatchObject({ ok: true });
    // A top-up written as raw SQL counts at once.
    await sql`UPDATE users SET quota = quota + ${10_000} WHERE id = ${userId}`.execute(handle.db);
    expect(await ledger.reserve(userId, tokenId, false, 600)).toMatchObject({ ok: true, reservation: { amount: 600 } });
  });

  it('retries a batch the database refused (another writer holds the lock) and bills it exactly once when it can', async () => {
    const userId = await addUser(10_000);
    const tokenId = await addToken(userId, 5_000);
    const result = await ledger.reserve(userId, tokenId, false, 1_000);
    if (!result.ok) throw new Error('reserve failed');
    // A second connection takes the write lock; this one gives up waiting for it after 10 ms.
    const blocker = new SQLite(path.join(directory, `ledger-${mode}.db`));
    handle.sqlite!.pragma('busy_timeout = 10');
    blocker.exec('BEGIN IMMEDIATE');
    const refusedBefore = errors.length;
    try {
      ledger.settle(result.reservation, { actual: 400, channelId: 0, succeeded: true, log: logRow(userId, 400), tokensUsed: 10, modelName: 'gpt-x', username: 'u' });
      const written = ledger.flush();
      await expect.poll(() => errors.length, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(refusedBefore + 2);
      expect(await balances(userId, tokenId)).toMatchObject({ user: { used_quota: 0 }, token: { used_quota: 0 } });
      blocker.exec('COMMIT');
      await written;
    } finally {
      if (blocker.inTransaction) blocker.exec('ROLLBACK');
      blocker.close();
      handle.sqlite!.pragma('busy_timeout = 5000');
    }
    expect(String(errors.at(-1))).toMatch(/locked|busy/i);
    // Reported and handled: later tests check that nothing else went wrong.
    errors.length = refusedBefore;
    await ledger.flush();
    expect(await balances(userId, tokenId)).toEqual({
      user: { quota: 9_600, used_quota: 400, request_count: 1 },
      token: { remain_quota: 4_600, used_quota: 400 },
    });
    expect(await handle.db.selectFrom('logs').select('quota').where('user_id', '=', userId).execute()).toEqual([{ quota: 400 }]);
    // The hold went with the settlement: the whole rest of the balance can be reserved again.
    expect((await ledger.reserve(userId, tokenId, false, 4_600)).ok).toBe(true);
  });

  it('never charges more than is held; an answer that outgrew its hold takes what extend can still add', async () => {
    const userId = await addUser(1_000);
    const tokenId = await addToken(userId, 1_000);
    const first = await ledger.reserve(userId, tokenId, false, 100);
    const second = await ledger.reserve(userId, tokenId, false, 100);
    if (!first.ok || !second.ok) throw new Error('reserve failed');
    expect(await ledger.extend(first.reservation, 150)).toBe(150);
    expect(first.reservation.amount).toBe(250);
    ledger.settle(first.reservation, { actual: 250, channelId: 0, succeeded: true, log: null, tokensUsed: 1, modelName: 'm', username: 'u' });
    ledger.release(second.reservation, null);
    await ledger.flush();
    expect(await balances(userId, tokenId)).toEqual({ user: { quota: 750, used_quota: 250, request_count: 1 }, token: { remain_quota: 750, used_quota: 250 } });

    // 300 left on the token: one hold of 200 and one of 100 take it all, so the first can grow by nothing.
    const poorToken = await addToken(userId, 300);
    const big = await ledger.reserve(userId, poorToken, false, 200);
    const other = await ledger.reserve(userId, poorToken, false, 100);
    if (!big.ok || !other.ok) throw new Error('reserve failed');
    expect(await ledger.extend(big.reservation, 500)).toBe(0);
    ledger.settle(big.reservation, { actual: 700, channelId: 0, succeeded: true, log: logRow(userId, 200), tokensUsed: 1, modelName: 'm', username: 'u' });
    ledger.settle(other.reservation, { actual: 100, channelId: 0, succeeded: true, log: null, tokensUsed: 1, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect((await balances(userId, poorToken)).token).toEqual({ remain_quota: 0, used_quota: 300 });
    expect((await balances(userId, poorToken)).user.quota).toBe(450);
  });

  it('holds what is left, down to a minimum, when a call wants more than the balance', async () => {
    const userId = await addUser(10_000);
    const tokenId = await addToken(userId, 1_000);
    const capped = await ledger.reserve(userId, tokenId, false, 5_000, 200);
    expect(capped).toMatchObject({ ok: true, reservation: { amount: 1_000 } });
    expect(await ledger.reserve(userId, tokenId, false, 5_000, 1)).toEqual({ ok: false, reason: 'token_quota', available: 0 });
    if (!capped.ok) return;
    ledger.settle(capped.reservation, { actual: 300, channelId: 0, succeeded: true, log: null, tokensUsed: 1, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect(await ledger.reserve(userId, tokenId, false, 5_000, 701)).toEqual({ ok: false, reason: 'token_quota', available: 700 });
    expect(await ledger.reserve(userId, tokenId, false, 5_000, 700)).toMatchObject({ ok: true, reservation: { amount: 700 } });
  });

  it('asks a minimum given as a function only when the whole want does not fit, and holds down to what it says', async () => {
    const userId = await addUser(10_000);
    const tokenId = await addToken(userId, 1_000);
    const asked: number[] = [];
    const minimum = (value: number) => (): number => {
      asked.push(value);
      return value;
    };
    const whole = await ledger.reserve(userId, tokenId, false, 600, minimum(100));
    expect(whole).toMatchObject({ ok: true, reservation: { amount: 600 } });
    expect(asked).toEqual([]);
    expect(await ledger.reserve(userId, tokenId, false, 600, minimum(401))).toEqual({ ok: false, reason: 'token_quota', available: 400 });
    const capped = await ledger.reserve(userId, tokenId, false, 600, minimum(400));
    expect(capped).toMatchObject({ ok: true, reservation: { amount: 400 } });
    expect(asked).toEqual([401, 400]);
  });

  it('never overdraws when concurrent calls each want more than the balance', async () => {
    const userId = await addUser(1_000_000);
    const tokenId = await addToken(userId, 1_000);
    const results = await Promise.all(Array.from({ length: 40 }, () => ledger.reserve(userId, tokenId, false, 600, 150)));
    const held = results.flatMap((result) => (result.ok ? [result.reservation.amount] : []));
    expect(held.reduce((sum, amount) => sum + amount, 0)).toBeLessThanOrEqual(1_000);
    expect(held.every((amount) => amount >= 150 && amount <= 600)).toBe(true);
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect((await balances(userId, tokenId)).token.remain_quota).toBeGreaterThanOrEqual(0);
  });

  it('refuses without side effects when the user or the token lacks quota; unlimited tokens are not debited', async () => {
    const userId = await addUser(500);
    const small = await addToken(userId, 100);
    expect(await ledger.reserve(userId, small, false, 200)).toEqual({ ok: false, reason: 'token_quota', available: 100 });
    expect(await ledger.reserve(userId, small, false, 600)).toEqual({ ok: false, reason: 'token_quota', available: 100 });
    expect(await ledger.reserve(userId, 0, false, 600)).toEqual({ ok: false, reason: 'user_quota', available: 500 });
    expect((await balances(userId, small)).user.quota).toBe(500);
    expect((await balances(userId, small)).token.remain_quota).toBe(100);
    const unlimited = await addToken(userId, 0, true);
    const held = await ledger.reserve(userId, unlimited, true, 300);
    expect(held.ok).toBe(true);
    expect(await balances(userId, unlimited)).toMatchObject({ user: { quota: whileHeld(500, 300) }, token: { remain_quota: 0 } });
    expect(await ledger.reserve(userId, unlimited, true, 201)).toEqual({ ok: false, reason: 'user_quota', available: 200 });
  });

  it('never overdraws under concurrency: quota for 10 calls, 100 concurrent reservations', async () => {
    const userId = await addUser(1_000);
    const tokenId = await addToken(userId, 0, true);
    const results = await Promise.all(Array.from({ length: 100 }, () => ledger.reserve(userId, tokenId, true, 100)));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    expect((await balances(userId, tokenId)).user.quota).toBe(whileHeld(1_000, 1_000));
    const richUser = await addUser(1_000_000);
    const limitedToken = await addToken(richUser, 1_000);
    const limited = await Promise.all(Array.from({ length: 100 }, () => ledger.reserve(richUser, limitedToken, false, 100)));
    expect(limited.filter((result) => result.ok)).toHaveLength(10);
    expect(await balances(richUser, limitedToken)).toMatchObject({ user: { quota: whileHeld(1_000_000, 1_000) }, token: { remain_quota: whileHeld(1_000, 1_000) } });
    // Settling every hold at its full amount leaves exactly nothing on the token.
    for (const result of limited) if (result.ok) ledger.settle(result.reservation, { actual: 100, channelId: 0, succeeded: true, log: null, tokensUsed: 0, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect(await balances(richUser, limitedToken)).toMatchObject({ user: { quota: 999_000 }, token: { remain_quota: 0 } });
    expect(await ledger.reserve(richUser, limitedToken, false, 1)).toEqual({ ok: false, reason: 'token_quota', available: 0 });
  });

  it('writes every log row of a large batch (many rows a statement), each with its own values', async () => {
    const userId = await addUser(1_000_000);
    const held = await Promise.all(Array.from({ length: 123 }, () => ledger.reserve(userId, 0, false, 200)));
    held.forEach((result, index) => {
      if (result.ok) ledger.settle(result.reservation, { actual: index + 1, channelId: 0, succeeded: true, log: logRow(userId, index + 1), tokensUsed: 1, modelName: 'm', username: 'u' });
    });
    await ledger.flush();
    const rows = await handle.db.selectFrom('logs').select('quota').where('user_id', '=', userId).orderBy('id').execute();
    expect(rows.map((row) => row.quota)).toEqual(Array.from({ length: 123 }, (_, index) => index + 1));
    expect((await handle.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota).toBe(1_000_000 - (123 * 124) / 2);
  });

  it.runIf(mode === 'memory')('waits for another writer\'s open transaction before applying a batch', async () => {
    const userId = await addUser(1_000);
    const held = await ledger.reserve(userId, 0, false, 100);
    if (!held.ok) throw new Error('reserve failed');
    let settledInside = -1;
    await handle.db.transaction().execute(async (transaction) => {
      await transaction.updateTable('users').set({ display_name: 'busy' }).where('id', '=', userId).execute();
      ledger.settle(held.reservation, { actual: 40, channelId: 0, succeeded: true, log: null, tokensUsed: 0, modelName: 'm', username: 'u' });
      await new Promise((resolve) => setTimeout(resolve, 30));
      settledInside = (await transaction.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;
    });
    await ledger.flush();
    // The batch did not slip into the other transaction (a rollback there would have taken it along).
    expect(settledInside).toBe(1_000);
    expect((await handle.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota).toBe(960);
  });

  it.runIf(mode === 'rows')('returns stale reservations to the user and token once; a settlement arriving later still bills the call', async () => {
    const userId = await addUser(1_000);
    const tokenId = await addToken(userId, 1_000);
    const held = await ledger.reserve(userId, tokenId, false, 400);
    if (!held.ok) throw new Error('reserve failed');
    const future = Math.floor(Date.now() / 1000) + 10;
    expect(await releaseStaleReservations(handle.db, { createdBefore: future, nodeName: 'other-node' })).toBe(0);
    expect(await releaseStaleReservations(handle.db, { createdBefore: future, nodeName: 'node-a' })).toBeGreaterThanOrEqual(1);
    expect(await balances(userId, tokenId)).toMatchObject({ user: { quota: 1_000 }, token: { remain_quota: 1_000 } });
    ledger.settle(held.reservation, { actual: 400, channelId: 0, succeeded: true, log: null, tokensUsed: 0, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect(await balances(userId, tokenId)).toMatchObject({ user: { quota: 600 }, token: { remain_quota: 600 } });
    // Settled once: a repeat changes nothing.
    ledger.settle(held.reservation, { actual: 400, channelId: 0, succeeded: true, log: null, tokensUsed: 0, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect(await balances(userId, tokenId)).toMatchObject({ user: { quota: 600 }, token: { remain_quota: 600 } });
    expect(errors).toEqual([]);
  });
});

describe('hourly buckets switch', () => {
  it('keeps no hourly bucket when data export is off', async () => {
    const directory2 = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-off-'));
    const handle = openDatabase({ kind: 'sqlite', sqlitePath: path.join(directory2, 'l.db') });
    await migrateToLatest(handle);
    const ledger = new QuotaLedger({ db: handle.db, batcher: new SettlementBatcher(handle.db, handle.kind, 5, () => undefined, () => false), nodeName: 'n', kind: handle.kind });
    await handle.db.insertInto('users').values(userRow({ username: 'u', quota: 100 })).execute();
    const held = await ledger.reserve(1, 0, false, 10);
    if (!held.ok) throw new Error('reserve failed');
    ledger.settle(held.reservation, { actual: 10, channelId: 0, succeeded: true, log: null, tokensUsed: 5, modelName: 'm', username: 'u' });
    await ledger.flush();
    expect(await handle.db.selectFrom('quota_data').selectAll().execute()).toEqual([]);
    expect((await handle.db.selectFrom('users').select('used_quota').executeTakeFirstOrThrow()).used_quota).toBe(10);
    await handle.db.destroy();
    fs.rmSync(directory2, { recursive: true, force: true });
  });
});
