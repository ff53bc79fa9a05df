// The ledger's shapes: a reservation, a reserve result and what a finished call settles with.
import type { NewLog } from '../db/schema';

/** Quota held for one in-flight call. */
export interface Reservation {
  id: string;
  userId: number;
  /** The API token charged alongside the user, or 0 for session calls (playground). */
  tokenId: number;
  /** Unlimited tokens are not debited, only the user is. */
  unlimitedToken: boolean;
  /** Quota held; grows when `extend` takes more for an answer that outgrew it. */
  amount: number;
}

/** Why a reservation was refused. */
export type ReserveFailure = 'user_quota' | 'token_quota';

/** Result of a reservation attempt; a refusal says what the short balance could still spend. */
export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; reason: ReserveFailure; available: number };

/** What a finished call is billed and recorded as. */
export interface SettleInput {
  /** Final cost in quota units (0 for a failed call). */
  actual: number;
  channelId: number;
  /** True for a successful call: counts in request_count and the hourly aggregate. */
  succeeded: boolean;
  /** The log row to write with the balance change (consumption or error); null when logging is off. */
  log: NewLog | null;
  /** A system row written beside it (an answer that cost more than the balance could cover). */
  systemLog?: NewLog | null;
  /** Tokens used, for the hourly aggregate. */
  tokensUsed: number;
  modelName: string;
  username: string;
}

/** One finished call to bill: what it settles with and the reservation it settles. */
export interface Settlement extends SettleInput {
  reservation: Reservation;
}
