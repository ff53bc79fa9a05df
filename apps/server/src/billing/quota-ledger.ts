// The ledger: reserve quota atomically before a relay call, then settle or release it exactly once.
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseKind } from '../db/connect';
import type { Database, NewLog, ReservationsTable } from '../db/schema';
import type { Reservation, ReserveFailure, ReserveResult, SettleInput, Settlement } from './ledger-types';
import { readBalances } from './balance-reads';
import { SettlementBatcher } from './settlement-batcher';
import type { SqliteLedger } from './sqlite-ledger';

export type { Reservation, ReserveFailure, ReserveResult, SettleInput } from './ledger-types';

/** Atomic balances in the database; settlements are applied in batches, each batch one transaction. */
export class QuotaLedger {
  private readonly db: Kysely<Database>;
  private readonly batcher: SettlementBatcher;
  private readonly nodeName: string;
  private readonly startId: string;
  private readonly sqliteLedger: SqliteLedger | null;
  private readonly lockRows: boolean;
  private readonly abandoned: AbandonedHolds;
  /** Reservations of this instance not yet settled or released. */
  private readonly open = new Set<Reservation>();
  /** Calls whose bill is due once their response has ended (see `billWhenAnswered`), with that response. */
  private readonly answering = new Map<Reservation, { readonly writableEnded: boolean }>();
  private answerWaiters: (() => void)[] = [];

  constructor(options: QuotaLedgerOptions) {
    this.db = options.db;
    this.batcher = options.batcher;
    this.nodeName = options.nodeName;
    this.startId = options.startId ?? '';
    this.sqliteLedger = options.sqliteLedger ?? null;
    this.lockRows = options.kind !== 'sqlite';
    this.abandoned = new AbandonedHolds(this.db, options.onAbandonedError ?? (() => undefined));
  }

  /** Stops watching abandoned holds (at shutdown; the next start of this node returns what is left). */
  close(): void {
    this.abandoned.close();
  }

  /**
   * Holds as much of `want` as the user (and the token unless unlimited) can still spend, but at least `minimum`, or
   * refuses without changing anything. What is held is the reservation's `amount`. A `minimum` given as a function is
   * asked only when `want` does not fit (most calls never price it).
   */
  async reserve(userId: number, tokenId: number, unlimitedToken: boolean, want: number, minimum: number | (() => number) = want): Promise<ReserveResult> {
    const id = crypto.randomUUID();
    const wanted = Math.max(0, Math.ceil(want));
    const least = (): number => Math.min(wanted, Math.max(0, Math.ceil(typeof minimum === 'function' ? minimum() : minimum)));
    if (this.sqliteLedger) return this.counted(this.sqliteLedger.reserve(id, userId, tokenId, unlimitedToken, wanted, least));
    try {
      return this.counted(await this.reserveRows(id, userId, tokenId, unlimitedToken, wanted, least));
    } catch (error) {
      // The database failed mid-reserve (away, or a hung server past the timeout): its commit may still land later.
      // The call is refused, so the hold, if it exists or appears, is returned for certain (not by a guess).
      this.abandoned.watch(id);
      throw error;
    }
  }

  /** Settlements queued and not yet written (a metrics reading). */
  get queueDepth(): number {
    return this.batcher.depth;
  }

  /** Reservations of this instance not yet settled or released (a metrics reading). */
  get held(): number {
    return this.open.size;
  }

  private counted(result: ReserveResult): ReserveResult {
    if (result.ok) this.open.add(result.reservation);
    return result;
  }

