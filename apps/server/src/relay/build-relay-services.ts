// Builds the relay's long-lived services (routing, prices, ledger, upstream client) once, before any route module.
import { createReasoningEnvelope } from '@turnpike/formats';
import { bundledModelCatalog, createSeededRandom } from '@turnpike/relay';
import { QuotaLedger, releaseStaleReservations } from '../billing/quota-ledger';
import { QuotaWarningNotifier } from '../billing/quota-warnings';
import { SettlementBatcher, type BatchFailure } from '../billing/settlement-batcher';
import { SettlementJournal } from '../billing/settlement-journal';
import { SqliteLedger } from '../billing/sqlite-ledger';
import { ContentPolicy } from '../content-policy/content-policy';
import type { AppContext } from '../context';
import { CredentialCache } from './credential-cache';
import { PriceBook } from './price-book';
import type { RelayServices } from './relay-services';
import { RoutingTable } from './routing-table';
import { UpstreamClient } from './upstream-client';

const shutdownWriteDeadlineMs = 10_000;

/** Builds the relay services, releases what a previous run of this node left reserved, and adds their shutdown tasks. */
export async function buildRelayServices(context: AppContext): Promise<RelayServices> {
  // SQLite serves one instance: its reservations are held in memory and its batches run as prepared statements.
  const { sqlite, balanceWrites } = context.database;
  const sqliteLedger = sqlite && balanceWrites ? new SqliteLedger(sqlite, balanceWrites) : null;
  // PostgreSQL and MySQL can be away while this instance serves: refused batches wait in a journal on local disk.
  const journal = sqliteLedger ? null : new SettlementJournal(SettlementJournal.pathFor(context.config.dataDir, context.config.nodeName));
  const batcher = new SettlementBatcher(
    context.db,
    context.database.kind,
    20,
    (failure) => logBatchFailure(context, failure, journal),
    () => context.options.bool('DataExportEnabled'),
    sqliteLedger,
    journal,
  );
  const warnings = new QuotaWarningNotifier(context);
  batcher.onBatch((userIds) => void warnings.check(userIds));
  const metrics = context.metrics;
  if (metrics) batcher.onWritten((settlements, lagMs) => metrics.settlementBatch(settlements, lagMs));
  const upstream = new UpstreamClient();
  const services: RelayServices = {
    context,
    routing: await RoutingTable.open(context.db, context.bus),
    prices: new PriceBook(context.options, bundledModelCatalog),
    ledger: new QuotaLedger({
      db: context.db,
      batcher,
      nodeName: context.config.nodeName,
      startId: context.startId,
      sqliteLedger,
      kind: context.database.kind,
      onAbandonedError: (error) => context.log.debug({ err: error }, 'returning the hold of a refused call failed; retrying'),
    }),
    upstream,
    credentials: new CredentialCache(upstream),
    random: createSeededRandom(Date.now() >>> 0),
    policy: new ContentPolicy(context.options),
    // Every instance of a deployment shares the session secret, so any of them opens what another sealed.
    reasoning: createReasoningEnvelope(context.config.sessionSecret),
  };
  // The exact tokenizer (gpt-tokenizer) is not loaded here: its tables add 40–70 MB to every instance, and a call
  // whose upstream reports usage (the common case) never needs them. The first call that must count exactly loads
  // them (110–150 ms, once per process; `exactCounter`).
  // What an earlier run of this node could not write (the database was away when it stopped or died) is billed
  // first, then what that run still held is returned.
  if (journal) {
    const leftovers = journal.leftovers();
    if (leftovers.length > 0) {
      context.log.warn({ batches: leftovers.length, settlements: leftovers.reduce((sum, batch) => sum + batch.length, 0), file: journal.file }, 'replaying the settlement journal of an earlier run');
      await batcher.replay(leftovers);
    }
  }
  // An earlier run of this node (same NODE_NAME, another start id) is gone: return what it held at once.
  const released = await releaseStaleReservations(context.db, { nodeName: context.config.nodeName, exceptStartId: context.startId });
  if (released > 0) context.log.warn({ released }, 'released reservations left by an earlier run of this node');
  // At shutdown a database that is away gets 10 s to come back before the last batches are given up.
  context.shutdownTasks.push(
    async () => {
      services.ledger.close();
      await batcher.close(shutdownWriteDeadlineMs);
      journal?.close();
    },
    async () => warnings.close(),
    () => services.upstream.close(),
  );
  return services;
}

/** Logs a refused settlement batch: a warning while it is retried, an error when it is given up or cannot be journaled. */
function logBatchFailure(context: AppContext, { stage, error, settlements, attempt, retryInMs, journaled }: BatchFailure, journal: SettlementJournal | null): void {
  if (stage === 'journal') context.log.error({ err: error, settlements, file: journal?.file }, 'settlement batch could not be kept in the journal; it is still retried in memory');
  else if (retryInMs !== null) context.log.warn({ err: error, settlements, attempt, retryInMs, journaled }, 'settlement batch refused by the database; retrying');
  else if (journaled) context.log.error({ err: error, settlements, attempt, file: journal?.file }, 'settlement batch not written before shutdown; the journal keeps it for the next start');
  else context.log.error({ err: error, settlements, attempt }, 'settlement batch given up at shutdown; its reservations stay held until the reconciler returns them');
}
