// Seeds the log store of a SQLite database for the --logs section, in its own process:
// first through the real settlement batcher (the path every relay call takes: reservation gate, balances, log rows,
// hourly buckets), timed as rows/s; then the remaining rows by bulk inserts, spread over the last 30 days.
// Usage: node bench/dist/log-seed-process.mjs '{"sqlitePath": …, "rows": …, "batcherRows": …}'; prints one JSON line.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { QuotaLedger } from '../apps/server/src/billing/quota-ledger';
import { SettlementBatcher, type Settlement } from '../apps/server/src/billing/settlement-batcher';
import { SqliteLedger } from '../apps/server/src/billing/sqlite-ledger';
import { openDatabase } from '../apps/server/src/db/connect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { NewLog } from '../apps/server/src/db/schema';
import { newUserRow } from '../apps/server/src/users/new-user-row';

interface SeedInput {
  sqlitePath: string;
  rows: number;
  batcherRows: number;
}

const input = JSON.parse(process.argv[2] ?? '{}') as SeedInput;
const userCount = 100;
const models = ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4', 'gemini-2.5-flash', 'deepseek-chat', 'o4-mini', 'gpt-4.1', 'claude-haiku-4', 'gemini-2.5-pro', 'qwen-max'];
const now = Math.floor(Date.now() / 1000);
const daySeconds = 86_400;

/** A consumption (most rows) or error log row shaped like the relay's, with a realistic `other` document. */
function logRow(index: number, createdAt: number): NewLog {
  const userId = (index % userCount) + 1;
  const model = models[index % models.length];
  const prompt = 200 + (index % 1800);
  const completion = 20 + (index % 700);
  const failed = index % 25 === 0;
  return {
    user_id: userId,
    created_at: createdAt,
    type: failed ? 5 : 2,
    content: failed ? 'upstream request failed: connect ECONNREFUSED' : 'model ratio 0.075, completion ratio 4, group ratio 1',
    username: `user-${userId}`,
    token_name: `key-${userId}`,
    token_id: userId,
    model_name: model,
    quota: failed ? 0 : Math.round((prompt + completion * 4) * 0.075),
    prompt_tokens: failed ? 0 : prompt,
    completion_tokens: failed ? 0 : completion,
    use_time: 1 + (index % 9),
    is_stream: index % 2,
    channel_id: 1 + (index % 10),
    channel_name: `channel-${1 + (index % 10)}`,
    group: 'default',
    ip: `10.0.${index % 200}.${index % 250}`,
    request_id: crypto.randomUUID().replace(/-/g, ''),
    other: JSON.stringify({
      model_ratio: 0.075,
      group_ratio: 1,
      completion_ratio: 4,
      cache_ratio: 1,
      frt: 180 + (index % 400),
      is_model_mapped: false,
      upstream_model_name: model,
      admin_info: { use_channel: [1 + (index % 10)] },
    }),
  };
}

