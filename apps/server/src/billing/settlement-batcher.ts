// Applies queued settlements in batches: each batch is one transaction holding the balance changes and their log rows.
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';
import { readBalances } from './balance-reads';
import type { Settlement } from './ledger-types';
import type { SettlementJournal } from './settlement-journal';
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

/** Called after each committed batch with its size and how long its first settlement waited (metrics). */
export type BatchWrittenListener = (settlements: number, lagMs: number) => void;

const maxBatch = 500;
const logChunk = 100;
/** Back-off between attempts at a batch the database refused: doubling from 100 ms to 5 s. */
const firstRetryMs = 100;
const maxRetryMs = 5_000;

/** What the batcher reports when the database refuses a batch. */
export interface BatchFailure {
  /** What failed: writing the batch to the database, or keeping it in the journal. */
  stage: 'database' | 'journal';
  error: unknown;
  /** Settlements in the refused batch. */
  settlements: number;
  /** Attempts made so far (1 after the first failure). */
  attempt: number;
  /** Milliseconds until the next attempt, or null when the batch was given up (shutdown deadline passed). */
  retryInMs: number | null;
  /** Whether the batch is kept in the local journal (replayed at the next start if this run cannot write it). */
  journaled: boolean;
}

/**
 * Queues settlements and writes them every `intervalMs` (or when the queue is full), exactly once each. A batch the
 * database refuses (an outage, a lock) is retried with back-off until it is written, in order, before any later one;
 * while the database is away every batch is also kept in the journal, so a crash meanwhile loses none:
 * on PostgreSQL and MySQL each settlement's reservation row is its exactly-once gate, on SQLite its in-memory hold
 * (dropped only after the commit), so a retry of a batch that did commit changes nothing.
 */
