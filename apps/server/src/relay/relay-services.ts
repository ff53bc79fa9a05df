// The long-lived parts the relay uses on every call.
import type { ReasoningEnvelope } from '@turnpike/formats';
import type { RandomSource } from '@turnpike/relay';
import type { QuotaLedger } from '../billing/quota-ledger';
import type { ContentPolicy } from '../content-policy/content-policy';
import type { AppContext } from '../context';
import type { CredentialCache } from './credential-cache';
import type { PriceBook } from './price-book';
import type { RoutingTable } from './routing-table';
import type { UpstreamClient } from './upstream-client';

/** Shared state of the relay routes. */
export interface RelayServices {
  context: AppContext;
  routing: RoutingTable;
  prices: PriceBook;
  ledger: QuotaLedger;
  upstream: UpstreamClient;
  /** Access tokens of providers that exchange their key first. */
  credentials: CredentialCache;
  random: RandomSource;
  /** Sensitive-word filtering of prompts and answers (null fields when off). */
  policy: ContentPolicy;
  /** Seals reasoning state into converted answers and opens it in the histories that come back (keyed by the session secret). */
  reasoning: ReasoningEnvelope;
}