/** Phase 1: `count` settlements through the batcher, each with its reservation in place; returns rows/s. */
async function throughBatcher(count: number): Promise<{ rows: number; seconds: number; rowsPerSecond: number }> {
  const handle = openDatabase({ kind: 'sqlite', sqlitePath: input.sqlitePath });
  await migrateToLatest(handle);
  const { db } = handle;
  for (let id = 1; id <= userCount; id += 1) {
    await db
      .insertInto('users')
      .values(newUserRow({ username: `user-${id}`, password: '', display_name: `user ${id}`, quota: 1e12, aff_code: `seed${id}`, setting: '{}', created_at: now }))
      .execute();
    await db
      .insertInto('tokens')
      .values({ user_id: id, key: crypto.randomBytes(24).toString('hex'), name: `key-${id}`, status: 1, created_time: now, accessed_time: now, expired_time: -1, remain_quota: 1e12, unlimited_quota: 0, used_quota: 0, model_limits_enabled: 0, model_limits: '', allow_ips: '', group: '', deleted_at: null })
      .execute();
  }
  const settlements: Settlement[] = [];
  for (let index = 0; index < count; index += 1) {
    const userId = (index % userCount) + 1;
    const log = logRow(index, now - (count - index) / 1000);
    log.created_at = Math.floor(log.created_at);
    settlements.push({
      reservation: { id: crypto.randomUUID(), userId, tokenId: userId, unlimitedToken: false, amount: 1000 },
      actual: log.quota,
      channelId: log.channel_id,
      succeeded: log.type === 2,
      log,
      tokensUsed: log.prompt_tokens + log.completion_tokens,
      modelName: log.model_name,
      username: log.username,
    });
  }
  let failure: unknown = null;
  // The server's SQLite ledger: holds in memory, batches applied with prepared statements.
  const sqliteLedger = new SqliteLedger(handle.sqlite!, handle.balanceWrites!);
  const batcher = new SettlementBatcher(db, 'sqlite', 20, ({ error }) => (failure = error), () => true, sqliteLedger);
  const ledger = new QuotaLedger({ db, batcher, nodeName: 'seed', sqliteLedger, kind: 'sqlite' });
  for (const settlement of settlements) {
    const held = await ledger.reserve(settlement.reservation.userId, settlement.reservation.tokenId, false, settlement.reservation.amount);
    if (!held.ok) throw new Error(`seed reservation refused: ${held.reason}`);
    settlement.reservation = held.reservation;
  }
  const startedAt = performance.now();
  for (const settlement of settlements) batcher.enqueue(settlement);
  // No retries: a refused batch fails the seeding at once.
  await batcher.close(0);
  const seconds = (performance.now() - startedAt) / 1000;
  if (failure) throw failure;
  await db.destroy();
  return { rows: count, seconds, rowsPerSecond: count / seconds };
}

const columns = ['user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens', 'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'channel_name', 'group', 'ip', 'request_id', 'other'] as const;

/** Phase 2: `count` rows by multi-row INSERTs in large transactions, oldest first, over the last 30 days. */
function bulkInsert(count: number): { rows: number; seconds: number; rowsPerSecond: number } {
  const sqlite = new SQLite(input.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const rowsPerStatement = 100;
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  const insertMany = sqlite.prepare(`INSERT INTO logs (${columns.map((name) => `"${name}"`).join(', ')}) VALUES ${Array.from({ length: rowsPerStatement }, () => placeholders).join(', ')}`);
  const insertOne = sqlite.prepare(`INSERT INTO logs (${columns.map((name) => `"${name}"`).join(', ')}) VALUES ${placeholders}`);
  const span = 30 * daySeconds;
  const startedAt = performance.now();
  const perTransaction = 50_000;
  let lastReport = startedAt;
  for (let done = 0; done < count; ) {
    const size = Math.min(perTransaction, count - done);
    sqlite.transaction(() => {
      let index = 0;
      const values = (row: NewLog): unknown[] => columns.map((name) => row[name]);
      while (index < size) {
        const take = size - index >= rowsPerStatement ? rowsPerStatement : 1;
        const batch: unknown[] = [];
        for (let offset = 0; offset < take; offset += 1) {
          const position = done + index + offset;
          batch.push(...values(logRow(position, now - span + Math.floor((position * span) / count))));
        }
        (take === rowsPerStatement ? insertMany : insertOne).run(batch);
        index += take;
      }
    })();
    done += size;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      process.stderr.write(`  seeded ${done.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} rows by bulk insert\n`);
    }
  }
  const seconds = (performance.now() - startedAt) / 1000;
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { rows: count, seconds, rowsPerSecond: count / seconds };
}

const batcher = await throughBatcher(Math.min(input.batcherRows, input.rows));
process.stderr.write(`  batch writer: ${batcher.rows.toLocaleString('en-US')} rows in ${batcher.seconds.toFixed(1)} s\n`);
const bulk = bulkInsert(input.rows - batcher.rows);
process.stdout.write(JSON.stringify({ batcher, bulk }) + '\n');
