// The ledger's fast path on SQLite, the single-instance engine: reservations are held in memory (no write per
// call) against balances read with prepared statements, and each settlement batch is one synchronous
// transaction of prepared statements. A crash loses only the holds, so nothing was taken that must be returned.
import type SQLite from 'better-sqlite3';
import type { NewLog } from '../db/schema';
import type { TableWriteCount } from '../db/sqlite-table-writes';
import type { ReserveResult, Reservation, Settlement } from './ledger-types';
import { hourlyBuckets, logsOf } from './settlement-rows';

const logColumns = [
  'user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens',
  'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'channel_name', 'group', 'ip', 'request_id', 'other',
] as const satisfies ReadonlyArray<keyof NewLog>;

/** Log rows per multi-row INSERT (19 columns each, well under SQLite's 32,766 bound parameters). */
const logsPerStatement = 50;

function insertLogsSql(rows: number): string {
  const row = `(${logColumns.map(() => '?').join(', ')})`;
  return `INSERT INTO logs (${logColumns.map((column) => `"${column}"`).join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
}

interface Statements {
  /** [user quota, token remain_quota or null], one row read as an array: no object per call. */
  balances: SQLite.Statement<[number, number], [number, number | null]>;
  chargeUser: SQLite.Statement<[number, number, number, number]>;
  chargeToken: SQLite.Statement<[number, number, number, number]>;
  chargeChannel: SQLite.Statement<[number, number]>;
  insertLog: SQLite.Statement<unknown[]>;
  insertLogs: SQLite.Statement<unknown[]>;
  addBucket: SQLite.Statement<[number, string, string, number, number, number, number]>;
}

/** In-memory holds and prepared-statement settlement for one SQLite database. */
export class SqliteLedger {
  private readonly statements: Statements;
  private readonly userHeld = new Map<number, number>();
  private readonly tokenHeld = new Map<number, number>();
  private readonly live = new Set<string>();
  /** Balances read since the last write that may have changed one: [user quota, token remain_quota or null] by "user:token". */
  private readonly balanceCache = new Map<string, [number, number | null] | undefined>();
  private cachedAt = -1;

  /** `balanceWrites` moves whenever a statement may have changed users or tokens (the cache's validity stamp). */
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly balanceWrites: TableWriteCount,
  ) {
    this.statements = {
      balances: sqlite.prepare<[number, number], [number, number | null]>('SELECT quota, (SELECT remain_quota FROM tokens WHERE id = ?) FROM users WHERE id = ?').raw(),
      chargeUser: sqlite.prepare('UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?'),
      chargeToken: sqlite.prepare('UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?'),
      chargeChannel: sqlite.prepare('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?'),
      insertLog: sqlite.prepare(insertLogsSql(1)),
      insertLogs: sqlite.prepare(insertLogsSql(logsPerStatement)),
      addBucket: sqlite.prepare(
        'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (user_id, model_name, created_at) DO UPDATE SET token_used = token_used + excluded.token_used, count = count + excluded.count, quota = quota + excluded.quota',
      ),
    };
  }

  /** What the user (and the debited token, else 0) can still spend: balance minus what is already held. */
  private room(userId: number, tokenId: number): { available: number; reason: 'user_quota' | 'token_quota' } {
    const balances = this.balances(userId, tokenId);
    const user = balances ? Math.max(0, balances[0] - (this.userHeld.get(userId) ?? 0)) : 0;
    if (tokenId <= 0) return { available: user, reason: 'user_quota' };
    const token = balances && balances[1] !== null ? Math.max(0, balances[1] - (this.tokenHeld.get(tokenId) ?? 0)) : 0;
    return token < user ? { available: token, reason: 'token_quota' } : { available: user, reason: 'user_quota' };
  }

  /** The stored balances, read once between writes that may change them (most calls read none). */
  private balances(userId: number, tokenId: number): [number, number | null] | undefined {
    if (this.cachedAt !== this.balanceWrites.count) {
      this.balanceCache.clear();
      this.cachedAt = this.balanceWrites.count;
    }
    const key = `${userId}:${tokenId}`;
    if (this.balanceCache.has(key)) return this.balanceCache.get(key);
    const read = this.statements.balances.get(tokenId, userId);
    this.balanceCache.set(key, read);
    return read;
  }

  private hold(userId: number, tokenId: number, amount: number): void {
    if (tokenId > 0) this.tokenHeld.set(tokenId, (this.tokenHeld.get(tokenId) ?? 0) + amount);
    this.userHeld.set(userId, (this.userHeld.get(userId) ?? 0) + amount);
  }

  /** Holds as much of `want` as the balances minus what is already held allow, at least `minimum` (asked only when `want` does not fit), or refuses. */
  reserve(id: string, userId: number, tokenId: number, unlimitedToken: boolean, want: number, minimum: number | (() => number) = want): ReserveResult {
    const debited = tokenId > 0 && !unlimitedToken ? tokenId : 0;
    const { available, reason } = this.room(userId, debited);
    const amount = Math.min(want, available);
    if (amount < want && amount < (typeof minimum === 'function' ? minimum() : minimum)) return { ok: false, reason, available };
    this.hold(userId, debited, amount);
    this.live.add(id);
    return { ok: true, reservation: { id, userId, tokenId, unlimitedToken, amount } };
  }

  /** Adds up to `extra` to a live hold, as far as the balances allow; returns what was added (the caller grows `amount`). */
  extend(reservation: Reservation, extra: number): number {
    if (!this.live.has(reservation.id)) return 0;
    const debited = reservation.tokenId > 0 && !reservation.unlimitedToken ? reservation.tokenId : 0;
    const amount = Math.min(extra, this.room(reservation.userId, debited).available);
    if (amount <= 0) return 0;
    this.hold(reservation.userId, debited, amount);
    return amount;
  }

  /**
   * Lowers a live hold to what its call settled at, before the batch applies it: the user's next call sees the
   * refund at once instead of after the batch interval.
   */
  shrink(reservation: Reservation, settledAt: number): void {
    const excess = reservation.amount - settledAt;
    if (excess <= 0 || !this.live.has(reservation.id)) return;
    this.lower(this.userHeld, reservation.userId, excess);
    if (reservation.tokenId > 0 && !reservation.unlimitedToken) this.lower(this.tokenHeld, reservation.tokenId, excess);
    reservation.amount = settledAt;
  }

  private lower(held: Map<number, number>, key: number, amount: number): void {
    const left = (held.get(key) ?? 0) - amount;
    if (left > 0) held.set(key, left);
    else held.delete(key);
  }

  /** Drops a hold; true only the first time (the exactly-once gate of a settlement). */
  private take(reservation: Reservation): boolean {
    if (!this.live.delete(reservation.id)) return false;
    this.lower(this.userHeld, reservation.userId, reservation.amount);
    if (reservation.tokenId > 0 && !reservation.unlimitedToken) this.lower(this.tokenHeld, reservation.tokenId, reservation.amount);
    return true;
  }

  /** Inserts the log rows of a batch, many rows a statement. */
  private insertLogs(applied: readonly Settlement[]): void {
    const values: unknown[] = [];
    let rows = 0;
    for (const log of logsOf(applied)) {
      for (const column of logColumns) values.push(log[column] ?? defaultLogValue(column));
      rows += 1;
      if (rows === logsPerStatement) {
        this.statements.insertLogs.run(values);
        values.length = 0;
        rows = 0;
      }
    }
    for (let start = 0; start < values.length; start += logColumns.length) this.statements.insertLog.run(values.slice(start, start + logColumns.length));
  }

  /** True when the shared connection is inside another writer's transaction, so a batch must wait its turn. */
  busy(): boolean {
    return this.sqlite.inTransaction;
  }

  /**
   * Applies a batch in one transaction: each settlement's actual cost is charged, with its log row and hourly bucket,
   * and once the transaction has committed its hold is dropped. Returns the settlements applied (those whose hold was
   * still live). A batch that fails leaves every hold in place, so it can be applied again.
   */
  apply(batch: readonly Settlement[], aggregate: boolean): Settlement[] {
    const applied = this.sqlite.transaction(() => {
      const seen = new Set<string>();
      const applied = batch.filter(({ reservation }) => this.live.has(reservation.id) && !seen.has(reservation.id) && seen.add(reservation.id));
      const now = Math.floor(Date.now() / 1000);
      const users = new Map<number, { charge: number; requests: number }>();
      const tokens = new Map<number, { charge: number; debit: boolean }>();
      const channels = new Map<number, number>();
      for (const { reservation, actual, succeeded, channelId } of applied) {
        const user = users.get(reservation.userId) ?? { charge: 0, requests: 0 };
        user.charge += actual;
        user.requests += succeeded ? 1 : 0;
        users.set(reservation.userId, user);
        if (reservation.tokenId > 0) {
          const token = tokens.get(reservation.tokenId) ?? { charge: 0, debit: !reservation.unlimitedToken };
          token.charge += actual;
          tokens.set(reservation.tokenId, token);
        }
        if (channelId > 0 && actual > 0) channels.set(channelId, (channels.get(channelId) ?? 0) + actual);
      }
      this.insertLogs(applied);
      for (const [id, delta] of users) this.statements.chargeUser.run(delta.charge, delta.charge, delta.requests, id);
      for (const [id, delta] of tokens) this.statements.chargeToken.run(delta.debit ? delta.charge : 0, delta.charge, now, id);
      for (const [id, used] of channels) this.statements.chargeChannel.run(used, id);
      if (aggregate) {
        for (const bucket of hourlyBuckets(applied)) {
          this.statements.addBucket.run(bucket.userId, bucket.username, bucket.modelName, bucket.hour, bucket.tokensUsed, bucket.count, bucket.quota);
        }
      }
      return applied;
    })();
    // Synchronous after the commit: no other call can reserve against the holds in between.
    for (const { reservation } of applied) this.take(reservation);
    return applied;
  }
}

function defaultLogValue(column: (typeof logColumns)[number]): string | number {
  return column === 'content' || column === 'username' || column === 'token_name' || column === 'model_name' || column === 'channel_name' || column === 'group' || column === 'ip' || column === 'request_id' ? '' : column === 'other' ? '{}' : 0;
}