  private async reserveRows(id: string, userId: number, tokenId: number, unlimitedToken: boolean, wanted: number, leastOf: () => number): Promise<ReserveResult> {
    const debitToken = tokenId > 0 && !unlimitedToken;
    // Most calls fit: one conditional update per balance. Only a call that does not fit reads the balances under lock.
    const whole = await this.holdRows(id, userId, debitToken ? tokenId : 0, wanted);
    if (whole.ok) return { ok: true, reservation: { id, userId, tokenId, unlimitedToken, amount: wanted } };
    const least = leastOf();
    if (least === wanted) return whole;
    try {
      const held = await this.db.transaction().execute(async (transaction) => {
        const room = await this.lockedRoom(transaction, userId, debitToken ? tokenId : 0);
        const amount = Math.min(wanted, room.available);
        if (amount < least) throw new ReserveRefused(room.reason, room.available);
        await this.takeRows(transaction, userId, debitToken ? tokenId : 0, amount);
        await transaction
          .insertInto('reservations')
          .values({ id, user_id: userId, token_id: debitToken ? tokenId : 0, amount, node_name: this.nodeName, start_id: this.startId, created_at: Math.floor(Date.now() / 1000) })
          .execute();
        return amount;
      });
      return { ok: true, reservation: { id, userId, tokenId, unlimitedToken, amount: held } };
    } catch (error) {
      if (error instanceof ReserveRefused) return { ok: false, reason: error.reason, available: error.available };
      throw error;
    }
  }

  /** Takes `amount` from both balances and records the reservation, or refuses when either balance is short. */
  private async holdRows(id: string, userId: number, tokenId: number, amount: number): Promise<{ ok: true } | { ok: false; reason: ReserveFailure; available: number }> {
    try {
      await this.db.transaction().execute(async (transaction) => {
        const user = await transaction
          .updateTable('users')
          .set((eb) => ({ quota: eb('quota', '-', amount) }))
          .where('id', '=', userId)
          .where('quota', '>=', amount)
          .executeTakeFirst();
        if (Number(user.numUpdatedRows) !== 1) throw new ReserveRefused('user_quota', 0);
        if (tokenId > 0) {
          const token = await transaction
            .updateTable('tokens')
            .set((eb) => ({ remain_quota: eb('remain_quota', '-', amount) }))
            .where('id', '=', tokenId)
            .where('remain_quota', '>=', amount)
            .executeTakeFirst();
          if (Number(token.numUpdatedRows) !== 1) throw new ReserveRefused('token_quota', 0);
        }
        await transaction
          .insertInto('reservations')
          .values({ id, user_id: userId, token_id: tokenId, amount, node_name: this.nodeName, start_id: this.startId, created_at: Math.floor(Date.now() / 1000) })
          .execute();
      });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ReserveRefused)) throw error;
      // What the short balance holds, read after the refusal (for the caller's message only).
      const room = await this.lockedRoom(this.db, userId, tokenId, false);
      return { ok: false, reason: room.reason, available: room.available };
    }
  }

  /** What the user and the debited token (0 for none) can still spend, read under row locks (user first, then token). */
  private async lockedRoom(db: Kysely<Database>, userId: number, tokenId: number, lock = this.lockRows): Promise<{ available: number; reason: ReserveFailure }> {
    const balances = await readBalances(db, userId, tokenId, lock);
    const user = Math.max(0, balances.user);
    if (balances.token === null) return { available: user, reason: 'user_quota' };
    const token = Math.max(0, balances.token);
    return token < user ? { available: token, reason: 'token_quota' } : { available: user, reason: 'user_quota' };
  }

  private async takeRows(db: Kysely<Database>, userId: number, tokenId: number, amount: number): Promise<void> {
    await db.updateTable('users').set((eb) => ({ quota: eb('quota', '-', amount) })).where('id', '=', userId).execute();
    if (tokenId > 0) await db.updateTable('tokens').set((eb) => ({ remain_quota: eb('remain_quota', '-', amount) })).where('id', '=', tokenId).execute();
  }

  /**
   * Adds up to `extra` to a live reservation, as much as the balances still allow (an answer that came back larger
   * than its hold). Returns what was added; the reservation's `amount` grows by it.
   */
  async extend(reservation: Reservation, extra: number): Promise<number> {
    const wanted = Math.max(0, Math.ceil(extra));
    if (wanted === 0) return 0;
    const debitedToken = reservation.tokenId > 0 && !reservation.unlimitedToken ? reservation.tokenId : 0;
    const added = this.sqliteLedger
      ? this.sqliteLedger.extend(reservation, wanted)
      : await this.db.transaction().execute(async (transaction) => {
          const room = await this.lockedRoom(transaction, reservation.userId, debitedToken);
          const amount = Math.min(wanted, room.available);
          if (amount <= 0) return 0;
          // Only a reservation still on record may grow: one already settled or released takes nothing more.
          const grown = await transaction
            .updateTable('reservations')
            .set((eb) => ({ amount: eb('amount', '+', amount) }))
            .where('id', '=', reservation.id)
            .where('released_at', '=', 0)
            .executeTakeFirst();
          if (Number(grown.numUpdatedRows) !== 1) return 0;
          await this.takeRows(transaction, reservation.userId, debitedToken, amount);
          return amount;
        });
    reservation.amount += added;
    return added;
  }

  /**
   * Ties the reservation to the response that answers it: once the response has ended, `flushAnswered` waits for its
   * bill (which follows the answer, after the streamed text is counted).
   */
  billWhenAnswered(reservation: Reservation, response: { readonly writableEnded: boolean }): void {
    this.answering.set(reservation, response);
  }

  private closed(reservation: Reservation): void {
    this.open.delete(reservation);
    if (!this.answering.delete(reservation) || this.answerWaiters.length === 0) return;
    const waiters = this.answerWaiters;
    this.answerWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Bills the call: the difference to the reservation is charged or refunded, once, with its log row. */
  settle(reservation: Reservation, input: SettleInput): void {
    // Never more than was held: what the hold could not cover is the caller's to log as unbilled (see `extend`).
    const settlement: Settlement = { reservation, ...input, actual: Math.min(reservation.amount, Math.max(0, Math.round(input.actual))) };
    this.sqliteLedger?.shrink(reservation, settlement.actual);
    this.closed(reservation);
    this.batcher.enqueue(settlement);
  }

  /** Returns the whole reservation (failed call), optionally with an error log row. */
  release(reservation: Reservation, log: NewLog | null, channelId = 0): void {
    this.sqliteLedger?.shrink(reservation, 0);
    this.closed(reservation);
    this.batcher.enqueue({ reservation, actual: 0, channelId, succeeded: false, log, tokensUsed: 0, modelName: '', username: '' });
  }

  /** Writes every queued settlement now. */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  /** Writes every queued settlement once each call whose answer has been sent has queued its own (a reader's barrier). */
  async flushAnswered(): Promise<void> {
    const unbilled = (): boolean => {
      for (const response of this.answering.values()) if (response.writableEnded) return true;
      return false;
    };
    while (unbilled()) await new Promise<void>((wake) => this.answerWaiters.push(wake));
    await this.batcher.flush();
  }
}

