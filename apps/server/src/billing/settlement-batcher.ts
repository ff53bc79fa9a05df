// Applies queued settlements in batches: each batch is one transaction holding the balance changes and their log rows.
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';
import type { Settlement } from './ledger-types';
import { hourlyBuckets, logsOf } from './settlement-rows';
import type { SqliteLedger } from './sqlite-ledger';

export type { Settlement } from './ledger-types';

interface BalanceDelta {
  charge: number;
  used: number;
  requests: number;
}

/** Called after each committed batch with the users whose balance changed (quota warnings hook here). */
export type BatchListener = (userIds: number[]) => void;

const maxBatch = 500;
const logChunk = 100;
/** Back-off between attempts at a batch the database refused: doubling from 100 ms to 5 s. */
const firstRetryMs = 100;
const maxRetryMs = 5_000;

/** What the batcher reports when the database refuses a batch. */
export interface BatchFailure {
  error: unknown;
  /** Settlements in the refused batch. */
  settlements: number;
  /** Attempts made so far (1 after the first failure). */
  attempt: number;
  /** Milliseconds until the next attempt, or null when the batch was given up (shutdown deadline passed). */
  retryInMs: number | null;
}

/**
 * Queues settlements and writes them every `intervalMs` (or when the queue is full), exactly once each. A batch the
 * database refuses (an outage, a lock) is retried with back-off until it is written, in order, before any later one:
 * on PostgreSQL and MySQL each settlement's reservation row is its exactly-once gate, on SQLite its in-memory hold
 * (dropped only after the commit), so a retry of a batch that did commit changes nothing.
 */
export class SettlementBatcher {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly listeners: BatchListener[] = [];
  /** Set by `close`: past this time a refused batch is given up instead of retried. */
  private giveUpAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    private readonly intervalMs: number,
    private readonly onError: (failure: BatchFailure) => void,
    /** Whether hourly usage buckets are kept (the DataExportEnabled option). */
    private readonly aggregateEnabled: () => boolean = () => true,
    /** On SQLite: the in-memory holds and prepared statements that apply batches instead of Kysely. */
    private readonly sqliteLedger: SqliteLedger | null = null,
  ) {}

  /** Adds a settlement; it is written within `intervalMs`. */
  enqueue(settlement: Settlement): void {
    this.queue.push(settlement);
    if (this.queue.length >= maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Calls back after every committed batch. */
  onBatch(listener: BatchListener): void {
    this.listeners.push(listener);
  }

  /** Writes everything queued so far; resolves when it is committed. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue;
    this.queue = [];
    this.running = this.running.then(() => (batch.length ? this.write(batch) : undefined));
    return this.running;
  }

  /** Writes what is queued and waits for it, retrying a refused batch until `deadlineMs` from now; then gives up. */
  async close(deadlineMs: number): Promise<void> {
    this.giveUpAt = Date.now() + deadlineMs;
    await this.flush();
  }

  private async write(batch: Settlement[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      let applied: Settlement[];
      try {
        applied = this.sqliteLedger ? await this.applyOnSqlite(this.sqliteLedger, batch) : await this.db.transaction().execute((transaction) => this.apply(transaction, batch));
      } catch (error) {
        const retryInMs = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(attempt - 1, 16));
        const giveUp = Date.now() + retryInMs > this.giveUpAt;
        this.onError({ error, settlements: batch.length, attempt, retryInMs: giveUp ? null : retryInMs });
        // Given up only at shutdown: the reservations stay held (rows, or nothing on SQLite) for the reconciler.
        if (giveUp) return;
        await new Promise((resolve) => setTimeout(resolve, retryInMs));
        continue;
      }
      const users = [...new Set(applied.map((settlement) => settlement.reservation.userId))];
      for (const listener of this.listeners) listener(users);
      return;
    }
  }

  /** Applies the batch synchronously once no other transaction is open on the shared SQLite connection. */
  private async applyOnSqlite(ledger: SqliteLedger, batch: Settlement[]): Promise<Settlement[]> {
    while (ledger.busy()) await new Promise((resolve) => setTimeout(resolve, 1));
    return ledger.apply(batch, this.aggregateEnabled());
  }

  private async apply(transaction: Transaction<Database>, batch: Settlement[]): Promise<Settlement[]> {
    const applied: Settlement[] = [];
    for (const settlement of batch) {
      // Deleting the reservation is the exactly-once gate: a settlement whose reservation is gone was already applied.
      const removed = await transaction.deleteFrom('reservations').where('id', '=', settlement.reservation.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 1) applied.push(settlement);
    }
    const users = new Map<number, BalanceDelta>();
    const tokens = new Map<number, BalanceDelta & { debit: boolean }>();
    const channels = new Map<number, number>();
    for (const { reservation, actual, succeeded, channelId } of applied) {
      const charge = actual - reservation.amount;
      const user = users.get(reservation.userId) ?? { charge: 0, used: 0, requests: 0 };
      user.charge += charge;
      user.used += actual;
      user.requests += succeeded ? 1 : 0;
      users.set(reservation.userId, user);
      if (reservation.tokenId > 0) {
        const token = tokens.get(reservation.tokenId) ?? { charge: 0, used: 0, requests: 0, debit: !reservation.unlimitedToken };
        token.charge += charge;
        token.used += actual;
        tokens.set(reservation.tokenId, token);
      }
      if (channelId > 0 && actual > 0) channels.set(channelId, (channels.get(channelId) ?? 0) + actual);
    }
    for (const [id, delta] of users) {
      await transaction
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '-', delta.charge),
          used_quota: eb('used_quota', '+', delta.used),
          request_count: eb('request_count', '+', delta.requests),
        }))
        .where('id', '=', id)
        .execute();
    }
    const now = Math.floor(Date.now() / 1000);
    for (const [id, delta] of tokens) {
      await transaction
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: delta.debit ? eb('remain_quota', '-', delta.charge) : eb('remain_quota', '+', 0),
          used_quota: eb('used_quota', '+', delta.used),
          accessed_time: now,
        }))
        .where('id', '=', id)
        .execute();
    }
    for (const [id, used] of channels) {
      await transaction.updateTable('channels').set((eb) => ({ used_quota: eb('used_quota', '+', used) })).where('id', '=', id).execute();
    }
    const logs = logsOf(applied);
    for (let start = 0; start < logs.length; start += logChunk) {
      await transaction.insertInto('logs').values(logs.slice(start, start + logChunk)).execute();
    }
    if (this.aggregateEnabled()) await this.aggregate(transaction, applied);
    return applied;
  }

  /** Adds successful calls to the hourly usage buckets of the dashboard. */
  private async aggregate(transaction: Transaction<Database>, applied: Settlement[]): Promise<void> {
    for (const increment of hourlyBuckets(applied)) {
      const bucket = { user_id: increment.userId, username: increment.username, model_name: increment.modelName, created_at: increment.hour, token_used: increment.tokensUsed, count: increment.count, quota: increment.quota };
      const insert = transaction.insertInto('quota_data').values(bucket);
      if (this.kind === 'mysql') {
        await insert
          .onDuplicateKeyUpdate((eb) => ({
            token_used: eb('token_used', '+', bucket.token_used),
            count: eb('count', '+', bucket.count),
            quota: eb('quota', '+', bucket.quota),
          }))
          .execute();
      } else {
        await insert
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
              token_used: eb('quota_data.token_used', '+', bucket.token_used),
              count: eb('quota_data.count', '+', bucket.count),
              quota: eb('quota_data.quota', '+', bucket.quota),
            })),
          )
          .execute();
      }
    }
  }
}
