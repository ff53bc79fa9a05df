// The ports through which the pure relay reaches state. The server implements them with its
// in-memory caches, the database (atomic SQL updates) and the batched log writer.
import type { BillingLogOther } from './billing';
import type { GroupPricing, ModelPricingLookup, PriceLookupOptions } from './billing-price-lookup';
import type { ChannelCandidate } from './channel-selection';

/** A channel as the relay sees it; JSON columns stay raw text so implementations can cache their parse. */
export interface RelayChannel extends ChannelCandidate {
  name: string;
  /** Channel type id (1 OpenAI, 14 Anthropic, 24 Gemini, …); the provider registry resolves it. */
  type: number;
  key: string;
  baseUrl: string;
  /** Overloaded per type: api version, region, bot id, … */
  other: string;
  organization: string;
  modelMapping: string;
  statusCodeMapping: string;
  paramOverride: string;
  setting: string;
  autoBan: boolean;
}

/** Enabled channels by (group, model); implementations answer from memory, so calls are synchronous. */
export interface ChannelDirectory {
  /** Enabled channels serving `model` to `group`, in any order (selection sorts them into tiers). */
  findCandidates(group: string, model: string): readonly RelayChannel[];
  /** One channel by id, enabled or not (an admin key may pin a channel: `sk-KEY-<id>`). */
  findById(channelId: number): RelayChannel | undefined;
}

/** Current pricing options; implementations answer from memory. */
export interface PriceBook {
  lookupModel(modelName: string, options?: PriceLookupOptions): ModelPricingLookup;
  resolveGroup(userGroup: string, usingGroup: string): GroupPricing;
  /** The QuotaPerUnit option. */
  readonly quotaPerUnit: number;
  /** The PreConsumedQuota option. */
  readonly preConsumedQuota: number;
}

/** Whose quota a call draws on. */
export interface QuotaHolder {
  userId: number;
  apiKeyId: number;
  /** An unlimited key draws only on the user's quota. */
  apiKeyUnlimited: boolean;
}

/** Quota held for one call until it is settled or released. */
export interface QuotaReservation {
  readonly holder: QuotaHolder;
  readonly amount: number;
}

/** Outcome of a reserve: refused when the user's or the key's remaining quota is short. */
export type ReserveOutcome =
  | { ok: true; reservation: QuotaReservation }
  | { ok: false; reason: 'user-quota-insufficient' | 'api-key-quota-insufficient' };

/** Balances of users and keys, changed only atomically (`… SET quota = quota - ? WHERE … AND quota >= ?`). */
export interface Ledger {
  /** Takes `amount` from the user and (unless unlimited) the key, both or neither; 0 always succeeds. */
  reserve(holder: QuotaHolder, amount: number): Promise<ReserveOutcome>;
  /**
   * Bills the actual cost exactly once: debits `actualQuota − reservation.amount` (a refund when
   * negative) and adds `actualQuota` to the used-quota counters of user, key and channel.
   */
  settle(reservation: QuotaReservation, actualQuota: number, channelId: number): Promise<void>;
  /** Returns the whole reservation: the call failed before anything billable happened. */
  release(reservation: QuotaReservation): Promise<void>;
}

/** One row of the usage log (type 2 consume, 5 error), in the log's own terms. */
export interface UsageLogEntry {
  type: number;
  /** Unix seconds. */
  createdAt: number;
  userId: number;
  username: string;
  apiKeyId: number;
  apiKeyName: string;
  channelId: number;
  group: string;
  modelName: string;
  isStream: boolean;
  /** Whole seconds the call took. */
  useTime: number;
  promptTokens: number;
  completionTokens: number;
  quota: number;
  content: string;
  /** The `other` JSON: billing numbers plus extras (frt, is_model_mapped, upstream_model_name, admin_info, …). */
  other: BillingLogOther & Record<string, unknown>;
}

/** Accepts log rows without waiting; implementations write them in batches off the request path. */
export interface UsageLog {
  enqueue(entry: UsageLogEntry): void;
}