class ReserveRefused extends Error {
  constructor(
    readonly reason: ReserveFailure,
    readonly available: number,
  ) {
    super(reason);
  }
}

/** What a ledger is built from. */
export interface QuotaLedgerOptions {
  db: Kysely<Database>;
  batcher: SettlementBatcher;
  nodeName: string;
  /** This instance run's start id (node_heartbeats), so the survivors can tell its reservations from a dead run's. */
  startId?: string;
  /** On SQLite (one instance): hold reservations in memory instead of writing them (the same one the batcher applies with). */
  sqliteLedger?: SqliteLedger | null;
  /** The engine: row locks (`FOR UPDATE`) on PostgreSQL and MySQL; SQLite's writers are serialized already. */
  kind: DatabaseKind;
  /** Told when returning an abandoned hold failed (it is tried again). */
  onAbandonedError?: (error: unknown) => void;
}

/** How often abandoned holds are looked for, and how many answered looks find nothing before one is dropped. */
const abandonedPollMs = 1_000;
const abandonedLooks = 10;

/**
 * Reservations whose reserve failed on a database error: the call was refused, but the transaction's commit may
 * still reach the database (a hung server resumes its queued work). Each is looked for every second and returned
 * when found; one not found after ten answered looks never committed.
 */
class AbandonedHolds {
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {}

