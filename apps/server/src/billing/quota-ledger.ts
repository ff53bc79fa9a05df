// The ledger: reserve quota atomically before a relay call, then settle or release it exactly once.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NewLog, ReservationsTable } from '../db/schema';
import { SettlementBatcher, type Settlement } from './settlement-batcher';
import type { SqliteLedger } from './sqlite-ledger';

/** Quota held for one in-flight call. */
export interface Reservation {
  id: string;
  userId: number;
  /** The API token charged alongside the user, or 0 for session calls (playground). */
  tokenId: number;
  /** Unlimited tokens are not debited, only the user is. */
  unlimitedToken: boolean;
  amount: number;
}

/** Why a reservation was refused. */
export type ReserveFailure = 'user_quota' | 'token_quota';

/** Result of a reservation attempt. */
export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; reason: ReserveFailure };

/** What a finished call is billed and recorded as. */
export interface SettleInput {
  /** Final cost in quota units (0 for a failed call). */
  actual: number;
  channelId: number;
  /** True for a successful call: counts in request_count and the hourly aggregate. */
  succeeded: boolean;
  /** The log row to write with the balance change (consumption or error); null when logging is off. */
  log: NewLog | null;
  /** Tokens used, for the hourly aggregate. */
  tokensUsed: number;
  modelName: string;
  username: string;
}

/** Atomic balances in the database; settlements are applied in batches, each batch one transaction. */
export class QuotaLedger {
  private readonly batcher: SettlementBatcher;

  constructor(
    private readonly db: Kysely<Database>,
    batcher: SettlementBatcher,
    private readonly nodeName: string,
    /** This instance run's start id (node_heartbeats), so the survivors can tell its reservations from a dead run's. */
    private readonly startId = '',
    /** On SQLite (one instance): hold reservations in memory instead of writing them (the same one the batcher applies with). */
    private readonly sqliteLedger: SqliteLedger | null = null,
  ) {
    this.batcher = batcher;
  }

  /** Takes `amount` from the user (and the token unless unlimited) or refuses without changing anything. */
  async reserve(userId: number, tokenId: number, unlimitedToken: boolean, amount: number): Promise<ReserveResult> {
    const id = crypto.randomUUID();
    const held = Math.max(0, Math.ceil(amount));
    if (this.sqliteLedger) return this.sqliteLedger.reserve(id, userId, tokenId, unlimitedToken, held);
    const debitToken = tokenId > 0 && !unlimitedToken;
    try {
      await this.db.transaction().execute(async (transaction) => {
        const user = await transaction
          .updateTable('users')
          .set((eb) => ({ quota: eb('quota', '-', held) }))
          .where('id', '=', userId)
          .where('quota', '>=', held)
          .executeTakeFirst();
        if (Number(user.numUpdatedRows) !== 1) throw new ReserveRefused('user_quota');
        if (debitToken) {
          const token = await transaction
            .updateTable('tokens')
            .set((eb) => ({ remain_quota: eb('remain_quota', '-', held) }))
            .where('id', '=', tokenId)
            .where('remain_quota', '>=', held)
            .executeTakeFirst();
          if (Number(token.numUpdatedRows) !== 1) throw new ReserveRefused('token_quota');
        }
        await transaction
          .insertInto('reservations')
          .values({ id, user_id: userId, token_id: debitToken ? tokenId : 0, amount: held, node_name: this.nodeName, start_id: this.startId, created_at: Math.floor(Date.now() / 1000) })
          .execute();
      });
    } catch (error) {
      if (error instanceof ReserveRefused) return { ok: false, reason: error.reason };
      throw error;
    }
    return { ok: true, reservation: { id, userId, tokenId, unlimitedToken, amount: held } };
  }

  /** Bills the call: the difference to the reservation is charged or refunded, once, with its log row. */
  settle(reservation: Reservation, input: SettleInput): void {
    const settlement: Settlement = { reservation, ...input, actual: Math.max(0, Math.round(input.actual)) };
    this.batcher.enqueue(settlement);
  }

  /** Returns the whole reservation (failed call), optionally with an error log row. */
  release(reservation: Reservation, log: NewLog | null, channelId = 0): void {
    this.batcher.enqueue({ reservation, actual: 0, channelId, succeeded: false, log, tokensUsed: 0, modelName: '', username: '' });
  }

  /** Writes every queued settlement now. */
  flush(): Promise<void> {
    return this.batcher.flush();
  }
}

class ReserveRefused extends Error {
  constructor(readonly reason: ReserveFailure) {
    super(reason);
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
  /** Held by an instance run whose heartbeat is missing or older than this time (milliseconds); rows without a start id are left alone. */
  runNotSeenSince?: number;
}

const releaseBatch = 1000;

/**
 * Returns quota held by reservations that can no longer be settled (their call or instance died). Each row is
 * deleted in its own transaction and refunded only when that delete removed it, so concurrent reconcilers (and a
 * late settlement of the same reservation) apply it exactly once.
 */
export async function releaseStaleReservations(db: Kysely<Database>, filter: StaleReservationFilter): Promise<number> {
  let released = 0;
  for (;;) {
    let query = db.selectFrom('reservations').selectAll();
    if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore);
    if (filter.nodeName !== undefined) query = query.where('node_name', '=', filter.nodeName);
    if (filter.exceptStartId !== undefined) query = query.where('start_id', '!=', filter.exceptStartId);
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
    // The exactly-once gate: only the transaction whose delete removed the row refunds it.
    const removed = await transaction.deleteFrom('reservations').where('id', '=', row.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    await transaction.updateTable('users').set((eb) => ({ quota: eb('quota', '+', row.amount) })).where('id', '=', row.user_id).execute();
    if (row.token_id > 0) {
      await transaction.updateTable('tokens').set((eb) => ({ remain_quota: eb('remain_quota', '+', row.amount) })).where('id', '=', row.token_id).execute();
    }
    return true;
  });
}
