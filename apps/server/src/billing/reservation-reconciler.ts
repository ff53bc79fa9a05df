// Returns the quota held by instances that died (SIGKILL, crash, lost machine): the survivors' periodic job.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { releaseStaleReservations } from './quota-ledger';

/** Heartbeat rows of runs gone longer than this are forgotten, and so are the tombstones of released reservations. */
const forgetAfterMs = 24 * 3600_000;

/** What one reconciliation did. */
export interface ReconcileResult {
  /** Reservations returned to their users and tokens. */
  released: number;
  /** Heartbeat rows of long-gone runs removed. */
  forgotten: number;
  /** Tombstones of reservations released more than a day ago removed (no settlement of theirs can still come). */
  tombstones: number;
}

/**
 * Releases every reservation whose instance run has not been seen for `staleMs` (or stopped and removed its
 * heartbeat), then forgets heartbeats and release tombstones older than a day. Safe to run on several instances at once: each release
 * is gated by its own delete. Settled calls are already committed with their log rows, so nothing billed is lost.
 */
export async function reconcileOrphanedReservations(db: Kysely<Database>, staleMs: number, now = Date.now()): Promise<ReconcileResult> {
  const released = await releaseStaleReservations(db, { runNotSeenSince: now - staleMs });
  const forgotten = await db.deleteFrom('node_heartbeats').where('last_seen', '<', now - Math.max(forgetAfterMs, staleMs)).executeTakeFirst();
  const tombstones = await db
    .deleteFrom('reservations')
    .where('released_at', '>', 0)
    .where('released_at', '<', Math.floor((now - forgetAfterMs) / 1000))
    .executeTakeFirst();
  return { released, forgotten: Number(forgotten.numDeletedRows), tombstones: Number(tombstones.numDeletedRows) };
}