  watch(id: string): void {
    this.pending.set(id, 0);
    this.timer ??= setInterval(() => void this.look(), abandonedPollMs).unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async look(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const ids = [...this.pending.keys()];
      const found = await this.db.selectFrom('reservations').select('id').where('id', 'in', ids).where('released_at', '=', 0).execute();
      if (found.length > 0) await releaseStaleReservations(this.db, { ids: found.map((row) => row.id) });
      const seen = new Set(found.map((row) => row.id));
      for (const id of ids) {
        const looks = (this.pending.get(id) ?? 0) + 1;
        if (seen.has(id) || looks >= abandonedLooks) this.pending.delete(id);
        else this.pending.set(id, looks);
      }
      if (this.pending.size === 0) this.close();
    } catch (error) {
      // The database is still away: the looks do not count, they start again once it answers.
      this.onError(error);
    } finally {
      this.running = false;
    }
  }
}

/** Which reservations `releaseStaleReservations` returns; the conditions combine. */
export interface StaleReservationFilter {
  /** Created before this time (seconds). */
  createdBefore?: number;
  /** Held by this NODE_NAME (an earlier run of this node, at its start). */
  nodeName?: string;
  /** Not held by this start id (the current run). */
  exceptStartId?: string;
  /** Only these reservations. */
  ids?: string[];
  /** Held by an instance run whose heartbeat is missing or older than this time (milliseconds); rows without a start id are left alone. */
  runNotSeenSince?: number;
}

const releaseBatch = 1000;

/**
 * Returns quota held by reservations that look unsettleable (their call or instance died). Each row is marked
 * released in its own transaction and refunded only when that mark took, so concurrent reconcilers apply it exactly
 * once; a settlement that still arrives later bills the call in full against the refunded balance.
 */
export async function releaseStaleReservations(db: Kysely<Database>, filter: StaleReservationFilter): Promise<number> {
  let released = 0;
  for (;;) {
    let query = db.selectFrom('reservations').selectAll().where('released_at', '=', 0);
    if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore);
    if (filter.nodeName !== undefined) query = query.where('node_name', '=', filter.nodeName);
    if (filter.exceptStartId !== undefined) query = query.where('start_id', '!=', filter.exceptStartId);
    if (filter.ids !== undefined) query = filter.ids.length > 0 ? query.where('id', 'in', filter.ids) : query.where(sql<boolean>`1 = 0`);
    if (filter.runNotSeenSince !== undefined) {
      const since = filter.runNotSeenSince;
      query = query
        .where('start_id', '!=', '')
        .where('start_id', 'not in', (eb) => eb.selectFrom('node_heartbeats').select('start_id').where('last_seen', '>=', since));
    }
    const stale = await query.orderBy('created_at').limit(releaseBatch).execute();
    for (const row of stale) if (await releaseOne(db, row)) released += 1;
    if (stale.length < releaseBatch) return released;
  }
}

async function releaseOne(db: Kysely<Database>, row: Selectable<ReservationsTable>): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    // The exactly-once gate: only the transaction that marked the row released refunds it. The row stays as a
    // tombstone so that a settlement arriving later (its instance was only away) still bills the call.
    const marked = await transaction
      .updateTable('reservations')
      .set({ released_at: Math.floor(Date.now() / 1000) })
      .where('id', '=', row.id)
      .where('released_at', '=', 0)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await transaction.updateTable('users').set((eb) => ({ quota: eb('quota', '+', row.amount) })).where('id', '=', row.user_id).execute();
    if (row.token_id > 0) {
      await transaction.updateTable('tokens').set((eb) => ({ remain_quota: eb('remain_quota', '+', row.amount) })).where('id', '=', row.token_id).execute();
    }
    return true;
  });
}