export class SettlementBatcher {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly listeners: BatchListener[] = [];
  private readonly writtenListeners: BatchWrittenListener[] = [];
  /** When the oldest settlement still in `queue` was queued (performance.now()), and per batch in flight. */
  private queuedAt = 0;
  private readonly batchQueuedAt = new WeakMap<Settlement[], number>();
  /** Set by `close`: past this time a refused batch is given up instead of retried. */
  private giveUpAt = Number.POSITIVE_INFINITY;
  /** Batches kept in the journal, until they commit. */
  private readonly journaled = new WeakSet<Settlement[]>();
  /** True from a refused batch until a batch commits: every batch flushed meanwhile goes to the journal at once. */
  private databaseAway = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    private readonly intervalMs: number,
    private readonly onError: (failure: BatchFailure) => void,
    /** Whether hourly usage buckets are kept (the DataExportEnabled option). */
    private readonly aggregateEnabled: () => boolean = () => true,
    /** On SQLite: the in-memory holds and prepared statements that apply batches instead of Kysely. */
    private readonly sqliteLedger: SqliteLedger | null = null,
    /** On PostgreSQL and MySQL: where refused batches are kept on disk until they commit. */
    private readonly journal: SettlementJournal | null = null,
  ) {}

  /** Adds a settlement; it is written within `intervalMs`. */
  enqueue(settlement: Settlement): void {
    if (this.queue.length === 0) this.queuedAt = performance.now();
    this.queue.push(settlement);
    if (this.queue.length >= maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Calls back after every committed batch. */
  onBatch(listener: BatchListener): void {
    this.listeners.push(listener);
  }

  /** Calls back after every committed batch with its size and lag. */
  onWritten(listener: BatchWrittenListener): void {
    this.writtenListeners.push(listener);
  }

  /** Settlements queued and not yet handed to a batch. */
  get depth(): number {
    return this.queue.length;
  }

  /** Writes everything queued so far; resolves when it is committed. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue;
    this.queue = [];
    if (batch.length && this.writtenListeners.length > 0) this.batchQueuedAt.set(batch, this.queuedAt);
    if (batch.length && this.databaseAway) this.keep(batch);
    this.running = this.running.then(() => (batch.length ? this.write(batch) : undefined));
    return this.running;
  }

  /**
   * Writes batches an earlier run left in the journal (before this run settles anything), exactly once each: a batch
   * that committed before the crash finds its reservations gone and changes nothing. Resolves when all are written.
   */
  replay(batches: Settlement[][]): Promise<void> {
    this.journal?.adopt(batches.length);
    for (const batch of batches) {
      this.journaled.add(batch);
      this.running = this.running.then(() => this.write(batch));
    }
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
        this.databaseAway = true;
        if (attempt === 1) this.keep(batch);
        const retryInMs = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(attempt - 1, 16));
        const giveUp = Date.now() + retryInMs > this.giveUpAt;
        this.onError({ stage: 'database', error, settlements: batch.length, attempt, retryInMs: giveUp ? null : retryInMs, journaled: this.journaled.has(batch) });
        // Given up only at shutdown: the journal keeps the batch for the next start (without one, the reservations
        // stay held for the reconciler).
        if (giveUp) return;
        await new Promise((resolve) => setTimeout(resolve, retryInMs));
        continue;
      }
      this.databaseAway = false;
      if (this.journaled.has(batch)) {
        this.journaled.delete(batch);
        this.journal?.committed();
      }
      const users = [...new Set(applied.map((settlement) => settlement.reservation.userId))];
      for (const listener of this.listeners) listener(users);
      const queuedAt = this.batchQueuedAt.get(batch);
      if (queuedAt !== undefined) for (const listener of this.writtenListeners) listener(batch.length, performance.now() - queuedAt);
      return;
    }
  }

  /** Puts a batch in the journal once (a journal write that fails is logged; the batch is still retried in memory). */
  private keep(batch: Settlement[]): void {
    if (!this.journal || this.journaled.has(batch)) return;
    try {
      this.journal.append(batch);
      this.journaled.add(batch);
    } catch (error) {
      this.onError({ stage: 'journal', error, settlements: batch.length, attempt: 1, retryInMs: 0, journaled: false });
    }
  }

  /** Applies the batch synchronously once no other transaction is open on the shared SQLite connection. */
  private async applyOnSqlite(ledger: SqliteLedger, batch: Settlement[]): Promise<Settlement[]> {
    while (ledger.busy()) await new Promise((resolve) => setTimeout(resolve, 1));
    return ledger.apply(batch, this.aggregateEnabled());
  }

  private async apply(transaction: Transaction<Database>, batch: Settlement[]): Promise<Settlement[]> {
    const applied: Settlement[] = [];
    // What late settlements of this batch took already, per `u<id>` and `t<id>` (their rows are updated at the end).
    const lateTaken = new Map<string, number>();
    for (const settlement of batch) {
      // Deleting the reservation is the exactly-once gate: a settlement whose reservation is gone was already applied.
      const removed = await transaction.deleteFrom('reservations').where('id', '=', settlement.reservation.id).where('released_at', '=', 0).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 1) {
        applied.push(settlement);
        continue;
      }
      // A reconciler refunded the hold meanwhile (this instance was away): the call is billed from the balance.
      const late = await transaction.deleteFrom('reservations').where('id', '=', settlement.reservation.id).executeTakeFirst();
      if (Number(late.numDeletedRows) === 1) applied.push(await this.lateSettlement(transaction, settlement, lateTaken));
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

  /**
   * A settlement whose hold was already refunded: it charges what the call cost, but no more than the user and the
   * debited token still hold (a balance never goes below zero); the log row says what was charged.
   */
  private async lateSettlement(transaction: Transaction<Database>, settlement: Settlement, taken: Map<string, number>): Promise<Settlement> {
    const { reservation } = settlement;
    const userKey = `u${reservation.userId}`;
    const tokenKey = `t${reservation.tokenId}`;
    const debitToken = reservation.tokenId > 0 && !reservation.unlimitedToken;
    // Row locks on PostgreSQL and MySQL; SQLite's writers are serialized already.
    const balances = await readBalances(transaction, reservation.userId, debitToken ? reservation.tokenId : 0, this.kind !== 'sqlite');
    let room = balances.user - (taken.get(userKey) ?? 0);
    if (balances.token !== null) room = Math.min(room, balances.token - (taken.get(tokenKey) ?? 0));
    const actual = Math.max(0, Math.min(settlement.actual, room));
    taken.set(userKey, (taken.get(userKey) ?? 0) + actual);
    if (debitToken) taken.set(tokenKey, (taken.get(tokenKey) ?? 0) + actual);
    const log = settlement.log && actual !== settlement.actual ? { ...settlement.log, quota: actual } : settlement.log;
    return { ...settlement, actual, log, reservation: { ...reservation, amount: 0 } };
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
